// A calculator page opened in place keeps the document: from the click to the moment its full
// calculator says ready (a MutationObserver on the whole page, so the swapped-in output is seen at once).
() => {
  const watch = { clicked: null, ready: null };
  document.addEventListener("click", () => { watch.clicked = performance.now(); }, { capture: true, once: true });
  const full = () => document.querySelector('[data-calculator][data-mode="full"] .calc-output[data-state="ready"]');
  new MutationObserver((_, observer) => {
    if (watch.clicked !== null && full()) {
      watch.ready = performance.now();
      observer.disconnect();
    }
  }).observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-state"] });
  window.__inPlace = watch;
}
