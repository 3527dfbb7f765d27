// @ts-check
// The page's side of the engine's PyScript worker (engine/start.js starts it, engine/engine.py is its Python): the
// calls its Python exports (`__export__`), made through PyScript's `sync`. Every way the worker can fail (its start
// failed, an error it did not catch, a message that cannot be read, the page ending it) rejects `ready` if it has not
// settled, every call still waiting, and every later call; `failed` settles with the first such error.

/** @typedef {{ handle: (request: string) => Promise<string>, hold: (name: string) => Promise<boolean>, listen: (name: string) => Promise<boolean> }} Exports */
/** @typedef {Pick<Worker, "addEventListener" | "terminate"> & { sync: Exports }} WorkerLike */

/** What an error says, whatever was thrown. @param {unknown} error */
const describe = (error) => (error instanceof Error ? error.message : String(error));

export class EngineWorker {
  /** @param {Promise<{ worker: WorkerLike, started: Promise<unknown> }>} opening the worker once PyScript made it,
   *  and PyScript's promise that its Python ran @param {string} script the worker's script, named when it cannot run */
  constructor(opening, script = "the worker's script") {
    /** @type {WorkerLike | null} */
    this.worker = null;
    /** @type {Error | null} */
    this.failure = null;
    this.ended = false;
    /** @type {(error: Error) => void} */
    let failed = () => {};
    /** @type {Promise<Error>} the first failure of the worker, whenever it comes */
    this.failed = new Promise((resolve) => {
      failed = resolve;
    });
    this.tellFailed = failed;
    /** @type {Promise<EngineWorker>} settles once the worker's Python ran, or it failed */
    this.ready = opening.then(({ worker, started }) => {
      this.worker = worker;
      if (this.ended) worker.terminate();
      worker.addEventListener("error", (event) => {
        const said = /** @type {ErrorEvent} */ (event).message;
        // a bare error: the browser could not fetch or run the worker's script (it does not say which)
        this.fail(new Error(said ? `its worker failed: ${said}` : `${script} could not be fetched or run`));
      });
      worker.addEventListener("messageerror", () => this.fail(new Error("its reply could not be read")));
      return Promise.race([started, this.failed.then((error) => Promise.reject(error))]);
    }).then(() => {
      if (this.failure) throw this.failure;
      return this;
    }, (error) => {
      this.fail(error instanceof Error ? error : new Error(describe(error)));
      throw this.failure;
    });
    this.ready.catch(() => {}); // its waiters handle it
  }

  /** @param {keyof Exports} name @param {string} value @returns {Promise<any>} */
  async call(name, value) {
    await this.ready; // a call made while it starts waits for it (and fails with it)
    if (this.failure) throw this.failure;
    const worker = /** @type {WorkerLike} */ (this.worker);
    const failing = this.failed.then((error) => Promise.reject(error));
    try {
      return await Promise.race([worker.sync[name](value), failing]);
    } catch (error) {
      throw error instanceof Error ? error : new Error(describe(error));
    }
  }

  /** engine.py's handle (pycore.page.handler.handle): a request's JSON to the reply's. @param {string} request @returns {Promise<string>} */
  handle(request) {
    return this.call("handle", request).then(String);
  }

  /** Have the worker hold the Web Lock `name` while it lives; false where it cannot. @param {string} name @returns {Promise<boolean>} */
  hold(name) {
    return this.call("hold", name).then(Boolean);
  }

  /** Have the worker say how far long work is on the broadcast channel `name`; false where it cannot.
   * @param {string} name @returns {Promise<boolean>} */
  listen(name) {
    return this.call("listen", name).then(Boolean);
  }

  /** The worker failed: nothing it might still say is believed. @param {Error} error */
  fail(error) {
    if (this.failure) return;
    this.failure = error;
    this.tellFailed(error);
  }

  /** End the worker: calls still waiting fail. */
  terminate() {
    this.ended = true;
    this.worker?.terminate();
    this.fail(new Error("its worker was ended"));
  }
}
