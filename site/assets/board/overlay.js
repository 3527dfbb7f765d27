// @ts-check
// The overlay's readout: focusing or hovering a shaded hex writes its numbers (its name, which the
// engine wrote with the drawing) in a line under the board, so they can be read without a screen
// reader and without a tooltip. Screen readers hear the same words as the hex's name on focus, so
// the line itself is hidden from them. When the engine redraws the board (a piece moved, the overlay
// changed), the line is written again from the same hex, or hidden if that hex is no longer shaded.
// Nothing here changes the board or the form.

// A board's readout line, found once per board: a search of the board runs through its whole drawing, and a
// pointer crossing the board asks for it at every hex (and each redraw once).
/** @type {WeakMap<Element, HTMLElement>} */
const lines = new WeakMap();
/** @param {Element} board */
function lineOf(board) {
  let line = lines.get(board);
  if (!line || !board.contains(line)) {
    line = /** @type {HTMLElement | null} */ (board.querySelector('[data-role="overlay-readout"]')) ?? undefined;
    if (line) lines.set(board, line);
  }
  return line ?? null;
}

/** @param {Element} hex */
function readout(hex) {
  const board = hex.closest("[data-board]");
  return board ? lineOf(board) : null;
}

// Only what differs is written: a pointer crossing the board passes over many hexes, and each write restyles.
/**
 * @param {HTMLElement} line
 * @param {SVGElement | null} hex
 */
function show(line, hex) {
  if (!hex || hex.dataset.heat === undefined) {
    if (line.hidden) return;
    line.hidden = true;
    line.textContent = "";
    return;
  }
  const text = hex.getAttribute("aria-label") ?? "";
  if (line.textContent !== text) line.textContent = text;
  if (line.dataset.hex !== hex.dataset.hex) line.dataset.hex = hex.dataset.hex ?? "";
  if (line.hidden) line.hidden = false;
}

/** @param {Element} board */
function refresh(board) {
  const line = lineOf(board);
  if (!line || line.hidden) return;
  show(line, /** @type {SVGElement | null} */ (board.querySelector(`g.hex[data-hex="${line.dataset.hex}"]`)));
}

for (const type of ["focusin", "pointerover"]) {
  document.addEventListener(type, (event) => {
    const hex = event.target instanceof Element ? /** @type {SVGElement | null} */ (event.target.closest("[data-board] g.hex")) : null;
    const line = hex && readout(hex);
    if (line) show(line, hex);
  });
}

/** @type {Map<Element, MutationObserver>} each board's drawing -> the observer of its redraws */
const watched = new Map();
// Watch the boards' drawings on the page; stop watching those of a page left in place.
function watch() {
  for (const [box, observer] of watched) {
    if (box.isConnected) continue;
    observer.disconnect();
    watched.delete(box);
  }
  for (const box of document.querySelectorAll('[data-board] [data-role="board"]')) {
    if (watched.has(box)) continue;
    const board = box.closest("[data-board]");
    if (!board) continue;
    const observer = new MutationObserver(() => refresh(board));
    observer.observe(box, { childList: true, subtree: true });
    watched.set(box, observer);
  }
}
watch();
// A calculator page opened in place (page/navigate.js) brings new boards.
document.addEventListener("calc:opened", watch);
