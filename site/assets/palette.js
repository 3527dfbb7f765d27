// @ts-check
// The header's light/dark toggle (the form with data-palette, templates/partials/palette.html), in place of Material's
// inline palette script and its palette component. A classic script run right after the form is parsed, before the
// page's content: the scheme chosen on this device (Material's stored "__palette", so a choice made under Material
// carries over), else the option whose media query the device matches, is set on <body> before anything is painted,
// and its toggle is shown. Material's component set the same colours again once its bundle ran, with every element
// restyled twice (its data-md-color-switching on and off): about a quarter of a second of a phone's main thread on
// every page. A change (a tap, or Enter on the toggle) switches the scheme, with transitions off for a frame, and is
// kept on the device. Each option's data-theme-color becomes the browser's theme colour.
(() => {
  const KEYS = ["media", "scheme", "primary", "accent"];
  /** Material's storage helpers (assets/theme/scope.js): scoped to the site, null or nothing when storage is refused. */
  const md = /** @type {{ __md_get?: (key: string) => any, __md_set?: (key: string, value: unknown) => void }} */ (
    /** @type {unknown} */ (globalThis));
  const form = document.querySelector("form[data-palette]");
  if (!form) return;
  const inputs = [...form.querySelectorAll("input[data-md-color-media]")].filter((i) => i instanceof HTMLInputElement);
  if (!inputs.length) return;

  /** @param {number} index @param {boolean} switching a change of the reader's (transitions off meanwhile) */
  const show = (index, switching) => {
    const input = inputs[index];
    input.checked = true;
    const body = document.body;
    if (switching) body.setAttribute("data-md-color-switching", "");
    for (const key of KEYS) {
      const value = input.getAttribute(`data-md-color-${key}`);
      // only what differs: an attribute set to the value it has still restyles the page
      if (value !== null && body.getAttribute(`data-md-color-${key}`) !== value) body.setAttribute(`data-md-color-${key}`, value);
    }
    inputs.forEach((other, i) => {
      const label = other.nextElementSibling;
      if (label instanceof HTMLLabelElement) label.hidden = i !== index; // the toggle to the next scheme
    });
    const color = input.dataset.themeColor;
    if (color) {
      // a theme colour without a media query, first in the head: it wins over the ones by the device's preference
      let meta = document.head.querySelector("meta[name='theme-color']:not([media])");
      if (!meta) {
        meta = document.createElement("meta");
        meta.setAttribute("name", "theme-color");
        document.head.prepend(meta);
      }
      meta.setAttribute("content", color);
    }
    if (switching) requestAnimationFrame(() => requestAnimationFrame(() => body.removeAttribute("data-md-color-switching")));
  };

  const stored = md.__md_get?.("__palette");
  const kept = typeof stored?.index === "number" && stored.index >= 0 && stored.index < inputs.length ? stored.index : -1;
  show(kept >= 0 ? kept : Math.max(0, inputs.findIndex((i) => matchMedia(i.dataset.mdColorMedia ?? "").matches)), false);

  form.addEventListener("change", (event) => {
    const index = inputs.indexOf(/** @type {HTMLInputElement} */ (event.target));
    if (index < 0) return;
    show(index, true);
    const color = Object.fromEntries(KEYS.map((key) => [key, inputs[index].getAttribute(`data-md-color-${key}`)]));
    md.__md_set?.("__palette", { index, color });
  });
  form.addEventListener("keydown", (event) => {
    if (/** @type {KeyboardEvent} */ (event).key !== "Enter") return;
    const next = inputs[(inputs.findIndex((i) => i.checked) + 1) % inputs.length];
    next.click();
    next.focus();
  });
})();
