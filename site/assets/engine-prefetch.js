// @ts-check
// Has the engine's files downloaded as soon as the parser reaches the page's engine tag: the tag's data-fetch (site
// paths, in the order the engine asks for them) handed to a short-lived worker of their own (engine-fetch.js), so
// that they are in the HTTP cache when the engine's worker asks. A classic script right after the engine tag, run
// by the parser the moment it arrives (with the head's stylesheets, which hold the first paint anyway): the engine's
// own start (engine-start.js, an async module) waits for a free moment of the page's thread, which on a slow phone
// is busy laying the page out, and the megabytes would wait with it while the link stays idle.
(() => {
  const tag = document.querySelector("script[data-engine]");
  const script = document.currentScript;
  // a page the offline store answers has the files on the device already: nothing to fetch ahead then
  if (!(tag instanceof HTMLScriptElement) || !(script instanceof HTMLScriptElement) || !tag.dataset.fetch ||
      navigator.serviceWorker?.controller) return;
  const root = new URL("../", script.src); // this script is assets/engine-prefetch.js
  const urls = JSON.parse(tag.dataset.fetch).map((/** @type {string} */ path) => new URL(path, root).href);
  try {
    new Worker(new URL("engine-fetch.js", script.src)).postMessage({ urls });
  } catch (error) {
    console.warn("the engine's files could not be fetched ahead:", error); // the engine asks for them itself
  }
})();
