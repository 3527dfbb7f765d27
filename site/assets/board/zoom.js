// @ts-check
// Zoom and pan for a hex board: the drawing sits in a scroll container (one finger pans it, as any
// scrolled box), and its width is set from a scale in CSS pixels per drawing unit. The board opens with cells a
// finger can tap (OPEN px, or larger when the whole board fits so); "Fit" shows the whole board in the container's
// width (never larger than drawn); the + and - buttons step through hex sizes,
// two fingers pinch, and Ctrl with the wheel (a trackpad's pinch) zooms on a desktop. The view keeps the
// point under the fingers (or the middle of the view) where it was.

const HEX_WIDTH = Math.sqrt(3) * 20; // a pointy-top hex's width in drawing units (pycore.views.svg.HEX_SIZE 20)
const SQUARE_WIDTH = 34; // a square's side in drawing units (pycore.views.svg.SQUARE_SIZE)
const STEPS = [24, 44, 64, 88]; // cell widths in CSS pixels the buttons step through
const SMALL = 24; // at fit, cells narrower than this make the board say how to zoom
const OPEN = 44; // the cell width in CSS pixels the board opens at, at least: a finger's tap target
const MAX = STEPS[STEPS.length - 1];

export class BoardZoom {
  // `box` is the scroll container (the view) around `board`, the element holding the board's <svg>;
  // `controls` holds the buttons (null: none, the board is only fitted). Every listener goes when `signal` is
  // aborted, and the size is no longer watched after `disconnect()`.
  /**
   * @param {HTMLElement} box
   * @param {HTMLElement} board
   * @param {HTMLElement | null} controls
   * @param {AbortSignal} [signal]
   */
  constructor(box, board, controls, signal) {
    this.box = box;
    this.board = board;
    this.controls = controls;
    /** @type {number | null} null: fit */
    this.scale = null;
    this.fitted = false; // whether a size was asked for: until then the board opens at a finger's size
    /** @type {(() => void) | null} called after the drawing is sized again (a board's marks follow it) */
    this.changed = null;
    /** @type {{ distance: number, scale: number } | null} */
    this.pinch = null;
    /** @type {number | null} the animation frame a pinch's zoom waits for */
    this.frame = null;
    /** @type {{ in: HTMLButtonElement, out: HTMLButtonElement, fit: HTMLButtonElement } | null} */
    this.buttons = null;
    /** @type {HTMLElement | null} */
    this.hint = null;
    // the first sizing waits for the view's first layout (the observer's first call) rather than forcing one
    // while the page is still being set up; a hidden view is sized when it is shown
    // (until a size is asked for, every new width sizes the opening again: a view first laid out narrow, then
    // widened, opens fitted once the whole board fits at a finger's size)
    this.resized = new ResizeObserver(() => { if (this.scale === null || !this.fitted) this.update(); });
    this.resized.observe(box);
    if (!controls) return;
    /** @param {string} role */
    const button = (role) => /** @type {HTMLButtonElement} */ (controls.querySelector(`[data-role="${role}"]`));
    this.buttons = { in: button("zoom-in"), out: button("zoom-out"), fit: button("zoom-fit") };
    this.hint = box.parentElement?.querySelector('[data-role="zoom-hint"]') ?? null;
    this.buttons.in.addEventListener("click", () => this.step(1), { signal });
    this.buttons.out.addEventListener("click", () => this.step(-1), { signal });
    this.buttons.fit.addEventListener("click", () => this.set(null), { signal });
    box.addEventListener("touchstart", (event) => this.touched(event), { passive: false, signal });
    box.addEventListener("touchmove", (event) => this.moved(event), { passive: false, signal });
    box.addEventListener("touchend", () => { this.pinch = null; }, { signal });
    box.addEventListener("touchcancel", () => { this.pinch = null; }, { signal });
    box.addEventListener("wheel", (event) => this.wheeled(event), { passive: false, signal });
    controls.hidden = false;
  }

  // Stop watching the view's size (the board is gone).
  disconnect() {
    this.resized.disconnect();
    if (this.frame) cancelAnimationFrame(this.frame);
  }

  // The drawing's width in its own units (from its viewBox), or null while there is none.
  units() {
    const svg = /** @type {SVGSVGElement | null} */ (this.board.querySelector(":scope > svg"));
    const box = svg?.viewBox?.baseVal;
    return box && box.width ? box.width : null;
  }

  fitScale() {
    const units = this.units();
    return units ? Math.min(1, this.box.clientWidth / units) : 1;
  }

  // Whether the board's cells are squares (a square map) rather than hexes: its first cell says (every cell is a
  // g.hex, a square's also g.square), so a big hex board is not searched through.
  squares() {
    return this.board.querySelector(":scope > svg g.hex")?.classList.contains("square") ?? false;
  }

  // A cell's width in drawing units.
  cellWidth() {
    return this.squares() ? SQUARE_WIDTH : HEX_WIDTH;
  }

  // A cell's width in CSS pixels at `scale` (the current one by default).
  cellPixels(scale = this.scale ?? this.fitScale()) {
    return this.cellWidth() * scale;
  }

  /** @param {number} direction */
  step(direction) {
    const now = this.cellPixels();
    const fit = this.cellPixels(this.fitScale());
    const sizes = direction > 0 ? STEPS.filter((s) => s > now + 0.5) : STEPS.filter((s) => s < now - 0.5 && s > fit).reverse();
    this.set(sizes.length ? sizes[0] / this.cellWidth() : direction > 0 ? this.scale : null);
  }

  // Zoom to `scale` (null: fit), keeping the point at (`x`, `y`) of the container's view in place.
  /**
   * @param {number | null} scale
   * @param {number} [x]
   * @param {number} [y]
   */
  set(scale, x = this.box.clientWidth / 2, y = this.box.clientHeight / 2) {
    const fit = this.fitScale();
    if (scale !== null) scale = Math.min(MAX / this.cellWidth(), scale);
    if (scale !== null && scale <= fit + 1e-6) scale = null;
    this.fitted = true; // a size asked for (Fit, a step, a pinch): the board keeps it
    const before = this.board.querySelector(":scope > svg")?.getBoundingClientRect();
    const fx = before ? (this.box.scrollLeft + x) / before.width : 0;
    const fy = before ? (this.box.scrollTop + y) / before.height : 0;
    this.scale = scale;
    this.update();
    const after = this.board.querySelector(":scope > svg")?.getBoundingClientRect();
    if (after && scale !== null) {
      this.box.scrollLeft = fx * after.width - x;
      this.box.scrollTop = fy * after.height - y;
    }
  }

  // Size the drawing for the current zoom (after a new drawing too: its width may differ).
  update() {
    const units = this.units();
    if (!units) return;
    // the opening size, until a size is asked for: cells a finger can tap (the view pans), on hexes and on squares
    // alike (a scale opened for hexes is too small for squares, which are narrower in drawing units)
    if (!this.fitted && this.buttons) {
      this.scale = this.cellPixels(this.fitScale()) < OPEN ? OPEN / this.cellWidth() : null;
    }
    const scale = this.scale ?? this.fitScale();
    this.box.style.setProperty("--board-width", `${(units * scale).toFixed(1)}px`);
    this.box.dataset.zoom = this.scale === null ? "fit" : "zoomed";
    this.changed?.();
    if (!this.buttons) return;
    const px = Math.round(this.cellPixels(scale));
    this.buttons.in.disabled = px >= MAX;
    this.buttons.out.disabled = this.scale === null;
    this.buttons.fit.disabled = this.scale === null;
    const level = this.controls?.querySelector('[data-role="zoom-level"]');
    if (level) level.textContent = `${this.squares() ? "Squares" : "Hexes"} ${px} px`;
    if (this.hint) this.hint.hidden = !(this.scale === null && this.cellPixels(this.fitScale()) < SMALL);
  }

  /** @param {TouchEvent} event */
  touched(event) {
    if (event.touches.length !== 2) return;
    event.preventDefault(); // two fingers zoom the board, not the page
    this.pinch = { distance: this.spread(event), scale: this.scale ?? this.fitScale() };
  }

  /** @param {TouchEvent} event */
  moved(event) {
    if (!this.pinch || event.touches.length !== 2) return;
    if (event.cancelable) event.preventDefault();
    const [a, b] = event.touches;
    const rect = this.box.getBoundingClientRect();
    const scale = this.pinch.scale * this.spread(event) / this.pinch.distance;
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = requestAnimationFrame(() => {
      this.frame = null;
      this.set(scale, (a.clientX + b.clientX) / 2 - rect.left, (a.clientY + b.clientY) / 2 - rect.top);
    });
  }

  /** @param {TouchEvent} event */
  spread(event) {
    const [a, b] = event.touches;
    return Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY) || 1;
  }

  /** @param {WheelEvent} event */
  wheeled(event) {
    if (!event.ctrlKey) return; // a plain wheel scrolls
    event.preventDefault();
    const rect = this.box.getBoundingClientRect();
    const scale = (this.scale ?? this.fitScale()) * Math.exp(-event.deltaY / 300);
    this.set(scale, event.clientX - rect.left, event.clientY - rect.top);
  }
}
