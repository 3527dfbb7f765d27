// @ts-check
// Unit tests of site/assets/board/map-shelf.js: the maps kept on the device, against an in-memory IndexedDB.
import assert from "node:assert/strict";
import { test } from "node:test";

import { IDBFactory } from "fake-indexeddb";

import { MAX_KEPT, MapShelf, entryWords, linesKey, newestFirst } from "../../site/assets/board/map-shelf.js";

/**
 * @param {string} name
 * @param {number} saved
 * @param {Blob | null} [picture]
 */
function map(name, saved, picture = null) {
  return { name, values: { "map.grid": "square", "map.cols": 10 }, message: "10 x 6 squares", picture, size: "10,6", saved };
}

test("newestFirst orders by the time kept and drops what is past the limit", () => {
  const maps = [{ id: 1, saved: 10 }, { id: 2, saved: 30 }, { id: 3, saved: 20 }, { id: 4, saved: 30 }];
  assert.deepEqual(newestFirst(maps, 3), { kept: [{ id: 4, saved: 30 }, { id: 2, saved: 30 }, { id: 3, saved: 20 }], dropped: [1] });
  assert.deepEqual(newestFirst(maps).dropped, []);
});

test("entryWords names the file, its size and the day it was kept", () => {
  const entry = { id: 1, name: "room.dd2vtt", size: "10,6", saved: Date.UTC(2026, 11, 3, 12), pictured: true };
  assert.equal(entryWords(entry, "en-GB"), "room.dd2vtt, 10 x 6 squares, kept 3 Dec 2026");
  assert.equal(entryWords({ ...entry, pictured: false }, "en-GB"), "room.dd2vtt, 10 x 6 squares (no picture), kept 3 Dec 2026");
});

test("a kept map comes back whole, picture included, and is forgotten on request", async () => {
  const shelf = new MapShelf(new IDBFactory());
  assert.deepEqual(await shelf.list(), []);
  const picture = new Blob([new Uint8Array([137, 80, 78, 71])], { type: "image/png" });
  const id = await shelf.keep(map("room.dd2vtt", 1000, picture));
  const [entry] = await shelf.list();
  assert.deepEqual(entry, { id, name: "room.dd2vtt", size: "10,6", saved: 1000, pictured: true });
  const back = await shelf.get(id);
  assert.ok(back?.picture);
  assert.deepEqual(new Uint8Array(await back.picture.arrayBuffer()), new Uint8Array([137, 80, 78, 71]));
  assert.deepEqual(back.values, { "map.grid": "square", "map.cols": 10 });
  await shelf.forget(id);
  assert.deepEqual(await shelf.list(), []);
  assert.equal(await shelf.get(id), null);
});

test("the same name replaces the map kept, and past the limit the oldest goes", async () => {
  const shelf = new MapShelf(new IDBFactory());
  await shelf.keep(map("room.dd2vtt", 1));
  await shelf.keep(map("room.dd2vtt", 2));
  assert.deepEqual((await shelf.list()).map((e) => [e.name, e.saved]), [["room.dd2vtt", 2]]);
  for (let i = 0; i < MAX_KEPT; i++) await shelf.keep(map(`map ${i}.dd2vtt`, 10 + i));
  const names = (await shelf.list()).map((e) => e.name);
  assert.equal(names.length, MAX_KEPT);
  assert.equal(names[0], `map ${MAX_KEPT - 1}.dd2vtt`);
  assert.ok(!names.includes("room.dd2vtt")); // the oldest, kept first
});

test("a browser without storage rejects with a reason, every time it is asked", async () => {
  const shelf = new MapShelf(undefined);
  await assert.rejects(shelf.list(), /keeps no data/);
  await assert.rejects(shelf.keep(map("room.dd2vtt", 1)), /keeps no data/);
  const refusing = /** @type {IDBFactory} */ (/** @type {unknown} */ ({
    open() { throw new DOMException("The operation is insecure.", "SecurityError"); },
  }));
  await assert.rejects(new MapShelf(refusing).list(), /insecure/);
});

/**
 * @param {string} walls
 * @param {boolean} open
 */
function lined(walls, open) {
  return { "map.grid": "square", "map.cols": 10, "map.rows": 6, "map.walls": walls,
    "map.doors": JSON.stringify([{ points: [[5, 2], [5, 3]], open }]) };
}

test("a kept map is found again by its walls and doors, a door opened or not", async () => {
  const walls = JSON.stringify([{ points: [[0, 0], [10, 0]], kind: "wall" }]);
  const other = JSON.stringify([{ points: [[0, 0], [0, 6]], kind: "wall" }]);
  // the door's place tells maps apart, its being open does not: the players open and close it
  assert.equal(linesKey(lined(walls, false)), linesKey(lined(walls, true)));
  assert.notEqual(linesKey(lined(walls, false)), linesKey(lined(other, false)));
  assert.equal(linesKey({ "map.grid": "square", "map.walls": "[]", "map.doors": "" }), "");
  const shelf = new MapShelf(new IDBFactory());
  await shelf.keep({ ...map("room.dd2vtt", 1), values: lined(walls, false) });
  await shelf.keep({ ...map("cave.dd2vtt", 2), values: lined(other, false) });
  assert.equal((await shelf.match(lined(walls, true)))?.name, "room.dd2vtt");
  assert.equal((await shelf.match(lined(other, false)))?.name, "cave.dd2vtt");
  assert.equal(await shelf.match(lined(JSON.stringify([]), false)), null); // a door alone, kept nowhere
});
