// @ts-check
// Unit tests of site/assets/board/model.js: what stands where on a board, and what a tap makes of it.
// The boards are Enchanted Realms' and Classic d20's as pycore's views declare them (pycore/views/*.py).
import assert from "node:assert/strict";
import { test } from "node:test";

import { cellWords, fieldsOf, freshRecord, listsOf, moved, parseHex, placedMessage, plan, readPieces, remember, singleText,
  toggledDoor }
  from "../../site/assets/board/model.js";

/** @typedef {import("../../site/assets/board/model.js").BoardSpec} BoardSpec */

/** @type {BoardSpec} */
const REALMS = {
  slots: [
    { kind: "attacker", label: "Attacker", symbol: "A", path: "attacker.hex", record: {}, single: true },
    { kind: "target", label: "Target", symbol: "T", path: "target.hex", record: {}, single: true },
    { kind: "creature", label: "Creature", symbol: "C", path: "others", record: {}, single: false },
  ],
  defaults: { defense: 10 },
  editors: { others: [{ key: "name", label: "Name", kind: "text" }, { key: "defense", label: "Defense", kind: "int" }] },
};

/** @type {BoardSpec} */
const D20 = {
  slots: [
    { kind: "attacker", label: "Attacker", symbol: "A", path: "map.attacker", record: {}, single: true },
    { kind: "target", label: "Target", symbol: "T", path: "map.target", record: {}, single: true },
    { kind: "wall", label: "Wall or obstacle", symbol: "W", path: "map.obstacles", record: { kind: "wall" }, single: false },
    { kind: "ally-attacker", label: "Attacker's ally", symbol: "a", path: "map.creatures", record: { side: "attacker" }, single: false },
    { kind: "ally-target", label: "Target's ally", symbol: "t", path: "map.creatures", record: { side: "target" }, single: false },
  ],
  defaults: {},
  editors: {},
};

/** The fields' texts, as the hidden inputs would hold them. */
function fields(/** @type {Record<string, string>} */ texts) {
  return (/** @type {string} */ path) => texts[path] ?? "";
}

test("parseHex reads a one-piece field's text", () => {
  assert.equal(parseHex(" 4, -2 "), "4,-2");
  assert.equal(parseHex("04,2"), "4,2");
  assert.equal(parseHex("4"), null);
  assert.equal(parseHex(""), null);
  assert.equal(parseHex(undefined), null);
});

test("fieldsOf lists each path once, saying whether it holds one piece", () => {
  assert.deepEqual(fieldsOf(D20), [
    { path: "map.attacker", single: true }, { path: "map.target", single: true },
    { path: "map.obstacles", single: false }, { path: "map.creatures", single: false },
  ]);
});

test("readPieces finds the one-piece hexes and each record by the slot its values match", () => {
  const pieces = readPieces(D20, fields({
    "map.attacker": "0, 0",
    "map.target": "5,1",
    "map.obstacles": '[{"kind":"wall","hex":[2,0]},{"kind":"wall","hex":[0,0]},{"hex":[9,9]}]',
    "map.creatures": '[{"side":"target","hex":[4,1]},{"side":"attacker","hex":"3,3"}]',
  }));
  assert.deepEqual([...pieces.entries()].map(([key, piece]) => [key, piece.slot]),
    [["0,0", 0], ["5,1", 1], ["2,0", 2], ["4,1", 4]]); // the wall on the attacker's hex and the bad records left out
  assert.equal(readPieces(D20, fields({ "map.obstacles": "not json" })).size, 0);
});

test("plan places only the piece asked for, and clearing an empty hex changes nothing", () => {
  const pieces = readPieces(D20, fields({ "map.attacker": "0,0" }));
  const first = plan(D20, "3,1", pieces, 2);
  assert.deepEqual(first?.changed, ["3,1"]);
  assert.deepEqual(first?.pieces.get("3,1"), { slot: 2, record: {} });
  assert.equal(plan(D20, "3,1", pieces, 2), null); // already a wall
  assert.equal(plan(D20, "3,1", pieces, -1)?.next, -1);
  assert.equal(pieces.has("3,1"), false);
  assert.equal(plan(D20, "3,1", pieces, -1), null); // clearing an empty hex changes nothing
  assert.equal(pieces.get("0,0")?.slot, 0); // the attacker never moved
});

test("moved takes a piece with its record to an empty hex and changes nothing else", () => {
  const pieces = readPieces(REALMS, fields({ "attacker.hex": "0,0", "target.hex": "4,0",
    others: '[{"name":"Goblin","defense":14,"hex":[2,0]}]' }));
  const move = moved(pieces, "0,0", "1,1");
  assert.deepEqual(move?.changed, ["0,0", "1,1"]);
  assert.equal(singleText(pieces, 0), "1, 1");
  assert.equal(singleText(pieces, 1), "4, 0");
  assert.equal(moved(pieces, "1,1", "4,0"), null); // onto the target: refused, nothing changes
  assert.equal(moved(pieces, "9,9", "3,3"), null); // nothing to move
  moved(pieces, "2,0", "3,0");
  assert.deepEqual(pieces.get("3,0")?.record, { name: "Goblin", defense: 14, hex: [2, 0] });
  assert.deepEqual(listsOf(REALMS, pieces, ["others"]).get("others"), [{ defense: 14, name: "Goblin", hex: [3, 0] }]);
  assert.equal(pieces.size, 3);
});

test("cellWords says what stands on a cell", () => {
  const pieces = readPieces(REALMS, fields({ "target.hex": "4,0", others: '[{"name":"Goblin","hex":[2,0]}]' }));
  assert.equal(cellWords(REALMS, "4,0", pieces, "square"), "Square 4, 0: Target.");
  assert.equal(cellWords(REALMS, "2,0", pieces), "Hex 2, 0: Creature (Goblin).");
  assert.equal(cellWords(REALMS, "1,0", pieces), "Hex 1, 0: empty.");
  // the engine's words for the regions covering the cell (its data-within) end them, as they are
  assert.equal(cellWords(REALMS, "1,0", pieces, "square", "in fog, in brush"), "Square 1, 0: empty, in fog, in brush.");
  assert.equal(cellWords(REALMS, "4,0", pieces, "hex", "in dim light"), "Hex 4, 0: Target, in dim light.");
});

test("remember keeps the last snapshots, each once", () => {
  const a = new Map([["map.attacker", "0, 0"]]);
  const b = new Map([["map.attacker", "1, 0"]]);
  assert.deepEqual(remember(remember([], a), new Map(a)), [a]); // the same fields twice: kept once
  assert.deepEqual(remember([a], b, 1), [b]); // over the limit: the oldest goes
});

test("plan moves a one-of-a-kind piece placed by key, and says which hexes changed", () => {
  const pieces = readPieces(D20, fields({ "map.attacker": "0,0", "map.target": "5,1" }));
  const move = plan(D20, "2,2", pieces, 0);
  assert.deepEqual(move?.changed, ["2,2", "0,0"]);
  assert.equal(singleText(pieces, 0), "2, 2");
  assert.equal(singleText(pieces, 1), "5, 1");
  assert.equal(plan(D20, "2,2", pieces, 0), null); // already there
  assert.equal(plan(D20, "2,2", pieces, 9)?.next, -1); // no such kind: cleared
  assert.equal(singleText(pieces, 0), "");
});

test("a new creature is named one more than the highest number, and keeps its record while it stays a creature", () => {
  const pieces = readPieces(REALMS, fields({ others: '[{"name":"Creature 2","defense":14,"hex":[1,1]}]' }));
  const move = plan(REALMS, "3,0", pieces, 2);
  assert.deepEqual(move?.pieces.get("3,0")?.record, { name: "Creature 3" });
  assert.deepEqual(freshRecord(D20, D20.slots[2], pieces), {}); // walls have no names
  const lists = listsOf(REALMS, pieces, ["others"]);
  assert.deepEqual(lists.get("others"), [
    { name: "Creature 2", defense: 14, hex: [1, 1] },
    { defense: 10, name: "Creature 3", hex: [3, 0] }, // the spec's defaults under the piece's own values
  ]);
});

test("listsOf writes each record with its slot's values, only for the paths asked", () => {
  const pieces = readPieces(D20, fields({ "map.creatures": '[{"side":"attacker","hex":[1,0],"size":"large"}]' }));
  plan(D20, "1,0", pieces, 4); // the ally changes sides: its record is kept, its side is the slot's
  const lists = listsOf(D20, pieces, ["map.creatures"]);
  assert.deepEqual(lists.get("map.creatures"), [{ side: "target", hex: [1, 0], size: "large" }]);
  assert.equal(lists.has("map.obstacles"), false);
});

test("placedMessage says what a tap did", () => {
  assert.equal(placedMessage(D20, "4,2", 2), "Hex 4, 2: Wall or obstacle placed.");
  assert.equal(placedMessage(D20, "4,2", -1), "Hex 4, 2: cleared.");
  assert.equal(placedMessage(D20, "4,2", 2, "square", "moved here"), "Square 4, 2: Wall or obstacle moved here.");
  assert.equal(placedMessage(D20, "4,2", -1, "square"), "Square 4, 2: cleared.");
});

test("a tap on a door opens or closes that door alone, and says so", () => {
  const doors = '[{"points":[[5,2],[5,3]],"open":false},{"points":[[1,0],[2,0]]}]';
  const opened = toggledDoor(doors, 1);
  assert.deepEqual(JSON.parse(opened?.text ?? ""), [{ points: [[5, 2], [5, 3]], open: false },
    { points: [[1, 0], [2, 0]], open: true }]);
  assert.equal(opened?.message, "Door 2 opened.");
  const closed = toggledDoor(opened?.text ?? "", 1);
  assert.equal(JSON.parse(closed?.text ?? "")[1].open, false);
  assert.equal(closed?.message, "Door 2 closed.");
  assert.equal(toggledDoor(doors, 2), null); // the list changed meanwhile: no such door
  assert.equal(toggledDoor(doors, Number.NaN), null);
  assert.equal(toggledDoor("not json", 0), null);
});
