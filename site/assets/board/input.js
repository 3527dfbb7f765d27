// @ts-check
// A board's input, as on a tabletop: a tap (or a click) selects a cell and shows what is there; a piece moves by
// dragging it, or by tapping it and then its new cell; with the Region tool on a square map a drag draws a
// rectangle (one finger draws then, it does not pan: board/zones.js says so with `data-drag-draws`); placing or
// clearing is the tool row's choice (board/board.js), never a plain tap's. The arrow keys move between cells, Enter
// or Space acts as a tap, a digit places that kind of piece, Delete, Backspace or 0 clears the cell, Escape puts a
// picked-up piece back and Ctrl+Z undoes. On a square map a tap, Enter or Space on a door opens or closes it.

import { afterPaint } from "../utilities/common.js";
import { keyOf } from "./access.js";

const MOVE = -2; // board/board.js's MOVE tool (not imported: board/board.js imports this module)

/** @typedef {import("./board.js").Board} Board */

/** @type {Record<string, [number, number]>} */
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
const SLOP = 10; // CSS pixels a press may wander and still be a tap; further, from a piece, it is a drag

// The hex element an event is on, or null.
/** @param {Event} event */
function hexOf(event) {
  return event.target instanceof Element ? /** @type {SVGElement | null} */ (event.target.closest("g.hex")) : null;
}

// The door element (a square map's `[data-door]`) an event is on, or null.
/** @param {Event} event */
function doorOf(event) {
  return event.target instanceof Element ? /** @type {SVGElement | null} */ (event.target.closest("[data-door]")) : null;
}

// The cell under a point of the screen, on `board`, or null. The drawing may have been replaced since the press
// (the engine's answer landing mid-tap), so the point says, not the press's element.
/**
 * @param {Board} board
 * @param {number} x
 * @param {number} y
 */
function cellAt(board, x, y) {
  const under = document.elementFromPoint(x, y);
  return under && board.box.contains(under) ? /** @type {SVGElement | null} */ (under.closest("g.hex")) : null;
}

// A press in progress: where it began, the cell (its key) and door it began on, whether that cell held a piece the
// move tool can drag, whether it draws a region's rectangle (the Region tool on a square map), and whether it has
// become a drag.
/**
 * @typedef {{ id: number, x: number, y: number, key: string | null, door: string | null, piece: boolean,
 *   region: boolean, dragging: boolean, over: string | null }} Press
 */

// Listen on the board's drawing until `signal` is aborted.
/**
 * @param {Board} board
 * @param {AbortSignal} signal
 */
export function listen(board, signal) {
  const box = board.box;
  /** @type {{ now: Press | null }} */
  const press = { now: null };
  box.addEventListener("pointerdown", (event) => pressed(board, press, event), { signal });
  box.addEventListener("pointermove", (event) => dragged(board, press, event), { signal });
  box.addEventListener("pointerup", (event) => released(board, press, event), { signal });
  box.addEventListener("pointercancel", () => { ended(board, press); }, { signal });
  // One finger on a piece drags the piece, not the view (which one finger pans everywhere else).
  box.addEventListener("touchstart", (event) => {
    if (event.touches.length === 1 && board.tool === MOVE && hexOf(event)?.dataset.piece) event.preventDefault();
  }, { passive: false, signal });
  // A pressed hex is not focused by the browser there and then (that lays out the whole drawing before
  // the tap shows): the tap focuses it once it is on screen.
  box.addEventListener("mousedown", (event) => {
    if (hexOf(event)) event.preventDefault();
  }, { signal });
  box.addEventListener("keydown", (event) => keyed(board, event), { signal });
  box.addEventListener("focusin", (event) => {
    const g = hexOf(event);
    if (g) board.access.rove(g);
  }, { signal });
}

/**
 * @param {Board} board
 * @param {{ now: Press | null }} press
 * @param {PointerEvent} event
 */
function pressed(board, press, event) {
  if (!event.isPrimary || event.button > 0) return;
  const g = hexOf(event);
  const door = doorOf(event);
  const piece = Boolean(g?.dataset.piece) && board.tool === MOVE && !door;
  const region = Boolean(g) && board.zones.drags;
  press.now = { id: event.pointerId, x: event.clientX, y: event.clientY, key: g ? keyOf(g) : null,
    door: door?.dataset.door ?? null, piece, region, dragging: false, over: null };
  if (piece || region) board.box.setPointerCapture?.(event.pointerId); // the drag's moves come here, over any cell
}

/**
 * @param {Board} board
 * @param {{ now: Press | null }} press
 * @param {PointerEvent} event
 */
function dragged(board, press, event) {
  const now = press.now;
  if (!now || now.id !== event.pointerId || !(now.piece || now.region)) return;
  if (!now.dragging && Math.hypot(event.clientX - now.x, event.clientY - now.y) < SLOP) return;
  now.dragging = true;
  if (now.region) {
    if (now.key !== null) board.zones.stretch(now.key, event.clientX, event.clientY);
    return;
  }
  const g = cellAt(board, event.clientX, event.clientY);
  const over = g ? keyOf(g) : null;
  if (over === now.over) return;
  now.over = over;
  for (const old of board.box.querySelectorAll("g.hex[data-drop]")) old.removeAttribute("data-drop");
  if (g && over !== now.key) g.setAttribute("data-drop", "");
  if (now.key !== null) board.hold(now.key);
}

// A press over: a drag puts its piece down on the cell under the finger, or draws a region's rectangle to the square
// under it; a tap goes to the door or cell it began on.
/**
 * @param {Board} board
 * @param {{ now: Press | null }} press
 * @param {PointerEvent} event
 */
function released(board, press, event) {
  const now = press.now;
  if (!now || now.id !== event.pointerId) return;
  ended(board, press);
  if (now.region && now.dragging) {
    if (now.key !== null) board.zones.release(now.key, event.clientX, event.clientY);
    afterPaint(() => board.access.focusStop());
    return;
  }
  const g = cellAt(board, event.clientX, event.clientY);
  if (now.dragging) {
    if (g && now.key !== null && keyOf(g) !== now.key) board.drop(now.key, keyOf(g));
    else board.hold(null);
    afterPaint(() => board.access.focusStop());
    return;
  }
  if (Math.hypot(event.clientX - now.x, event.clientY - now.y) >= SLOP) return; // a pan of the view
  if (now.door !== null) {
    board.toggleDoor(Number(now.door));
    return;
  }
  if (!g || keyOf(g) !== now.key) return;
  board.tapped(g);
  // The tab stop and focus (for the keys after a tap) move once the tap is on screen: both restyle
  // cells of the drawing, and focusing lays it out.
  afterPaint(() => board.access.focusStop());
}

/**
 * @param {Board} board
 * @param {{ now: Press | null }} press
 */
function ended(board, press) {
  if (press.now?.dragging) for (const old of board.box.querySelectorAll("g.hex[data-drop]")) old.removeAttribute("data-drop");
  if (press.now?.region) board.zones.unstretch();
  press.now = null;
}

/**
 * @param {Board} board
 * @param {KeyboardEvent} event
 */
function keyed(board, event) {
  const door = doorOf(event);
  if (door && (event.key === "Enter" || event.key === " ")) {
    board.toggleDoor(Number(door.dataset.door));
    event.preventDefault();
    return;
  }
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z") {
    board.undo();
    event.preventDefault();
    return;
  }
  const g = hexOf(event);
  if (!g) return;
  const move = ARROWS[event.key];
  if (move) {
    const col = Number(g.dataset.col) + move[0];
    const row = Number(g.dataset.row) + move[1];
    const next = board.indexed().place.get(`${col},${row}`);
    if (next?.isConnected) {
      board.access.rove(next);
      next.focus();
    }
  } else if (event.key === "Enter" || event.key === " ") {
    board.tapped(g);
  } else if (event.key === "Escape" && board.held !== null) {
    board.hold(null);
    board.access.say("Put back.");
  } else if (event.key === "Delete" || event.key === "Backspace" || event.key === "0") {
    board.place(g, -1);
  } else if (/^[1-9]$/.test(event.key) && Number(event.key) <= board.spec.slots.length) {
    board.place(g, Number(event.key) - 1);
  } else {
    return;
  }
  event.preventDefault();
}
