// @ts-check
// A board's marks: the hexes touched here before the engine has answered, drawn on a canvas laid over the
// board's view (hidden from assistive technology: the announcement and then each hex's aria-label say it in
// words). Drawing on it makes the browser neither restyle, lay out nor paint anything of the page before the
// tap shows, only the canvas's own pixels change. The engine's next drawing replaces the marks.

import { whenIdle } from "../utilities/common.js";

/** @typedef {import("./board.js").Board} Board */
/** @typedef {{ background: string, accent: string, ink: string, font: string }} Colours */
/** @typedef {{ points: [number, number][], width: number, height: number }} Shape */

// The palette's attributes on the body: a change of any of them changes the marks' colours.
const PALETTE = ["data-md-color-scheme", "data-md-color-primary", "data-md-color-accent"];

// The corners of a hex's outline ("x,y x,y ...") as numbers, and their least x and y.
/**
 * @param {string} points
 * @returns {{ xy: [number, number][], left: number, top: number }}
 */
export function corners(points) {
  const xy = points.split(" ").map((corner) => /** @type {[number, number]} */ (corner.split(",").map(Number)));
  return { xy, left: Math.min(...xy.map(([x]) => x)), top: Math.min(...xy.map(([, y]) => y)) };
}

// The marks' colours and font, read once from the page's style (the palette's change forgets them).
/**
 * @param {HTMLElement} container
 * @returns {Colours}
 */
function colours(container) {
  const style = getComputedStyle(container);
  const [background, accent, ink] = ["--md-default-bg-color", "--md-accent-fg-color", "--md-default-fg-color"]
    .map((name) => style.getPropertyValue(name).trim());
  return { background, accent, ink, font: `700 13px ${style.fontFamily}` };
}

// One mark, in drawing units: an empty hex (the background, a dashed outline) and the symbol of the piece now
// there, with the halo the board draws behind a partial or total cover's symbol.
/**
 * @param {CanvasRenderingContext2D} c
 * @param {[number, number][]} points the hex's corners
 * @param {{ symbol: string, kind: string } | null} piece
 * @param {Colours} paint
 * @param {[number, number]} at the symbol's middle and baseline
 */
function paintMark(c, points, piece, paint, [middle, baseline]) {
  c.beginPath();
  points.forEach(([x, y], i) => (i ? c.lineTo(x, y) : c.moveTo(x, y)));
  c.closePath();
  c.fillStyle = paint.background;
  c.fill();
  c.setLineDash([3, 2]);
  c.lineWidth = 2;
  c.strokeStyle = paint.accent;
  c.stroke();
  if (!piece) return;
  c.font = paint.font;
  c.textAlign = "center";
  c.setLineDash([]);
  if (piece.kind === "partial" || piece.kind === "total") {
    c.lineWidth = 3;
    c.strokeStyle = paint.background;
    c.strokeText(piece.symbol, middle, baseline);
  }
  c.fillStyle = paint.ink;
  c.fillText(piece.symbol, middle, baseline);
}

export class BoardMarks {
  /**
   * @param {Board} board
   * @param {AbortSignal} signal aborted when the board goes: every listener added here goes with it
   */
  constructor(board, signal) {
    this.board = board;
    this.signal = signal;
    /** @type {HTMLCanvasElement | null} the canvas over the board's view, made when first needed */
    this.canvas = null;
    /** @type {Shape | null} a hex's outline in a box of its own, in drawing units */
    this.shape = null;
    /** @type {SVGSVGElement | null} the drawing `shape` was read from (a new drawing may be of squares, not hexes) */
    this.shapeOf = null;
    /** @type {Map<string, number>} hex key -> the slot whose piece its mark shows (-1: an empty hex) */
    this.shown = new Map();
    /** @type {Colours | null} read from the page's style (again after a palette change) */
    this.colours = null;
    /** @type {[number, number, number, number] | null} the pixels the last marks covered: x, y, width, height */
    this.wiped = null;
    this.palette = new MutationObserver(() => { this.colours = null; });
    this.palette.observe(document.body, { attributes: true, attributeFilter: PALETTE });
  }

  // Stop watching the page (the board is gone).
  disconnect() {
    this.palette.disconnect();
  }

  // The canvas (made beside the view), or null when the board shows no drawing.
  overlay() {
    const board = this.board;
    const svg = board.svg();
    if (!svg) return null;
    if (this.shapeOf !== svg) {
      const hex = svg.querySelector("g.hex .hex-shape");
      if (!hex) return null;
      // one cell's outline, moved to the corner of its own box: every cell of a drawing has the same shape
      const { xy, left, top } = corners(hex.getAttribute("points") ?? "");
      /** @type {[number, number][]} */
      const points = xy.map(([x, y]) => [x - left, y - top]);
      this.shape = { points, width: Math.max(...points.map(([x]) => x)), height: Math.max(...points.map(([, y]) => y)) };
      this.shapeOf = svg;
    }
    if (!this.canvas) {
      this.canvas = document.createElement("canvas");
      this.canvas.className = "hexboard-pending";
      this.canvas.setAttribute("aria-hidden", "true");
      board.view.after(this.canvas);
      // the view scrolled while hexes are marked: they are drawn again where they now are; zoomed or sized
      // again: the same, or the canvas is sized to the view when the page is idle (not in the next tap)
      board.view.addEventListener("scroll", () => { if (this.shown.size) this.draw(); }, { passive: true, signal: this.signal });
      board.zoom.changed = () => (this.shown.size ? this.draw() : whenIdle(() => board.warm()));
    }
    return this.canvas;
  }

  // Count the canvas's box at (`x`, `y`), `width` by `height` pixels (a mark) and `pad` pixels around it (its
  // outline's width), and one more for smoothing, among the pixels the next drawing wipes.
  /**
   * @param {number} x
   * @param {number} y
   * @param {number} width
   * @param {number} height
   * @param {number} pad
   */
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
  draw() {
    const board = this.board;
    const canvas = this.canvas;
    const svg = board.svg();
    if (!canvas || !svg || !this.shape) return;
    // first everything read from the page's layout and style as they stand, then the canvas's size and place
    // written (read after, the layout would be worked out again at once)
    const view = board.view;
    const ratio = Math.min(window.devicePixelRatio || 1, 2); // sharp enough for marks shown a moment
    const [width, height] = [view.clientWidth, view.clientHeight];
    const [atLeft, atTop] = [`${view.offsetLeft + view.clientLeft}px`, `${view.offsetTop + view.clientTop}px`];
    const marked = this.shown.size > 0;
    const at = marked ? svg.getBoundingClientRect() : null;
    const frame = marked ? view.getBoundingClientRect() : null;
    if (marked && !this.colours) this.colours = colours(board.container);
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
    if (!c) return;
    c.setTransform(1, 0, 0, 1, 0, 0);
    if (this.wiped) c.clearRect(...this.wiped);
    this.wiped = null;
    if (!at || !frame || !this.colours) {
      canvas.removeAttribute("data-marks");
      return;
    }
    // drawing units to the canvas's pixels: the drawing's place and scale in the view
    const box = svg.viewBox.baseVal;
    const scale = at.width / box.width;
    const [x0, y0] = [at.left - frame.left - view.clientLeft - box.x * scale, at.top - frame.top - view.clientTop - box.y * scale];
    const { points, width: across, height: down } = this.shape;
    const [middle, baseline] = [across / 2, down / 2 + 4];
    const unit = ratio * scale; // canvas pixels per drawing unit
    const said = [];
    for (const [key, slot] of this.shown) {
      const g = board.cell(key);
      const outline = g?.querySelector(".hex-shape");
      if (!outline) continue;
      const corner = corners(outline.getAttribute("points") ?? "");
      const [left, top] = [ratio * (x0 + corner.left * scale), ratio * (y0 + corner.top * scale)];
      c.setTransform(unit, 0, 0, unit, left, top);
      this.cover(left, top, unit * across, unit * down, unit * 2);
      const piece = slot >= 0 ? board.spec.slots[slot] : null;
      paintMark(c, points, piece, this.colours, [middle, baseline]);
      said.push(`${key}:${piece ? piece.symbol : ""}`);
    }
    canvas.dataset.marks = said.join(" ");
  }

  // Forget the marks of hexes the engine has drawn since (`dirty`: those it has not).
  /** @param {Set<string>} dirty */
  unmark(dirty) {
    let changed = false;
    for (const key of this.shown.keys()) {
      if (!dirty.has(key)) changed = this.shown.delete(key);
    }
    if (changed) this.draw();
  }
}
