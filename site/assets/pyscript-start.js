// @ts-check
// Starts PyScript from the page's head, so that the engine's worker starts while the page is still parsed.
// First it has the engine's files downloaded (the engine tag's data-fetch: site paths, in the order the
// engine asks for them) by a worker of their own (engine-fetch.js), so that they are in the HTTP cache when
// the engine asks.
// PyScript reads its main-thread config (the <py-config> at the top of the body, which turns off the plugins
// no page uses) once, when its module runs: this waits until the parser has reached that element (or the
// page is parsed, for a page without one), then imports PyScript.

// A page the offline store answers has the files on the device already: nothing to fetch ahead then.
const engine = document.querySelector('script[type="py"][worker][name="engine"][data-fetch]');
if (engine && !navigator.serviceWorker?.controller) {
  const root = new URL("../", import.meta.url); // this script is assets/pyscript-start.js
  const urls = JSON.parse(engine.getAttribute("data-fetch") ?? "[]").map((/** @type {string} */ path) => new URL(path, root).href);
  new Worker(new URL("./engine-fetch.js", import.meta.url)).postMessage({ urls });
}

// PyScript's module, copied into the site by the build (so not a path the type checker can follow).
const PYSCRIPT = "./runtime/pyscript/core.js";

const found = () => document.querySelector("py-config") !== null || document.readyState !== "loading";

if (!found()) {
  await /** @type {Promise<void>} */ (new Promise((resolve) => {
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
  }));
}
await import(PYSCRIPT);
