// @ts-check
// Unit tests of site/assets/calculator/item-values.js: what a row's box text becomes in the list.
import assert from "node:assert/strict";
import { test } from "node:test";

import { scalar } from "../../site/assets/calculator/item-values.js";

test("scalar makes a number of a whole number or a number, and leaves anything else as typed", () => {
  assert.equal(scalar("int", " 12 "), 12);
  assert.equal(scalar("int", "-3"), -3);
  assert.equal(scalar("int", "1.5"), "1.5"); // not whole: the engine names the bad field
  assert.equal(scalar("number", "1.5"), 1.5);
  assert.equal(scalar("number", ".5e1"), 5);
  assert.equal(scalar("number", "five"), "five");
  assert.equal(scalar("text", "12"), "12");
});
