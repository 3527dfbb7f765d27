// @ts-check
// The board's Area and Region tools: an area effect placed by taps (its origin, then for a line or a cone where it is
// aimed; its shape and size chosen in the small control beside the tool row), and regions of the map drawn with a
// brush on hexes (a tap adds or removes a cell) or as a rectangle on squares (one drag from a corner square to the
// opposite one, shown dashed until let go, or a tap on each of the two; the geometry is board/rectangle.js's).
// They write the board's hidden fields (`area.*`, `map.regions`) and let the form answer: the engine draws the area,
// the regions and whom the area caught. Of the drawing only where its squares lie is read (the square under a
// finger), never its words. The pure helpers come first (tested in tests/js/zones.test.mjs), then the control.

import { cellNoun } from "../utilities/common.js";
import { gridOf, rectangleBox, rectanglePoints, squareAt, squaresInRectangle } from "./rectangle.js";

/** @typedef {{ kind: string, hexes?: number[][], points?: number[][], penalty?: number, blind?: boolean }} RegionItem */

/**
 * A cell's key ("q,r" or "col,row") as two whole numbers.
 * @param {string} key
 * @returns {[number, number]}
 */
export function cellOf(key) {
  const [a, b] = key.split(",").map(Number);
  return [a, b];
}

/**
 * A hex region's cells with `key` added, or taken away when it already holds it.
 * @param {number[][]} hexes
 * @param {string} key
 * @returns {number[][]}
 */
export function toggledHex(hexes, key) {
  const [q, r] = cellOf(key);
  const kept = hexes.filter(([a, b]) => a !== q || b !== r);
  return kept.length === hexes.length ? [...hexes, [q, r]] : kept;
}

/**
 * Where an area tapped on a cell stands: the hex itself, or a square's centre in grid units.
 * @param {string} key
 * @param {boolean} square
 * @returns {number[]}
 */
export function areaPoint(key, square) {
  const [a, b] = cellOf(key);
  return square ? [a + 0.5, b + 0.5] : [a, b];
}

/**
 * The area's hidden fields for a shape placed at `at` (aimed at `toward` for a line or a cone), `size` in the
 * system's unit: each field's text as the form holds it ("" clears it).
 * @param {string} shape
 * @param {number[]} at
 * @param {number[] | null} toward
 * @param {number} size
 * @returns {Record<string, string>}
 */
export function areaFields(shape, at, toward, size) {
  const point = (/** @type {number[] | null} */ p) => (p ? `${p[0]}, ${p[1]}` : "");
  return { "area.shape": shape, "area.at": point(at), "area.toward": shape === "sphere" ? "" : point(toward),
    "area.size": String(size), "area.width": "" };
}

/**
 * A list (the regions, the walls) read from its hidden box ("" or not a list: none).
 * @param {string} text
 * @returns {RegionItem[]}
 */
export function listOf(text) {
  try {
    const value = JSON.parse(text || "[]");
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

/**
 * The grid corner of square `key` nearest to where it was tapped (`fx`, `fy`: the tap's place across the square,
 * 0 to 1 from its top left): a wall's end.
 * @param {string} key
 * @param {number} fx
 * @param {number} fy
 * @returns {number[]}
 */
export function nearestCorner(key, fx, fy) {
  const [c, r] = cellOf(key);
  return [c + (fx >= 0.5 ? 1 : 0), r + (fy >= 0.5 ? 1 : 0)];
}

/** The hidden fields the tools write: what Undo keeps for them. */
export const ZONE_PATHS = ["map.walls", "map.regions", "area.shape", "area.at", "area.toward", "area.size", "area.width"];

export class BoardZones {
  // container: the board's element; hooks: how to write a field, say words, keep a step for Undo and answer.
  /**
   * @param {HTMLElement} container
   * @param {{ input: (path: string) => HTMLInputElement | null, say: (words: string) => void,
   *   remember: () => void, changed: () => void, tools: Element | null, svg: () => SVGSVGElement | null,
   *   outline: (box: { x: number, y: number, width: number, height: number } | null) => void }} hooks
   * @param {AbortSignal} signal
   */
  constructor(container, hooks, signal) {
    this.container = container;
    this.hooks = hooks;
    /** @type {"" | "area" | "region" | "wall"} the tool in use here ("" when the board's own tool is) */
    this.tool = "";
    /** @type {string | null} the origin tapped for a line or a cone, or a rectangle's first corner */
    this.first = null;
    /** @type {number | null} the region the brush is adding to (its index in map.regions) */
    this.brushing = null;
    /** @type {number[] | null} the wall's first end, a grid corner */
    this.end = null;
    /** @type {{ svg: SVGSVGElement, grid: import("./rectangle.js").Grid } | null} the squares' grid, per drawing */
    this.grid = null;
    /** @type {[number, number]} where the last touch or click fell (client pixels): a wall's end is the corner near it */
    this.pointer = [0, 0];
    container.addEventListener("pointerdown", (event) => { this.pointer = [event.clientX, event.clientY]; },
      { signal, capture: true });
    this.panel = container.querySelector('[data-role="zone-panel"]');
    hooks.tools?.addEventListener("click", (event) => {
      const button = event.target instanceof Element ? event.target.closest("button") : null;
      if (!(button instanceof HTMLElement)) return;
      const zone = button.dataset.zoneTool;
      this.choose(zone === "area" || zone === "region" || zone === "wall" ? zone : "");
    }, { signal });
    // the Wall line tool is for square maps: shown while the map is on squares
    const form = container.closest("form");
    this.showWalls();
    form?.addEventListener("change", () => this.showWalls(), { signal });
    for (const control of this.panel?.querySelectorAll("select, input") ?? []) {
      control.addEventListener("change", () => { this.first = null; this.brushing = null; }, { signal });
    }
  }

  /** Whether the board's map is on squares. */
  get square() {
    return cellNoun(this.container.closest("form")) === "square";
  }

  // The Wall line tool shown on a square map only (its choice shows with the tool).
  showWalls() {
    const square = this.square;
    const button = this.hooks.tools?.querySelector('button[data-zone-tool="wall"]');
    if (button instanceof HTMLElement) button.hidden = !square;
    if (!square && this.tool === "wall") this.choose("");
    this.container.toggleAttribute("data-drag-draws", this.drags);
  }

  /** Whether a drag on the board draws (a region's rectangle on a square map) rather than pans the view. */
  get drags() {
    return this.tool === "region" && this.square;
  }

  /** @param {string} name the panel control's role */
  value(name) {
    const control = this.panel?.querySelector(`[data-zone="${name}"]`);
    return control instanceof HTMLInputElement || control instanceof HTMLSelectElement ? control.value : "";
  }

  // An obscured region's penalty (as typed: the engine names a bad one) and whether nothing is seen inside.
  obscured() {
    const typed = this.value("penalty").trim();
    const blind = this.panel?.querySelector('[data-zone="blind"]');
    return { penalty: typed === "" ? 0 : Number(typed), blind: blind instanceof HTMLInputElement && blind.checked };
  }

  /** The tool chosen ("" for the board's own tools), shown pressed. @param {"" | "area" | "region" | "wall"} tool */
  choose(tool) {
    this.tool = tool;
    this.first = null;
    this.brushing = null;
    this.end = null;
    for (const button of this.hooks.tools?.querySelectorAll("button[data-zone-tool]") ?? []) {
      button.setAttribute("aria-pressed", String(/** @type {HTMLElement} */ (button).dataset.zoneTool === tool));
    }
    if (tool) {
      for (const button of this.hooks.tools?.querySelectorAll("button[data-tool]") ?? []) button.setAttribute("aria-pressed", "false");
      this.container.dataset.tool = tool;
    }
    this.container.toggleAttribute("data-drag-draws", this.drags); // (touch-action: none while a drag draws)
    // the panel shows the chosen tool's own choices only, and nothing while the board's own tools are in use
    if (this.panel instanceof HTMLElement) {
      this.panel.hidden = !tool;
      for (const label of this.panel.querySelectorAll("label[data-for]")) {
        /** @type {HTMLElement} */ (label).hidden = /** @type {HTMLElement} */ (label).dataset.for !== tool;
      }
    }
    if (tool === "area") this.hooks.say(`Area: tap its origin${this.value("shape") === "sphere" ? "" : ", then where it is aimed"}.`);
    if (tool === "wall") this.hooks.say(this.square ? "Wall: tap near a corner of a square, then near the corner it runs to."
      : "Walls, windows and slits are drawn on a square map.");
    if (tool === "region") this.hooks.say(this.square ? "Region: drag from one corner square to the opposite one, or tap the two." : "Region: tap hexes to add or remove them.");
  }

  /** @param {Record<string, string>} values */
  write(values) {
    this.hooks.remember();
    for (const [path, text] of Object.entries(values)) {
      const input = this.hooks.input(path);
      if (input) input.value = text;
    }
    this.hooks.changed();
  }

  // A tap on cell `key` while this tool is in use (true: it was this tool's).
  /** @param {string} key */
  tapped(key) {
    if (!this.tool) return false;
    if (this.tool === "area") this.tapArea(key);
    else if (this.tool === "wall") this.tapWall(key);
    else this.tapRegion(key);
    return true;
  }

  // A wall's end: the corner of the tapped square nearest the tap; the second end draws it, of the chosen kind.
  /** @param {string} key */
  tapWall(key) {
    const box = this.hooks.input("map.walls");
    const square = this.container.querySelector(`g.hex[data-hex="${CSS.escape(key)}"]`);
    if (!box || !this.square || !square) return;
    const rect = square.getBoundingClientRect();
    const corner = nearestCorner(key, (this.pointer[0] - rect.left) / (rect.width || 1),
      (this.pointer[1] - rect.top) / (rect.height || 1));
    if (this.end === null) {
      this.end = corner;
      this.hooks.say(`From the corner ${corner.join(", ")}: now tap near the corner it runs to.`);
      return;
    }
    const start = this.end;
    this.end = null;
    if (start[0] === corner[0] && start[1] === corner[1]) {
      this.hooks.say("Both ends at one corner: tap near another.");
      return;
    }
    const kind = this.value("wall-kind") || "wall";
    const walls = listOf(box.value);
    walls.push({ kind, points: [start, corner] });
    this.write({ "map.walls": JSON.stringify(walls) });
    this.hooks.say(`A ${kind} from ${start.join(", ")} to ${corner.join(", ")}.`);
  }

  /** @param {string} key */
  tapArea(key) {
    const shape = this.value("shape") || "sphere";
    const size = Number(this.value("size")) || 10;
    if (shape !== "sphere" && this.first === null) {
      this.first = key;
      this.hooks.say(`Origin ${key}: now tap where the ${shape} is aimed.`);
      return;
    }
    const at = areaPoint(this.first ?? key, this.square);
    const toward = shape === "sphere" ? null : areaPoint(key, this.square);
    this.first = null;
    if (toward && at[0] === toward[0] && at[1] === toward[1]) {
      this.hooks.say("Aim it at another cell.");
      return;
    }
    this.write(areaFields(shape, at, toward, size));
    this.hooks.say(`A ${shape} of ${size} placed.`);
  }

  /** @param {string} key */
  tapRegion(key) {
    const kind = this.value("kind") || "fog";
    const box = this.hooks.input("map.regions");
    if (!box) return;
    const regions = listOf(box.value);
    if (this.square) {
      if (this.first === null) {
        this.first = key;
        this.hooks.say(`Corner ${key}: now tap the opposite corner square.`);
        return;
      }
      const first = this.first;
      this.first = null;
      this.addRectangle(first, key);
      return;
    }
    const at = this.brushing !== null && regions[this.brushing]?.kind === kind ? this.brushing : regions.length;
    const item = regions[at] ?? { kind, hexes: [] };
    const hexes = toggledHex(item.hexes ?? [], key);
    if (hexes.length) regions[at] = { ...item, hexes, ...(kind === "obscured" ? this.obscured() : {}) };
    else regions.splice(at, 1);
    this.brushing = hexes.length ? at : null;
    this.write({ "map.regions": JSON.stringify(regions) });
    this.hooks.say(`${kind}: ${hexes.length} hex${hexes.length === 1 ? "" : "es"}.`);
  }

  // A square map's region: the rectangle with corner squares `a` and `b`, of the chosen kind.
  /**
   * @param {string} a
   * @param {string} b
   */
  addRectangle(a, b) {
    const kind = this.value("kind") || "fog";
    const box = this.hooks.input("map.regions");
    if (!box) return;
    const regions = listOf(box.value);
    regions.push({ kind, points: rectanglePoints(a, b), ...(kind === "obscured" ? this.obscured() : {}) });
    const count = squaresInRectangle(a, b).length;
    this.write({ "map.regions": JSON.stringify(regions) });
    this.hooks.say(`A ${kind} region of ${count} square${count === 1 ? "" : "s"} placed.`);
  }

  // The square under the screen's point (`x`, `y`), or the board's square nearest it (null: no square drawing).
  /**
   * @param {number} x
   * @param {number} y
   */
  squareUnder(x, y) {
    const svg = this.hooks.svg();
    const matrix = svg?.getScreenCTM();
    if (!svg || !matrix) return null;
    if (this.grid?.svg !== svg) {
      const cells = [...svg.querySelectorAll("g.hex.square")].map((g) => /** @type {SVGElement} */ (g));
      const outline = cells[0]?.querySelector(".hex-shape")?.getAttribute("points") ?? "";
      const most = (/** @type {"col" | "row"} */ name) => Math.max(0, ...cells.map((g) => Number(g.dataset[name]) + 1));
      const grid = cells[0] ? gridOf(outline, Number(cells[0].dataset.col), Number(cells[0].dataset.row), most("col"), most("row")) : null;
      if (!grid) return null;
      this.grid = { svg, grid };
    }
    const at = new DOMPoint(x, y).matrixTransform(matrix.inverse());
    return { key: squareAt(this.grid.grid, at.x, at.y), grid: this.grid.grid };
  }

  // A drag from corner square `from` now at the screen's point (`x`, `y`): the rectangle shown dashed.
  /**
   * @param {string} from
   * @param {number} x
   * @param {number} y
   */
  stretch(from, x, y) {
    this.first = null; // a drag replaces a corner tapped before it
    const under = this.squareUnder(x, y);
    if (under) this.hooks.outline(rectangleBox(under.grid, from, under.key));
  }

  // The drag from corner square `from` let go at the screen's point (`x`, `y`): the rectangle drawn.
  /**
   * @param {string} from
   * @param {number} x
   * @param {number} y
   */
  release(from, x, y) {
    this.hooks.outline(null);
    const under = this.squareUnder(x, y);
    if (under) this.addRectangle(from, under.key);
  }

  // A drag given up (the pointer cancelled): nothing drawn.
  unstretch() {
    this.hooks.outline(null);
  }
}
