// @ts-check
// The page's colour scheme and the header's light/dark toggle, in place of Material's inline palette script and its
// palette component. A classic script in the head (so it holds the first paint until it has run): the scheme
// chosen on this device (Material's stored "__palette", so a choice made under Material carries over), else the
// option whose media query the device matches (the tag's data-options, from mkdocs.yml's palette), is set on
// <body> as soon as the parser makes it, before anything is painted. Which toggle shows follows from <body>'s
// scheme in CSS (styles/theme.css), so nothing here waits for the header. Material's component set the same colours again
// once its bundle ran, with every element restyled twice (its data-md-color-switching on and off): about a
// quarter of a second of a phone's main thread on every page. A change (a tap on the toggle, or Enter on it)
// switches the scheme with transitions off for a frame, and is kept on the device. Each option's theme colour
// becomes the browser's.
(() => {
  const KEYS = ["media", "scheme", "primary", "accent"];
  /** @typedef {{ media: string, scheme: string, primary: string, accent: string, theme?: string }} Option */
  /** Material's storage helpers (assets/theme/scope.js): scoped to the site, null or nothing when storage is refused. */
  const md = /** @type {{ __md_get?: (key: string) => any, __md_set?: (key: string, value: unknown) => void }} */ (
    /** @type {unknown} */ (globalThis));
  const script = document.currentScript;
  /** @type {Option[]} */
  const options = JSON.parse((script instanceof HTMLScriptElement && script.dataset.options) || "[]");
  if (!options.length) return;
  const stored = md.__md_get?.("__palette");
  let index = typeof stored?.index === "number" && stored.index >= 0 && stored.index < options.length ? stored.index
    : Math.max(0, options.findIndex((option) => matchMedia(option.media).matches));

  /** @param {boolean} switching a change of the reader's (transitions off meanwhile) */
  const show = (switching) => {
    const option = options[index];
    const body = document.body;
    if (switching) body.setAttribute("data-md-color-switching", "");
    for (const key of KEYS) {
      const value = option[/** @type {keyof Option} */ (key)] ?? "";
      // only what differs: an attribute set to the value it has still restyles the page
      if (body.getAttribute(`data-md-color-${key}`) !== value) body.setAttribute(`data-md-color-${key}`, value);
    }
    if (option.theme) {
      // a theme colour without a media query, first in the head: it wins over the ones by the device's preference
      let meta = document.head.querySelector("meta[name='theme-color']:not([media])");
      if (!meta) {
        meta = document.createElement("meta");
        meta.setAttribute("name", "theme-color");
        document.head.prepend(meta);
      }
      meta.setAttribute("content", option.theme);
    }
    if (switching) requestAnimationFrame(() => requestAnimationFrame(() => body.removeAttribute("data-md-color-switching")));
  };

  /** The toggle's radio buttons, one per option. */
  const inputs = () => [...document.querySelectorAll("form[data-palette] > input")];
  let shown = false; // <body> has the scheme
  let marked = false; // the current scheme's radio button is checked (where the keyboard lands)
  const settle = () => {
    if (!shown && document.body) {
      show(false);
      shown = true;
    }
    const current = marked ? null : inputs()[index];
    if (current instanceof HTMLInputElement) {
      current.checked = true;
      marked = true;
    }
    // done once both are, or once the page's main part is there without a toggle before it
    return shown && (marked || document.querySelector("main") !== null);
  };
  // Both as soon as the parser makes them: the observer's records come before the parser's task ends, so before
  // any paint, and the header comes first in <body>, so it stops early. Not on DOMContentLoaded, whose task is
  // Material's set-up of its components, long on a phone, which profilers would then put to this script's name.
  if (!settle()) {
    const observer = new MutationObserver(() => {
      if (settle()) observer.disconnect();
    });
    observer.observe(document.documentElement, { childList: true, subtree: true });
  }

  document.addEventListener("change", (event) => {
    const chosen = inputs().indexOf(/** @type {Element} */ (event.target));
    if (chosen < 0) return;
    index = chosen;
    show(true);
    const color = Object.fromEntries(KEYS.map((key) => [key, options[index][/** @type {keyof Option} */ (key)]]));
    md.__md_set?.("__palette", { index, color });
  });
  document.addEventListener("keydown", (event) => {
    const list = inputs();
    if (event.key !== "Enter" || !list.includes(/** @type {Element} */ (event.target))) return;
    const next = list[(index + 1) % list.length];
    if (!(next instanceof HTMLInputElement)) return;
    next.click();
    next.focus();
  });
})();
