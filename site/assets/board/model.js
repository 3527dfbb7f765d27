// @ts-check
// A hex board's model: what stands where, read from the board's fields (the scenario's hidden inputs) and
// written back to them, and what a tool, a drag or a key makes of it. Plain data and small functions: nothing here
// touches the page (board/board.js reads and writes the inputs, and draws).

import { nextName, parseList } from "../utilities/common.js";

/**
 * A kind of piece the board places (pycore.views.board_spec.Slot): one piece in a one-hex field (`single`), or a
 * record with `record`'s values in a list field.
 * @typedef {{ kind: string, label: string, symbol: string, path: string, single: boolean,
 *   record: Record<string, unknown> }} Slot
 */
/**
 * The board's spec, as the build wrote it (data-board).
 * @typedef {{ slots: Slot[], defaults?: Record<string, unknown>,
 *   editors?: Record<string, { key: string, label: string, kind: string }[]> }} BoardSpec
 */
/** @typedef {{ slot: number, record: Record<string, unknown> }} Piece */
/** @typedef {Map<string, Piece>} Pieces hex key ("q,r") -> the piece there */
/** @typedef {{ path: string, single: boolean }} Field */
/**
 * A tap's outcome: the pieces after it, the hexes whose piece changed, and the slot now on the hex (-1: none).
 * @typedef {{ pieces: Pieces, changed: string[], next: number }} Move
 */

// A one-piece field's text ("4, 2") as a hex key ("4,2"), or null.
/** @param {string | null | undefined} text */
export function parseHex(text) {
  const m = /^\s*(-?\d+)\s*,\s*(-?\d+)\s*$/.exec(text || "");
  return m ? `${Number(m[1])},${Number(m[2])}` : null;
}

// The board's fields: each slot's path once, and whether it holds one piece (a hex) or a list of records.
/**
 * @param {BoardSpec} spec
 * @returns {Field[]}
 */
export function fieldsOf(spec) {
  const single = new Set(spec.slots.filter((s) => s.single).map((s) => s.path));
  return [...new Set(spec.slots.map((s) => s.path))].map((path) => ({ path, single: single.has(path) }));
}

// Where the piece of slot `index` stands in `pieces`, or null.
/**
 * @param {Pieces} pieces
 * @param {number} index
 */
export function keyOfSlot(pieces, index) {
  for (const [key, piece] of pieces) if (piece.slot === index) return key;
  return null;
}

/**
 * @param {Record<string, unknown>} record
 * @param {Slot} slot
 */
function matches(record, slot) {
  return Object.entries(slot.record).every(([k, v]) => record[k] === v);
}

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// What stands where, from the fields' texts (`text(path)`): a one-piece field's hex, and each list record with
// a hex whose values match a slot; the first piece on a hex wins.
/**
 * @param {BoardSpec} spec
 * @param {(path: string) => string} text
 * @returns {Pieces}
 */
export function readPieces(spec, text) {
  /** @type {Pieces} */
  const pieces = new Map();
  spec.slots.forEach((slot, index) => {
    if (!slot.single) return;
    const key = parseHex(text(slot.path));
    if (key) pieces.set(key, { slot: index, record: {} });
  });
  for (const { path, single } of fieldsOf(spec)) {
    if (single) continue;
    for (const record of parseList(text(path))) {
      if (!isRecord(record) || !Array.isArray(record.hex) || record.hex.length !== 2) continue;
      const index = spec.slots.findIndex((s) => s.path === path && matches(record, s));
      const key = `${record.hex[0]},${record.hex[1]}`;
      if (index >= 0 && !pieces.has(key)) pieces.set(key, { slot: index, record });
    }
  }
  return pieces;
}

// A one-piece field's text for `pieces`: the hex of slot `index` ("4, 2"), or "" when it is not placed.
/**
 * @param {Pieces} pieces
 * @param {number} index
 */
export function singleText(pieces, index) {
  const key = keyOfSlot(pieces, index);
  return key !== null ? key.replace(",", ", ") : "";
}

// The lists of the list fields in `paths`, as `pieces` has them: each record the spec's defaults, the piece's
// own values and its slot's, and its hex.
/**
 * @param {BoardSpec} spec
 * @param {Pieces} pieces
 * @param {Iterable<string>} paths
 * @returns {Map<string, Record<string, unknown>[]>}
 */
export function listsOf(spec, pieces, paths) {
  /** @type {Map<string, Record<string, unknown>[]>} */
  const lists = new Map([...paths].map((path) => [path, []]));
  for (const [key, piece] of pieces) {
    const slot = spec.slots[piece.slot];
    const list = lists.get(slot.path);
    if (!list) continue;
    const [q, r] = key.split(",").map(Number);
    list.push({ ...spec.defaults, ...piece.record, ...slot.record, hex: [q, r] });
  }
  return lists;
}

// A new record for `slot`: a name ("Creature 3") when the records have names, nothing else.
/**
 * @param {BoardSpec} spec
 * @param {Slot} slot
 * @param {Pieces} pieces
 * @returns {Record<string, unknown>}
 */
export function freshRecord(spec, slot, pieces) {
  const editors = (spec.editors || {})[slot.path] || [];
  if (!editors.some((e) => e.key === "name")) return {};
  return { name: nextName(slot.label, [...pieces.values()].map((p) => p.record?.name)) };
}

// What placing slot `to` (-1: clearing) on hex `key` makes of `pieces` (changed in place): the slot now there and
// the hexes whose piece changes (a one-of-a-kind piece moves from where it stood), or null when nothing changes.
// Only an explicit choice places a piece (a tool, a digit key): a plain tap never does.
/**
 * @param {BoardSpec} spec
 * @param {string} key
 * @param {Pieces} pieces
 * @param {number} to
 * @returns {Move | null}
 */
export function plan(spec, key, pieces, to) {
  const current = pieces.get(key);
  const next = to >= 0 && to < spec.slots.length ? to : -1;
  if (current && current.slot === next) return null;
  if (!current && next === -1) return null;
  const changed = [key]; // the hexes whose piece changes: this one, and where a one-of-a-kind piece moves from
  pieces.delete(key);
  if (next >= 0) {
    const slot = spec.slots[next];
    const from = slot.single ? keyOfSlot(pieces, next) : null;
    if (from !== null) {
      pieces.delete(from);
      changed.push(from);
    }
    const keep = current && spec.slots[current.slot].path === slot.path ? current.record : freshRecord(spec, slot, pieces);
    pieces.set(key, { slot: next, record: keep });
  }
  return { pieces, changed, next };
}

// What moving the piece on hex `from` to hex `to` makes of `pieces` (changed in place): the piece, with its record,
// stands on `to` and nothing else changes. Null when `from` holds no piece, or `to` is `from` or holds a piece.
/**
 * @param {Pieces} pieces
 * @param {string} from
 * @param {string} to
 * @returns {Move | null}
 */
export function moved(pieces, from, to) {
  const piece = pieces.get(from);
  if (!piece || from === to || pieces.has(to)) return null;
  pieces.delete(from);
  pieces.set(to, piece);
  return { pieces, changed: [from, to], next: piece.slot };
}

// What stands on hex `key`, in words for its cell, and the engine's words for the regions covering it, as they are
// ("Square 4, 2: Target."; "Hex 4, 2: empty, in fog.").
/**
 * @param {BoardSpec} spec
 * @param {string} key
 * @param {Pieces} pieces
 * @param {string} [noun] "hex" or "square"
 * @param {string} [within] the cell's `data-within` ("in fog, in dim light"; "" for none)
 */
export function cellWords(spec, key, pieces, noun = "hex", within = "") {
  const piece = pieces.get(key);
  const name = typeof piece?.record?.name === "string" && piece.record.name ? ` (${piece.record.name})` : "";
  const what = piece ? `${spec.slots[piece.slot].label}${name}` : "empty";
  return `${cellName(key, noun)}: ${what}${within ? `, ${within}` : ""}.`;
}

// A cell named as the board's map calls it: "Hex 4, 2" or "Square 4, 2".
/**
 * @param {string} key
 * @param {string} noun "hex" or "square"
 */
function cellName(key, noun) {
  return `${noun === "square" ? "Square" : "Hex"} ${key.replace(",", ", ")}`;
}

// The board's fields and a square map's doors as their texts, before a change: what Undo puts back.
/** @typedef {Map<string, string>} Snapshot */

// The last `limit` snapshots, with `shot` pushed unless it is the same as the last.
/**
 * @param {Snapshot[]} history
 * @param {Snapshot} shot
 * @param {number} [limit]
 */
export function remember(history, shot, limit = 50) {
  const last = history[history.length - 1];
  if (last && last.size === shot.size && [...shot].every(([path, text]) => last.get(path) === text)) return history;
  return [...history, shot].slice(-limit);
}

// What a tap says to a screen reader: "Hex 4, 2: Attacker placed." (or "moved here." for a piece moved), or
// "Square 4, 2: cleared." on a square map.
/**
 * @param {BoardSpec} spec
 * @param {string} key
 * @param {number} next
 * @param {string} [noun] "hex" or "square"
 * @param {string} [verb] what happened to the piece: "placed" or "moved here"
 */
export function placedMessage(spec, key, next, noun = "hex", verb = "placed") {
  const where = cellName(key, noun);
  return next >= 0 ? `${where}: ${spec.slots[next].label} ${verb}.` : `${where}: cleared.`;
}

// A square map's doors (the `map.doors` list's text) with door `index` opened or closed, and the words for it; null
// when there is no such door (the list changed meanwhile). The other doors keep their text as it was.
/**
 * @param {string} text
 * @param {number} index
 * @returns {{ text: string, message: string } | null}
 */
export function toggledDoor(text, index) {
  const doors = parseList(text);
  const door = doors[index];
  if (!Number.isInteger(index) || index < 0 || !door || typeof door !== "object" || Array.isArray(door)) return null;
  const open = /** @type {Record<string, unknown>} */ (door).open !== true;
  doors[index] = { ...door, open };
  return { text: JSON.stringify(doors), message: `Door ${index + 1} ${open ? "opened" : "closed"}.` };
}
