// @ts-check
// Interactive boards (hexes or squares) inside calculator forms: a tap selects, a drag or two taps move a piece,
// a tool places or clears one; the pieces live in the form's hidden fields (the scenario), and the engine redraws
// the board from them. Until the engine answers, the touched cell is marked here so every action shows at once;
// the engine's next drawing then replaces the mark.
// The board's parts, each a module: what stands where (board/model.js), its fields (board/fields.js), the
// engine's drawing (board/drawing.js), the marks (board/marks.js), its input (board/input.js), its zoom
// (board/zoom.js), the area, region and wall tools (board/zones.js), and its tab stop and announcements
// (board/access.js). `mountBoard(container)` sets it up; `destroy()` removes every listener and observer they
// added outside the board's own elements.

import { BoardZoom } from "./zoom.js";
import { BoardAccess, keyOf } from "./access.js";
import { listen } from "./input.js";
import { BoardMarks } from "./marks.js";
import { BoardZones } from "./zones.js";
import { BoardDrawing } from "./drawing.js";
import { BoardFields } from "./fields.js";
import { cellWords, fieldsOf, moved, placedMessage, plan, remember, toggledDoor } from "./model.js";
import { afterPaint, cellNoun, setBoard, whenIdle } from "../utilities/common.js";

/** @typedef {import("./model.js").BoardSpec} BoardSpec */
/** @typedef {import("./model.js").Pieces} Pieces */
/** @typedef {import("./model.js").Field} Field */
/**
 * The engine's patch of its last drawing: per changed hex [digest, hex markup, glyphs markup], the lines, title, desc,
 * and a square map's walls layer [digest, markup] when it changed (a door opened).
 * @typedef {{ frame: string, cells: Record<string, [string, string, string]>, segments: string, title: string,
 *   desc: string, walls?: [string, string] }} BoardPatch
 */
/**
 * The board's part of the engine's answer.
 * @typedef {{ board?: string, board_patch?: BoardPatch, board_frame?: string,
 *   board_marks?: Record<string, string>, board_legend?: string }} BoardReply
 */

/** The tool that moves pieces and selects cells (the others: a slot's index, or ERASE). */
export const MOVE = -2;
/** The tool that clears a cell. */
export const ERASE = -1;

/**
 * @param {ParentNode} root
 * @param {string} selector
 */
function need(root, selector) {
  const found = root.querySelector(selector);
  if (!(found instanceof HTMLElement)) throw new Error(`the board has no ${selector}`);
  return found;
}

export class Board {
  /** @param {HTMLElement} container a `[data-board]` element */
  constructor(container) {
    this.container = container;
    setBoard(container, this);
    // every listener the board's parts add goes with it (`destroy`)
    this.teardown = new AbortController();
    const signal = this.teardown.signal;
    /** @type {Set<string>} hexes marked here at once: the engine's next answer draws them again */
    this.dirty = new Set();
    /** @type {BoardSpec} */
    this.spec = JSON.parse(container.dataset.board || "{}");
    /** @type {Field[]} */
    this.fields = fieldsOf(this.spec);
    this.form = container.closest("form");
    this.box = need(container, '[data-role="board"]');
    this.values = new BoardFields(container, this.spec, this.fields);
    this.drawing = new BoardDrawing(this.box, container, () => this.values.changed());
    /** @type {HTMLElement} */
    this.view = container.querySelector('[data-role="board-view"]') || this.box;
    this.zoom = new BoardZoom(this.view, this.box, container.querySelector('[data-role="zoom"]'), signal);
    this.rehearsed = false; // whether a tap's steps and a mark have been run through once (see `warm`)
    this.access = new BoardAccess(this.box, container.querySelector('[data-role="board-announce"]'), (key) => this.cell(key));
    this.pending = new BoardMarks(this, signal);
    this.gone = false;
    /** @type {number} the tool a tap uses: MOVE (select, pick up and put down), ERASE, or a slot to place */
    this.tool = MOVE;
    /** @type {string | null} the cell whose piece is picked up (the next tap on an empty cell moves it there) */
    this.held = null;
    /** @type {import("./model.js").Snapshot[]} the fields before each change, for Undo */
    this.history = [];
    this.tools = container.querySelector('[data-role="board-tools"]');
    this.undoButton = /** @type {HTMLButtonElement | null} */ (container.querySelector('[data-role="board-undo"]'));
    this.showTools(signal);
    // the Area and Region tools (board/zones.js): they write the area's and the regions' hidden fields
    this.zones = new BoardZones(container, {
      input: (path) => this.input(path), say: (words) => this.access.say(words), remember: () => this.remember(),
      changed: () => this.values.changed(), tools: this.tools, svg: () => this.svg(),
      outline: (box) => this.drawing.outline(box),
    }, signal);
    listen(this, signal);
    this.followLists(signal);
    whenIdle(() => this.warm());
  }

  /** The tool bar: a tap on a tool chooses it, on Undo takes back the last change; shown once it works. @param {AbortSignal} signal */
  showTools(signal) {
    this.tools?.addEventListener("click", (event) => {
      const button = event.target instanceof Element ? event.target.closest("button") : null;
      if (!button) return;
      if (button === this.undoButton) this.undo();
      else if (button instanceof HTMLElement && button.dataset.tool !== undefined) this.setTool(Number(button.dataset.tool));
    }, { signal });
    if (this.tools instanceof HTMLElement) this.tools.hidden = false;
  }

  /** A list editor (calculator/lists.js) changed a list the board shows: mark the hexes it moved at once. @param {AbortSignal} signal */
  followLists(signal) {
    this.container.addEventListener("calc:records", (event) => {
      const detail = /** @type {CustomEvent} */ (event).detail;
      if (detail?.source === "list") this.paint(this.read(), detail.hexes || []);
    }, { signal });
  }

  // The board is gone (its page was left in place): every listener and observer it added is removed.
  destroy() {
    if (this.gone) return;
    this.gone = true;
    this.teardown.abort();
    this.pending.disconnect();
    this.zoom.disconnect();
    setBoard(this.container, null);
  }

  // Work done ahead of the next tap, when the page is idle after a whole drawing or a zoom: the hexes indexed,
  // the pieces read from the fields, and the canvas for the marks made and sized to the view.
  warm() {
    if (this.gone || !this.active) return; // a hidden board is warmed once shown (its zoom's sizing asks again)
    const first = this.indexed().key.keys().next().value;
    const pieces = this.read();
    if (first === undefined || !this.pending.overlay() || this.pending.shown.size) return;
    if (this.rehearsed || !this.view.clientWidth) {
      this.pending.draw();
      return;
    }
    // once, when the board is on screen: a tap's steps run on a copy, and a mark drawn and wiped in the same task
    // (never on screen), so the first tap finds them compiled and the canvas's pixels and font ready
    this.rehearsed = true;
    plan(this.spec, first, pieces, 0);
    const halo = this.spec.slots.findIndex((slot) => slot.kind === "partial" || slot.kind === "total");
    this.pending.shown.set(first, Math.max(0, halo));
    this.pending.draw();
    this.pending.shown.clear();
    this.pending.draw();
  }

  // Whether the board is in use (not inside the alternative that is not chosen).
  get active() {
    return !this.box.closest("fieldset[disabled]");
  }

  // The board part of a request: the whole drawing until the page holds one, then only what changed
  // (hexes marked here are sent with a digest that never matches, so they come back), and those hexes.
  request() {
    const dirty = [...this.dirty];
    const { frame, marks } = this.drawing;
    if (!frame) return { ask: /** @type {true | { frame: string, shown: Record<string, string> }} */ (true), dirty };
    const shown = { ...marks };
    for (const key of dirty) shown[key] = "-";
    return { ask: { frame, shown }, dirty };
  }

  // The engine's answer to `request()`: a whole drawing or the hexes that changed.
  /**
   * @param {BoardReply} reply
   * @param {string[]} dirty
   */
  apply(reply, dirty) {
    if (!reply.board && !reply.board_patch) return;
    const hadFocus = this.box.contains(document.activeElement);
    let redrawn;
    if (reply.board_patch) {
      redrawn = this.drawing.patch(reply.board_patch);
    } else {
      redrawn = this.drawing.draw(reply.board ?? "", dirty.length > 0);
      this.drawing.frame = reply.board_frame ?? null;
      this.drawing.marks = reply.board_marks ?? {};
      if (redrawn) {
        whenIdle(() => this.warm());
        this.zoom.update(); // a new drawing may be wider or narrower
      }
    }
    for (const key of dirty) this.dirty.delete(key);
    this.pending.unmark(this.dirty);
    // Hexes marked after this request was sent: the drawing predates them, so they are marked again
    // until the answer to the next request (already queued by the change) draws them.
    if (redrawn && this.dirty.size) this.paint(this.read(), [...this.dirty]);
    if (redrawn) this.access.redrawn(hadFocus);
    if (redrawn) this.showHeld();
    if (redrawn) this.zones?.showWalls(); // the map may be on squares now (a link restored, the grid switched)
    if (reply.board_legend !== undefined) this.drawing.legend(reply.board_legend);
  }

  // A square map's picture under its squares (null: none), shown while the board is the size it covers.
  /** @param {{ url: string, size: string } | null} picture */
  picture(picture) {
    this.drawing.picture(picture);
  }

  /** The cell element keyed `key` ("q,r"). @param {string} key */
  cell(key) {
    return this.drawing.cell(key);
  }

  /** The drawing's cell elements by key and by place. */
  indexed() {
    return this.drawing.indexed();
  }

  /** The board's <svg>. */
  svg() {
    return this.drawing.svg();
  }

  /** A field's hidden input. @param {string} path */
  input(path) {
    return this.values.input(path);
  }

  /** What stands where, the taps not written yet included (a copy). */
  read() {
    return this.values.read();
  }

  /** @param {Pieces} pieces */
  write(pieces) {
    this.values.write(pieces);
  }

  // The lists the taps set written, and the list editors and the form told (whoever reads the form first calls it).
  flush() {
    this.values.flush();
  }

  // A door of the square map opened or closed (`index` in `map.doors`): its list written and the form told, which
  // asks the engine for the new answer and drawing.
  /** @param {number} index */
  toggleDoor(index) {
    const input = this.input("map.doors");
    const toggled = input ? toggledDoor(input.value, index) : null;
    if (!input || !toggled) return;
    this.remember();
    input.value = toggled.text;
    this.access.say(toggled.message);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  // Place a piece of slot `to` on hex element `g` (-1: clear it).
  /**
   * @param {Element} g
   * @param {number} to
   */
  place(g, to) {
    const key = keyOf(g);
    const pieces = this.read();
    const move = plan(this.spec, key, pieces, to);
    if (!move) return;
    this.remember();
    if (this.held !== null && move.changed.includes(this.held)) this.hold(null);
    this.write(move.pieces);
    this.paint(move.pieces, move.changed);
    const message = placedMessage(this.spec, key, move.next, cellNoun(this.form));
    afterPaint(() => this.access.say(message)); // words for screen readers: after the frame that shows the piece
  }

  // The tool a tap uses from now on (MOVE, ERASE or a slot), shown pressed in the tool row and said.
  /** @param {number} tool */
  setTool(tool) {
    this.tool = Number.isInteger(tool) && tool >= ERASE && tool < this.spec.slots.length ? tool : MOVE;
    this.zones?.choose("");
    for (const button of this.tools?.querySelectorAll("button[data-tool]") ?? []) {
      button.setAttribute("aria-pressed", String(Number(/** @type {HTMLElement} */ (button).dataset.tool) === this.tool));
    }
    this.container.dataset.tool = this.tool === MOVE ? "move" : this.tool === ERASE ? "erase" : this.spec.slots[this.tool].kind;
    const noun = cellNoun(this.form);
    this.access.say(this.tool === MOVE ? `Move: tap a piece, then its new ${noun}, or drag it.`
      : this.tool === ERASE ? `Erase: tap a ${noun} to clear it.`
        : `${this.spec.slots[this.tool].label}: tap a ${noun} to place one.`);
  }

  // A tap (or Enter) on cell `g`: with MOVE, a piece is picked up, a picked-up piece put down on an empty cell, and
  // any other cell only selected (its numbers shown); with another tool, that tool is used on the cell. While a list
  // editor places one of its items (calculator/lists.js), the tap is the list's.
  /** @param {Element} g */
  tapped(g) {
    if (this.container.dataset.placing !== undefined) return;
    const key = keyOf(g);
    this.access.focusKey = key;
    if (this.zones?.tapped(key)) return;
    if (this.tool !== MOVE) {
      this.place(g, this.tool);
      if (this.tool >= 0 && this.spec.slots[this.tool].single) this.setTool(MOVE); // one of a kind: placed, done
      return;
    }
    const pieces = this.read();
    const words = cellWords(this.spec, key, pieces, cellNoun(this.form), this.cell(key)?.dataset.within);
    if (this.held !== null && this.held !== key && !pieces.has(key)) {
      this.drop(this.held, key);
    } else if (this.held === key) {
      this.hold(null);
      this.access.say(`${words} Put back.`);
    } else if (pieces.has(key)) {
      this.hold(key);
      this.access.say(`${words} Picked up: tap its new ${cellNoun(this.form)}, or drag it there.`);
    } else {
      this.hold(null);
      this.access.say(words);
    }
  }

  // The piece on cell `from` moved to the empty cell `to` (a drag, or two taps): nothing else changes.
  /**
   * @param {string} from
   * @param {string} to
   */
  drop(from, to) {
    const move = moved(this.read(), from, to);
    if (!move) {
      this.hold(null);
      return;
    }
    this.remember();
    this.access.focusKey = to;
    this.write(move.pieces);
    // the marks first: they read the page's layout, which the held cell's restyle would make stale
    this.paint(move.pieces, move.changed);
    this.hold(null);
    const message = placedMessage(this.spec, to, move.next, cellNoun(this.form), "moved here");
    afterPaint(() => this.access.say(message));
  }

  // The cell whose piece is picked up (null: none), marked on the board.
  /** @param {string | null} key */
  hold(key) {
    this.held = key;
    this.showHeld();
  }

  // The picked-up piece's cell marked (`data-held`) again: the engine's drawings do not know of it.
  showHeld() {
    for (const g of this.box.querySelectorAll("g.hex[data-held]")) {
      if (keyOf(g) !== this.held) g.removeAttribute("data-held");
    }
    const g = this.held !== null ? this.cell(this.held) : null;
    if (g && !g.hasAttribute("data-held")) g.setAttribute("data-held", "");
    this.container.toggleAttribute("data-holding", Boolean(g));
  }

  // Keep the fields as they are now, before a change: Undo puts them back.
  remember() {
    this.history = remember(this.history, this.values.snapshot());
    if (this.undoButton) this.undoButton.disabled = false;
  }

  // Undo the last change made on the board (a piece placed, moved or cleared, a door opened or closed).
  undo() {
    const shot = this.history.pop();
    if (this.undoButton) this.undoButton.disabled = this.history.length === 0;
    if (!shot) return;
    const before = this.read();
    this.hold(null);
    const tellLists = this.values.restore(shot);
    const after = this.read();
    const keys = new Set([...before.keys(), ...after.keys()]);
    const changed = [...keys].filter((key) => before.get(key)?.slot !== after.get(key)?.slot ||
      before.get(key)?.record !== after.get(key)?.record && JSON.stringify(before.get(key)) !== JSON.stringify(after.get(key)));
    this.paint(after, changed);
    tellLists();
    this.access.say("Undone.");
    this.values.changed();
  }

  // Mark the hexes whose piece changed at once (the engine's drawing replaces this when it answers,
  // and draws those hexes again even if they end as they were): see board/marks.js.
  /**
   * @param {Pieces} pieces
   * @param {string[]} keys
   */
  paint(pieces, keys) {
    for (const key of keys) this.dirty.add(key);
    if (!this.pending.overlay()) return;
    /** @type {[SVGElement, string | null][]} */
    const cells = [];
    for (const key of keys) {
      const g = this.cell(key);
      if (!g) continue;
      const piece = pieces.get(key);
      this.pending.shown.set(key, piece ? piece.slot : -1);
      cells.push([g, piece ? this.spec.slots[piece.slot].kind : null]);
    }
    if (keys.length) this.pending.draw(); // (first: it reads where the drawing is, the page's layout as it stands)
    for (const [g, kind] of cells) {
      if (kind) g.dataset.piece = kind;
      else g.removeAttribute("data-piece");
    }
  }
}

// The board in `container` (a `[data-board]` element) set up; `destroy()` takes it down.
/** @param {HTMLElement} container */
export function mountBoard(container) {
  return new Board(container);
}
