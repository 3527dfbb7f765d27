// @ts-check
// A square map's region rectangle, as plain geometry: the squares between two corner squares, the polygon the map
// stores for them (grid units), the square under a point of the drawing (snapped to the nearest square of the
// board when the point lies off it, so a drag that overshoots the edge stops at the edge), and the box a rectangle
// covers in the drawing's units (the dashed outline shown while it is dragged). No DOM here: board/zones.js reads
// the drawing and calls these; tests/js/rectangle.test.mjs tests them.

/**
 * Where a square board's squares are drawn, in the drawing's units: square (c, r) spans (x + c * size, y + r * size)
 * to (x + (c + 1) * size, y + (r + 1) * size); the board has `cols` by `rows` squares.
 * @typedef {{ x: number, y: number, size: number, cols: number, rows: number }} Grid
 */

/**
 * A square's key ("col,row") as two whole numbers.
 * @param {string} key
 * @returns {[number, number]}
 */
function squareOf(key) {
  const [a, b] = key.split(",").map(Number);
  return [a, b];
}

/**
 * Every square of the rectangle with corner squares `a` and `b`, row by row ("col,row" keys).
 * @param {string} a
 * @param {string} b
 * @returns {string[]}
 */
export function squaresInRectangle(a, b) {
  const [c0, r0] = squareOf(a);
  const [c1, r1] = squareOf(b);
  const out = [];
  for (let r = Math.min(r0, r1); r <= Math.max(r0, r1); r++) {
    for (let c = Math.min(c0, c1); c <= Math.max(c0, c1); c++) out.push(`${c},${r}`);
  }
  return out;
}

/**
 * The outline, in grid units, of the rectangle whose corner squares are `a` and `b` (both whole squares inside it),
 * clockwise from the top left: a square map's region polygon.
 * @param {string} a
 * @param {string} b
 * @returns {number[][]}
 */
export function rectanglePoints(a, b) {
  const [c0, r0] = squareOf(a);
  const [c1, r1] = squareOf(b);
  const x0 = Math.min(c0, c1), x1 = Math.max(c0, c1) + 1, y0 = Math.min(r0, r1), y1 = Math.max(r0, r1) + 1;
  return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]];
}

/**
 * The grid of a square board read off one square's outline ("x,y x,y ..." in the drawing's units), that square's
 * place (`col`, `row`) and the board's size in squares.
 * @param {string} outline
 * @param {number} col
 * @param {number} row
 * @param {number} cols
 * @param {number} rows
 * @returns {Grid | null} null when the outline is not a square's
 */
export function gridOf(outline, col, row, cols, rows) {
  const xy = outline.trim().split(/\s+/).map((corner) => corner.split(",").map(Number));
  if (xy.length < 4 || xy.some((p) => p.length !== 2 || !p.every(Number.isFinite))) return null;
  const left = Math.min(...xy.map(([x]) => x)), top = Math.min(...xy.map(([, y]) => y));
  const size = Math.max(...xy.map(([x]) => x)) - left;
  if (!(size > 0) || cols < 1 || rows < 1) return null;
  return { x: left - col * size, y: top - row * size, size, cols, rows };
}

/**
 * The square under the point (`x`, `y`) of the drawing, or the board's square nearest it when the point is off the
 * board: its key ("col,row").
 * @param {Grid} grid
 * @param {number} x
 * @param {number} y
 * @returns {string}
 */
export function squareAt(grid, x, y) {
  const clamp = (/** @type {number} */ v, /** @type {number} */ most) => Math.min(most - 1, Math.max(0, Math.floor(v)));
  return `${clamp((x - grid.x) / grid.size, grid.cols)},${clamp((y - grid.y) / grid.size, grid.rows)}`;
}

/**
 * The box the rectangle with corner squares `a` and `b` covers in the drawing's units.
 * @param {Grid} grid
 * @param {string} a
 * @param {string} b
 * @returns {{ x: number, y: number, width: number, height: number }}
 */
export function rectangleBox(grid, a, b) {
  const [[x0, y0], , [x1, y1]] = rectanglePoints(a, b);
  return { x: grid.x + x0 * grid.size, y: grid.y + y0 * grid.size, width: (x1 - x0) * grid.size,
    height: (y1 - y0) * grid.size };
}
