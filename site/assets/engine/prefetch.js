// @ts-check
// Has the engine's files downloaded as soon as the parser reaches the page's engine tag: the tag's data-fetch (site
// paths, in the order the engine asks for them) handed to a short-lived worker of their own (engine/fetch.js), so
// that they are in the HTTP cache when the engine's worker asks. An async classic script right after the engine
// tag, fetched at high priority in the head's first round of requests and run as soon as it is in: the engine's own
// start (engine/start.js, an async module fetched at low priority) waits for its import too, and the megabytes
// would wait with it while the link stays idle.
(() => {
  const tag = document.querySelector("script[data-engine]");
  const script = document.currentScript;
  // a page the offline store answers has the files on the device already: nothing to fetch ahead then
  if (!(tag instanceof HTMLScriptElement) || !(script instanceof HTMLScriptElement) || !tag.dataset.fetch ||
      navigator.serviceWorker?.controller) return;
  const root = new URL("../../", script.src); // this script is assets/engine/prefetch.js
  const urls = JSON.parse(tag.dataset.fetch).map((/** @type {string} */ path) => new URL(path, root).href);
  try {
    // a module worker: the head preloads its script beside this one (a classic worker's script cannot be preloaded)
    new Worker(new URL("fetch.js", script.src), { type: "module" }).postMessage({ urls });
  } catch (error) {
    console.warn("the engine's files could not be fetched ahead:", error); // the engine asks for them itself
  }
})();
