// Bring the first element matching the selector to the middle of the viewport; its centre there ({x, y}, whole
// CSS pixels) and whether a pointer there lands on it (`hit`: the topmost element at that point is it or inside
// it), or null when there is none.
(selector) => {
  const element = document.querySelector(selector);
  if (!element) return null;
  element.scrollIntoView({ block: "center", inline: "center" });
  const box = element.getBoundingClientRect();
  const x = Math.round(box.left + box.width / 2);
  const y = Math.round(box.top + box.height / 2);
  const top = document.elementFromPoint(x, y);
  return { x, y, hit: Boolean(top && (top === element || element.contains(top))) };
}
