// The board's Area and Region tools' pure helpers (site/assets/board/zones.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { areaFields, areaPoint, listOf, nearestCorner, toggledHex } from "../../site/assets/board/zones.js";

test("the brush adds a hex, and takes it away on a second tap", () => {
  const once = toggledHex([[1, 0]], "2,0");
  assert.deepEqual(once, [[1, 0], [2, 0]]);
  assert.deepEqual(toggledHex(once, "1,0"), [[2, 0]]);
});

test("an area's point: a hex as it is, a square's centre", () => {
  assert.deepEqual(areaPoint("8,2", true), [8.5, 2.5]);
  assert.deepEqual(areaPoint("-1,3", false), [-1, 3]);
});

test("the area's fields as the form holds them: a sphere has no aim", () => {
  assert.deepEqual(areaFields("sphere", [8.5, 2.5], [1, 1], 20),
    { "area.shape": "sphere", "area.at": "8.5, 2.5", "area.toward": "", "area.size": "20", "area.width": "" });
  assert.equal(areaFields("cone", [0, 0], [4, 0], 15)["area.toward"], "4, 0");
});

test("a region box that does not hold a list reads as none", () => {
  assert.deepEqual(listOf(""), []);
  assert.deepEqual(listOf("{"), []);
  assert.deepEqual(listOf('[{"kind":"fog","hexes":[[1,0]]}]'), [{ kind: "fog", hexes: [[1, 0]] }]);
});

test("a wall's end is the corner of the tapped square nearest the tap", () => {
  // square [5, 2]: a tap near its top right is the point (6, 2), near its bottom left (5, 3)
  assert.deepEqual(nearestCorner("5,2", 0.9, 0.1), [6, 2]);
  assert.deepEqual(nearestCorner("5,2", 0.2, 0.7), [5, 3]);
});
