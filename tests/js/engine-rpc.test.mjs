// @ts-check
// Unit tests of site/assets/engine/rpc.js: the page's side of the engine worker's protocol, against a fake worker.
import assert from "node:assert/strict";
import { test } from "node:test";

import { EngineWorker } from "../../site/assets/engine/rpc.js";

/** A worker as the page sees one: what the page posts is recorded; `say` and `raise` are the worker speaking. */
class FakeWorker extends EventTarget {
  constructor() {
    super();
    /** @type {any[]} */
    this.posted = [];
    this.ended = false;
  }

  /** @param {any} message */
  postMessage(message) {
    this.posted.push(message);
  }

  terminate() {
    this.ended = true;
  }

  /** @param {any} data */
  say(data) {
    this.dispatchEvent(new MessageEvent("message", { data }));
  }

  /** @param {string} message */
  raise(message) {
    const event = new Event("error");
    Object.assign(event, { message });
    this.dispatchEvent(event);
  }
}

const START = { interpreter: "http://127.0.0.1/assets/loader.mjs", archive: null };

/** @param {FakeWorker} fake */
const engineOn = (fake) => new EngineWorker(/** @type {Worker} */ (/** @type {unknown} */ (fake)), START, "engine/worker.js");

test("the start message names the interpreter, and ready waits for the worker to say it started", async () => {
  const fake = new FakeWorker();
  const engine = engineOn(fake);
  assert.deepEqual(fake.posted, [{ start: START }]);
  let settled = false;
  engine.ready.then(() => { settled = true; });
  await Promise.resolve();
  assert.equal(settled, false);
  fake.say({ ready: true });
  assert.equal(await engine.ready, engine);
});

test("each answer goes to the call with its number, in whatever order the answers come", async () => {
  const fake = new FakeWorker();
  const engine = engineOn(fake);
  fake.say({ ready: true });
  const first = engine.handle('{"op":"evaluate"}');
  const second = engine.hold("calc-engine-1");
  assert.deepEqual(fake.posted.slice(1), [{ id: 0, handle: '{"op":"evaluate"}' }, { id: 1, hold: "calc-engine-1" }]);
  fake.say({ id: 1, reply: true });
  fake.say({ id: 0, reply: '{"state":"ok"}' });
  assert.equal(await first, '{"state":"ok"}');
  assert.equal(await second, true);
  fake.say({ id: 0, reply: "late" }); // an answer nobody waits for any more is dropped
  fake.say("not an answer");
});

test("an error the worker answers fails that call only", async () => {
  const fake = new FakeWorker();
  const engine = engineOn(fake);
  fake.say({ ready: true });
  const failing = engine.handle("{}");
  const fine = engine.handle("{}");
  fake.say({ id: 0, error: "PythonError: boom" });
  fake.say({ id: 1, reply: "{}" });
  await assert.rejects(failing, /PythonError: boom/);
  assert.equal(await fine, "{}");
  assert.equal(engine.failure, null);
});

test("a start that fails rejects ready with what the worker said, and every later call at once", async () => {
  const fake = new FakeWorker();
  const engine = engineOn(fake);
  fake.say({ failed: "pyodide.asm.mjs: HTTP 404" });
  await assert.rejects(engine.ready, /HTTP 404/);
  assert.match((await engine.failed).message, /HTTP 404/);
  await assert.rejects(engine.handle("{}"), /HTTP 404/);
  assert.equal(fake.posted.length, 1); // nothing more was sent to a failed worker
});

test("an error the worker did not catch fails the calls waiting, and nothing it says later is believed", async () => {
  const fake = new FakeWorker();
  const engine = engineOn(fake);
  fake.say({ ready: true });
  const waiting = engine.handle("{}");
  fake.raise("RangeError: Maximum call stack size exceeded");
  await assert.rejects(waiting, /its worker failed: RangeError/);
  assert.match((await engine.failed).message, /RangeError/);
  fake.say({ id: 0, reply: "{}" });
  await assert.rejects(engine.handle("{}"), /RangeError/);
});

test("a worker whose script cannot be loaded fails ready, naming the script", async () => {
  const fake = new FakeWorker();
  const engine = engineOn(fake);
  fake.dispatchEvent(new Event("error"));
  await assert.rejects(engine.ready, /engine\/worker\.js could not be fetched or run/);
});

test("a reply that cannot be read fails the worker", async () => {
  const fake = new FakeWorker();
  const engine = engineOn(fake);
  fake.say({ ready: true });
  const waiting = engine.handle("{}");
  fake.dispatchEvent(new MessageEvent("messageerror"));
  await assert.rejects(waiting, /could not be read/);
});

test("ending the worker ends it and fails what still waits", async () => {
  const fake = new FakeWorker();
  const engine = engineOn(fake);
  const starting = engine.ready;
  const waiting = engine.handle("{}");
  engine.terminate();
  assert.equal(fake.ended, true);
  await assert.rejects(starting, /was ended/);
  await assert.rejects(waiting, /was ended/);
});
