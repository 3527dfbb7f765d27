// @ts-check
// Starts the engine from the page's head, so that Python starts while the page is still parsed: a PyScript worker
// (PyScript's own PyWorker, from this site's copy of it) running engine/engine.py, whose interpreter is this build's
// loader module (the engine's tag names it: it restores the snapshot with pycore already imported). Its files are
// downloaded ahead by engine/prefetch.js, from the tag's data-fetch. Nothing of Python runs on the page's thread.

import { EngineWorker } from "./rpc.js";

/** @typedef {import("./rpc.js").WorkerLike & { onerror: unknown }} WorkerLike */
/** @typedef {{ worker: Record<string, Set<unknown>>, main: Record<string, Set<unknown>> }} Hooks */
/** @typedef {(file: string, options: Record<string, unknown>) => Promise<unknown>} PyWorker */

/** @returns {HTMLScriptElement | null} */
function engineTag() {
  const tag = document.querySelector("script[data-engine]");
  return tag instanceof HTMLScriptElement ? tag : null;
}

const SETUP_MS = 15_000; // PyScript's own set-up: its few small files, on the page's thread

/** What an error says, whatever was thrown. @param {unknown} error */
const describe = (error) => (error instanceof Error ? error.message : String(error));

/** @type {EngineWorker | null} */
let current = null;
/** @type {EngineWorker | null} */
let first = null;

/** @typedef {{ PyWorker: PyWorker, hooks: Hooks }} PyScript */

/** @type {Promise<PyScript> | null} */
let pyscript = null;

// PyScript's module, loaded once, and its plugins and hooks set up (it defines its <py-script> element right after:
// a worker made before would start without PyScript's Python package). Its default worker hook is a function PyScript would rebuild
// from its text with Function() on this page, which the page's policy refuses: the engine's Python needs nothing it
// sets up (PyScript's Python package is written by its code hook, which stays).
// PyScript loads its plugins' files without catching a failure: a missing one is a rejection nobody handles, and
// PyScript then never sets up. Rejects when that happens to one of its files, or when it is not set up in time.
/** @param {string} url PyScript's module @returns {Promise<never>} */
function setUpFailed(url) {
  const folder = new URL(".", url).href;
  return new Promise((_, reject) => {
    const timer = setTimeout(() => reject(new Error(`PyScript did not set up within ${SETUP_MS / 1000} s`)), SETUP_MS);
    addEventListener("unhandledrejection", (event) => {
      const said = describe(event.reason);
      if (!said.includes(folder)) return;
      clearTimeout(timer);
      reject(new Error(`PyScript could not load its files (${said.slice(said.lastIndexOf("/") + 1)})`));
    });
  });
}

/** @param {string} url */
function loadPyScript(url) {
  pyscript ??= import(url).then(async (/** @type {PyScript} */ module) => {
    await Promise.race([customElements.whenDefined("py-script"), setUpFailed(url)]);
    for (const set of Object.values(module.hooks.worker)) set.clear();
    return module;
  });
  return pyscript;
}

/** @param {HTMLScriptElement} tag @returns {Promise<{ worker: WorkerLike, started: Promise<unknown> }>} */
async function open(tag) {
  const base = document.baseURI;
  const { PyWorker, hooks } = await loadPyScript(new URL(tag.dataset.pyscript ?? "", base).href);
  // PyScript hands each worker it makes to its main-thread onWorker hooks, before the worker's Python runs
  /** @type {(_: unknown, worker: WorkerLike) => void} */
  let capture = () => {};
  /** @type {Promise<WorkerLike>} */
  const made = new Promise((resolve) => {
    capture = (_, worker) => {
      hooks.main.onWorker.delete(capture);
      // PyScript logs the error event of a failed start as is: the engine's failure says what failed, in each calculator
      worker.onerror = (/** @type {{ error?: unknown }} */ { error }) => console.warn("calculator engine:", error);
      resolve(worker);
    };
  });
  hooks.main.onWorker.add(capture);
  // A start without the snapshot has pycore's archive unpacked where Python looks first (its working folder).
  const files = "unpack" in tag.dataset ? { [new URL(tag.dataset.archive ?? "", base).href]: "./*" } : {};
  // `version` as an absolute address: PyScript imports it as the interpreter (anything else names a CDN's copy)
  const started = PyWorker(new URL(tag.dataset.program ?? "", base).href, {
    version: new URL(tag.dataset.interpreter ?? "", base).href, config: { files },
  });
  started.catch(() => {}); // the engine worker's ready handles it
  try {
    return { worker: await Promise.race([made, started.then(() => made)]), started };
  } finally {
    hooks.main.onWorker.delete(capture);
  }
}

/** A new engine worker, started from the page's engine tag; throws if the page has none. */
export function startEngine() {
  const tag = engineTag();
  if (!tag) throw new Error("the page has no engine script");
  current = new EngineWorker(open(tag), "PyScript's worker (worker.js)");
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
