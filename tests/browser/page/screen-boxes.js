// (selectors) -> the part of the screen nothing covers (below the theme's header, above a calculator's answer bar
// when it is fixed along the bottom edge) and the box of the first element each selector matches, in screen pixels.
(selectors) => {
  const header = document.querySelector(".md-header").getBoundingClientRect();
  const bars = [...document.querySelectorAll(".calc-summary")].filter((bar) => getComputedStyle(bar).position === "fixed");
  const bottom = Math.min(window.innerHeight, ...bars.map((bar) => bar.getBoundingClientRect().top));
  /** @type {Record<string, {top: number, bottom: number} | null>} */
  const boxes = {};
  for (const selector of selectors) {
    const box = document.querySelector(selector)?.getBoundingClientRect();
    boxes[selector] = box && box.height > 0 ? { top: box.top, bottom: box.bottom } : null;
  }
  return { top: header.bottom, bottom, boxes };
}
