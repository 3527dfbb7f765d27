// @ts-check
// Starts the engine's worker from the page's head, so that Python starts while the page is still parsed. The
// engine's tag (this script, with data-engine) names the interpreter module and pycore's archive. Its files are
// downloaded ahead by engine/prefetch.js, from the tag's data-fetch. Nothing else runs on the page's thread: the
// interpreter and its start are the worker's.

import { EngineWorker } from "./rpc.js";

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
  const script = new URL("./worker.js", import.meta.url);
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

if (engineTag()) {
  try {
    first = startEngine();
  } catch (error) {
    console.warn("calculator engine could not be started:", error); // the calculator starts its own, and says why
  }
}
