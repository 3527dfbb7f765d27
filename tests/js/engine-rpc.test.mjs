// @ts-check
// Unit tests of site/assets/engine/rpc.js: the page's side of the engine's PyScript worker, against a fake worker
// whose `sync` stands for the calls PyScript makes to the worker's exported Python functions.
import assert from "node:assert/strict";
import { test } from "node:test";

import { EngineWorker } from "../../site/assets/engine/rpc.js";

/** A deferred promise: settled by the test. @template T */
function later() {
  /** @type {(value: T) => void} */
  let resolve = () => {};
  /** @type {(error: unknown) => void} */
  let reject = () => {};
  /** @type {Promise<T>} */
  const promise = new Promise((yes, no) => {
    resolve = yes;
    reject = no;
  });
  promise.catch(() => {});
  return { promise, resolve, reject };
}

/** A PyScript worker as the page sees one: each call to its `sync` waits until the test answers it. */
class FakeWorker extends EventTarget {
  constructor() {
    super();
    /** @type {{ name: string, value: string, answer: ReturnType<typeof later<any>> }[]} */
    this.calls = [];
    this.ended = false;
    const call = (/** @type {string} */ name) => (/** @type {string} */ value) => {
      const answer = later();
      this.calls.push({ name, value, answer });
      return answer.promise;
    };
    this.sync = { handle: call("handle"), hold: call("hold"), listen: call("listen") };
  }

  terminate() {
    this.ended = true;
  }

  /** @param {string} message */
  raise(message) {
    const event = new Event("error");
    Object.assign(event, { message });
    this.dispatchEvent(event);
  }
}

/** An engine worker on `fake`, and PyScript's promise of its start, which the test settles. */
function engineOn(/** @type {FakeWorker} */ fake) {
  const started = later();
  const engine = new EngineWorker(Promise.resolve({ worker: fake, started: started.promise }), "worker.js");
  return { engine, started };
}

const turn = () => new Promise((resolve) => setTimeout(resolve));

test("ready waits for PyScript to say the worker's Python ran", async () => {
  const fake = new FakeWorker();
  const { engine, started } = engineOn(fake);
  let settled = false;
  engine.ready.then(() => { settled = true; });
  await turn();
  assert.equal(settled, false);
  started.resolve(fake);
  assert.equal(await engine.ready, engine);
});

test("each call goes to the exported function it names and gets that call's answer", async () => {
  const fake = new FakeWorker();
  const { engine, started } = engineOn(fake);
  started.resolve(fake);
  const first = engine.handle('{"op":"evaluate"}');
  const second = engine.hold("calc-engine-1");
  const third = engine.listen("calc-progress-1");
  await turn();
  assert.deepEqual(fake.calls.map(({ name, value }) => [name, value]),
    [["handle", '{"op":"evaluate"}'], ["hold", "calc-engine-1"], ["listen", "calc-progress-1"]]);
  fake.calls[1].answer.resolve(true);
  fake.calls[2].answer.resolve(false);
  fake.calls[0].answer.resolve('{"state":"ok"}');
  assert.equal(await first, '{"state":"ok"}');
  assert.equal(await second, true);
  assert.equal(await third, false);
});

test("an error a call raises fails that call only", async () => {
  const fake = new FakeWorker();
  const { engine, started } = engineOn(fake);
  started.resolve(fake);
  const failing = engine.handle("{}");
  const fine = engine.handle("{}");
  await turn();
  fake.calls[0].answer.reject(new Error("PythonError: boom"));
  fake.calls[1].answer.resolve("{}");
  await assert.rejects(failing, /PythonError: boom/);
  assert.equal(await fine, "{}");
  assert.equal(engine.failure, null);
});

test("a start that fails rejects ready with what PyScript said, and every later call at once", async () => {
  const fake = new FakeWorker();
  const { engine, started } = engineOn(fake);
  started.reject(new Error("pyodide.asm.mjs: HTTP 404"));
  await assert.rejects(engine.ready, /HTTP 404/);
  assert.match((await engine.failed).message, /HTTP 404/);
  await assert.rejects(engine.handle("{}"), /HTTP 404/);
  assert.equal(fake.calls.length, 0); // nothing was asked of a failed worker
});

test("PyScript failing to make the worker at all rejects ready", async () => {
  const engine = new EngineWorker(Promise.reject(new Error("PyScript made no worker")));
  await assert.rejects(engine.ready, /made no worker/);
});

test("an error the worker did not catch fails the calls waiting, and every later one", async () => {
  const fake = new FakeWorker();
  const { engine, started } = engineOn(fake);
  started.resolve(fake);
  const waiting = engine.handle("{}");
  await turn();
  fake.raise("RangeError: Maximum call stack size exceeded");
  await assert.rejects(waiting, /its worker failed: RangeError/);
  assert.match((await engine.failed).message, /RangeError/);
  fake.calls[0].answer.resolve("{}");
  await assert.rejects(engine.handle("{}"), /RangeError/);
});

test("a worker whose script cannot be loaded fails ready, naming the script", async () => {
  const fake = new FakeWorker();
  const { engine } = engineOn(fake);
  await turn();
  fake.dispatchEvent(new Event("error"));
  await assert.rejects(engine.ready, /worker\.js could not be fetched or run/);
});

test("a reply that cannot be read fails the worker", async () => {
  const fake = new FakeWorker();
  const { engine, started } = engineOn(fake);
  started.resolve(fake);
  const waiting = engine.handle("{}");
  await turn();
  fake.dispatchEvent(new MessageEvent("messageerror"));
  await assert.rejects(waiting, /could not be read/);
});

test("ending the worker ends it and fails what still waits", async () => {
  const fake = new FakeWorker();
  const { engine } = engineOn(fake);
  await turn();
  const starting = engine.ready;
  const waiting = engine.handle("{}");
  engine.terminate();
  assert.equal(fake.ended, true);
  await assert.rejects(starting, /was ended/);
  await assert.rejects(waiting, /was ended/);
});
