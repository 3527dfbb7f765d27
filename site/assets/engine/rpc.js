// @ts-check
// The page's side of the engine's worker (engine/worker.js): a start message naming the interpreter, then numbered
// requests, each answered by a reply under the same number. Every way the worker can fail (it says its start
// failed, an error it did not catch, a message that cannot be read, the page ending it) rejects `ready` if it has not
// settled, every call still waiting, and every later call; `failed` settles with the first such error.

/** @typedef {{ interpreter: string, archive?: string | null }} Start */
/** @typedef {{ ready?: boolean, failed?: string, id?: number, reply?: unknown, error?: string }} Answer */
/** @typedef {Pick<Worker, "postMessage" | "addEventListener" | "terminate">} WorkerLike */

export class EngineWorker {
  /** @param {WorkerLike} worker @param {Start} start @param {string} script the worker's script, named when it cannot run */
  constructor(worker, start, script = "the worker's script") {
    this.worker = worker;
    this.next = 0;
    /** @type {Map<number, { resolve: (value: any) => void, reject: (error: Error) => void }>} */
    this.waiting = new Map();
    /** @type {Error | null} */
    this.failure = null;
    /** @type {(value: EngineWorker) => void} */
    let isReady = () => {};
    /** @type {(error: Error) => void} */
    let notReady = () => {};
    /** @type {Promise<EngineWorker>} settles once the worker says it started, or fails */
    this.ready = new Promise((resolve, reject) => {
      isReady = resolve;
      notReady = reject;
    });
    this.ready.catch(() => {}); // its waiters handle it
    this.isReady = isReady;
    this.notReady = notReady;
    /** @type {(error: Error) => void} */
    let failed = () => {};
    /** @type {Promise<Error>} the first failure of the worker, whenever it comes */
    this.failed = new Promise((resolve) => {
      failed = resolve;
    });
    this.tellFailed = failed;
    worker.addEventListener("message", (event) => this.receive(/** @type {MessageEvent<Answer>} */ (event).data));
    worker.addEventListener("error", (event) => {
      const said = /** @type {ErrorEvent} */ (event).message;
      // a bare error: the browser could not fetch or run the worker's script (it does not say which)
      this.fail(new Error(said ? `its worker failed: ${said}` : `${script} could not be fetched or run`));
    });
    worker.addEventListener("messageerror", () => this.fail(new Error("its reply could not be read")));
    worker.postMessage({ start });
  }

  /** @param {Answer} data */
  receive(data) {
    if (this.failure || !data || typeof data !== "object") return;
    if (data.ready) this.isReady(this);
    else if (typeof data.failed === "string") this.fail(new Error(data.failed));
    else if (typeof data.id === "number") {
      const call = this.waiting.get(data.id);
      if (!call) return; // an answer nobody waits for (a call already failed): nothing to do
      this.waiting.delete(data.id);
      if (typeof data.error === "string") call.reject(new Error(data.error));
      else call.resolve(data.reply);
    }
  }

  /** @param {"handle" | "hold"} kind @param {string} value @returns {Promise<any>} */
  call(kind, value) {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, [kind]: value });
    });
  }

  /** pycore.page.handler.handle in the worker: a request's JSON to the reply's. @param {string} request @returns {Promise<string>} */
  handle(request) {
    return this.call("handle", request);
  }

  /** Have the worker hold the Web Lock `name` while it lives; false where it cannot. @param {string} name @returns {Promise<boolean>} */
  hold(name) {
    return this.call("hold", name);
  }

  /** The worker failed: nothing it might still say is believed. @param {Error} error */
  fail(error) {
    if (this.failure) return;
    this.failure = error;
    this.notReady(error);
    for (const call of this.waiting.values()) call.reject(error);
    this.waiting.clear();
    this.tellFailed(error);
  }

  /** End the worker: calls still waiting fail. */
  terminate() {
    this.worker.terminate();
    this.fail(new Error("its worker was ended"));
  }
}
