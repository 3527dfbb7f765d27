// @ts-check
// Starts the engine's worker from the page's head, so that Python starts while the page is still parsed. The
// engine's tag (this script, with data-engine) names the interpreter module and pycore's archive. First it has the
// engine's files downloaded (the tag's data-fetch: site paths, in the order the engine asks for them) by a worker
// of their own (engine-fetch.js), so that they are in the HTTP cache when the engine asks. Nothing else runs on the
// page's thread: the interpreter and its start are the worker's.

import { EngineWorker } from "./engine-rpc.js";

const root = new URL("../", import.meta.url); // this script is assets/engine-start.js

/** @returns {HTMLScriptElement | null} */
function engineTag() {
  const tag = document.querySelector("script[data-engine]");
  return tag instanceof HTMLScriptElement ? tag : null;
}

/** @type {EngineWorker | null} */
let current = null;
/** @type {EngineWorker | null} */
let first = null;

/** A new engine worker, started from the page's engine tag; throws if the page has none. */
export function startEngine() {
  const tag = engineTag();
  if (!tag) throw new Error("the page has no engine script");
  const interpreter = new URL(tag.dataset.interpreter ?? "", document.baseURI).href;
  const archive = "unpack" in tag.dataset ? new URL(tag.dataset.archive ?? "", document.baseURI).href : null;
  const script = new URL("./engine-worker.js", import.meta.url);
  const worker = new Worker(script, { type: "module", name: "engine" });
  current = new EngineWorker(worker, { interpreter, archive }, script.pathname.split("/").pop());
  return current;
}

/** The worker this script started at the page's start, once (later starts make their own). */
export function takeFirst() {
  const taken = first;
  first = null;
  return taken;
}

/** The engine worker started last (for the tests and the bench, which ask it directly). */
export function currentEngine() {
  return current;
}

const tag = engineTag();
if (tag) {
  // A page the offline store answers has the files on the device already: nothing to fetch ahead then.
  if (tag.dataset.fetch && !navigator.serviceWorker?.controller) {
    const urls = JSON.parse(tag.dataset.fetch).map((/** @type {string} */ path) => new URL(path, root).href);
    new Worker(new URL("./engine-fetch.js", import.meta.url)).postMessage({ urls });
  }
  try {
    first = startEngine();
  } catch (error) {
    console.warn("calculator engine could not be started:", error); // the calculator starts its own, and says why
  }
}
