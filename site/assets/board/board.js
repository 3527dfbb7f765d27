// @ts-check
// Interactive hex boards inside calculator forms, and the one place that writes a board's drawing.
// A click, a tap or a key places or cycles a piece; the pieces live in the form's hidden fields (the
// scenario), and the engine redraws the board from them. Until the engine answers, the touched hex is
// marked here so every action shows at once; the engine's next drawing then replaces the mark.
// The board's parts, each a module: what stands where (board/model.js), the marks (board/marks.js), its
// input (board/input.js), and its tab stop and announcements (board/access.js). `destroy()` removes every
// listener and observer they added outside the board's own elements.

import { BoardZoom } from "./zoom.js";
import { BoardAccess, keyOf } from "./access.js";
import { listen } from "./input.js";
import { BoardMarks } from "./marks.js";
import { BoardZones, ZONE_PATHS } from "./zones.js";
import { cellWords, fieldsOf, listsOf, moved, placedMessage, plan, readPieces, remember, singleText, toggledDoor }
  from "./model.js";
import { afterPaint, cellNoun, holdsMarkup, setBoard, whenIdle } from "../utilities/common.js";

/** @typedef {import("./model.js").BoardSpec} BoardSpec */
/** @typedef {import("./model.js").Pieces} Pieces */
/** @typedef {import("./model.js").Field} Field */
/**
 * The pieces as the hidden inputs hold them (read), with the taps not written yet (write).
 * @typedef {{ texts: Map<string, string>, pieces: Pieces, pending: Set<string>, changed: boolean }} Model
 */
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

const SVG_NS = "http://www.w3.org/2000/svg";
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
    // The drawing as the engine made it: its frame (the hexes, so the layout) and a digest per hex that
    // is not plain, sent back with each request so the engine answers with only the hexes that changed.
    /** @type {string | null} */
    this.frame = null;
    /** @type {Record<string, string>} */
    this.marks = {};
    /** @type {string | false | null} the engine's last whole drawing written (or found) here; false once patched */
    this.drawn = null;
    /** @type {Set<string>} hexes marked here at once: the engine's next answer draws them again */
    this.dirty = new Set();
    /** @type {BoardSpec} */
    this.spec = JSON.parse(container.dataset.board || "{}");
    /** @type {Field[]} */
    this.fields = fieldsOf(this.spec);
    this.form = container.closest("form");
    this.box = need(container, '[data-role="board"]');
    /** @type {Map<string, HTMLInputElement | null>} a field's path -> its hidden input (looked up once: the form is large) */
    this.inputs = new Map();
    /** @type {Model | null} */
    this.model = null;
    this.writing = false; // a flush is asked for once the frame is on screen
    /** @type {{ key: Map<string, SVGElement>, place: Map<string, SVGElement> } | null} the hex elements by key and by place */
    this.index = null;
    /** @type {HTMLElement} */
    this.view = container.querySelector('[data-role="board-view"]') || this.box;
    this.zoom = new BoardZoom(this.view, this.box, container.querySelector('[data-role="zoom"]'), signal);
    this.rehearsed = false; // whether a tap's steps and a mark have been run through once (see `warm`)
    /** @type {SVGSVGElement | null} the board's <svg>, while it is the one on the page */
    this.drawing = null;
    this.access = new BoardAccess(this.box, container.querySelector('[data-role="board-announce"]'), (key) => this.cell(key));
    this.pending = new BoardMarks(this, signal);
    this.gone = false;
    /** @type {{ url: string, size: string } | null} a square map's picture and the size ("cols,rows") it covers */
    this.pictured = null;
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
      changed: () => this.form?.dispatchEvent(new Event("input", { bubbles: true })), tools: this.tools,
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
    if (!this.frame) return { ask: /** @type {true | { frame: string, shown: Record<string, string> }} */ (true), dirty };
    const shown = { ...this.marks };
    for (const key of dirty) shown[key] = "-";
    return { ask: { frame: this.frame, shown }, dirty };
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
      redrawn = this.patch(reply.board_patch);
    } else {
      redrawn = this.draw(reply.board ?? "", dirty.length > 0);
      this.frame = reply.board_frame ?? null;
      this.marks = reply.board_marks ?? {};
    }
    for (const key of dirty) this.dirty.delete(key);
    this.pending.unmark(this.dirty);
    // Hexes marked after this request was sent: the drawing predates them, so they are marked again
    // until the answer to the next request (already queued by the change) draws them.
    if (redrawn && this.dirty.size) this.paint(this.read(), [...this.dirty]);
    if (redrawn) this.access.redrawn(hadFocus);
    if (redrawn) this.showHeld();
    if (redrawn) this.zones?.showWalls(); // the map may be on squares now (a link restored, the grid switched)
    if (reply.board_legend !== undefined) this.legend(reply.board_legend);
  }

  // The engine's key for its drawing, written in place of the one shown when it differs (a square map's walls,
  // doors and lights join it).
  /** @param {string} html */
  legend(html) {
    const shown = this.container.querySelector(":scope > .hexboard-legend");
    if (!shown || shown.outerHTML === html) return;
    const template = document.createElement("template");
    template.innerHTML = html;
    const made = template.content.firstElementChild;
    if (made?.matches(".hexboard-legend")) shown.replaceWith(made);
  }

  // A square map's picture under its squares (null: none), shown while the board is the size it covers.
  /** @param {{ url: string, size: string } | null} picture */
  picture(picture) {
    this.pictured = picture;
    this.showPicture();
  }

  // The picture put in the drawing's empty slot for it (pycore.views.svg draws one on a sized square map), when the
  // slot is the picture's size; otherwise the slot stays empty. The board says whether it shows one
  // (`data-picture`), so its squares let the picture through.
  showPicture() {
    const slot = this.box.querySelector(":scope > svg > image.hexboard-picture");
    const on = Boolean(slot && this.pictured && /** @type {SVGElement} */ (slot).dataset.size === this.pictured.size);
    if (slot && on && this.pictured) {
      if (slot.getAttribute("href") !== this.pictured.url) slot.setAttribute("href", this.pictured.url);
    } else {
      slot?.removeAttribute("href");
    }
    this.container.toggleAttribute("data-picture", on);
  }

  // A whole drawing, written only when it differs from what the board shows (`force`: hexes were
  // marked here, so it is written whatever it showed). Returns whether the board was rewritten.
  /**
   * @param {string} html
   * @param {boolean} force
   */
  draw(html, force) {
    if (html === this.drawn && !force) return false;
    if (this.drawn === null && !force && holdsMarkup(this.box, html)) {
      this.drawn = html;
      return false;
    }
    this.box.innerHTML = html; // built by pycore.views.svg with every string escaped
    this.drawn = html;
    this.index = null;
    this.showPicture();
    whenIdle(() => this.warm());
    this.zoom.update(); // a new drawing may be wider or narrower
    return true;
  }

  // Apply the engine's changes to the drawing it made before: changed hexes, their glyphs, the lines,
  // title and description. The hex that holds the tab stop (and focus) keeps them.
  /** @param {BoardPatch} patch */
  patch(patch) {
    const svg = this.box.querySelector("svg");
    if (!svg || patch.frame !== this.frame) return false;
    const keys = Object.keys(patch.cells);
    const template = document.createElement("template");
    template.innerHTML = `<svg xmlns="${SVG_NS}"><g>${keys.map((k) => patch.cells[k][1]).join("")}</g>` +
      `<g>${keys.map((k) => patch.cells[k][2]).join("")}</g><g>${patch.segments}</g></svg>`; // built by pycore.views.svg, escaped
    const [cells, glyphs, lines] = /** @type {Element} */ (template.content.firstElementChild).children;
    const segments = document.createDocumentFragment();
    segments.append(...lines.children);
    const layer = svg.querySelector(".hexboard-glyphs");
    for (const fresh of [...cells.children]) {
      const key = keyOf(fresh);
      const old = this.cell(key);
      if (!old) return this.lost();
      // The hex element stays (focus and tab stop stay with it, no refocusing): it takes the new one's
      // attributes and content.
      const tabindex = old.getAttribute("tabindex");
      for (const name of old.getAttributeNames()) if (!fresh.hasAttribute(name)) old.removeAttribute(name);
      for (const name of fresh.getAttributeNames()) {
        const value = fresh.getAttribute(name) ?? "";
        if (old.getAttribute(name) !== value) old.setAttribute(name, value);
      }
      if (tabindex !== null) old.setAttribute("tabindex", tabindex);
      old.replaceChildren(...fresh.childNodes);
      if (layer) for (const glyph of layer.querySelectorAll(`[data-hex="${CSS.escape(key)}"]`)) glyph.remove();
      const [digest] = patch.cells[key];
      if (digest) this.marks[key] = digest;
      else delete this.marks[key];
    }
    if (layer) layer.append(...glyphs.children);
    if (patch.walls) this.patchWalls(svg, patch.walls);
    for (const line of svg.querySelectorAll(":scope > line.hexboard-segment")) line.remove();
    svg.insertBefore(segments, layer); // the lines go under the letters (a fragment of them: see below)
    const title = svg.querySelector(":scope > title");
    const desc = svg.querySelector(":scope > desc");
    if (title && title.textContent !== patch.title) title.textContent = patch.title;
    if (desc && desc.textContent !== patch.desc) desc.textContent = patch.desc;
    this.drawn = false; // no longer the engine's last whole drawing: the next one is written as it comes
    return true;
  }

  // A square map's walls layer drawn anew (under the glyphs, over the squares); a door that had focus keeps it.
  /**
   * @param {SVGSVGElement} svg
   * @param {[string, string]} walls the layer's digest and markup ("" for none)
   */
  patchWalls(svg, [digest, markup]) {
    const focused = document.activeElement instanceof Element ? document.activeElement.closest("[data-door]") : null;
    const door = focused && svg.contains(focused) ? /** @type {SVGElement} */ (focused).dataset.door : undefined;
    svg.querySelector(":scope > .hexboard-walls")?.remove();
    if (markup) {
      const template = document.createElement("template");
      template.innerHTML = `<svg xmlns="${SVG_NS}">${markup}</svg>`; // built by pycore.views.svg, escaped
      const layer = /** @type {Element} */ (template.content.firstElementChild).firstElementChild;
      const above = svg.querySelector(":scope > line.hexboard-segment") ?? svg.querySelector(":scope > .hexboard-glyphs");
      if (layer) svg.insertBefore(layer, above);
    }
    if (digest) this.marks.walls = digest;
    else delete this.marks.walls;
    if (door !== undefined) {
      /** @type {SVGElement | null} */ (svg.querySelector(`[data-door="${CSS.escape(door)}"]`))?.focus();
    }
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

  // The drawing's hex elements by key ("q,r") and by place ("col,row"): one query per drawing, not per hex.
  indexed() {
    if (!this.index) {
      this.index = { key: new Map(), place: new Map() };
      for (const g of this.box.querySelectorAll("g.hex")) {
        const hex = /** @type {SVGElement} */ (g);
        this.index.key.set(keyOf(hex), hex);
        this.index.place.set(`${hex.dataset.col},${hex.dataset.row}`, hex);
      }
    }
    return this.index;
  }

  // The hex element keyed `key` ("q,r").
  /** @param {string} key */
  cell(key) {
    const g = this.indexed().key.get(key);
    return g?.isConnected ? g : null;
  }

  // The board's <svg> (looked up again only after a whole new drawing).
  svg() {
    if (!this.drawing?.isConnected) this.drawing = this.box.querySelector(":scope > svg");
    return this.drawing;
  }

  // The board is not what the engine drew (should not happen): ask for a whole drawing.
  lost() {
    this.frame = null;
    this.marks = {};
    this.form?.dispatchEvent(new Event("input", { bubbles: true }));
    return false;
  }

  /** @param {string} path */
  input(path) {
    let input = this.inputs.get(path);
    if (!input?.isConnected) {
      input = this.container.querySelector(`input[type="hidden"][data-path="${CSS.escape(path)}"]`);
      this.inputs.set(path, input);
    }
    return input ?? null;
  }

  // What stands where (hex key -> its slot and record), from the hidden inputs: parsed again only when one of
  // them holds something else than what this board last read there or wrote. A copy: the caller may change it.
  /** @returns {Pieces} */
  read() {
    const values = this.fields.map(({ path }) => this.input(path)?.value ?? "");
    if (this.model && this.fields.every(({ path }, i) => values[i] === this.model?.texts.get(path))) {
      return new Map(this.model.pieces);
    }
    // (someone else set the fields: a tap here whose lists are not written yet is dropped, theirs stands)
    const pieces = readPieces(this.spec, (path) => this.input(path)?.value ?? "");
    // texts: each field's value as read (or as written since); pending: lists set by taps, not written yet
    this.model = { texts: new Map(this.fields.map(({ path }, i) => [path, values[i]])), pieces, pending: new Set(), changed: false };
    return new Map(pieces);
  }

  // Set the board's fields to `pieces` (a map from `read()`). The one-piece fields (a few characters) are written at
  // once; the lists (a big map's hundreds of records) are serialised and written, and the list editors (calc:records,
  // calculator/lists.js) and the form told, once the tap is on screen: that work (and the engine's answer, when it comes back
  // quickly) would otherwise delay the frame that shows it. Whoever reads the fields before then calls `flush()`.
  /** @param {Pieces} pieces */
  write(pieces) {
    const model = this.model;
    if (!model) return;
    this.spec.slots.forEach((slot, index) => {
      if (slot.single) {
        const input = this.input(slot.path);
        const text = singleText(pieces, index);
        if (input && input.value !== text) {
          input.value = text; // a hidden input's value is an attribute: unchanged, untouched
          model.texts.set(slot.path, text);
          model.changed = true;
        }
      } else if (this.input(slot.path)) {
        model.pending.add(slot.path);
      }
    });
    model.pieces = pieces;
    if (model.pending.size) model.changed = true;
    if (model.changed && !this.writing) {
      this.writing = true;
      afterPaint(() => this.flush());
    }
  }

  // Write the lists the taps set (see `write`), then tell the list editors whose list changed, and the form.
  flush() {
    this.writing = false;
    const model = this.model;
    if (!model?.changed) return;
    if (this.fields.some(({ path }) => (this.input(path)?.value ?? "") !== model.texts.get(path))) {
      this.model = null; // someone else set the fields since: theirs stands (and they told the form)
      return;
    }
    model.changed = false;
    const lists = listsOf(this.spec, model.pieces, model.pending);
    model.pending.clear();
    const told = [];
    for (const [path, list] of lists) {
      const input = this.input(path);
      const text = JSON.stringify(list);
      model.texts.set(path, text);
      if (!input || input.value === text) continue;
      input.value = text;
      told.push(input);
    }
    for (const input of told) {
      input.dispatchEvent(new CustomEvent("calc:records", { bubbles: true, detail: { source: "board" } }));
    }
    this.form?.dispatchEvent(new Event("input", { bubbles: true }));
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
    const message = placedMessage(this.spec, key, move.next);
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
    const words = cellWords(this.spec, key, pieces, cellNoun(this.form));
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
    this.hold(null);
    const move = moved(this.read(), from, to);
    if (!move) return;
    this.remember();
    this.access.focusKey = to;
    this.write(move.pieces);
    this.paint(move.pieces, move.changed);
    const message = `${placedMessage(this.spec, to, move.next).replace(" placed.", " moved here.")}`;
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

  // The board's fields (and a square map's doors) as they stand, the taps not written yet included.
  snapshot() {
    this.flush();
    const paths = [...this.fields.map(({ path }) => path), "map.doors", ...ZONE_PATHS];
    return new Map(paths.filter((path) => this.input(path)).map((path) => [path, this.input(path)?.value ?? ""]));
  }

  // Keep the fields as they are now, before a change: Undo puts them back.
  remember() {
    this.history = remember(this.history, this.snapshot());
    if (this.undoButton) this.undoButton.disabled = false;
  }

  // Undo the last change made on the board (a piece placed, moved or cleared, a door opened or closed).
  undo() {
    const shot = this.history.pop();
    if (this.undoButton) this.undoButton.disabled = this.history.length === 0;
    if (!shot) return;
    const before = this.read();
    this.flush();
    this.hold(null);
    /** @type {HTMLInputElement[]} */
    const lists = [];
    for (const [path, text] of shot) {
      const input = this.input(path);
      if (!input || input.value === text) continue;
      input.value = text;
      if (this.fields.some((f) => f.path === path && !f.single)) lists.push(input);
    }
    const after = this.read();
    const keys = new Set([...before.keys(), ...after.keys()]);
    const changed = [...keys].filter((key) => before.get(key)?.slot !== after.get(key)?.slot ||
      before.get(key)?.record !== after.get(key)?.record && JSON.stringify(before.get(key)) !== JSON.stringify(after.get(key)));
    this.paint(after, changed);
    for (const input of lists) {
      input.dispatchEvent(new CustomEvent("calc:records", { bubbles: true, detail: { source: "board" } }));
    }
    this.access.say("Undone.");
    this.form?.dispatchEvent(new Event("input", { bubbles: true }));
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
