// @ts-check
// Page glue for every calculator on a page: read the form, ask the engine, show its answer.
// The engine is pycore running under Pyodide in one worker (engine/life.js keeps it), loaded from this site only.
// Data flows one way: form values -> engine (validates, evaluates, renders) -> output region.
// House rulings (calculator/rulings.js): a full calculator opened without a link starts from the table's rulings
// and a change of a ruling there is remembered as the table's; an inline calculator evaluates with them
// (its preset's own rulings win). A #s= link's rulings win: while they differ from the table's the page
// says so, and a change of a ruling only changes the link's (a button remembers them as the table's).

import { cellNoun, holdsMarkup, squareWords, whenIdle } from "../utilities/common.js";
import { mountLists } from "./lists.js";
import { openInPlace } from "../page/navigate.js";
import { HousePanel, Rulings, idOf, onTableChange, pathOf, readTable, writeTable } from "./rulings.js";
import { Summary } from "./summary.js";
import { Engine, EngineCancelled, EngineStopped, message } from "../engine/life.js";
import { sayWork } from "./busy.js";

// The map fields a lay-out fills (pycore.page.handler's LAID_OUT): a board holding just those is laid out again on a new grid.
const LAID_OUT = ["map.attacker", "map.target", "map.obstacles", "map.creatures", "map.walls"];

/** @typedef {import("../engine/life.js").Reply} Reply */

/** @typedef {{ field: string, message: string }} FieldError */
/** @typedef {HTMLInputElement | HTMLSelectElement} Control a form control with a data-path (select or input) */

class Calculator {
  /** @param {HTMLElement} root */
  constructor(root) {
    this.root = root;
    this.system = root.dataset.calculator ?? "";
    this.full = root.dataset.mode === "full";
    this.base = root.dataset.base;
    /** @type {<E extends Element = HTMLElement>(selector: string) => E} */
    const part = (selector) => /** @type {any} */ (root.querySelector(selector));
    /** @type {HTMLFormElement} */
    this.form = part("form");
    this.output = part(".calc-output");
    this.status = part('[data-role="status"]');
    this.body = part('[data-role="body"]');
    /** @type {HTMLAnchorElement | null} */
    this.open = part('[data-role="open"]');
    /** @type {{ error: FieldError, control: HTMLElement } | null} the first error shown beside its field, and its control */
    this.toFix = null;
    this.failed = false;
    // A full calculator's preset is only the situation its form opens with (every field is on the form, so an
    // emptied box stays empty); an inline calculator's preset holds fixed values for the fields it does not show.
    this.preset = this.full ? {} : JSON.parse(root.dataset.preset || "{}");
    /** @type {Engine | null} */
    this.engine = null; // the engine, once it answers this calculator (not while a new worker is being started)
    this.queued = false;
    this.laying = false; // a switch to the map waits to be laid out (layOut)
    /** @type {string | null} what the last lay-out placed (placed()), to tell a board nobody has touched since */
    this.laid = null;
    /** @type {string | null} the engine's last answer written (or found) in the output */
    this.shown = null;
    this.running = Promise.resolve();
    this.notice = "";
    this.rulings = Rulings.of(root);
    this.linked = false; // showing a link's rulings that differ from the table's
    this.house = new HousePanel(part('[data-role="house"]'), this.rulings, {
      useTable: () => this.useTable(), remember: () => this.rememberShown(), reset: () => this.resetRulings() });
    for (const { select, id } of this.rulingSelects()) select.addEventListener("change", () => this.rulingChanged(select, id));
    for (const type of ["input", "change"]) {
      this.form.addEventListener(type, () => {
        this.settled(); // a change of the form: a link not read, an import's line, is what was, no longer what is
        this.changed();
      });
    }
    this.form.addEventListener("submit", (event) => event.preventDefault());
    for (const radio of /** @type {NodeListOf<HTMLInputElement>} */ (this.form.querySelectorAll('[data-role="alternative"]'))) {
      radio.addEventListener("change", () => this.choose(radio.value));
      // on "input", which reaches the radio before the form's listener asks for the answer: laid out first
      if (radio.value === "map") radio.addEventListener("input", () => this.layOut());
    }
    this.form.querySelector('select[data-path="map.grid"]')?.addEventListener("input", () => this.layOut());
    this.summary = new Summary(root, { answer: this.output,
      link: () => (this.full ? location.href : this.open?.href || location.href) });
    /** @type {import("../board/board.js").Board | null} */
    this.board = null; // the board, the list editors and the map import: setUpParts
    /** @type {import("../board/map-import.js").MapImport | null} */
    this.maps = null;
    /** @type {Promise<void> | null} */
    this.parts = null;
    this.listed = false; // the maps kept on this device are listed once the map is shown (listKept)
  }

  // The list editors, then the board and the map import, set up once: by the page in a task after the form's (so
  // that neither is a long task on a slow phone), or first thing by whatever needs them sooner. The board's
  // modules are imported only by a calculator that has a board.
  setUpParts() {
    this.parts ??= this.loadParts();
    return this.parts;
  }

  async loadParts() {
    mountLists(this.root);
    /** @type {HTMLElement | null} */
    const board = this.root.querySelector("[data-board]");
    if (!board) return;
    let modules;
    try {
      modules = await Promise.all([import("../board/board.js"), import("../board/map-import.js")]);
    } catch (error) {
      console.warn("calculator board could not load:", error);
      this.setState("error", `The map could not load (${message(error)}). The fields work; reload the page for the map.`);
      return;
    }
    const [{ Board }, { MapImport }] = modules;
    if (!this.root.isConnected) return; // its page was left in place meanwhile
    this.board = new Board(board);
    // A square map from a Universal VTT export (board/map-import.js), where the board offers one.
    this.maps = this.root.querySelector('[data-role="import-file"]')
      ? new MapImport(this.root, this.board, { ask: (request) => this.engine?.ask({ ...request, system: this.system }) ?? null,
        fill: (values) => this.fill(values), changed: () => this.changed(), run: (work) => this.run(work),
        note: (text, kind) => this.summary.note(text, kind) })
      : null;
    this.listKept();
  }

  // List the maps kept on this device, once, when the map is shown: reading them is work a page that never shows
  // its map does not need at start.
  listKept() {
    if (!this.maps || this.listed || !this.board?.active) return;
    this.listed = true;
    whenIdle(() => this.maps?.refresh());
  }

  // The form's controls that hold a field (data-path).
  controls() {
    return /** @type {NodeListOf<Control>} */ (this.form.querySelectorAll("[data-path]"));
  }

  values() {
    /** @type {Record<string, string | boolean>} */
    const values = {};
    for (const control of this.controls()) {
      const path = control.dataset.path ?? "";
      const checked = control instanceof HTMLInputElement && control.checked;
      if (control.type === "radio" && !checked) continue; // a group of radios: only the chosen one counts
      if (control.closest("fieldset[disabled]")) continue; // the alternative not chosen
      values[path] = control.dataset.kind === "bool" ? checked : control.value;
    }
    return values;
  }

  // Every field's value, those of the alternative not chosen too (what the form describes, whichever is shown).
  everyValue() {
    /** @type {Record<string, string | boolean>} */
    const values = {};
    for (const control of this.controls()) {
      const checked = control instanceof HTMLInputElement && control.checked;
      if (control.type === "radio" && !checked) continue;
      values[control.dataset.path ?? ""] = control.dataset.kind === "bool" ? checked : control.value;
    }
    return values;
  }

  // Switched to a map (or to another grid) whose board holds no piece yet: the engine lays out what the rest of the
  // form describes (the attacker, the target, the obstacles counted), so the first answer on the map is the form's
  // own situation, not errors about pieces nobody has placed. A board with a piece on it is left as it is. Queued
  // before the answer the same change asks for, so that answer reads the pieces laid out; while the engine is not
  // ready (still starting, or started again) the lay-out waits for it, and runs before its first answer.
  layOut() {
    this.laying = true;
    this.run(async () => {
      await this.setUpParts();
      if (this.board) await this.layOutNow();
      else this.laying = false; // a calculator without a board (or whose board could not load) lays nothing out
    });
  }

  async layOutNow() {
    if (!this.laying || !this.engine || !this.board) return; // without an engine it stays asked for
    this.laying = false;
    const map = this.form.querySelector('input[data-role="alternative"][value="map"]');
    if (!(map instanceof HTMLInputElement && map.checked)) return;
    // a board still as the last lay-out left it (another grid chosen since) is laid out again, on the new grid
    const again = this.laid !== null && this.laid === this.placed();
    if (this.board.read().size > 0 && !again) return;
    const grid = /** @type {HTMLSelectElement | null} */ (this.form.querySelector('select[data-path="map.grid"]'));
    const reply = await this.engine.ask({ op: "lay_out", system: this.system, values: this.everyValue(),
      grid: grid?.value ?? "hex", again });
    this.fill(reply.values ?? {});
    this.laid = this.placed();
    if (reply.message) this.maps?.say(reply.message); // what of the form could not be laid out
    // an answer after the pieces: the one the switch asked for may have been queued before it, and started first
    this.changed();
  }

  // What a lay-out places (the pieces and the walls), as the form holds it now.
  placed() {
    const values = this.everyValue();
    return JSON.stringify(LAID_OUT.map((path) => values[path] ?? null));
  }

  /** @param {string} group */
  choose(group) {
    for (const radio of /** @type {NodeListOf<HTMLInputElement>} */ (this.form.querySelectorAll('[data-role="alternative"]'))) {
      radio.checked = radio.value === group;
    }
    for (const fieldset of /** @type {NodeListOf<HTMLFieldSetElement>} */ (this.form.querySelectorAll("fieldset[data-group]"))) {
      const off = fieldset.dataset.group !== group;
      fieldset.disabled = off;
      fieldset.hidden = off;
    }
    this.listKept();
  }

  /** @param {Record<string, unknown>} values */
  fill(values) {
    if (values._alternative) this.choose(String(values._alternative));
    for (const control of this.controls()) {
      const value = values[control.dataset.path ?? ""];
      if (value === undefined) continue;
      if (control.dataset.kind === "bool") /** @type {HTMLInputElement} */ (control).checked = value === true;
      else if (control.type === "radio") /** @type {HTMLInputElement} */ (control).checked = control.value === String(value);
      else control.value = String(value);
      // a list editor (calculator/lists.js) draws its rows again from the list
      if (control.dataset.kind === "records") control.dispatchEvent(new CustomEvent("calc:records", { bubbles: true, detail: { source: "link" } }));
    }
  }

  // ---- house rulings: which rulings the calculator shows and applies, and the panel saying so ----

  // The form's ruling selects, each with its ruling's id.
  /** @returns {{ select: HTMLSelectElement, id: string }[]} */
  rulingSelects() {
    return [.../** @type {NodeListOf<HTMLSelectElement>} */ (this.form.querySelectorAll("select[data-path]"))]
      .map((select) => ({ select, id: idOf(select.dataset.path ?? "") ?? "" })).filter(({ id }) => id);
  }

  shownRulings() {
    return Object.fromEntries(this.rulingSelects().map(({ select, id }) => [id, select.value]));
  }

  /** @param {unknown} choices */
  showRulings(choices) {
    for (const { select, id } of this.rulingSelects()) select.value = this.rulings.choice(id, choices);
  }

  table() {
    return readTable(this.rulings);
  }

  // What the calculator works out with: a full one its form's rulings; an inline one the table's,
  // except those its preset fixes.
  appliedRulings() {
    if (this.full) return this.shownRulings();
    const fixed = this.preset.rulings || {};
    return Object.fromEntries(Object.entries(this.table()).filter(([id]) => !(id in fixed)));
  }

  showHouse() {
    if (this.full && this.linked) this.house.show("link", this.shownRulings(), this.table());
    else this.house.show(this.full ? "table" : "inline", this.appliedRulings());
  }

  // Before the engine: a full calculator opened without a link shows the table's rulings, and a
  // build-time answer worked out with other rulings than those applied is marked as such.
  /** @param {boolean} opening */
  startHouse(opening) {
    if (this.full && opening) {
      this.linked = true; // the link decides once the engine has read it; a ruling changed before is the link's
      return;
    }
    if (this.full) this.showRulings(this.table());
    if (Object.keys(this.rulings.clean(this.appliedRulings())).length) {
      this.body.dataset.provisional = "";
      this.setState("loading", "Engine loading. The answer below was worked out when this page was built, " +
        "with the default rulings, not your table's; it is worked out again as soon as the engine is ready.");
    }
    this.showHouse();
  }

  /**
   * @param {HTMLSelectElement} select
   * @param {string} id
   */
  rulingChanged(select, id) {
    const what = `${this.rulings.record(id).title} ${this.rulings.label(id, select.value)}`;
    if (this.linked) {
      this.linked = !this.rulings.same(this.shownRulings(), this.table());
      this.house.say(this.linked ? `Changed for this link only (${what}); your table's rulings stay as they were.`
        : "These are your table's rulings again.");
    } else {
      const stored = writeTable(this.rulings, this.shownRulings());
      const where = stored ? "on this device" : "for this page only (this browser does not let the site remember it)";
      this.house.say(select.value === this.rulings.record(id).default
        ? `Back to the default (${what}): no longer remembered as your table's ruling.`
        : `Remembered as your table's ruling ${where}: ${what}.`);
      spreadTable(this);
    }
    this.showHouse();
  }

  useTable() {
    this.showRulings(this.table());
    this.linked = false;
    this.house.say("Showing your table's rulings instead of the link's; the address now holds them.");
    this.showHouse();
    this.changed();
  }

  rememberShown() {
    const stored = writeTable(this.rulings, this.shownRulings());
    this.linked = false;
    this.house.say(stored ? "Remembered as your table's rulings on this device."
      : "Your table's rulings for this page only: this browser does not let the site remember them.");
    this.showHouse();
    spreadTable(this);
  }

  resetRulings() {
    writeTable(this.rulings, {});
    this.linked = false;
    if (this.full) this.showRulings({});
    this.house.say("Rulings are back to the defaults; your table's choices are forgotten.");
    this.showHouse();
    this.changed();
    spreadTable(this);
  }

  // The table's rulings changed elsewhere: another calculator on this page, or another tab.
  tableChanged() {
    if (this.full && this.linked) {
      this.linked = !this.rulings.same(this.shownRulings(), this.table());
    } else if (!this.full || !this.rulings.same(this.shownRulings(), this.table())) {
      if (this.full) this.showRulings(this.table());
      this.changed();
    }
    this.showHouse();
  }

  /**
   * @param {string} state
   * @param {string} message
   */
  setState(state, message) {
    this.output.dataset.state = state;
    this.status.textContent = message;
  }

  // The bar's note of what was (a link not read, an import's line or error) taken away; work under way stays.
  settled() {
    this.summary.unnote("info");
    this.summary.unnote("error");
  }

  changed() {
    if (this.failed) return; // the engine will not come: keep saying so
    if (!this.engine) {
      this.setState("loading", "Engine loading. Your change will be worked out as soon as it is ready.");
      return;
    }
    if (this.queued) return; // an evaluation is still waiting: it reads the form when it starts
    this.queued = true;
    this.run(() => {
      this.queued = false;
      return this.evaluate();
    });
  }

  // Run `work` after the work before it. Each is on its own: one that fails is reported and the next one runs.
  /** @param {() => Promise<void>} work */
  run(work) {
    this.running = this.running.then(work).catch((error) => {
      try {
        this.faulted(error);
      } catch (again) {
        console.warn("calculator could not say that an answer failed:", again); // the chain goes on all the same
      }
    });
    return this.running;
  }

  // An answer that could not be worked out or shown. The engine's own end is the engine's to report (all its
  // calculators at once); anything else (a browser call that failed while the answer was written) is said here,
  // and the next change is worked out as usual.
  /** @param {unknown} error */
  faulted(error) {
    if (error instanceof EngineStopped) return;
    console.warn("calculator answer failed:", error);
    this.shown = null; // the output may be half written: the next answer is written whole
    this.setState("error", `Not shown: the page failed while writing this answer (${message(error)}). ` +
      "Change an input to work it out again.");
    this.summary.waiting("Not shown: the page failed while writing the answer", "error");
  }

  // The overlay's key copied from the answer to the board's side, where the eye is while reading the shading; taken
  // away with the overlay. The copy is for the eye only: the answer's own key is the one read out.
  showKey() {
    const slot = /** @type {HTMLElement | null} */ (this.root.querySelector('[data-role="overlay-key"]'));
    if (!slot) return;
    const legend = this.body.querySelector('[data-role="overlay-legend"]');
    if (!legend) {
      if (!slot.hidden) slot.replaceChildren();
      slot.hidden = true;
      return;
    }
    const copy = /** @type {Element} */ (legend.cloneNode(true));
    copy.removeAttribute("data-role");
    copy.querySelector(".overlay-help")?.remove(); // it points at the table under the answer, not here
    slot.replaceChildren(copy);
    slot.hidden = false;
  }

  // Write the engine's answer only when it differs from what the output shows: its first answer is
  // usually the build-time one already on screen (kept as it is, no flicker).
  /** @param {string} html */
  write(html) {
    if (html === this.shown) return;
    if (this.shown === null && holdsMarkup(this.body, html)) {
      this.shown = html;
      return;
    }
    // a rule link of the answer that has the focus keeps it: the same link in the new answer takes it
    const focused = document.activeElement;
    const kept = focused instanceof HTMLAnchorElement && this.body.contains(focused) ? focused.href : null;
    this.body.innerHTML = html; // built by pycore.page.render with every string escaped
    this.shown = html;
    if (kept !== null) {
      const links = /** @type {NodeListOf<HTMLAnchorElement>} */ (this.body.querySelectorAll("a[href]"));
      [...links].find((link) => link.href === kept)?.focus({ preventScroll: true });
    }
  }

  /** @param {FieldError[]} errors */
  showErrors(errors) {
    // only those showing an error (a map's lists have a slot per item field)
    for (const slot of /** @type {NodeListOf<HTMLElement>} */ (this.form.querySelectorAll("[data-error-for]:not([hidden])"))) {
      slot.hidden = true;
      slot.textContent = "";
    }
    for (const control of this.form.querySelectorAll("[aria-invalid]")) control.removeAttribute("aria-invalid");
    this.toFix = null;
    // a list editor's folded rows (calculator/lists.js) are drawn when an error is in one of them, to show it beside its row
    for (const list of /** @type {NodeListOf<HTMLElement>} */ (this.form.querySelectorAll("[data-list]"))) {
      const inside = `${list.dataset.list}.`;
      if (errors.some((error) => error.field?.startsWith(inside))) list.dispatchEvent(new CustomEvent("calc:reveal"));
    }
    const loose = [];
    for (const error of errors) {
      // an error inside a list ("map.obstacles.3.hex") belongs to the nearest field that has a slot
      let path = error.field;
      while (path && !this.form.querySelector(`[data-error-for="${CSS.escape(path)}"]`)) {
        path = path.includes(".") ? path.slice(0, path.lastIndexOf(".")) : "";
      }
      const slot = path ? /** @type {HTMLElement | null} */ (this.form.querySelector(`[data-error-for="${CSS.escape(path)}"]`)) : null;
      // a list editor's row controls (calculator/lists.js) answer to the item's path
      /** @type {ArrayLike<HTMLElement> & Iterable<HTMLElement>} */
      const controls = path ? this.form.querySelectorAll(`[data-path="${CSS.escape(path)}"], [data-item-path="${CSS.escape(path)}"]`) : [];
      const control = controls[0];
      if (slot && control) {
        const label = slot.dataset.label ? this.worded(slot.dataset.label) : "";
        slot.textContent = label ? `${label}: ${error.message}` : error.message;
        slot.hidden = false;
        for (const each of controls) each.setAttribute("aria-invalid", "true");
        this.toFix ||= { error, control };
      } else {
        loose.push(error);
      }
    }
    return loose;
  }

  // A field's label as the form's map has it: written for hexes, said of squares on a square map.
  /** @param {string} label */
  worded(label) {
    return cellNoun(this.form) === "square" ? squareWords(label) : label;
  }

  /** @param {string} path */
  label(path) {
    const named = /** @type {HTMLElement | null} */ (this.form.querySelector(`[data-error-for="${CSS.escape(path)}"][data-label]`));
    if (named) return this.worded(named.dataset.label ?? "");
    const control = /** @type {Control | null} */ (this.form.querySelector(`[data-path="${CSS.escape(path)}"]`));
    const label = control && (control.type === "radio" ? control.closest("fieldset")?.querySelector("legend")
      : this.form.querySelector(`label[for="${CSS.escape(control.id)}"]`));
    return label ? (label.firstChild?.textContent ?? "").trim() : path || "Scenario";
  }

  async evaluate() {
    this.board?.flush(); // the board writes a tap's lists once the tap is on screen: the form is read with them
    /** @type {Record<string, unknown>} */
    const values = { ...this.values() };
    if (!this.full) for (const [id, choice] of Object.entries(this.appliedRulings())) values[pathOf(id)] = choice;
    // The board only while it is shown (drawing it is most of the engine's work for a change).
    const board = this.board?.active ? this.board.request() : null;
    if (!this.engine) return; // the engine is being started again: it works the form out once it is back
    // work that takes a while (a large map's overlay) is said in the bar, so it is not taken for a stalled page: for
    // the first answer, which waits for the engine's start (already said), only the engine's own progress
    const sayingWork = sayWork(this.summary, this.engine, { noun: cellNoun(this.form),
      stopOverlay: () => this.stopOverlay(), quiet: this.output.dataset.state === "loading" });
    const reply = await this.engine.ask({ op: "evaluate", system: this.system, values, base: this.base,
      preset: this.preset, board: board ? board.ask : false }).finally(sayingWork);
    const loose = this.showErrors(reply.errors || []);
    delete this.body.dataset.provisional; // from now on the answer (or the error) is the engine's
    if (board) this.board?.apply(reply, board.dirty);
    if (reply.state === "ready") {
      this.write(reply.html ?? "");
      this.showKey();
      this.summary.answered(reply.summary ?? "", reply.situation ?? "");
      this.body.hidden = false;
      this.setState("ready", this.notice);
      const link = "#" + reply.fragment;
      if (this.full) history.replaceState(null, "", link);
      if (this.open) this.open.href = this.open.href.split("#")[0] + link;
      return;
    }
    const errors = reply.errors || [];
    const said = (/** @type {FieldError} */ e) => `${this.label(e.field)}: ${e.message}`;
    this.body.hidden = true;
    this.setState("error", `Not worked out: fix the input first. ${errors.map(said).join(" · ")}`);
    // the bar names the first thing to fix (each error is beside its field too) and a tap on it goes there
    const first = this.toFix?.error || errors[0];
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
    this.summary.waiting(first ? `Fix ${said(first)}${more}` : "Not worked out: fix the input first", "error",
      this.toFix?.control);
    if (loose.length) console.warn("calculator errors without a field", loose);
  }

  async restore() {
    const fragment = location.hash;
    if (this.full && (!fragment || fragment === "#")) void this.maps?.offer(); // no link: a kept map offered, not waited for
    if (!this.full || !fragment || fragment === "#" || !this.engine) return;
    const reply = await this.engine.ask({ op: "restore", system: this.system, fragment });
    if (reply.error) {
      this.notice = reply.error;
      this.summary.note(reply.error, "error"); // on the first screen, not only above the answer far below
      this.linked = false; // nothing read from the link: the table's rulings, as without one
      this.showRulings(this.table());
      this.showHouse();
      return;
    }
    this.notice = "";
    this.summary.unnote("error"); // a link read since: the last one's refusal is what was
    this.fill(reply.values ?? {}); // every ruling: those the link leaves out are the defaults, not the table's
    await this.maps?.linked(reply.values ?? {}); // a kept map's picture found again before the answer is drawn
    this.linked = !this.rulings.same(this.shownRulings(), this.table());
    this.showHouse();
  }

  /** The engine started: read the link, if any, and answer. @param {Engine} engine */
  attach(engine) {
    this.engine = engine;
    this.run(async () => {
      await this.setUpParts();
      await this.restore();
      await this.layOutNow(); // a switch to the map made while the engine started
      await this.evaluate();
    });
  }

  /** The overlay turned off, as a player would: the answer asked next comes without it. */
  stopOverlay() {
    const overlay = /** @type {HTMLSelectElement | null} */ (this.form.querySelector('[data-path="overlay"]'));
    if (overlay) overlay.value = "none";
  }

  /** The engine's worker died: a new one is being started. @param {Error} reason */
  restarting(reason) {
    if (this.failed) return;
    this.engine = null; // a change meanwhile only says it waits
    if (reason instanceof EngineCancelled) {
      this.setState("loading", "The overlay was cancelled; the engine is starting again, and the answer will come " +
        "without the overlay.");
      this.summary.waiting("Overlay cancelled: starting the engine again…", "loading");
      return;
    }
    this.setState("loading", `The calculator engine stopped (${reason.message}); starting it again. ` +
      "Your change will be worked out as soon as it is ready.");
    // the bar says so too, and no longer offers the last answer as if it were current
    this.summary.waiting("The calculator engine stopped; starting it again…", "loading");
  }

  /** A new worker is ready: work the form out on it (what it shows now, not what it showed then). @param {Engine} engine */
  restarted(engine) {
    if (this.failed) return;
    this.engine = engine;
    this.run(() => this.layOutNow()); // a switch to the map made while it was started again
    this.changed();
  }

  /** The engine stopped and could not be started again: say so plainly, and offer to reload. @param {Error} reason */
  stopped(reason) {
    this.failed = true;
    this.engine = null;
    const shown = this.body.hidden ? "nothing can be worked out until it is started again."
      : "the answer shown is the last one it worked out, and may not match the form now.";
    this.setState("failed", `The calculator engine stopped (${reason.message}) and could not be started again. ` +
      `The rulebook stays fully readable; ${shown} Reload the page to start the engine again.`);
    this.summary.waiting("Not worked out: the calculator engine stopped", "failed");
    if (!this.reload) {
      this.reload = document.createElement("button");
      this.reload.type = "button";
      this.reload.className = "calc-house-button calc-reload";
      this.reload.dataset.role = "reload";
      this.reload.textContent = "Reload the page";
      this.reload.addEventListener("click", () => location.reload());
      this.status.after(this.reload);
    }
  }

  /** The engine could not load (or never answered): say so, for good. @param {Error} error */
  fail(error) {
    this.failed = true;
    // Opened from a link, the build-time answer is hidden (it is not the link's situation): say so.
    const shown = this.body.hidden ? "the situation from your link cannot be worked out without it."
      : "provisional" in this.body.dataset ? "the answer shown was worked out when this page was built, " +
        "with the default rulings, not your table's."
      : "the answer shown is the one worked out when this page was built.";
    this.setState("failed", `The calculator engine could not load (${error.message}). ` +
      `The rulebook stays fully readable; ${shown}`);
    if (this.body.hidden) this.summary.waiting("Not worked out: the calculator engine could not load", "failed");
  }
}

/** @type {Calculator[]} */
let views = []; // every calculator on the page (a page opened in place replaces them)
/** @type {Engine | null} */
let engine = null; // once asked for: one per document, serving every page opened in place
const mounted = new WeakSet();

// Set up the page's calculators not yet set up, starting the engine for the first of them.
function mountCalculators() {
  const fresh = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-calculator]"))].filter((root) => !mounted.has(root))
    .map((root) => {
      mounted.add(root);
      return new Calculator(root);
    });
  for (const view of views) if (!view.root.isConnected) view.board?.destroy(); // its page was left in place
  views = views.filter((view) => view.root.isConnected).concat(fresh);
  // a full calculator's answer bar runs along a phone's bottom edge: styles/summary.css leaves room under the page for it
  document.body.toggleAttribute("data-calc-bar", views.some((view) => view.full));
  if (!fresh.length) return;
  const opening = location.hash.startsWith("#s=");
  if (opening) {
    for (const view of fresh.filter((v) => v.full)) {
      view.body.hidden = true;
      view.setState("loading", "Engine loading. The situation from your link will be shown as soon as it is ready.");
      view.summary.waiting("Working out the situation from your link…", "loading");
    }
  }
  for (const view of fresh) view.startHouse(opening);
  for (const view of fresh) setTimeout(() => view.setUpParts()); // each in a task of its own (it never rejects)
  if (!engine) {
    const script = document.querySelector("script[data-engine]");
    engine = script instanceof HTMLScriptElement ? new Engine(script) : null;
    if (!engine) {
      for (const view of fresh) view.fail(new Error("the page has no engine script"));
      return;
    }
    engine.worker.then(() => announce("ready"), (error) => {
      console.warn("calculator engine failed to load:", error);
      announce("failed");
    });
    listen(engine);
  }
  const started = engine;
  started.worker.then(() => {
    for (const view of fresh) view.attach(started);
  }, (error) => {
    for (const view of fresh) view.fail(error);
  });
}

// Others may wait for the engine before heavy work of their own (offline/offline.js stores the site then).
/** @param {"ready" | "failed"} state */
function announce(state) {
  document.documentElement.dataset.engine = state; // for scripts that look later
  document.dispatchEvent(new CustomEvent("calc:engine", { detail: { state } }));
}

// The engine's worker died or stopped: every calculator on the page hears it, and they recover together.
/** @param {Engine} started */
function listen(started) {
  /** @param {Event} event */
  const detail = (event) => /** @type {CustomEvent<{ reason: Error, restarted: boolean }>} */ (event).detail;
  const live = () => views.filter((view) => view.root.isConnected);
  started.addEventListener("restarting", (event) => {
    for (const view of live()) view.restarting(detail(event).reason);
  });
  started.addEventListener("ready", () => {
    for (const view of live()) view.restarted(started);
  });
  started.addEventListener("stopped", (event) => {
    const { reason, restarted } = detail(event);
    announce("failed"); // a link to a calculator page loads it: a new page starts a new engine
    for (const view of live()) {
      // a worker that never answered is a runtime that does not work: a failure to load, as before any answer
      if (restarted) view.stopped(reason);
      else view.fail(new Error("it started but does not answer"));
    }
  });
}

// A change of the table's rulings reaches the other calculators of its system on this page.
/** @param {Calculator} source */
function spreadTable(source) {
  for (const view of views) if (view !== source && view.system === source.system && view.root.isConnected) view.tableChanged();
}

// In a task of its own: the evaluation of this module and its imports is one task already, long on a slow phone.
setTimeout(mountCalculators);
onTableChange((/** @type {string | null} */ system) => {
  for (const view of views) if ((system === null || view.system === system) && view.root.isConnected) view.tableChanged();
});
window.addEventListener("hashchange", () => {
  if (!location.hash.startsWith("#s=")) return;
  for (const view of views.filter((v) => v.full && v.engine)) {
    view.run(async () => {
      await view.restore();
      await view.evaluate();
    });
  }
});
// With the engine started or starting, a link to a calculator page opens it in place, served by the
// same worker (a failed engine is better tried again by loading the page).
openInPlace(() => engine !== null && document.documentElement.dataset.engine !== "failed", mountCalculators);
