// @ts-check
// The engine's worker: Pyodide started from this site's own files (the build's loader, which restores the memory
// snapshot with pycore already imported), answering the page with pycore.page.handler.handle. It speaks the small
// protocol of engine/rpc.js: one start message, then numbered requests, each answered under its number.

/** @typedef {{ interpreter: string, archive?: string | null }} Start */
/** @typedef {{ start?: Start, id?: number, handle?: string, hold?: string }} Message */
/** @typedef {(request: string) => string} Handle */

/** @type {Promise<Handle> | null} */
let engine = null;

/** @param {Record<string, unknown>} message */
const post = (message) => self.postMessage(message);

/** What an error says, whatever was thrown. @param {unknown} error */
function describe(error) {
  return error instanceof Error ? error.message : String(error);
}

// Pyodide from the interpreter module the page names (it finds its own files beside itself). A start without the
// snapshot has pycore's archive unpacked where Python looks first (the home folder, Pyodide's working directory).
/** @param {Start} start @returns {Promise<Handle>} */
async function begin({ interpreter, archive }) {
  const { loadPyodide } = await import(interpreter);
  const pyodide = await loadPyodide();
  if (archive) {
    const response = await fetch(archive);
    if (!response.ok) throw new Error(`${new URL(archive).pathname.split("/").pop()}: HTTP ${response.status}`);
    pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: "/home/pyodide" });
  }
  const handle = pyodide.pyimport("pycore.page.handler").handle;
  // Everything loaded so far lives as long as the worker: the collector need not walk it on every full pass.
  pyodide.runPython("import gc; gc.freeze()");
  return (request) => String(handle(request));
}

// Ask for the lock `name` and never let it go: the page, asking for it next, is granted it only once this worker has
// ended (the browser lets a dead worker's locks go). False where the browser has no Web Locks.
/** @param {string} name */
function hold(name) {
  if (!self.navigator.locks) return false;
  self.navigator.locks.request(name, () => new Promise(() => {})).catch(() => {});
  return true;
}

self.addEventListener("message", async (event) => {
  const data = /** @type {Message} */ (/** @type {MessageEvent} */ (event).data ?? {});
  if (data.start) {
    if (engine) return; // started once: a second start message is the page's mistake, not a second interpreter
    engine = begin(data.start);
    engine.then(() => post({ ready: true }), (error) => post({ failed: describe(error) }));
    return;
  }
  if (typeof data.id !== "number") return;
  try {
    if (typeof data.hold === "string") {
      post({ id: data.id, reply: hold(data.hold) });
      return;
    }
    if (!engine) throw new Error("the engine was asked before it was started");
    const handle = await engine;
    post({ id: data.id, reply: handle(String(data.handle)) });
  } catch (error) {
    post({ id: data.id, error: describe(error) });
  }
});
