// @ts-check
// A board's drawing as the engine made it: the one place that writes it. A whole drawing is written only when it
// differs from what is shown; a patch (the cells that changed, the lines, a square map's walls layer) is applied to
// the drawing in place, so the cell holding the tab stop and focus keeps them. Also the drawing's cells by key, and
// a square map's picture in the slot the engine leaves for it, and the dashed outline of a region being dragged.

import { keyOf } from "./access.js";
import { holdsMarkup } from "../utilities/common.js";

/** @typedef {import("./board.js").BoardPatch} BoardPatch */

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * Markup of the engine (pycore.views.svg, every string escaped) parsed as SVG elements.
 * @param {string} markup
 */
function svgChildren(markup) {
  const template = document.createElement("template");
  template.innerHTML = `<svg xmlns="${SVG_NS}">${markup}</svg>`;
  return [.../** @type {Element} */ (template.content.firstElementChild).children];
}

/**
 * `old` takes `fresh`'s attributes and content; its tab stop stays.
 * @param {Element} old
 * @param {Element} fresh
 */
function takeOver(old, fresh) {
  const tabindex = old.getAttribute("tabindex");
  for (const name of old.getAttributeNames()) if (!fresh.hasAttribute(name)) old.removeAttribute(name);
  for (const name of fresh.getAttributeNames()) {
    const value = fresh.getAttribute(name) ?? "";
    if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  }
  if (tabindex !== null) old.setAttribute("tabindex", tabindex);
  old.replaceChildren(...fresh.childNodes);
}

export class BoardDrawing {
  /**
   * @param {HTMLElement} box the element the drawing's <svg> is written into
   * @param {HTMLElement} container the board's `[data-board]` element (says whether a picture shows)
   * @param {() => void} redraw asks the engine for a whole drawing again
   */
  constructor(box, container, redraw) {
    this.box = box;
    this.container = container;
    this.redraw = redraw;
    // The drawing's frame (the cells, so the layout) and a digest per cell that is not plain, sent back with each
    // request so the engine answers with only the cells that changed.
    /** @type {string | null} */
    this.frame = null;
    /** @type {Record<string, string>} */
    this.marks = {};
    /** @type {string | false | null} the engine's last whole drawing written (or found) here; false once patched */
    this.drawn = null;
    /** @type {{ key: Map<string, SVGElement>, place: Map<string, SVGElement> } | null} the cells by key and by place */
    this.index = null;
    /** @type {SVGSVGElement | null} the board's <svg>, while it is the one on the page */
    this.drawing = null;
    /** @type {{ url: string, size: string } | null} a square map's picture and the size ("cols,rows") it covers */
    this.pictured = null;
  }

  // A whole drawing, written only when it differs from what the board shows (`force`: cells were marked here, so it
  // is written whatever it showed). Returns whether the board was rewritten.
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
    return true;
  }

  // Apply the engine's changes to the drawing it made before: changed cells, their glyphs, the lines, title and
  // description. Returns whether the board was rewritten.
  /** @param {BoardPatch} patch */
  patch(patch) {
    const svg = this.box.querySelector("svg");
    if (!svg || patch.frame !== this.frame) return false;
    const keys = Object.keys(patch.cells);
    const [cells, glyphs, lines] = svgChildren(`<g>${keys.map((k) => patch.cells[k][1]).join("")}</g>` +
      `<g>${keys.map((k) => patch.cells[k][2]).join("")}</g><g>${patch.segments}</g>`);
    const layer = svg.querySelector(".hexboard-glyphs");
    for (const fresh of [...cells.children]) {
      const key = keyOf(fresh);
      const old = this.cell(key);
      if (!old) return this.lost();
      takeOver(old, fresh); // the cell element stays: focus and tab stop stay with it
      if (layer) for (const glyph of layer.querySelectorAll(`[data-hex="${CSS.escape(key)}"]`)) glyph.remove();
      const [digest] = patch.cells[key];
      if (digest) this.marks[key] = digest;
      else delete this.marks[key];
    }
    if (layer) layer.append(...glyphs.children);
    if (patch.walls) this.patchWalls(svg, patch.walls);
    for (const line of svg.querySelectorAll(":scope > line.hexboard-segment")) line.remove();
    const segments = document.createDocumentFragment();
    segments.append(...lines.children);
    svg.insertBefore(segments, layer); // the lines go under the letters
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
    const [layer] = markup ? svgChildren(markup) : [];
    const above = svg.querySelector(":scope > line.hexboard-segment") ?? svg.querySelector(":scope > .hexboard-glyphs");
    if (layer) svg.insertBefore(layer, above);
    if (digest) this.marks.walls = digest;
    else delete this.marks.walls;
    if (door !== undefined) {
      /** @type {SVGElement | null} */ (svg.querySelector(`[data-door="${CSS.escape(door)}"]`))?.focus();
    }
  }

  // The drawing is not what the engine drew (should not happen): a whole drawing is asked for.
  lost() {
    this.frame = null;
    this.marks = {};
    this.redraw();
    return false;
  }

  // The engine's key for its drawing, written in place of the one shown when it differs.
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

  // The picture put in the drawing's empty slot for it when the slot is the picture's size; otherwise the slot stays
  // empty. The board says whether it shows one (`data-picture`), so its squares let the picture through.
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

  // The dashed outline of a region being dragged, over everything the engine drew (null: none). It is the page's
  // own mark, not the engine's: the next whole drawing drops it, and the drag's end takes it away.
  /** @param {{ x: number, y: number, width: number, height: number } | null} box in the drawing's units */
  outline(box) {
    const svg = this.svg();
    let rect = svg?.querySelector(":scope > rect.hexboard-stretch") ?? null;
    if (!svg || !box) {
      rect?.remove();
      return;
    }
    if (!rect) {
      rect = document.createElementNS(SVG_NS, "rect");
      rect.setAttribute("class", "hexboard-stretch");
      rect.setAttribute("aria-hidden", "true");
      svg.append(rect);
    }
    for (const [name, value] of Object.entries(box)) rect.setAttribute(name, String(value));
  }

  // The drawing's cell elements by key ("q,r") and by place ("col,row"): one query per drawing, not per cell.
  indexed() {
    if (!this.index) {
      this.index = { key: new Map(), place: new Map() };
      for (const g of this.box.querySelectorAll("g.hex")) {
        const cell = /** @type {SVGElement} */ (g);
        this.index.key.set(keyOf(cell), cell);
        this.index.place.set(`${cell.dataset.col},${cell.dataset.row}`, cell);
      }
    }
    return this.index;
  }

  // The cell element keyed `key` ("q,r").
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
}
