// @ts-check
// Unit tests of site/assets/later.js's pure part: the order of the set-up steps, one at a time or all that are left.
import assert from "node:assert/strict";
import { test } from "node:test";

import { queueOf } from "../../site/assets/later.js";

/** Steps that write their number to `ran` when they run. @param {number[]} ran @param {number} count */
function steps(ran, count) {
  return Array.from({ length: count }, (_, i) => () => { ran.push(i); });
}

test("next runs one step at a time, in order, and says whether any is left", () => {
  const ran = /** @type {number[]} */ ([]);
  const queue = queueOf(steps(ran, 3));
  assert.equal(queue.done, false);
  assert.equal(queue.next(), true);
  assert.deepEqual(ran, [0]);
  assert.equal(queue.next(), true);
  assert.equal(queue.next(), false);
  assert.deepEqual(ran, [0, 1, 2]);
  assert.equal(queue.done, true);
  assert.equal(queue.next(), false); // nothing left: nothing runs again
  assert.deepEqual(ran, [0, 1, 2]);
});

test("all runs what is left, after the steps already run, and each step only once", () => {
  const ran = /** @type {number[]} */ ([]);
  const queue = queueOf(steps(ran, 4));
  queue.next();
  queue.all();
  assert.deepEqual(ran, [0, 1, 2, 3]);
  queue.all();
  assert.deepEqual(ran, [0, 1, 2, 3]);
  assert.equal(queue.done, true);
});

test("a step that throws is not run again: the next call goes on with the step after it", () => {
  const ran = /** @type {string[]} */ ([]);
  const queue = queueOf([() => { ran.push("a"); throw new Error("broken"); }, () => { ran.push("b"); }]);
  assert.throws(() => queue.all(), /broken/);
  queue.all();
  assert.deepEqual(ran, ["a", "b"]);
});

test("no steps: done at once", () => {
  assert.equal(queueOf([]).done, true);
  assert.equal(queueOf([]).next(), false);
});
