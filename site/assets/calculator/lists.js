// @ts-check
// List editors: a records field (Enchanted Realms' other creatures, a map's obstacles and creatures) as rows
// of controls, one row per item, drawn by templates/partials/records.html from the field's item fields.
// The hidden input beside the rows holds the list as JSON: it is what the engine reads and what the board
// writes. The two stay in step through that value and one event, `calc:records`, dispatched on the hidden
// input by whoever else sets it (the board, a link being restored: the rows are drawn again from it) and
// by this editor when it sets it (detail.source "list", detail.hexes the "q,r" keys whose piece changed,
// so a board can mark them at once). An edit here also fires `input`, which asks the engine. The board writes
// a tap's list once the tap is on screen: the editor asks it to write first whenever it reads the list.

import { boardIn, cellNoun, nextName, parseList } from "../utilities/common.js";
import { distance, keyOf, scalar } from "./item-values.js";

/** @typedef {Record<string, unknown>} Item */
/** @typedef {HTMLInputElement | HTMLSelectElement} Control */

const EVENT = "calc:records";
// More rows than this and the rows can be folded away (a button says so); a list drawn from a link starts folded.
// Folded rows are not in the page at all: a big map's hundreds of rows (a thousand controls) would otherwise be laid
// out, watched for coming into view and hit-tested on every frame, and looked through by the browser whenever a
// script touches the form after a change, each tap on the board's included.
const FOLD_AT = 12;
// The element `selector` finds in `root` (the row templates always hold it).
/**
 * @param {Element} root
 * @param {string} selector
 */
function within(root, selector) {
  return /** @type {HTMLElement} */ (root.querySelector(selector));
}

// A row's controls, each with its item key and kind.
/** @param {Element} row */
function controlsOf(row) {
  return /** @type {NodeListOf<Control>} */ (row.querySelectorAll("[data-item-key]"));
}

// A choice control's values (data-values: the JSON list of what each option stands for).
/** @param {Control} control */
function choicesOf(control) {
  return /** @type {unknown[]} */ (JSON.parse(control.dataset.values ?? "[]"));
}

// The element around an event's target that matches `selector`, or null.
/**
 * @param {Event} event
 * @param {string} selector
 * @returns {HTMLElement | null}
 */
function closestTo(event, selector) {
  return event.target instanceof Element ? event.target.closest(selector) : null;
}

export class ListEditor {
  /** @param {HTMLElement} root a `[data-list]` element */
  constructor(root) {
    this.root = root;
    this.path = root.dataset.list ?? "";
    this.noun = root.dataset.noun ?? "";
    this.max = Number(root.dataset.max) || Infinity;
    /** @type {Item} */
    this.defaults = JSON.parse(root.dataset.defaults || "{}");
    /** @type {<E extends Element = HTMLElement>(selector: string) => E} */
    const part = (selector) => {
      const found = root.querySelector(selector);
      if (!found) throw new Error(`the list ${this.path} has no ${selector}`);
      return /** @type {any} */ (found);
    };
    /** @type {HTMLInputElement} */
    this.input = part(`input[type="hidden"][data-path="${CSS.escape(this.path)}"]`);
    this.rows = part('[data-role="list-rows"]');
    /** @type {HTMLTemplateElement} */
    this.template = part('template[data-role="list-row"]');
    this.count = part('[data-role="list-count"]');
    /** @type {HTMLButtonElement} */
    this.addButton = part('[data-role="list-add"]');
    this.toggle = part('[data-role="list-toggle"]');
    this.folded = false;
    this.length = this.rows.children.length; // the list's length (the rows drawn, unless folded)
    this.chosen = false; // the fold was opened or closed by hand: a list drawn from a link then leaves it as it is
    this.announcer = part('[data-role="list-announce"]');
    /** @type {HTMLElement | null} */
    this.board = root.closest("[data-board]");
    /** @type {HTMLElement | null} */
    this.placing = null; // the row whose item the next hex tapped on the board moves there
    this.shown = this.input.value; // the list the rows show
    for (const row of this.rowList()) this.number(row, Number(row.dataset.index));
    this.refreshCount();
    // every listener goes with the editor (`destroy`)
    this.teardown = new AbortController();
    this.listen(root, this.teardown.signal);
  }

  /**
   * @param {HTMLElement} root
   * @param {AbortSignal} signal
   */
  listen(root, signal) {
    this.rows.addEventListener("input", (event) => this.edited(event), { signal });
    this.rows.addEventListener("change", (event) => this.edited(event), { signal });
    this.rows.addEventListener("click", (event) => this.clicked(event), { signal });
    this.addButton.addEventListener("click", () => this.add(), { signal });
    this.toggle.addEventListener("click", () => {
      this.chosen = true;
      this.fold(!this.folded);
    }, { signal });
    this.input.addEventListener(EVENT, (event) => {
      const source = /** @type {CustomEvent} */ (event).detail?.source;
      if (source !== "list") this.sync(source);
    }, { signal });
    // The calculator has an error to show beside one of the rows (calculator/field-errors.js): they are drawn.
    root.addEventListener("calc:reveal", () => this.fold(false), { signal });
    if (this.board) {
      // Capture: while placing, a tap or Enter on a hex moves this list's item, and the board does nothing.
      this.board.addEventListener("click", (event) => this.boardPicked(event), { capture: true, signal });
      this.board.addEventListener("keydown", (event) => this.boardKeyed(event), { capture: true, signal });
    }
    root.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.placing) {
        this.stopPlacing(true);
        event.preventDefault();
      }
    }, { signal });
  }

  // The editor is gone (its calculator was): an item being placed is let go, and every listener removed.
  destroy() {
    if (this.placing) this.stopPlacing(false);
    this.teardown.abort();
  }

  // The rows drawn.
  /** @returns {HTMLElement[]} */
  rowList() {
    return /** @type {HTMLElement[]} */ ([...this.rows.children]);
  }

  // The list as the hidden input holds it (after the board has written a tap it has not written yet).
  /** @returns {Item[]} */
  list() {
    boardIn(this.board)?.flush();
    return /** @type {Item[]} */ (parseList(this.input.value));
  }

  // Write the list to the hidden input and tell the board (hexes whose piece changed) and the calculator.
  /**
   * @param {unknown[]} list
   * @param {string[]} [hexes]
   */
  commit(list, hexes = []) {
    this.input.value = JSON.stringify(list);
    this.shown = this.input.value;
    this.refreshCount();
    this.input.dispatchEvent(new CustomEvent(EVENT, { bubbles: true, detail: { source: "list", hexes } }));
    this.input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  // The hidden input was set by someone else (`source`: the board, or a link being restored): show its list,
  // touching only the rows that differ. A long list from a link starts folded, unless the fold was chosen by hand.
  /** @param {string | undefined} source */
  sync(source) {
    if (this.input.value === this.shown) return;
    this.shown = this.input.value;
    const list = this.list();
    if (source === "link" && !this.chosen) this.folded = list.length > FOLD_AT;
    this.draw(list);
  }

  // Show `list` in the rows (none while folded), touching only the rows that differ.
  /** @param {Item[]} list */
  draw(list) {
    this.length = list.length;
    const shown = this.folded ? [] : list;
    while (this.rows.children.length > shown.length) this.rows.lastElementChild?.remove();
    shown.forEach((item, index) => {
      let row = /** @type {HTMLElement | undefined} */ (this.rows.children[index]);
      if (!row) {
        row = this.fresh(index);
        this.rows.append(row);
      }
      this.show(row, item);
    });
    if (this.placing && !this.placing.isConnected) this.stopPlacing(false);
    this.rows.hidden = this.folded;
    this.toggle.setAttribute("aria-expanded", String(!this.folded));
    this.refreshCount();
  }

  // Fold the rows away (`folded`: they are taken out of the page, not only hidden) or draw them again.
  /** @param {boolean} folded */
  fold(folded) {
    if (folded === this.folded) return;
    this.folded = folded;
    this.draw(this.list());
  }

  // A new row from the template, numbered.
  /** @param {number} index */
  fresh(index) {
    const row = /** @type {HTMLElement} */ (this.template.content.firstElementChild?.cloneNode(true));
    this.number(row, index);
    return row;
  }

  // Give a row the ids, names and error slots of item `index` (rows are renumbered when one is removed).
  /**
   * @param {HTMLElement} row
   * @param {number} index
   */
  number(row, index) {
    const list = this.root.id;
    const title = `${this.noun.charAt(0).toUpperCase()}${this.noun.slice(1)} ${index + 1}`;
    row.dataset.index = String(index);
    within(row, '[data-role="list-title"]').textContent = title;
    within(row, '[data-role="list-remove"] .visually-hidden').textContent = ` ${this.noun} ${index + 1}`;
    for (const cell of row.querySelectorAll(".calc-list-cell")) {
      const control = within(cell, "[data-item-key]");
      const key = control.dataset.itemKey;
      const base = `${list}-${index}-${key}`;
      const where = `${this.path}.${index}.${key}`;
      const error = within(cell, "[data-error-for]");
      const label = cell.querySelector(".calc-list-label");
      error.id = `${base}-error`;
      error.dataset.errorFor = where;
      // the hex words (a square map's are written from them as the error is shown)
      const named = label?.querySelector(".calc-list-axis-hex") ?? label;
      error.dataset.label = `${title}, ${named ? named.textContent : key}`;
      if (control.dataset.itemKind === "hex") {
        if (label) label.id = base;
        within(cell, '[role="group"]').setAttribute("aria-labelledby", base);
        for (const part of cell.querySelectorAll("[data-item-part]")) {
          const box = /** @type {HTMLElement} */ (part);
          const axis = box.dataset.itemPart === "0" ? "q" : "r";
          box.id = `${base}-${axis}`;
          box.dataset.itemPath = where;
          /** @type {HTMLLabelElement} */ (box.previousElementSibling).htmlFor = box.id;
        }
      } else {
        control.id = base;
        control.dataset.itemPath = where;
        /** @type {HTMLLabelElement} */ (within(cell, "label")).htmlFor = base;
      }
    }
  }

  // Set a row's controls to an item's values (a control the user is typing in keeps its text when it says the same).
  /**
   * @param {HTMLElement} row
   * @param {Item} item
   */
  show(row, item) {
    for (const control of controlsOf(row)) {
      const value = item[control.dataset.itemKey ?? ""];
      const kind = control.dataset.itemKind;
      if (kind === "bool") {
        /** @type {HTMLInputElement} */ (control).checked = value === true;
      } else if (kind === "choice") {
        /** @type {HTMLSelectElement} */ (control).selectedIndex = choicesOf(control).findIndex((v) => v === value);
      } else {
        const part = kind === "hex" ? (Array.isArray(value) ? value[Number(control.dataset.itemPart)] : undefined) : value;
        const text = part === undefined || part === null ? "" : String(part);
        if (control.value === text) continue;
        if (control === document.activeElement && kind !== "text" && scalar(kind === "hex" ? "int" : kind ?? "", control.value) === part) continue;
        control.value = text;
      }
    }
  }

  // The item a row's controls describe, on top of what the list holds for it (keys the row has no control for stay).
  /**
   * @param {HTMLElement} row
   * @param {Item} item
   * @returns {Item}
   */
  read(row, item) {
    const out = { ...item };
    /** @type {string[]} */
    const hex = [];
    for (const control of controlsOf(row)) {
      const key = control.dataset.itemKey ?? "";
      const kind = control.dataset.itemKind;
      if (kind === "bool") out[key] = /** @type {HTMLInputElement} */ (control).checked;
      else if (kind === "choice") out[key] = choicesOf(control)[/** @type {HTMLSelectElement} */ (control).selectedIndex];
      else if (kind === "hex") hex[Number(control.dataset.itemPart)] = control.value;
      else if (control.value.trim() === "") delete out[key];
      else out[key] = scalar(kind ?? "", control.value);
      if (kind === "hex" && hex.length === 2) {
        if (hex.every((t) => t.trim() === "")) delete out[key];
        else out[key] = hex.map((t) => scalar("int", t));
      }
    }
    return out;
  }

  /** @param {Event} event */
  edited(event) {
    const control = closestTo(event, "[data-item-key]");
    if (!control) return;
    if (event.type === "change" && /** @type {HTMLInputElement} */ (control).type === "text") return; // its input events said it already
    const row = /** @type {HTMLElement} */ (control.closest(".calc-list-row"));
    const index = Number(row.dataset.index);
    const list = this.list();
    if (!list[index] || typeof list[index] !== "object") list[index] = {};
    const before = keyOf(list[index].hex);
    list[index] = this.read(row, /** @type {Item} */ (list[index]));
    const after = keyOf(list[index].hex);
    this.input.value = JSON.stringify(list);
    this.shown = this.input.value;
    // The event goes on to the form, which asks the engine; the board hears which hexes changed.
    this.input.dispatchEvent(new CustomEvent(EVENT, { bubbles: true,
      detail: { source: "list", hexes: [before, after].filter((k, i, all) => k && all.indexOf(k) === i) } }));
  }

  /** @param {Event} event */
  clicked(event) {
    const button = closestTo(event, "button[data-role]");
    if (!button) return;
    const row = /** @type {HTMLElement} */ (button.closest(".calc-list-row"));
    if (button.dataset.role === "list-remove") this.remove(row);
    else if (button.dataset.role === "list-place") {
      if (this.placing === row) this.stopPlacing(true);
      else this.startPlacing(row);
    }
  }

  /** @param {HTMLElement} row */
  title(row) {
    return within(row, '[data-role="list-title"]').textContent ?? "";
  }

  add() {
    const list = this.list();
    if (list.length >= this.max) return;
    /** @type {Item} */
    const item = { ...this.defaults };
    // A text (a name) gets "Creature 3", one more than the highest number names end with, as the board names them.
    const named = /** @type {HTMLElement | null} */ (this.template.content.querySelector('[data-item-kind="text"]'));
    if (named) {
      const key = named.dataset.itemKey ?? "";
      item[key] = nextName(this.noun, list.map((r) => r?.[key]));
    }
    const hexKey = /** @type {HTMLElement | null} */ (this.template.content.querySelector('[data-item-kind="hex"]'))?.dataset.itemKey;
    const spot = hexKey && this.freeHex(list, hexKey);
    if (spot) item[hexKey] = spot;
    list.push(item);
    this.fold(false); // the new row is shown, and its first box focused
    const row = this.fresh(list.length - 1);
    this.rows.append(row);
    this.show(row, item);
    this.commit(list, [spot ? keyOf(spot) : null].filter((key) => key !== null));
    const where = spot ? ` on hex ${spot.join(", ")}` : ": give its hex";
    this.say(`${this.title(row)} added${where}.`);
    /** @type {HTMLElement | null} */ (row.querySelector("input, select"))?.focus();
  }

  // A hex for a new item: beside the board, the empty drawn hex nearest this list's last item (or the first
  // piece); without a board none (the row asks for it).
  /**
   * @param {Item[]} list
   * @param {string} key
   * @returns {number[] | null}
   */
  freeHex(list, key) {
    if (!this.board) return null;
    const cells = /** @type {SVGElement[]} */ ([...this.board.querySelectorAll("g.hex[data-hex]")]);
    const taken = new Set(list.map((item) => keyOf(item?.[key])).filter(Boolean));
    const hexOf = (/** @type {SVGElement} */ g) => (g.dataset.hex ?? "").split(",").map(Number);
    const placed = cells.find((g) => g.dataset.piece);
    const anchorCell = /** @type {number[] | undefined} */ ([...list].reverse().map((item) => item?.[key]).find((h) => keyOf(h)))
      || (placed ? hexOf(placed) : null);
    const free = cells.filter((g) => !g.dataset.piece && !taken.has(g.dataset.hex ?? null)).map(hexOf);
    if (!free.length) return null;
    if (!anchorCell) return free[0];
    return free.reduce((best, h) => (distance(h, anchorCell) < distance(best, anchorCell) ? h : best));
  }

  /** @param {HTMLElement} row */
  remove(row) {
    const index = Number(row.dataset.index);
    const list = this.list();
    const title = this.title(row);
    const [gone] = list.splice(index, 1);
    if (this.placing === row) this.stopPlacing(false);
    row.remove();
    this.rowList().forEach((r, i) => this.number(r, i));
    this.commit(list, [keyOf(gone?.hex)].filter((key) => key !== null));
    this.say(`${title} removed.`);
    const next = this.rows.children[index] || this.rows.children[index - 1];
    (next ? within(next, '[data-role="list-remove"]') : this.addButton).focus();
  }

  /** @param {HTMLElement} row */
  startPlacing(row) {
    if (!this.board) return;
    if (this.placing) this.stopPlacing(false);
    this.placing = row;
    row.dataset.placing = "";
    const button = within(row, '[data-role="list-place"]');
    button.setAttribute("aria-pressed", "true");
    const noun = cellNoun(row.closest("form"));
    button.textContent = `Tap a ${noun}…`;
    this.board.dataset.placing = "";
    this.board.querySelector('[data-role="board"]')?.scrollIntoView({ block: "nearest" });
    this.say(`Placing ${this.title(row)}: tap a ${noun} on the board, or move to one and press Enter. Escape cancels.`);
  }

  /** @param {boolean} announce */
  stopPlacing(announce) {
    const row = this.placing;
    this.placing = null;
    delete this.board?.dataset.placing;
    if (!row) return;
    delete row.dataset.placing;
    const button = within(row, '[data-role="list-place"]');
    button.setAttribute("aria-pressed", "false");
    button.textContent = "Place on board";
    if (announce) this.say(`${this.title(row)} stays where it was.`);
  }

  /** @param {Event} event */
  boardPicked(event) {
    if (!this.placing) return;
    const g = closestTo(event, "g.hex[data-hex]");
    if (!g) return;
    event.stopPropagation();
    event.preventDefault();
    this.placeOn(g, false);
  }

  /** @param {KeyboardEvent} event */
  boardKeyed(event) {
    if (!this.placing) return;
    const g = closestTo(event, "g.hex[data-hex]");
    if (!g) return;
    if (event.key === "Escape") {
      const button = within(this.placing, '[data-role="list-place"]');
      this.stopPlacing(true);
      button.focus();
    } else if (event.key === "Enter" || event.key === " ") {
      this.placeOn(g, true);
    } else {
      return; // arrows and the rest: the board's own keys
    }
    event.stopPropagation();
    event.preventDefault();
  }

  // Move the item being placed to hex `g`, unless another piece stands there.
  /**
   * @param {HTMLElement | SVGElement} g
   * @param {boolean} byKey
   */
  placeOn(g, byKey) {
    const row = this.placing;
    if (!row) return;
    const index = Number(row.dataset.index);
    const list = this.list();
    const hexKey = within(row, '[data-item-kind="hex"]').dataset.itemKey ?? "";
    const before = keyOf(list[index]?.[hexKey]);
    const key = g.dataset.hex ?? "";
    const where = `hex ${key.replace(",", ", ")}`;
    if (g.dataset.piece && key !== before) {
      this.say(`${where[0].toUpperCase()}${where.slice(1)} is taken: pick an empty hex for ${this.title(row)}.`);
      return;
    }
    list[index] = { ...list[index], [hexKey]: key.split(",").map(Number) };
    this.show(row, list[index]);
    this.stopPlacing(false);
    this.commit(list, [before ?? "", key].filter((k, i, all) => k && all.indexOf(k) === i));
    this.say(`${this.title(row)} placed on ${where}.`);
    if (byKey) within(row, '[data-role="list-place"]').focus();
  }

  refreshCount() {
    const length = this.folded ? this.length : this.rows.children.length;
    this.count.textContent = `(${length})`;
    this.addButton.disabled = length >= this.max;
    this.toggle.hidden = !this.folded && length <= FOLD_AT;
  }

  /** @param {string} message */
  say(message) {
    this.announcer.textContent = message;
  }
}

// Every list editor inside `root` (a calculator) set up; each one's `destroy()` takes it down.
/** @param {Element} root */
export function mountLists(root) {
  return [...root.querySelectorAll("[data-list]")].map((element) => new ListEditor(/** @type {HTMLElement} */ (element)));
}
