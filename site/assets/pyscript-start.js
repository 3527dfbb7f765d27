// Starts PyScript from the page's head, so that the engine's worker starts while the page is still parsed.
// PyScript reads its main-thread config (the <py-config> at the top of the body, which turns off the plugins
// no page uses) once, when its module runs: this waits until the parser has reached that element (or the
// page is parsed, for a page without one), then imports PyScript.

const found = () => document.querySelector("py-config") !== null || document.readyState !== "loading";

if (!found()) {
  await new Promise((resolve) => {
    const watch = new MutationObserver(() => {
      if (!found()) return;
      watch.disconnect();
      resolve();
    });
    watch.observe(document.documentElement, { childList: true, subtree: true });
    document.addEventListener("DOMContentLoaded", () => {
      watch.disconnect();
      resolve();
    }, { once: true });
  });
}
await import("./runtime/pyscript/core.js");
