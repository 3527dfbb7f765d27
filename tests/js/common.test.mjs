// @ts-check
// Unit tests of site/assets/utilities/common.js's pure helpers (node --test tests/js/).
import assert from "node:assert/strict";
import { test } from "node:test";

import { base64Bytes, cellNoun, compareSortValues, nextName, parseList, plainClick, squareWords } from "../../site/assets/utilities/common.js";

/** A link as plainClick reads it: its target and whether it downloads. */
function link(target = "", download = false) {
  return /** @type {HTMLAnchorElement} */ (/** @type {unknown} */ ({ target, hasAttribute: () => download }));
}

const PLAIN = { defaultPrevented: false, button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false };

test("parseList reads a JSON list and gives [] for anything else", () => {
  assert.deepEqual(parseList('[{"hex":[1,2]}]'), [{ hex: [1, 2] }]);
  assert.deepEqual(parseList(""), []);
  assert.deepEqual(parseList(null), []);
  assert.deepEqual(parseList('{"hex":[1,2]}'), []);
  assert.deepEqual(parseList("[1,"), []);
});

test("nextName is one more than the highest number the names end with", () => {
  assert.equal(nextName("Creature", []), "Creature 1");
  assert.equal(nextName("Creature", ["Creature 1", "Goblin 7", "Creature 3"]), "Creature 8");
  assert.equal(nextName("creature", ["Boss", undefined, null, 4]), "Creature 5");
});

test("plainClick takes only a plain left click on a link that opens in this tab", () => {
  assert.equal(plainClick(PLAIN, link()), true);
  assert.equal(plainClick(PLAIN, link("_self")), true);
  assert.equal(plainClick(PLAIN, null), false);
  assert.equal(plainClick(PLAIN, link("_blank")), false);
  assert.equal(plainClick(PLAIN, link("", true)), false);
  for (const key of ["metaKey", "ctrlKey", "shiftKey", "altKey", "defaultPrevented"]) {
    assert.equal(plainClick({ ...PLAIN, [key]: true }, link()), false, key);
  }
  assert.equal(plainClick({ ...PLAIN, button: 1 }, link()), false); // a middle click opens a tab
});

test("compareSortValues orders numbers as numbers and anything else as text", () => {
  assert.ok(compareSortValues("9", "10") < 0);
  assert.ok(compareSortValues("-2", "1.5") < 0);
  assert.equal(compareSortValues("4", "4.0"), 0);
  assert.ok(compareSortValues("apple", "banana") < 0);
  assert.ok(compareSortValues("", "3") < 0); // an empty cell is text, before "3"
});

test("squareWords says of squares what a label says of hexes, and nothing else", () => {
  assert.equal(squareWords("Attacker's hex"), "Attacker's square");
  assert.equal(squareWords("Hex"), "Square");
  assert.equal(squareWords("Obstacle 2, Hex"), "Obstacle 2, Square");
  assert.equal(squareWords("the hexes between"), "the squares between");
  assert.equal(squareWords("Hexagonal Distance (hex)"), "Hexagonal Distance (square)");
});

test("cellNoun reads the form's grid: square only when a map's grid says so", () => {
  /** @param {string | null} value */
  const form = (value) => /** @type {ParentNode} */ (/** @type {unknown} */ ({
    querySelector: () => (value === null ? null : { value }),
  }));
  assert.equal(cellNoun(form("square")), "square");
  assert.equal(cellNoun(form("hex")), "hex");
  assert.equal(cellNoun(form(null)), "hex");
  assert.equal(cellNoun(null), "hex");
});

test("base64Bytes decodes with the browser's decoder, or byte by byte without one, to the same bytes", () => {
  const text = Buffer.from([0, 1, 2, 250, 255, 137, 80, 78, 71]).toString("base64");
  const want = [0, 1, 2, 250, 255, 137, 80, 78, 71];
  assert.deepEqual([...base64Bytes(text, undefined)], want);
  const decoder = (/** @type {string} */ s) => new Uint8Array(Buffer.from(s, "base64"));
  assert.deepEqual([...base64Bytes(text, decoder)], want);
  assert.deepEqual([...base64Bytes("", undefined)], []);
  assert.throws(() => base64Bytes("not base64!", undefined));
});
