// @ts-check
// A board's input: a click or a tap places or cycles a piece, the arrow keys move between hexes, Enter or
// Space cycles, a digit places that kind of piece and Delete, Backspace or 0 clears the hex. On a square map a
// click, a tap, Enter or Space on a door opens or closes it.

import { afterPaint } from "../utilities/common.js";
import { keyOf } from "./access.js";

/** @typedef {import("./board.js").HexBoard} HexBoard */

/** @type {Record<string, [number, number]>} */
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

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

// Listen on the board's drawing until `signal` is aborted.
/**
 * @param {HexBoard} board
 * @param {AbortSignal} signal
 */
export function listen(board, signal) {
  const box = board.box;
  /** @type {Press} */
  const press = { key: null, pressed: null, placed: false };
  box.addEventListener("click", (event) => clicked(board, press, event), { signal });
  box.addEventListener("pointerdown", (event) => {
    const g = hexOf(event);
    press.key = g && event.isPrimary ? keyOf(g) : null;
    press.pressed = g;
    press.placed = false;
  }, { signal });
  box.addEventListener("pointerup", (event) => released(board, press, event), { signal });
  box.addEventListener("pointercancel", () => { press.key = null; }, { signal });
  // A pressed hex is not focused by the browser there and then (that lays out the whole drawing before
  // the tap shows): a click focuses it once the piece is on screen.
  box.addEventListener("mousedown", (event) => {
    if (hexOf(event)) event.preventDefault();
  }, { signal });
  box.addEventListener("keydown", (event) => keyed(board, event), { signal });
  box.addEventListener("focusin", (event) => {
    const g = hexOf(event);
    if (g) board.access.rove(g);
  }, { signal });
}

// A press in progress on a board: the hex pressed (its key and element), and whether its release placed the
// piece. When the engine's new drawing replaces the pressed hex before the finger or button is lifted (an answer
// landing mid-tap), browsers send no click (Chromium) or one to what the two drawings share (Firefox): the
// release then places the piece on the hex now under it, if it is the one pressed, and the click, if one comes,
// is let go.
/** @typedef {{ key: string | null, pressed: SVGElement | null, placed: boolean }} Press */

/**
 * @param {HexBoard} board
 * @param {Press} press
 * @param {PointerEvent} event
 */
function released(board, press, event) {
  const key = press.key;
  press.key = null;
  if (key === null || !event.isPrimary || press.pressed?.isConnected) return;
  const under = document.elementFromPoint(event.clientX, event.clientY);
  const g = under && board.box.contains(under) ? /** @type {SVGElement | null} */ (under.closest("g.hex")) : null;
  if (!g || keyOf(g) !== key) return;
  press.placed = true;
  board.access.focusKey = key;
  board.place(g);
  afterPaint(() => board.access.focusStop());
}

/**
 * @param {HexBoard} board
 * @param {Press} press
 * @param {MouseEvent} event
 */
function clicked(board, press, event) {
  if (press.placed) {
    press.placed = false; // the release placed it already (see `released`)
    return;
  }
  const door = doorOf(event);
  if (door) {
    board.toggleDoor(Number(door.dataset.door));
    return;
  }
  const g = hexOf(event);
  if (!g) return;
  board.access.focusKey = keyOf(g);
  board.place(g);
  // The tab stop and focus (for the keys after a click) move once the piece is on screen: both restyle
  // hexes of the drawing, and focusing lays it out.
  afterPaint(() => board.access.focusStop());
}

/**
 * @param {HexBoard} board
 * @param {KeyboardEvent} event
 */
function keyed(board, event) {
  const door = doorOf(event);
  if (door && (event.key === "Enter" || event.key === " ")) {
    board.toggleDoor(Number(door.dataset.door));
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
    board.place(g);
  } else if (event.key === "Delete" || event.key === "Backspace" || event.key === "0") {
    board.place(g, -1);
  } else if (/^[1-9]$/.test(event.key) && Number(event.key) <= board.spec.slots.length) {
    board.place(g, Number(event.key) - 1);
  } else {
    return;
  }
  event.preventDefault();
}
