// @ts-check
// A board for keyboards and screen readers: one hex in the tab order at a time (a roving tabindex, kept on the
// same hex across the engine's redraws, with the focus when it had it), and the words a tap is announced with.

/** @param {Element} g */
export function keyOf(g) {
  return /** @type {SVGElement} */ (g).dataset.hex ?? "";
}

export class BoardAccess {
  /**
   * @param {Element} box the element holding the board's drawing
   * @param {Element | null} announcer the live region a tap is announced in
   * @param {(key: string) => SVGElement | null} cell the hex element keyed `key`, while it is in the drawing
   */
  constructor(box, announcer, cell) {
    this.box = box;
    this.announcer = announcer;
    this.cell = cell;
    /** @type {string | null} the hex that holds the tab stop */
    this.focusKey = null;
    /** @type {Element | null} its element, while it is in the drawing */
    this.tabStop = null;
  }

  // Give hex element `g` the tab stop.
  /** @param {Element} g */
  rove(g) {
    this.focusKey = keyOf(g);
    // the hex that held it (known, unless a whole new drawing came since: then found in it)
    const holders = this.tabStop?.isConnected ? [this.tabStop] : this.box.querySelectorAll('g.hex[tabindex="0"]');
    for (const other of holders) if (other !== g) other.setAttribute("tabindex", "-1");
    if (g.getAttribute("tabindex") !== "0") g.setAttribute("tabindex", "0");
    this.tabStop = g;
  }

  // The hex that holds the tab stop, after a tap: it takes the focus too (once the piece is on screen).
  focusStop() {
    const now = this.focusKey ? this.cell(this.focusKey) : null;
    if (!now) return;
    this.rove(now);
    if (document.activeElement !== now) now.focus({ preventScroll: true });
  }

  // After the engine redraws the board, the same hex keeps the tab stop, and the focus if it had it.
  /** @param {boolean} hadFocus */
  redrawn(hadFocus) {
    const g = this.focusKey ? this.cell(this.focusKey) : null;
    if (!g) return;
    this.rove(g);
    if (hadFocus && document.activeElement !== g) g.focus({ preventScroll: true });
  }

  /** @param {string} message */
  say(message) {
    if (this.announcer) this.announcer.textContent = message;
  }
}
