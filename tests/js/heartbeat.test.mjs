// The engine's heartbeat: the worker's progress reports read, worded, and each one starting an answer's bound again.
import { test, mock } from "node:test";
import assert from "node:assert/strict";
import { Deadline, progressWords, readProgress } from "../../site/assets/engine/heartbeat.js";

test("a report is two whole numbers, done of total", () => {
  assert.deepEqual(readProgress("120,300"), { done: 120, total: 300 });
  assert.deepEqual(readProgress("0,1"), { done: 0, total: 1 });
});

test("anything else is not a report", () => {
  for (const data of ["", "12", "3,0", "5,4", "-1,4", "1.5,4", "1,2,3", " 1,2", { done: 1, total: 2 }, null, 7]) {
    assert.equal(readProgress(data), null, String(data));
  }
});

test("progress in words, rounded down so that 100% means done", () => {
  assert.equal(progressWords({ done: 120, total: 300 }, "squares"), "Working out the overlay: 40% (120 of 300 squares)");
  assert.equal(progressWords({ done: 299, total: 300 }, "hexes"), "Working out the overlay: 99% (299 of 300 hexes)");
});

test("a deadline expires once its time passes without a sign of life", () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const expired = mock.fn();
    const deadline = new Deadline(8000, expired);
    mock.timers.tick(7999);
    assert.equal(expired.mock.callCount(), 0);
    deadline.extend(); // a report at 7.999 s: the 8 s start again
    mock.timers.tick(7999);
    assert.equal(expired.mock.callCount(), 0);
    mock.timers.tick(1);
    assert.equal(expired.mock.callCount(), 1);
  } finally {
    mock.timers.reset();
  }
});

test("a stopped deadline never expires", () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const expired = mock.fn();
    new Deadline(100, expired).stop();
    mock.timers.tick(1000);
    assert.equal(expired.mock.callCount(), 0);
  } finally {
    mock.timers.reset();
  }
});
