// Work under way in the bar: nothing for a quick answer, a note past half a second, the engine's progress with a
// Cancel that turns the overlay off before it ends the work, and all of it gone with the answer.
import { test, mock } from "node:test";
import assert from "node:assert/strict";
import { SLOW_MS, cells, sayWork } from "../../site/assets/calculator/busy.js";

class FakeBar {
  constructor() {
    /** @type {{ message: string, kind: string }} */
    this.said = { message: "", kind: "" };
    /** @type {(() => void) | null} */
    this.cancel = null;
  }
  note(/** @type {string} */ message, kind = "info") { this.said = { message, kind }; }
  unnote(/** @type {string} */ kind) { if (this.said.kind === kind) this.said = { message: "", kind: "" }; }
  offerCancel(/** @type {(() => void) | null} */ cancel) { this.cancel = cancel; }
}

class FakeEngine extends EventTarget {
  constructor() { super(); this.cancelled = 0; }
  cancel() { this.cancelled += 1; }
  report(/** @type {number} */ done, /** @type {number} */ total) {
    this.dispatchEvent(new CustomEvent("progress", { detail: { done, total } }));
  }
}

test("a cell's plural", () => {
  assert.equal(cells("hex"), "hexes");
  assert.equal(cells("square"), "squares");
});

test("a quick answer says nothing, even if the engine reported", () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const bar = new FakeBar();
    const engine = new FakeEngine();
    const stop = sayWork(bar, engine, { noun: "square", stopOverlay: () => {} });
    engine.report(10, 400);
    mock.timers.tick(SLOW_MS - 1);
    stop();
    mock.timers.tick(SLOW_MS);
    assert.deepEqual(bar.said, { message: "", kind: "" });
    assert.equal(bar.cancel, null);
  } finally {
    mock.timers.reset();
  }
});

test("long work: the note, then its progress and a Cancel that turns the overlay off first", () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const bar = new FakeBar();
    const engine = new FakeEngine();
    /** @type {string[]} */
    const order = [];
    const stop = sayWork(bar, engine, { noun: "square", stopOverlay: () => order.push("overlay off") });
    mock.timers.tick(SLOW_MS);
    assert.deepEqual(bar.said, { message: "Working it out: a large map takes a moment.", kind: "busy" });
    engine.report(100, 400);
    assert.deepEqual(bar.said, { message: "Working out the overlay: 25% (100 of 400 squares)", kind: "busy" });
    const cancel = /** @type {() => void} */ (bar.cancel);
    engine.cancel = () => order.push("cancelled");
    cancel();
    assert.deepEqual(order, ["overlay off", "cancelled"]);
    stop();
    assert.deepEqual(bar.said, { message: "", kind: "" });
    assert.equal(bar.cancel, null);
    engine.report(200, 400); // after the answer: heard by nobody
    assert.deepEqual(bar.said, { message: "", kind: "" });
  } finally {
    mock.timers.reset();
  }
});

test("quiet: no note of its own, but the engine's progress and its Cancel", () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const bar = new FakeBar();
    const engine = new FakeEngine();
    const stop = sayWork(bar, engine, { noun: "hex", stopOverlay: () => {}, quiet: true });
    mock.timers.tick(SLOW_MS);
    assert.deepEqual(bar.said, { message: "", kind: "" });
    engine.report(1, 3);
    assert.deepEqual(bar.said, { message: "Working out the overlay: 33% (1 of 3 hexes)", kind: "busy" });
    assert.notEqual(bar.cancel, null);
    stop();
  } finally {
    mock.timers.reset();
  }
});
