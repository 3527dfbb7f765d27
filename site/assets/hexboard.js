// Interactive hex boards inside calculator forms, and the one place that writes a board's drawing.
// A click, a tap or a key places or cycles a piece; the pieces live in the form's hidden fields (the
// scenario), and the engine redraws the board from them. Until the engine answers, the touched hex is
// marked here so every action shows at once; the engine's next drawing then replaces the mark.

import { BoardZoom } from "./boardzoom.js";

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
const SVG_NS = "http://www.w3.org/2000/svg";

// The corners of a hex's outline ("x,y x,y ...") as numbers, and their least x and y.
function corners(points) {
  const xy = points.split(" ").map((corner) => corner.split(",").map(Number));
  return { xy, left: Math.min(...xy.map(([x]) => x)), top: Math.min(...xy.map(([, y]) => y)) };
}

function keyOf(g) {
  return g.dataset.hex;
}

function parseHex(text) {
  const m = /^\s*(-?\d+)\s*,\s*(-?\d+)\s*$/.exec(text || "");
  return m ? `${Number(m[1])},${Number(m[2])}` : null;
}

// A records field's list from its hidden input's JSON ([] for anything else).
export function parseList(text) {
  try {
    const list = JSON.parse(text || "[]");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

// Run `fn` once the next frame is on screen (work that must not delay showing a tap). The work asked for
// during one frame shares one animation frame callback and one task.
let later = null;
function afterPaint(fn) {
  if (later) {
    later.push(fn);
    return;
  }
  later = [fn];
  requestAnimationFrame(() => setTimeout(() => {
    const due = later;
    later = null;
    for (const each of due) each();
  }, 0));
}

// Run `fn` when the page is idle (work done ahead of the first tap), or soon where there is no idle callback.
function whenIdle(fn) {
  if (window.requestIdleCallback) requestIdleCallback(fn, { timeout: 2000 });
  else setTimeout(fn, 200);
}

// Where the piece of slot `index` stands in `pieces` (hex key -> piece), or null.
function keyOfSlot(pieces, index) {
  for (const [key, piece] of pieces) if (piece.slot === index) return key;
  return null;
}

function matches(record, slot) {
  return Object.entries(slot.record).every(([k, v]) => record[k] === v);
}

// Whether `region` already holds exactly the markup `html` (as the browser parses it): the engine's
// first answer is usually the build-time one already on screen, which then stays as it is.
export function holdsMarkup(region, html) {
  const template = document.createElement("template");
  template.innerHTML = html;
  const box = document.createElement("div");
  box.append(template.content);
  return box.innerHTML === region.innerHTML;
}

const boards = new WeakMap(); // a board's container -> its HexBoard

// The board drawn in `container` (a `[data-board]` element), if there is one.
export function boardIn(container) {
  return container ? boards.get(container) ?? null : null;
}

export class HexBoard {
  constructor(container) {
    this.container = container;
    boards.set(container, this);
    // The drawing as the engine made it: its frame (the hexes, so the layout) and a digest per hex that
    // is not plain, sent back with each request so the engine answers with only the hexes that changed.
    this.frame = null;
    this.marks = {};
    this.drawn = null; // the engine's last whole drawing written (or found) here; false once patched
    this.dirty = new Set(); // hexes marked here at once: the engine's next answer draws them again
    this.spec = JSON.parse(container.dataset.board);
    // the board's fields: each slot's path once, and whether it holds one piece (a hex) or a list of records
    const single = new Set(this.spec.slots.filter((s) => s.single).map((s) => s.path));
    this.fields = [...new Set(this.spec.slots.map((s) => s.path))].map((path) => ({ path, single: single.has(path) }));
    this.form = container.closest("form");
    this.root = container.closest("[data-calculator]");
    this.box = container.querySelector('[data-role="board"]');
    this.announcer = container.querySelector('[data-role="board-announce"]');
    this.focusKey = null;
    this.tabStop = null; // the hex element that holds the tab stop, while it is in the drawing
    this.inputs = new Map(); // a field's path -> its hidden input (looked up once: the form is large)
    this.model = null; // the pieces as the hidden inputs hold them (read), with the taps not written yet (write)
    this.writing = false; // a flush is asked for once the frame is on screen
    this.index = null; // the hex elements by key and by place, built when first needed after each whole drawing
    this.view = container.querySelector('[data-role="board-view"]') || this.box;
    this.zoom = new BoardZoom(this.view, this.box, container.querySelector('[data-role="zoom"]'));
    this.pending = null; // the canvas over the board's view that shows taps before the engine answers
    this.shape = null; // a hex's outline in a box of its own: its corners, width and height, in drawing units
    this.rehearsed = false; // whether a tap's steps and a mark have been run through once (see `warm`)
    this.shown = new Map(); // hex key -> the slot whose piece its mark shows (-1: an empty hex)
    this.drawing = null; // the board's <svg>, while it is the one on the page
    this.colours = null; // the marks' colours and font, read from the page's style (again after a palette change)
    this.wiped = null; // the canvas's pixels the last marks covered, to wipe before the next: [x, y, width, height]
    new MutationObserver(() => { this.colours = null; })
      .observe(document.body, { attributes: true, attributeFilter: ["data-md-color-scheme", "data-md-color-primary", "data-md-color-accent"] });
    this.box.addEventListener("click", (event) => this.clicked(event));
    // A pressed hex is not focused by the browser there and then (that lays out the whole drawing before
    // the tap shows): `clicked` focuses it once the piece is on screen.
    this.box.addEventListener("mousedown", (event) => {
      if (event.target.closest?.("g.hex")) event.preventDefault();
    });
    this.box.addEventListener("keydown", (event) => this.keyed(event));
    this.box.addEventListener("focusin", (event) => {
      const g = event.target.closest?.("g.hex");
      if (g) this.rove(g);
    });
    // A list editor (lists.js) changed a list the board shows: mark the hexes it moved at once.
    container.addEventListener("calc:records", (event) => {
      if (event.detail?.source === "list") this.paint(this.read(), event.detail.hexes || []);
    });
    whenIdle(() => this.warm());
  }

  // Work done ahead of the next tap, when the page is idle after a whole drawing or a zoom: the hexes indexed,
  // the pieces read from the fields, and the canvas for the marks made and sized to the view.
  warm() {
    const first = this.indexed().key.keys().next().value;
    const pieces = this.read();
    if (first === undefined || !this.overlay() || this.shown.size) return;
    if (this.rehearsed || !this.view.clientWidth) {
      this.drawMarks();
      return;
    }
    // once, when the board is on screen: a tap's steps run on a copy, and a mark drawn and wiped in the same task
    // (never on screen), so the first tap finds them compiled and the canvas's pixels and font ready
    this.rehearsed = true;
    this.plan(first, pieces);
    const halo = this.spec.slots.findIndex((slot) => slot.kind === "partial" || slot.kind === "total");
    this.shown.set(first, Math.max(0, halo));
    this.drawMarks();
    this.shown.clear();
    this.drawMarks();
  }

  // Whether the board is in use (not inside the alternative that is not chosen).
  get active() {
    return !this.box.closest("fieldset[disabled]");
  }

  // The board part of a request: the whole drawing until the page holds one, then only what changed
  // (hexes marked here are sent with a digest that never matches, so they come back), and those hexes.
  request() {
    const dirty = [...this.dirty];
    if (!this.frame) return { ask: true, dirty };
    const shown = { ...this.marks };
    for (const key of dirty) shown[key] = "-";
    return { ask: { frame: this.frame, shown }, dirty };
  }

  // The engine's answer to `request()`: a whole drawing or the hexes that changed.
  apply(reply, dirty) {
    if (!reply.board && !reply.board_patch) return;
    const hadFocus = this.box.contains(document.activeElement);
    let redrawn;
    if (reply.board_patch) {
      redrawn = this.patch(reply.board_patch);
    } else {
      redrawn = this.draw(reply.board, dirty.length > 0);
      this.frame = reply.board_frame;
      this.marks = reply.board_marks;
    }
    for (const key of dirty) this.dirty.delete(key);
    this.unmark();
    // Hexes marked after this request was sent: the drawing predates them, so they are marked again
    // until the answer to the next request (already queued by the change) draws them.
    if (redrawn && this.dirty.size) this.paint(this.read(), [...this.dirty]);
    if (redrawn) this.redrawn(hadFocus);
  }

  // A whole drawing, written only when it differs from what the board shows (`force`: hexes were
  // marked here, so it is written whatever it showed). Returns whether the board was rewritten.
  draw(html, force) {
    if (html === this.drawn && !force) return false;
    if (this.drawn === null && !force && holdsMarkup(this.box, html)) {
      this.drawn = html;
      return false;
    }
    this.box.innerHTML = html; // built by pycore.svg with every string escaped
    this.drawn = html;
    this.index = null;
    whenIdle(() => this.warm());
    this.zoom.update(); // a new drawing may be wider or narrower
    return true;
  }

  // Apply the engine's changes to the drawing it made before: changed hexes, their glyphs, the lines,
  // title and description. The hex that holds the tab stop (and focus) keeps them.
  patch(patch) {
    const svg = this.box.querySelector("svg");
    if (!svg || patch.frame !== this.frame) return false;
    const keys = Object.keys(patch.cells);
    const template = document.createElement("template");
    template.innerHTML = `<svg xmlns="${SVG_NS}"><g>${keys.map((k) => patch.cells[k][1]).join("")}</g>` +
      `<g>${keys.map((k) => patch.cells[k][2]).join("")}</g><g>${patch.segments}</g></svg>`; // built by pycore.svg, escaped
    const [cells, glyphs, segments] = template.content.firstChild.children;
    const layer = svg.querySelector(".hexboard-glyphs");
    for (const fresh of [...cells.children]) {
      const key = fresh.dataset.hex;
      const old = this.cell(key);
      if (!old) return this.lost();
      // The hex element stays (focus and tab stop stay with it, no refocusing): it takes the new one's
      // attributes and content.
      const tabindex = old.getAttribute("tabindex");
      for (const name of old.getAttributeNames()) if (!fresh.hasAttribute(name)) old.removeAttribute(name);
      for (const name of fresh.getAttributeNames()) {
        const value = fresh.getAttribute(name);
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
    for (const line of svg.querySelectorAll(":scope > line.hexboard-segment")) line.remove();
    svg.append(...segments.children);
    const title = svg.querySelector(":scope > title");
    const desc = svg.querySelector(":scope > desc");
    if (title && title.textContent !== patch.title) title.textContent = patch.title;
    if (desc && desc.textContent !== patch.desc) desc.textContent = patch.desc;
    this.drawn = false; // no longer the engine's last whole drawing: the next one is written as it comes
    return true;
  }

  // The drawing's hex elements by key ("q,r") and by place ("col,row"): one query per drawing, not per hex.
  indexed() {
    if (!this.index) {
      this.index = { key: new Map(), place: new Map() };
      for (const g of this.box.querySelectorAll("g.hex")) {
        this.index.key.set(g.dataset.hex, g);
        this.index.place.set(`${g.dataset.col},${g.dataset.row}`, g);
      }
    }
    return this.index;
  }

  // The hex element keyed `key` ("q,r").
  cell(key) {
    const g = this.indexed().key.get(key);
    return g?.isConnected ? g : null;
  }

  // The board is not what the engine drew (should not happen): ask for a whole drawing.
  lost() {
    this.frame = null;
    this.marks = {};
    this.form.dispatchEvent(new Event("input", { bubbles: true }));
    return false;
  }

  input(path) {
    let input = this.inputs.get(path);
    if (!input?.isConnected) {
      input = this.container.querySelector(`input[type="hidden"][data-path="${CSS.escape(path)}"]`);
      this.inputs.set(path, input);
    }
    return input;
  }

  // What stands where (hex key -> its slot and record), from the hidden inputs: parsed again only when one of
  // them holds something else than what this board last read there or wrote. A copy: the caller may change it.
  read() {
    const values = this.fields.map(({ path }) => this.input(path)?.value ?? "");
    if (this.model && this.fields.every(({ path }, i) => values[i] === this.model.texts.get(path))) {
      return new Map(this.model.pieces);
    }
    // (someone else set the fields: a tap here whose lists are not written yet is dropped, theirs stands)
    const pieces = new Map();
    this.spec.slots.forEach((slot, index) => {
      if (!slot.single) return;
      const key = parseHex(this.input(slot.path)?.value);
      if (key) pieces.set(key, { slot: index, record: {} });
    });
    for (const { path, single } of this.fields) {
      if (single) continue;
      for (const record of parseList(this.input(path)?.value)) {
        if (!Array.isArray(record?.hex) || record.hex.length !== 2) continue;
        const index = this.spec.slots.findIndex((s) => s.path === path && matches(record, s));
        const key = `${record.hex[0]},${record.hex[1]}`;
        if (index >= 0 && !pieces.has(key)) pieces.set(key, { slot: index, record });
      }
    }
    // texts: each field's value as read (or as written since); pending: lists set by taps, not written yet
    this.model = { texts: new Map(this.fields.map(({ path }, i) => [path, values[i]])), pieces, pending: new Set(), changed: false };
    return new Map(pieces);
  }

  // Set the board's fields to `pieces` (a map from `read()`). The one-piece fields (a few characters) are written at
  // once; the lists (a big map's hundreds of records) are serialised and written, and the list editors (calc:records,
  // lists.js) and the form told, once the tap is on screen: that work (and the engine's answer, when it comes back
  // quickly) would otherwise delay the frame that shows it. Whoever reads the fields before then calls `flush()`.
  write(pieces) {
    const model = this.model;
    this.spec.slots.forEach((slot, index) => {
      if (slot.single) {
        const input = this.input(slot.path);
        const key = keyOfSlot(pieces, index);
        const text = key !== null ? key.replace(",", ", ") : "";
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
    const lists = new Map([...model.pending].map((path) => [path, []]));
    model.pending.clear();
    for (const [key, piece] of model.pieces) {
      const slot = this.spec.slots[piece.slot];
      if (!lists.has(slot.path)) continue;
      const [q, r] = key.split(",").map(Number);
      lists.get(slot.path).push({ ...this.spec.defaults, ...piece.record, ...slot.record, hex: [q, r] });
    }
    const told = [];
    for (const [path, list] of lists) {
      const input = this.input(path);
      const text = JSON.stringify(list);
      model.texts.set(path, text);
      if (input.value === text) continue;
      input.value = text;
      told.push(input);
    }
    for (const input of told) {
      input.dispatchEvent(new CustomEvent("calc:records", { bubbles: true, detail: { source: "board" } }));
    }
    this.form.dispatchEvent(new Event("input", { bubbles: true }));
  }

  // Place a piece on hex element `g`: slot `to` (-1: clear it), or by default the next kind of piece.
  place(g, to) {
    const key = keyOf(g);
    const move = this.plan(key, this.read(), to);
    if (!move) return;
    this.write(move.pieces);
    this.paint(move.pieces, move.changed);
    const where = `Hex ${key.replace(",", ", ")}`;
    const message = move.next >= 0 ? `${where}: ${this.spec.slots[move.next].label} placed.` : `${where}: cleared.`;
    afterPaint(() => this.say(message)); // words for screen readers: after the frame that shows the piece
  }

  // What placing slot `to` (as in `place`) on hex `key` makes of `pieces` (changed in place): the slot now there
  // (-1: none) and the hexes whose piece changes, or null when nothing changes. Nothing else is touched.
  plan(key, pieces, to) {
    const current = pieces.get(key);
    const count = this.spec.slots.length;
    let next = to;
    if (next === undefined) {
      // cycle on: the next kind of piece, skipping one-of-a-kind pieces already placed elsewhere
      next = -1;
      for (let i = current ? current.slot + 1 : 0; i < count; i++) {
        const there = this.spec.slots[i].single ? keyOfSlot(pieces, i) : null;
        if (there === null || there === key) {
          next = i;
          break;
        }
      }
    }
    if (next >= count) next = -1;
    if (current && current.slot === next) return null;
    if (!current && next === -1) return null;
    const changed = [key]; // the hexes whose piece changes: this one, and where a one-of-a-kind piece moves from
    pieces.delete(key);
    if (next >= 0) {
      const slot = this.spec.slots[next];
      const from = slot.single ? keyOfSlot(pieces, next) : null;
      if (from !== null) {
        pieces.delete(from);
        changed.push(from);
      }
      const keep = current && this.spec.slots[current.slot].path === slot.path ? current.record : this.fresh(slot, pieces);
      pieces.set(key, { slot: next, record: keep });
    }
    return { pieces, changed, next };
  }

  // A new record: the spec's defaults, and a name ("Creature 3") when the records have names.
  fresh(slot, pieces) {
    const editors = (this.spec.editors || {})[slot.path] || [];
    if (!editors.some((e) => e.key === "name")) return {};
    const used = [...pieces.values()].map((p) => /(\d+)$/.exec(p.record?.name || "")?.[1]).filter(Boolean).map(Number);
    return { name: `${slot.label} ${Math.max(0, ...used) + 1}` };
  }

  // Mark the hexes whose piece changed at once (the engine's drawing replaces this when it answers,
  // and draws those hexes again even if they end as they were). The marks are drawn on a canvas laid over the
  // board's view (hidden from assistive technology: the announcement and then each hex's aria-label say it in
  // words): drawing on it makes the browser neither restyle, lay out nor paint anything of the page before the
  // tap shows, only the canvas's own pixels change.
  paint(pieces, keys) {
    for (const key of keys) this.dirty.add(key);
    if (!this.overlay()) return;
    const cells = [];
    for (const key of keys) {
      const g = this.cell(key);
      if (!g) continue;
      const piece = pieces.get(key);
      this.shown.set(key, piece ? piece.slot : -1);
      cells.push([g, piece ? this.spec.slots[piece.slot].kind : null]);
    }
    if (keys.length) this.drawMarks(); // (first: it reads where the drawing is, the page's layout as it stands)
    for (const [g, kind] of cells) {
      if (kind) g.dataset.piece = kind;
      else g.removeAttribute("data-piece");
    }
  }

  // The canvas over the board's view that shows the marks (made when the page is idle, beside the view), or null
  // when the board shows no drawing.
  overlay() {
    const svg = this.svg();
    if (!svg) return null;
    if (!this.pending) {
      const hex = svg.querySelector("g.hex .hex-shape");
      if (!hex) return null;
      // one hex's outline, moved to the corner of its own box: every hex has the same shape
      const { xy, left, top } = corners(hex.getAttribute("points"));
      const points = xy.map(([x, y]) => [x - left, y - top]);
      this.shape = { points, width: Math.max(...points.map(([x]) => x)), height: Math.max(...points.map(([, y]) => y)) };
      this.pending = document.createElement("canvas");
      this.pending.className = "hexboard-pending";
      this.pending.setAttribute("aria-hidden", "true");
      this.view.after(this.pending);
      // the view scrolled while hexes are marked: they are drawn again where they now are; zoomed or sized
      // again: the same, or the canvas is sized to the view when the page is idle (not in the next tap)
      this.view.addEventListener("scroll", () => { if (this.shown.size) this.drawMarks(); }, { passive: true });
      this.zoom.changed = () => (this.shown.size ? this.drawMarks() : whenIdle(() => this.warm()));
    }
    return this.pending;
  }

  // The board's <svg> (looked up again only after a whole new drawing).
  svg() {
    if (!this.drawing?.isConnected) this.drawing = this.box.querySelector(":scope > svg");
    return this.drawing;
  }

  // Count the canvas's box at (`x`, `y`), `width` by `height` pixels (a mark) and `pad` pixels around it (its
  // outline's width), and one more for smoothing, among the pixels the next drawing wipes.
  cover(x, y, width, height, pad) {
    pad += 1;
    const [left, top] = [Math.floor(x - pad), Math.floor(y - pad)];
    const [right, bottom] = [Math.ceil(x + width + pad), Math.ceil(y + height + pad)];
    if (!this.wiped) {
      this.wiped = [left, top, right - left, bottom - top];
      return;
    }
    const [l, t, w, h] = this.wiped;
    const [l2, t2] = [Math.min(l, left), Math.min(t, top)];
    this.wiped = [l2, t2, Math.max(l + w, right) - l2, Math.max(t + h, bottom) - t2];
  }

  // Draw the marks of `shown` on the canvas, sized and placed over the board's view: each an empty hex (the
  // board's background, a dashed outline) with the symbol of the piece now there, as the engine will draw it.
  // `data-marks` says which ("4,2:A 6,5:", for the tests and the benchmark; no style reads it).
  drawMarks() {
    const canvas = this.pending;
    const svg = this.svg();
    if (!canvas || !svg) return;
    // first everything read from the page's layout and style as they stand, then the canvas's size and place
    // written (read after, the layout would be worked out again at once)
    const view = this.view;
    const ratio = Math.min(window.devicePixelRatio || 1, 2); // sharp enough for marks shown a moment
    const [width, height] = [view.clientWidth, view.clientHeight];
    const [atLeft, atTop] = [`${view.offsetLeft + view.clientLeft}px`, `${view.offsetTop + view.clientTop}px`];
    const marked = this.shown.size > 0;
    const at = marked ? svg.getBoundingClientRect() : null;
    const frame = marked ? view.getBoundingClientRect() : null;
    if (marked && !this.colours) {
      const style = getComputedStyle(this.container);
      const [background, accent, ink] = ["--md-default-bg-color", "--md-accent-fg-color", "--md-default-fg-color"]
        .map((name) => style.getPropertyValue(name).trim());
      this.colours = { background, accent, ink, font: `700 13px ${style.fontFamily}` };
    }
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
      canvas.width = Math.round(width * ratio); // (which wipes it)
      canvas.height = Math.round(height * ratio);
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
      this.wiped = null;
    }
    if (canvas.style.left !== atLeft) canvas.style.left = atLeft;
    if (canvas.style.top !== atTop) canvas.style.top = atTop;
    const c = canvas.getContext("2d");
    c.setTransform(1, 0, 0, 1, 0, 0);
    if (this.wiped) c.clearRect(...this.wiped);
    this.wiped = null;
    if (!marked) {
      canvas.removeAttribute("data-marks");
      return;
    }
    // drawing units to the canvas's pixels: the drawing's place and scale in the view
    const box = svg.viewBox.baseVal;
    const scale = at.width / box.width;
    const [x0, y0] = [at.left - frame.left - view.clientLeft - box.x * scale, at.top - frame.top - view.clientTop - box.y * scale];
    const { background, accent, ink, font } = this.colours;
    const { points, width: across, height: down } = this.shape;
    const [middle, baseline] = [across / 2, down / 2 + 4];
    const unit = ratio * scale; // canvas pixels per drawing unit
    const said = [];
    for (const [key, slot] of this.shown) {
      const g = this.cell(key);
      if (!g) continue;
      const corner = corners(g.querySelector(".hex-shape").getAttribute("points"));
      const [left, top] = [ratio * (x0 + corner.left * scale), ratio * (y0 + corner.top * scale)];
      c.setTransform(unit, 0, 0, unit, left, top);
      this.cover(left, top, unit * across, unit * down, unit * 2);
      c.beginPath();
      points.forEach(([x, y], i) => (i ? c.lineTo(x, y) : c.moveTo(x, y)));
      c.closePath();
      c.fillStyle = background;
      c.fill();
      c.setLineDash([3, 2]);
      c.lineWidth = 2;
      c.strokeStyle = accent;
      c.stroke();
      const piece = slot >= 0 ? this.spec.slots[slot] : null;
      said.push(`${key}:${piece ? piece.symbol : ""}`);
      if (!piece) continue;
      c.font = font;
      c.textAlign = "center";
      c.setLineDash([]);
      if (piece.kind === "partial" || piece.kind === "total") { // a halo, as the board draws these symbols
        c.lineWidth = 3;
        c.strokeStyle = background;
        c.strokeText(piece.symbol, middle, baseline);
      }
      c.fillStyle = ink;
      c.fillText(piece.symbol, middle, baseline);
    }
    canvas.dataset.marks = said.join(" ");
  }

  // Forget the marks of hexes the engine has drawn since.
  unmark() {
    let changed = false;
    for (const key of this.shown.keys()) {
      if (!this.dirty.has(key)) changed = this.shown.delete(key);
    }
    if (changed) this.drawMarks();
  }

  say(message) {
    this.announcer.textContent = message;
  }

  clicked(event) {
    const g = event.target.closest("g.hex");
    if (!g) return;
    this.focusKey = keyOf(g);
    this.place(g);
    // The tab stop and focus (for the keys after a click) move once the piece is on screen: both restyle
    // hexes of the drawing, and focusing lays it out.
    afterPaint(() => {
      const now = this.focusKey && this.cell(this.focusKey);
      if (!now) return;
      this.rove(now);
      if (document.activeElement !== now) now.focus({ preventScroll: true });
    });
  }

  keyed(event) {
    const g = event.target.closest("g.hex");
    if (!g) return;
    const move = ARROWS[event.key];
    if (move) {
      const col = Number(g.dataset.col) + move[0];
      const row = Number(g.dataset.row) + move[1];
      const next = this.indexed().place.get(`${col},${row}`);
      if (next?.isConnected) {
        this.rove(next);
        next.focus();
      }
    } else if (event.key === "Enter" || event.key === " ") {
      this.place(g);
    } else if (event.key === "Delete" || event.key === "Backspace" || event.key === "0") {
      this.place(g, -1);
    } else if (/^[1-9]$/.test(event.key) && Number(event.key) <= this.spec.slots.length) {
      this.place(g, Number(event.key) - 1);
    } else {
      return;
    }
    event.preventDefault();
  }

  // One hex in the tab order at a time (roving tabindex), remembered across redraws.
  rove(g) {
    this.focusKey = keyOf(g);
    // the hex that held it (known, unless a whole new drawing came since: then found in it)
    const holders = this.tabStop?.isConnected ? [this.tabStop] : this.box.querySelectorAll('g.hex[tabindex="0"]');
    for (const other of holders) if (other !== g) other.setAttribute("tabindex", "-1");
    if (g.getAttribute("tabindex") !== "0") g.setAttribute("tabindex", "0");
    this.tabStop = g;
  }

  // After the engine redraws the board, the same hex keeps the tab stop, and the focus if it had it.
  redrawn(hadFocus) {
    const g = this.focusKey && this.cell(this.focusKey);
    if (!g) return;
    this.rove(g);
    if (hadFocus && document.activeElement !== g) g.focus({ preventScroll: true });
  }
}
