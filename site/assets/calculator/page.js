// @ts-check
// The page's calculators: each `[data-calculator]` mounted (calculator/calculator.js), one engine started for all of
// them (engine/life.js: a PyScript worker from this site), and what reaches every calculator at once: the engine
// ready, restarting or stopped, the table's rulings changed here or in another tab, a new #s= link, a calculator
// page opened in place (page/navigate.js), which mounts its calculators and destroys those of the page it replaced.

import { openInPlace } from "../page/navigate.js";
import { onTableChange } from "./rulings.js";
import { Engine } from "../engine/life.js";
import { mountCalculator } from "./calculator.js";

/** @typedef {import("./calculator.js").Calculator} Calculator */

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
      return mountCalculator(root, { spread: spreadTable });
    });
  for (const view of views) if (!view.root.isConnected) view.destroy(); // its page was left in place
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
