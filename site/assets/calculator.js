// Page glue for every calculator on a page: read the form, ask the engine, show its answer.
// The engine is pycore running under Pyodide in one PyScript worker, loaded from this site only.
// Data flows one way: form values -> engine (validates, evaluates, renders) -> output region.

import { mountBoards } from "./hexboard.js";
import { openInPlace } from "./navigate.js";

const LOAD_TIMEOUT_MS = 90000;
const SVG_NS = "http://www.w3.org/2000/svg";
const ASSETS = new URL("./", import.meta.url).href; // this script's folder: the runtime and pycore are below it

// The engine is the page's one named PyScript worker (<script type="py" worker name="engine">,
// written by the theme with a config pointing at this site's own Pyodide). Importing PyScript
// starts it (the theme already imports it from the head, so the worker starts while the page is
// parsed); the worker's `ready` promise settles once engine.py has run (or failed).
async function startEngine() {
  const script = document.querySelector('script[type="py"][worker][name="engine"]');
  if (!script) throw new Error("the page has no engine script");
  const deadline = performance.now() + LOAD_TIMEOUT_MS;
  const timeout = new Promise((_, reject) =>
    setTimeout(() => reject(new Error(`it did not start within ${LOAD_TIMEOUT_MS / 1000} s`)), LOAD_TIMEOUT_MS));
  // Pyodide hangs (it only logs a warning) when one of its files cannot be fetched, so check the
  // files the worker will need first: a missing or blocked runtime fails in a moment, not at the timeout.
  // The interpreter may be the build's snapshot loader: Pyodide's own files sit beside data-runtime.
  const config = JSON.parse(script.getAttribute("config"));
  const runtime = new URL(script.dataset.runtime || config.interpreter, document.baseURI);
  const needed = [script.src, config.interpreter, runtime.href, ...Object.keys(config.files || {}),
    ...(script.dataset.archive ? [script.dataset.archive] : []),
    ...["pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]
      .map((name) => new URL(name, runtime).href)];
  const preflight = new Promise((resolve) => setTimeout(resolve)).then(() => Promise.all(needed.map(async (url) => {
    let response;
    try {
      response = await fetch(new URL(url, document.baseURI), { method: "HEAD" });
    } catch {
      throw new Error(`${url.split("/").pop()} could not be fetched`);
    }
    if (!response.ok) throw new Error(`${url.split("/").pop()} is missing (HTTP ${response.status})`);
  }))); // in a task of its own, after the page's start-up work
  // A host whose own security policy (a header, stricter than the page's) forbids what the engine
  // needs (its blob: worker, this site's runtime files) fails at once too, saying so. Violations
  // before this script ran (PyScript starts from the head) are in the buffered reports.
  let watchPolicy;
  let reports;
  const blocked = new Promise((_, reject) => {
    const check = (directive, uri) => {
      if (uri === "blob" || uri.startsWith("blob:") || uri.startsWith(ASSETS)) {
        reject(new Error(`the site's security policy blocks it (${directive} ${uri.split("/").pop()})`));
      }
    };
    watchPolicy = (event) => check(event.effectiveDirective, event.blockedURI || "");
    document.addEventListener("securitypolicyviolation", watchPolicy);
    if ("ReportingObserver" in window) {
      reports = new ReportingObserver((list) => {
        for (const report of list) check(report.body.effectiveDirective, report.body.blockedURL || "");
      }, { types: ["csp-violation"], buffered: true });
      reports.observe();
    }
  });
  // The checks run beside the start, never before it: they only turn a hang into a quick failure.
  const boot = (async () => {
    await import("./runtime/pyscript/core.js");
    while (!script.xworker) {
      if (performance.now() > deadline) throw new Error("PyScript did not create the worker");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await script.xworker.ready;
    return script.xworker;
  })();
  const started = Promise.all([boot, preflight]).then(([worker]) => worker);
  return Promise.race([started, timeout, blocked]).finally(() => {
    document.removeEventListener("securitypolicyviolation", watchPolicy);
    reports?.disconnect();
  });
}

async function ask(worker, request) {
  return JSON.parse(await worker.sync.handle(JSON.stringify(request)));
}

// Markup as this page holds it: the answer written at build time is the engine's HTML as it was
// rendered (the build labels no link inside it), so the engine's same answer compares equal.
function markup(node) {
  return node.innerHTML;
}

function parsed(html) {
  const template = document.createElement("template");
  template.innerHTML = html;
  const box = document.createElement("div");
  box.append(template.content);
  return markup(box);
}

class Calculator {
  constructor(root) {
    this.root = root;
    this.system = root.dataset.calculator;
    this.full = root.dataset.mode === "full";
    this.base = root.dataset.base;
    this.form = root.querySelector("form");
    this.output = root.querySelector(".calc-output");
    this.status = root.querySelector('[data-role="status"]');
    this.body = root.querySelector('[data-role="body"]');
    this.open = root.querySelector('[data-role="open"]');
    this.preset = JSON.parse(root.dataset.preset || "{}");
    this.worker = null;
    this.pending = false;
    this.queued = false;
    this.shown = { body: null, board: null }; // the engine's last HTML written (or found) in each region
    // What the board shows as the engine drew it: its frame (the hexes, so the layout) and a digest per
    // hex that is not plain. Sent back with each request, so the engine answers with the hexes that changed.
    this.boardState = { frame: null, marks: {} };
    this.dirty = new Set(); // hexes the board script redrew at once: the engine's next answer draws them again
    this.running = Promise.resolve();
    this.notice = "";
    this.form.addEventListener("input", () => this.changed());
    this.form.addEventListener("change", () => this.changed());
    this.form.addEventListener("submit", (event) => event.preventDefault());
    for (const radio of this.form.querySelectorAll('[data-role="alternative"]')) {
      radio.addEventListener("change", () => this.choose(radio.value));
    }
    this.board = root.querySelector('[data-role="board"]');
    // The board script marks a touched hex at once; the engine's next drawing must replace that.
    root.addEventListener("calc:painted", (event) => { for (const key of event.detail.keys) this.dirty.add(key); });
  }

  values() {
    const values = {};
    for (const control of this.form.querySelectorAll("[data-path]")) {
      if (control.type === "radio" && !control.checked) continue; // a group of radios: only the chosen one counts
      if (control.closest("fieldset[disabled]")) continue; // the alternative not chosen
      values[control.dataset.path] = control.dataset.kind === "bool" ? control.checked : control.value;
    }
    return values;
  }

  choose(group) {
    for (const radio of this.form.querySelectorAll('[data-role="alternative"]')) radio.checked = radio.value === group;
    for (const fieldset of this.form.querySelectorAll("fieldset[data-group]")) {
      const off = fieldset.dataset.group !== group;
      fieldset.disabled = off;
      fieldset.hidden = off;
    }
  }

  fill(values) {
    if (values._alternative) this.choose(values._alternative);
    queueMicrotask(() => this.form.dispatchEvent(new CustomEvent("calc:filled")));
    for (const control of this.form.querySelectorAll("[data-path]")) {
      const value = values[control.dataset.path];
      if (value === undefined) continue;
      if (control.dataset.kind === "bool") control.checked = value === true;
      else if (control.type === "radio") control.checked = control.value === String(value);
      else control.value = String(value);
    }
  }

  setState(state, message) {
    this.output.dataset.state = state;
    this.status.textContent = message;
  }

  changed() {
    if (this.failed) return; // the engine will not come: keep saying so
    if (!this.worker) {
      this.pending = true;
      this.setState("loading", "Engine loading. Your change will be worked out as soon as it is ready.");
      return;
    }
    if (this.queued) return; // an evaluation is still waiting: it reads the form when it starts
    this.queued = true;
    this.running = this.running.then(() => {
      this.queued = false;
      return this.evaluate();
    });
  }

  // Write the engine's HTML into a region only when it differs from what the region shows: its
  // first answer is usually the build-time one already on screen (kept as it is, no flicker), and
  // most changes leave the board as it was. `force`: the region was changed here (the board script
  // marked hexes), so it is written whatever it showed. Returns whether the region was rewritten.
  write(region, key, html, force = false) {
    if (html === this.shown[key] && !force) return false;
    if (this.shown[key] === null && !force && parsed(html) === markup(region.cloneNode(true))) {
      this.shown[key] = html;
      return false;
    }
    region.innerHTML = html; // built by pycore (render, svg) with every string escaped
    this.shown[key] = html;
    return true;
  }

  // The board part of a request: the whole drawing until the page holds one, then only what changed
  // (hexes the board script redrew itself are sent with a digest that never matches, so they come back).
  boardAsk(dirty) {
    if (!this.boardState.frame) return true;
    const shown = { ...this.boardState.marks };
    for (const key of dirty) shown[key] = "-";
    return { frame: this.boardState.frame, shown };
  }

  // Apply the engine's changes to the board it drew before: changed hexes, their glyphs, the lines,
  // title and description. The hex that holds the tab stop (and focus) keeps them.
  patchBoard(patch) {
    const svg = this.board.querySelector("svg");
    if (!svg || patch.frame !== this.boardState.frame) return false;
    const keys = Object.keys(patch.cells);
    const template = document.createElement("template");
    template.innerHTML = `<svg xmlns="${SVG_NS}"><g>${keys.map((k) => patch.cells[k][1]).join("")}</g>` +
      `<g>${keys.map((k) => patch.cells[k][2]).join("")}</g><g>${patch.segments}</g></svg>`; // built by pycore.svg, escaped
    const [cells, glyphs, segments] = template.content.firstChild.children;
    const layer = svg.querySelector(".hexboard-glyphs");
    for (const fresh of [...cells.children]) {
      const key = fresh.dataset.hex;
      const old = svg.querySelector(`g.hex[data-hex="${CSS.escape(key)}"]`);
      if (!old) return this.lostBoard();
      // The hex element stays (focus and tab stop stay with it, no refocusing): it takes the new one's
      // attributes and content.
      const tabindex = old.getAttribute("tabindex");
      for (const name of old.getAttributeNames()) if (!fresh.hasAttribute(name)) old.removeAttribute(name);
      for (const name of fresh.getAttributeNames()) {
        const value = fresh.getAttribute(name);
        if (old.getAttribute(name) !== value) old.setAttribute(name, value);
      }
      if (tabindex !== null) old.setAttribute("tabindex", tabindex);
      old.replaceChildren(...fresh.childNodes);
      if (layer) for (const glyph of layer.querySelectorAll(`[data-hex="${CSS.escape(key)}"]`)) glyph.remove();
      const [digest] = patch.cells[key];
      if (digest) this.boardState.marks[key] = digest;
      else delete this.boardState.marks[key];
    }
    if (layer) layer.append(...glyphs.children);
    for (const line of svg.querySelectorAll(":scope > line.hexboard-segment")) line.remove();
    svg.append(...segments.children);
    const title = svg.querySelector(":scope > title");
    const desc = svg.querySelector(":scope > desc");
    if (title && title.textContent !== patch.title) title.textContent = patch.title;
    if (desc && desc.textContent !== patch.desc) desc.textContent = patch.desc;
    this.shown.board = false; // no longer the engine's last full drawing: the next one is written as it comes
    return true;
  }

  // The board is not what the engine drew (should not happen): ask for a whole drawing next time.
  lostBoard() {
    this.boardState = { frame: null, marks: {} };
    this.changed();
    return false;
  }

  showErrors(errors) {
    for (const slot of this.form.querySelectorAll("[data-error-for]")) {
      slot.hidden = true;
      slot.textContent = "";
    }
    for (const control of this.form.querySelectorAll("[data-path]")) control.removeAttribute("aria-invalid");
    const loose = [];
    for (const error of errors) {
      // an error inside a list ("map.obstacles.3.hex") belongs to the nearest field that has a slot
      let path = error.field;
      while (path && !this.form.querySelector(`[data-error-for="${CSS.escape(path)}"]`)) {
        path = path.includes(".") ? path.slice(0, path.lastIndexOf(".")) : "";
      }
      const slot = path && this.form.querySelector(`[data-error-for="${CSS.escape(path)}"]`);
      const control = path && this.form.querySelector(`[data-path="${CSS.escape(path)}"]`);
      if (slot && control) {
        slot.textContent = slot.dataset.label ? `${slot.dataset.label}: ${error.message}` : error.message;
        slot.hidden = false;
        control.setAttribute("aria-invalid", "true");
      } else {
        loose.push(error);
      }
    }
    return loose;
  }

  label(path) {
    const named = this.form.querySelector(`[data-error-for="${CSS.escape(path)}"][data-label]`);
    if (named) return named.dataset.label;
    const control = this.form.querySelector(`[data-path="${CSS.escape(path)}"]`);
    const label = control && (control.type === "radio" ? control.closest("fieldset").querySelector("legend")
      : this.form.querySelector(`label[for="${CSS.escape(control.id)}"]`));
    return label ? label.firstChild.textContent.trim() : path || "Scenario";
  }

  async evaluate() {
    const values = { ...this.values() };
    // The board only while it is shown (drawing it is most of the engine's work for a change).
    const board = Boolean(this.board) && !this.board.closest("fieldset[disabled]");
    const dirty = [...this.dirty];
    const reply = await ask(this.worker, { op: "evaluate", system: this.system, values, base: this.base,
      preset: this.preset, board: board && this.boardAsk(dirty) });
    const loose = this.showErrors(reply.errors || []);
    if (board && (reply.board || reply.board_patch)) {
      const hadFocus = this.board.contains(document.activeElement);
      let redrawn;
      if (reply.board_patch) {
        redrawn = this.patchBoard(reply.board_patch);
      } else {
        redrawn = this.write(this.board, "board", reply.board, dirty.length > 0);
        this.boardState = { frame: reply.board_frame, marks: reply.board_marks };
      }
      for (const key of dirty) this.dirty.delete(key);
      if (redrawn) this.root.dispatchEvent(new CustomEvent("calc:board", { bubbles: true, detail: { hadFocus } }));
    }
    if (reply.state === "ready") {
      this.write(this.body, "body", reply.html);
      this.body.hidden = false;
      this.setState("ready", this.notice);
      const link = "#" + reply.fragment;
      if (this.full) history.replaceState(null, "", link);
      if (this.open) this.open.href = this.open.href.split("#")[0] + link;
      return;
    }
    const summary = (reply.errors || []).map((e) => `${this.label(e.field)}: ${e.message}`).join(" · ");
    this.body.hidden = true;
    this.setState("error", `Not worked out: fix the input first. ${summary}`);
    if (loose.length) console.warn("calculator errors without a field", loose);
  }

  async restore() {
    const fragment = location.hash;
    if (!this.full || !fragment || fragment === "#") return;
    const reply = await ask(this.worker, { op: "restore", system: this.system, fragment });
    if (reply.error) {
      this.notice = reply.error;
      return;
    }
    this.notice = "";
    this.fill(reply.values);
  }

  async attach(worker) {
    this.worker = worker;
    try {
      await this.restore();
      this.pending = false;
      this.running = this.running.then(() => this.evaluate());
      await this.running;
    } catch (error) {
      // The worker started but its engine does not answer (a broken runtime file): that is a failure
      // to load too, not a page stuck on "loading".
      console.warn("calculator engine does not answer:", error);
      this.fail(new Error("it started but does not answer"));
    }
  }

  fail(error) {
    this.failed = true;
    // Opened from a link, the build-time answer is hidden (it is not the link's situation): say so.
    const shown = this.body.hidden ? "the situation from your link cannot be worked out without it."
      : "the answer shown is the one worked out when this page was built.";
    this.setState("failed", `The calculator engine could not load (${error.message}). ` +
      `The rulebook stays fully readable; ${shown}`);
  }
}

let views = []; // every calculator on the page (a page opened in place replaces them)
let engine = null; // the worker, once asked for: one per document, serving every page opened in place
const mounted = new WeakSet();

// Set up the page's calculators not yet set up, starting the engine for the first of them.
function mountCalculators() {
  const fresh = [...document.querySelectorAll("[data-calculator]")].filter((root) => !mounted.has(root))
    .map((root) => {
      mounted.add(root);
      return new Calculator(root);
    });
  views = views.filter((view) => view.root.isConnected).concat(fresh);
  if (!fresh.length) return;
  if (location.hash.startsWith("#s=")) {
    for (const view of fresh.filter((v) => v.full)) {
      view.body.hidden = true;
      view.setState("loading", "Engine loading. The situation from your link will be shown as soon as it is ready.");
    }
  }
  if (!engine) {
    engine = startEngine();
    engine.then(
      () => {
        // Others may wait for the engine before heavy work of their own (offline.js stores the site then).
        document.documentElement.dataset.engine = "ready"; // for scripts that look later
        document.dispatchEvent(new CustomEvent("calc:engine", { detail: { state: "ready" } }));
      },
      (error) => {
        console.warn("calculator engine failed to load:", error);
        document.documentElement.dataset.engine = "failed";
        document.dispatchEvent(new CustomEvent("calc:engine", { detail: { state: "failed" } }));
      },
    );
  }
  engine.then((worker) => {
    for (const view of fresh) view.attach(worker);
  }, (error) => {
    for (const view of fresh) view.fail(error);
  });
}

mountCalculators();
window.addEventListener("hashchange", () => {
  if (!location.hash.startsWith("#s=")) return;
  for (const view of views.filter((v) => v.full && v.worker)) {
    view.running = view.running.then(() => view.restore()).then(() => view.evaluate());
  }
});
// With the engine started or starting, a link to a calculator page opens it in place, served by the
// same worker (a failed engine is better tried again by loading the page).
openInPlace(() => engine !== null && document.documentElement.dataset.engine !== "failed", () => {
  mountBoards();
  mountCalculators();
});
