// @ts-check
// The engine's life on the page: its one worker started from the engine's tag, asked with a bound on each answer,
// watched while it lives, and ended and started again when it dies, fails or goes silent; every calculator shares it.

/** @typedef {import("./rpc.js").EngineWorker} EngineWorker */
import { Deadline, readProgress } from "./heartbeat.js";

/** A reply of pycore.page.handler.handle (the contract's reply, or a restored link's values or error). */
/** @typedef {{ state?: string, html?: string, summary?: string, situation?: string, fragment?: string, errors?: {field: string, message: string}[], error?: string, values?: Record<string, unknown>, message?: string } & import("../board/board.js").BoardReply} Reply */

const LOAD_TIMEOUT_MS = 90000;
// An answer takes milliseconds (CONTRIBUTING, the bench's recompute row): a worker silent this long is taken as
// dead or stuck. Its first answer may wait for Python's start-up on a busy machine: that one has LOAD_TIMEOUT_MS.
const ANSWER_TIMEOUT_MS = 8000;
const ASSETS = new URL("../", import.meta.url).href; // the assets folder, above this script's folder: the runtime and pycore are below it

// The files the worker will need, each checked with a HEAD request in a task of its own (after the page's start-up
// work): Pyodide hangs (it only logs a warning) when one of its files cannot be fetched, so a missing or blocked
// runtime fails in a moment, not at the timeout. The interpreter may be the build's snapshot loader: Pyodide's own
// files sit beside data-runtime.
/** @param {HTMLScriptElement} script @returns {Promise<unknown>} */
function preflight(script) {
  const interpreter = script.dataset.interpreter ?? "";
  const runtime = new URL(script.dataset.runtime || interpreter, document.baseURI);
  // Pyodide's WebAssembly only when Pyodide fetches it itself: a loader that unpacks it (data-wasm) fails at once
  // when neither it nor the plain file can be had.
  const wasm = script.dataset.wasm ? [] : [new URL("pyodide.asm.wasm", runtime).href];
  // PyScript's module and its worker's script beside it, and the engine's Python it runs
  const pyscript = new URL(script.dataset.pyscript ?? "", document.baseURI);
  const needed = [pyscript.href, new URL("worker.js", pyscript).href, script.dataset.program ?? "", interpreter,
    runtime.href,
    ...(script.dataset.archive ? [script.dataset.archive] : []),
    script.dataset.stdlib || new URL("python_stdlib.zip", runtime).href, // the build's standard library
    ...["pyodide.asm.mjs", "pyodide-lock.json"].map((name) => new URL(name, runtime).href), ...wasm];
  return new Promise((resolve) => setTimeout(resolve)).then(() => Promise.all(needed.map(async (url) => {
    let response;
    try {
      response = await fetch(new URL(url, document.baseURI), { method: "HEAD" });
    } catch {
      throw new Error(`${url.split("/").pop()} could not be fetched`);
    }
    if (!response.ok) throw new Error(`${url.split("/").pop()} is missing (HTTP ${response.status})`);
  })));
}

// A host whose own security policy (a header, stricter than the page's) forbids what the engine needs (its worker,
// this site's runtime files) fails at once too, saying so. Violations before this script ran (the engine starts from
// the head) are in the buffered reports. `blocked` rejects on the first; `stop` ends the watch.
/** @returns {{ blocked: Promise<never>, stop: () => void }} */
function watchPolicy() {
  /** @type {((event: SecurityPolicyViolationEvent) => void) | undefined} */
  let watch;
  /** @type {ReportingObserver | undefined} */
  let reports;
  /** @type {Promise<never>} */
  const blocked = new Promise((_, reject) => {
    const check = (/** @type {string} */ directive, /** @type {string} */ uri) => {
      if (uri.startsWith(ASSETS)) {
        reject(new Error(`the site's security policy blocks it (${directive} ${uri.split("/").pop()})`));
      }
    };
    watch = (event) => check(event.effectiveDirective, event.blockedURI || "");
    document.addEventListener("securitypolicyviolation", watch);
    if ("ReportingObserver" in window) {
      reports = new ReportingObserver((list) => {
        for (const report of list) {
          const body = /** @type {{ effectiveDirective?: string, blockedURL?: string } | null} */ (report.body);
          check(body?.effectiveDirective ?? "", body?.blockedURL || "");
        }
      }, { types: ["csp-violation"], buffered: true });
      reports.observe();
    }
  });
  const stop = () => {
    if (watch) document.removeEventListener("securitypolicyviolation", watch);
    reports?.disconnect();
  };
  return { blocked, stop };
}

// The engine is the page's one worker (PyScript's, running engine/engine.py), started by engine/start.js from the
// page's head (so that Python starts while the page is parsed) from the engine's tag, which names this site's own
// interpreter; its `ready` settles once pycore is imported there (or the start failed). A restart starts a new worker
// the same way. The checks (preflight, watchPolicy) run beside the start, never before it: they only turn a hang
// into a quick failure.
/** @param {HTMLScriptElement} script @returns {Promise<EngineWorker>} */
async function startEngine(script) {
  const timeout = new Promise((_, reject) =>
    setTimeout(() => reject(new Error(`it did not start within ${LOAD_TIMEOUT_MS / 1000} s`)), LOAD_TIMEOUT_MS));
  const policy = watchPolicy();
  /** @type {EngineWorker | null} */
  let worker = null;
  const boot = (async () => {
    const { startEngine: start, takeFirst } = await import("./start.js");
    worker = takeFirst() ?? start();
    return worker.ready;
  })();
  const started = Promise.all([boot, preflight(script)]).then(([worker]) => worker);
  const settled = Promise.race([started, timeout, policy.blocked]).finally(policy.stop);
  settled.catch(() => worker?.terminate()); // a worker that failed to start, or is still starting past its bound
  return settled;
}

/** The engine stopped answering: its worker died, went silent, or could not be started. */
export class EngineStopped extends Error {}

/** The work under way was cancelled: its worker was ended on purpose (its Python cannot be interrupted) and another
 * is started. */
export class EngineCancelled extends EngineStopped {}

// The page's one engine, shared by every calculator on it and on the pages opened in place: its worker, asked
// with a bound on each answer. A worker that dies (browsers end the workers of background tabs, and under
// memory pressure), fails or goes silent is ended and a new one started from the engine's tag; it tells its
// listeners ("restarting", then "ready" or "stopped"), and each
// calculator works its form out again on the new one. A worker that never answered is not started again
// (the runtime itself is broken: another would fail the same way), nor one started again that never answered.
export class Engine extends EventTarget {
  /** @param {HTMLScriptElement} script the engine's tag */
  constructor(script) {
    super();
    this.script = script;
    /** @type {WeakSet<EngineWorker>} */
    this.answered = new WeakSet(); // workers that answered at least once
    /** @type {WeakMap<EngineWorker, { ended: Promise<never>, end: (reason: EngineStopped) => void }>} */
    this.ends = new WeakMap(); // each worker's end: every call waiting on it fails with it
    this.restarts = 0;
    /** @type {WeakMap<EngineWorker, Set<Deadline>>} */
    this.waiting = new WeakMap(); // the bounds of each worker's calls still waiting: a sign of life starts them again
    /** @type {WeakMap<EngineWorker, BroadcastChannel>} */
    this.channels = new WeakMap(); // where each worker says how far long work is
    /** @type {Promise<EngineWorker>} */
    this.worker = this.watch(startEngine(script));
  }

  /** Ask the current worker (the new one, while one is being started); rejects with EngineStopped if it died or
   * stayed silent past the bound (a report of progress is a sign of life: the bound starts again).
   * @param {Record<string, unknown>} request @returns {Promise<Reply>} */
  async ask(request) {
    const worker = await this.worker;
    const bound = this.answered.has(worker) ? ANSWER_TIMEOUT_MS : LOAD_TIMEOUT_MS;
    /** @type {Deadline | undefined} */
    let deadline;
    const silent = new Promise((_, reject) => {
      deadline = new Deadline(bound, () => reject(new EngineStopped(`it did not answer within ${bound / 1000} s`)));
    });
    const bounds = this.waiting.get(worker) ?? new Set();
    this.waiting.set(worker, bounds);
    bounds.add(/** @type {Deadline} */ (deadline));
    const ended = this.ends.get(worker)?.ended;
    /** @type {string} */
    let reply;
    try {
      reply = await Promise.race([worker.handle(JSON.stringify(request)), silent, ...(ended ? [ended] : [])]);
    } catch (error) {
      // pycore.page.handler.handle answers every fault of its own: a call that fails is the worker failing
      const stopped = error instanceof EngineStopped ? error : new EngineStopped(`it failed: ${message(error)}`);
      this.died(worker, stopped);
      throw stopped;
    } finally {
      deadline?.stop();
      bounds.delete(/** @type {Deadline} */ (deadline));
    }
    this.answered.add(worker);
    return JSON.parse(reply);
  }

  /** Stop the work under way: the worker is ended and another started, and the calls waiting on it fail with
   * EngineCancelled (the calculators then work their forms out again on the new one). */
  cancel() {
    this.worker.then((worker) => {
      this.answered.add(worker); // started again even if it never answered: it was ended on purpose
      this.died(worker, new EngineCancelled("the work under way was cancelled"));
    }, () => {});
  }

  // Hear how far `worker`'s long work is, on a broadcast channel of its own: each report starts its waiting calls'
  // bounds again and is told to the calculators ("progress"). Without broadcast channels the bound on each call it is.
  /** @param {EngineWorker} worker */
  listenTo(worker) {
    if (typeof BroadcastChannel !== "function") return;
    const name = `calc-progress-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const channel = new BroadcastChannel(name);
    channel.onmessage = (event) => {
      const said = readProgress(event.data);
      if (!said || !this.channels.has(worker)) return;
      for (const deadline of this.waiting.get(worker) ?? []) deadline.extend();
      this.tell("progress", said);
    };
    this.channels.set(worker, channel);
    worker.listen(name).catch(() => {}); // an engine that cannot: its calls keep their plain bound
  }

  /** @param {Promise<EngineWorker>} starting @returns {Promise<EngineWorker>} */
  watch(starting) {
    return starting.then((worker) => {
      /** @type {(reason: EngineStopped) => void} */
      let end = () => {};
      /** @type {Promise<never>} */
      const ended = new Promise((_, reject) => { end = reject; });
      ended.catch(() => {}); // only the calls waiting on it care
      this.ends.set(worker, { ended, end });
      // an error the worker's own code did not catch: its interpreter is not to be trusted after it
      worker.failed.then((error) => this.died(worker, new EngineStopped(`it failed: ${error.message}`)));
      this.watchLife(worker);
      this.listenTo(worker);
      return worker;
    });
  }

  // Learn at once when `worker` ends, with or without a call waiting on it: it holds a Web Lock for as long as it
  // lives (engine/engine.py's hold), and the page, asking for the same lock, is granted it only once the worker is gone.
  // Where there are no Web Locks (a page not served over HTTPS) the bound on each call finds a dead worker.
  /** @param {EngineWorker} worker */
  async watchLife(worker) {
    const locks = navigator.locks;
    if (!locks) return;
    const name = `calc-engine-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    try {
      const said = Promise.race([worker.hold(name), pause(ANSWER_TIMEOUT_MS).then(() => false)]);
      if (!(await said)) return;
    } catch {
      return; // an engine without hold: the bound on each call it is
    }
    // Only once the worker holds it: a request of the page's before the worker's would be granted at once.
    for (let tries = 0; !(await locks.query()).held?.some((lock) => lock.name === name); tries += 1) {
      if (tries * 100 > ANSWER_TIMEOUT_MS) return;
      await pause(100);
    }
    await locks.request(name, () => {});
    this.died(worker, new EngineStopped("its worker ended"));
  }

  /** End `worker` (if it is the current one) and start another, or say the engine stopped.
   * @param {EngineWorker} worker @param {EngineStopped} reason */
  died(worker, reason) {
    this.ends.get(worker)?.end(reason);
    this.channels.get(worker)?.close();
    this.channels.delete(worker);
    const current = this.worker;
    current.then((now) => {
      if (now !== worker || this.worker !== current) return; // already ended, a new one is on its way
      if (!(reason instanceof EngineCancelled)) console.warn("calculator engine stopped:", reason.message);
      worker.terminate();
      if (!this.answered.has(worker)) {
        this.worker = Promise.reject(reason);
        this.worker.catch(() => {});
        this.tell("stopped", { reason, restarted: this.restarts > 0 });
        return;
      }
      this.restarts += 1;
      this.tell("restarting", { reason });
      this.worker = this.watch(startEngine(this.script));
      this.worker.then(() => this.tell("ready", {}), (error) => this.tell("stopped", { reason: error, restarted: true }));
    }, () => {});
  }

  /** @param {string} state @param {{ reason?: Error, restarted?: boolean, done?: number, total?: number }} detail */
  tell(state, detail) {
    this.dispatchEvent(new CustomEvent(state, { detail }));
  }
}

/** @param {number} ms */
function pause(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** What an error says, whatever was thrown. @param {unknown} error */
export function message(error) {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
