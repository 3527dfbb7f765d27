// A square map's region rectangle as geometry (site/assets/board/rectangle.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { gridOf, rectangleBox, rectanglePoints, squareAt, squaresInRectangle } from "../../site/assets/board/rectangle.js";

// The drawing of a 12 x 6 square map: square [4, 2] spans (142, 74) to (176, 108), so squares are 34 units wide and
// square [0, 0] starts at (6, 6).
const GRID = gridOf("142,74 176,74 176,108 142,108", 4, 2, 12, 6);

test("the squares inside a rectangle tapped corner to corner, either way round", () => {
  // corners [3, 0] and [5, 1]: columns 3 to 5, rows 0 and 1, six squares
  assert.deepEqual(squaresInRectangle("5,1", "3,0"), ["3,0", "4,0", "5,0", "3,1", "4,1", "5,1"]);
  assert.deepEqual(squaresInRectangle("2,2", "2,2"), ["2,2"]);
});

test("a rectangle's outline holds both corner squares whole", () => {
  // squares [3, 0] to [5, 5]: from the point (3, 0) to (6, 6), a fog bank three squares wide
  assert.deepEqual(rectanglePoints("3,0", "5,5"), [[3, 0], [6, 0], [6, 6], [3, 6]]);
  assert.deepEqual(rectanglePoints("5,5", "3,0"), [[3, 0], [6, 0], [6, 6], [3, 6]]);
  assert.deepEqual(rectanglePoints("2,2", "2,2"), [[2, 2], [3, 2], [3, 3], [2, 3]]);
});

test("the grid is read off one square's outline and its place", () => {
  assert.deepEqual(GRID, { x: 6, y: 6, size: 34, cols: 12, rows: 6 });
  assert.equal(gridOf("", 0, 0, 1, 1), null);
  assert.equal(gridOf("1,1 1,1 1,1 1,1", 0, 0, 1, 1), null);
});

test("the square under a point, and the nearest square of the board off its edge", () => {
  assert.ok(GRID);
  // (150, 80) lies in square [4, 2]; the top left corner of square [3, 0] is (108, 6), which belongs to it
  assert.equal(squareAt(GRID, 150, 80), "4,2");
  assert.equal(squareAt(GRID, 108, 6), "3,0");
  // a drag that overshoots: left of and above the board snaps to column and row 0, past the right and bottom
  // edges to the last square, [11, 5]
  assert.equal(squareAt(GRID, -40, -3), "0,0");
  assert.equal(squareAt(GRID, 900, 900), "11,5");
});

test("the box a dragged rectangle covers in the drawing", () => {
  assert.ok(GRID);
  // squares [3, 0] to [5, 5]: x from 6 + 3 * 34 = 108, three squares (102) wide; y from 6, six squares (204) high
  assert.deepEqual(rectangleBox(GRID, "5,5", "3,0"), { x: 108, y: 6, width: 102, height: 204 });
});
