// @ts-check
// One calculator: read its form, ask the engine, show its answer. The page's calculators are mounted, and share
// one engine, in calculator/page.js; the engine is pycore under Pyodide in a PyScript worker (engine/life.js).
// Data flows one way: form values -> engine (validates, evaluates, renders) -> output region.
// Its parts: the form read and filled (calculator/form.js), errors beside their fields (calculator/field-errors.js),
// the house rulings (calculator/rulings.js), the answer bar (calculator/summary.js), the list editors
// (calculator/lists.js), and where it has one the board and the map import (board/), imported only then.

import { cellNoun, holdsMarkup, whenIdle } from "../utilities/common.js";
import { mountLists } from "./lists.js";
import { HouseRulings, pathOf } from "./rulings.js";
import { mountSummary } from "./summary.js";
import { EngineCancelled, EngineStopped, message } from "../engine/life.js";
import { sayWork } from "./busy.js";
import { choose, fill, formValues } from "./form.js";
import { fieldLabel, showErrors } from "./field-errors.js";

// The map fields a lay-out fills (pycore.page.handler's LAID_OUT): a board holding just those is laid out again on a new grid.
const LAID_OUT = ["map.attacker", "map.target", "map.obstacles", "map.creatures", "map.walls"];

/** @typedef {import("../engine/life.js").Reply} Reply */

/** @typedef {import("../engine/life.js").Engine} Engine */
/** @typedef {import("./field-errors.js").FieldError} FieldError */

export class Calculator {
  /**
   * @param {HTMLElement} root a `[data-calculator]` element
   * @param {{ spread: (source: Calculator) => void }} page tells the page's other calculators of a table's change
   */
  constructor(root, page) {
    this.root = root;
    // every listener the calculator adds outside its parts goes with it (`destroy`)
    this.teardown = new AbortController();
    const signal = this.teardown.signal;
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
    /** @type {import("./field-errors.js").ToFix | null} the first error shown beside its field, and its control */
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
    this.house = new HouseRulings(root, this.form, { full: this.full, fixed: this.preset.rulings || {},
      changed: () => this.changed(), spread: () => page.spread(this),
      provisional: (words) => {
        this.body.dataset.provisional = "";
        this.setState("loading", words);
      } });
    this.listenToForm(signal);
    this.summary = mountSummary(root, { answer: this.output,
      link: () => (this.full ? location.href : this.open?.href || location.href) });
    /** @type {import("../board/board.js").Board | null} */
    this.board = null; // the board, the list editors and the map import: setUpParts
    /** @type {import("../board/map-import.js").MapImport | null} */
    this.maps = null;
    /** @type {Promise<void> | null} */
    this.parts = null;
    this.listed = false; // the maps kept on this device are listed once the map is shown (listKept)
    /** @type {{ destroy(): void }[]} */
    this.lists = [];
  }

  // A change of the form asks for an answer (a switch to the map, or to another grid, lays the pieces out first).
  /** @param {AbortSignal} signal */
  listenToForm(signal) {
    for (const type of ["input", "change"]) {
      this.form.addEventListener(type, () => {
        this.settled(); // a change of the form: a link not read, an import's line, is what was, no longer what is
        this.changed();
      }, { signal });
    }
    this.form.addEventListener("submit", (event) => event.preventDefault(), { signal });
    for (const radio of /** @type {NodeListOf<HTMLInputElement>} */ (this.form.querySelectorAll('[data-role="alternative"]'))) {
      radio.addEventListener("change", () => this.choose(radio.value), { signal });
      // on "input", which reaches the radio before the form's listener asks for the answer: laid out first
      if (radio.value === "map") radio.addEventListener("input", () => this.layOut(), { signal });
    }
    this.form.querySelector('select[data-path="map.grid"]')?.addEventListener("input", () => this.layOut(), { signal });
  }

  // The calculator is gone (its page was left in place): its listeners, its board and its parts go with it.
  destroy() {
    this.teardown.abort();
    this.board?.destroy();
    this.maps?.destroy();
    this.summary.destroy();
    this.house.destroy();
    for (const list of this.lists) list.destroy();
  }

  // The list editors, then the board and the map import, set up once: by the page in a task after the form's (so
  // that neither is a long task on a slow phone), or first thing by whatever needs them sooner. The board's
  // modules are imported only by a calculator that has a board.
  setUpParts() {
    this.parts ??= this.loadParts();
    return this.parts;
  }

  async loadParts() {
    this.lists = mountLists(this.root);
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
    const [{ mountBoard }, { mountMapImport }] = modules;
    if (!this.root.isConnected || this.teardown.signal.aborted) return; // its page was left in place meanwhile
    this.board = mountBoard(board);
    // A square map from a Universal VTT export (board/map-import.js), where the board offers one.
    this.maps = this.root.querySelector('[data-role="import-file"]')
      ? mountMapImport(this.root, this.board, { ask: (request) => this.engine?.ask({ ...request, system: this.system }) ?? null,
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
    const reply = await this.engine.ask({ op: "lay_out", system: this.system, values: formValues(this.form, true),
      grid: grid?.value ?? "hex", again });
    this.fill(reply.values ?? {});
    this.laid = this.placed();
    if (reply.message) this.maps?.say(reply.message); // what of the form could not be laid out
    // an answer after the pieces: the one the switch asked for may have been queued before it, and started first
    this.changed();
  }

  // What a lay-out places (the pieces and the walls), as the form holds it now.
  placed() {
    const values = formValues(this.form, true);
    return JSON.stringify(LAID_OUT.map((path) => values[path] ?? null));
  }

  /** @param {string} group */
  choose(group) {
    choose(this.form, group);
    this.listKept();
  }

  /** The form set to `values`. @param {Record<string, unknown>} values */
  fill(values) {
    fill(this.form, values);
    if (values._alternative) this.listKept();
  }

  /** The table's rulings changed elsewhere (another calculator on this page, or another tab). */
  tableChanged() {
    this.house.tableChanged();
  }

  /** @param {boolean} opening */
  startHouse(opening) {
    this.house.start(opening);
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

  async evaluate() {
    this.board?.flush(); // the board writes a tap's lists once the tap is on screen: the form is read with them
    /** @type {Record<string, unknown>} */
    const values = { ...formValues(this.form) };
    if (!this.full) for (const [id, choice] of Object.entries(this.house.applied())) values[pathOf(id)] = choice;
    // The board only while it is shown (drawing it is most of the engine's work for a change).
    const board = this.board?.active ? this.board.request() : null;
    if (!this.engine) return; // the engine is being started again: it works the form out once it is back
    // work that takes a while (a large map's overlay) is said in the bar, so it is not taken for a stalled page: for
    // the first answer, which waits for the engine's start (already said), only the engine's own progress
    const sayingWork = sayWork(this.summary, this.engine, { noun: cellNoun(this.form),
      stopOverlay: () => this.stopOverlay(), quiet: this.output.dataset.state === "loading" });
    const reply = await this.engine.ask({ op: "evaluate", system: this.system, values, base: this.base,
      preset: this.preset, board: board ? board.ask : false }).finally(sayingWork);
    const { toFix, loose } = showErrors(this.form, reply.errors || []);
    this.toFix = toFix;
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
    const said = (/** @type {FieldError} */ e) => `${fieldLabel(this.form, e.field)}: ${e.message}`;
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
      this.house.linkRefused(); // nothing read from the link: the table's rulings, as without one
      return;
    }
    this.notice = "";
    this.summary.unnote("error"); // a link read since: the last one's refusal is what was
    this.fill(reply.values ?? {}); // every ruling: those the link leaves out are the defaults, not the table's
    await this.maps?.linked(reply.values ?? {}); // a kept map's picture found again before the answer is drawn
    this.house.linkRead();
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


// The calculator in `root` (a `[data-calculator]` element) set up; `destroy()` takes it down.
/**
 * @param {HTMLElement} root
 * @param {{ spread: (source: Calculator) => void }} page
 */
export function mountCalculator(root, page) {
  return new Calculator(root, page);
}
