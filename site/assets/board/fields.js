// @ts-check
// A board's fields: what stands where lives in the form's hidden inputs (the scenario). They are read here (parsed
// again only when someone else changed them) and written here: a one-piece field at once, the lists (a big map's
// hundreds of records) once the tap is on screen, then the list editors and the form are told.

import { ZONE_PATHS } from "./zones.js";
import { listsOf, readPieces, singleText } from "./model.js";
import { afterPaint } from "../utilities/common.js";

/** @typedef {import("./model.js").BoardSpec} BoardSpec */
/** @typedef {import("./model.js").Pieces} Pieces */
/** @typedef {import("./model.js").Field} Field */
/**
 * The pieces as the hidden inputs hold them (read), with the taps not written yet (write).
 * @typedef {{ texts: Map<string, string>, pieces: Pieces, pending: Set<string>, changed: boolean }} Model
 */

/** @param {HTMLInputElement} input */
function toldRecords(input) {
  input.dispatchEvent(new CustomEvent("calc:records", { bubbles: true, detail: { source: "board" } }));
}

export class BoardFields {
  /**
   * @param {HTMLElement} container the board's `[data-board]` element, holding the hidden inputs
   * @param {BoardSpec} spec
   * @param {Field[]} fields
   */
  constructor(container, spec, fields) {
    this.container = container;
    this.spec = spec;
    this.fields = fields;
    this.form = container.closest("form");
    /** @type {Map<string, HTMLInputElement | null>} a field's path -> its hidden input (looked up once: the form is large) */
    this.inputs = new Map();
    /** @type {Model | null} */
    this.model = null;
    this.writing = false; // a flush is asked for once the frame is on screen
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

  /** @param {string} path */
  value(path) {
    return this.input(path)?.value ?? "";
  }

  // What stands where (cell key -> its slot and record), from the hidden inputs: parsed again only when one of
  // them holds something else than what was last read there or written. A copy: the caller may change it.
  /** @returns {Pieces} */
  read() {
    const values = this.fields.map(({ path }) => this.value(path));
    if (this.model && this.fields.every(({ path }, i) => values[i] === this.model?.texts.get(path))) {
      return new Map(this.model.pieces);
    }
    // (someone else set the fields: a tap here whose lists are not written yet is dropped, theirs stands)
    const pieces = readPieces(this.spec, (path) => this.value(path));
    // texts: each field's value as read (or as written since); pending: lists set by taps, not written yet
    this.model = { texts: new Map(this.fields.map(({ path }, i) => [path, values[i]])), pieces, pending: new Set(), changed: false };
    return new Map(pieces);
  }

  // Set the fields to `pieces` (a map from `read()`). The one-piece fields (a few characters) are written at once;
  // the lists are serialised and written, and the list editors (calc:records, calculator/lists.js) and the form
  // told, once the tap is on screen: that work (and the engine's answer, when it comes back quickly) would
  // otherwise delay the frame that shows it. Whoever reads the fields before then calls `flush()`.
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
    if (this.fields.some(({ path }) => this.value(path) !== model.texts.get(path))) {
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
    for (const input of told) toldRecords(input);
    this.changed();
  }

  // The form told that the fields changed (it asks the engine for the new answer).
  changed() {
    this.form?.dispatchEvent(new Event("input", { bubbles: true }));
  }

  // The board's fields (and a square map's doors, walls, regions and area) as they stand, the taps not written yet
  // included: what Undo puts back.
  snapshot() {
    this.flush();
    const paths = [...this.fields.map(({ path }) => path), "map.doors", ...ZONE_PATHS];
    return new Map(paths.filter((path) => this.input(path)).map((path) => [path, this.value(path)]));
  }

  // The fields set back to a snapshot; the list editors of the lists it changed are told (the form is not: the
  // caller tells it once it has marked the cells).
  /** @param {Map<string, string>} shot */
  restore(shot) {
    this.flush();
    /** @type {HTMLInputElement[]} */
    const lists = [];
    for (const [path, text] of shot) {
      const input = this.input(path);
      if (!input || input.value === text) continue;
      input.value = text;
      if (this.fields.some((f) => f.path === path && !f.single)) lists.push(input);
    }
    return () => lists.forEach(toldRecords);
  }
}
