// @ts-check
// House rulings: the choices a table made for a system's named rulings, remembered on this device,
// and the panel near each calculator that shows which rulings differ from the defaults.
// Invariants:
// - One localStorage key per system ("house-rulings:<system>"), holding JSON {ruling id: choice}. Only
//   rulings and choices the build wrote into the page (data-rulings, from pycore's Ruling records) are
//   read or written; a default is never stored, so choosing it again forgets that ruling.
// - Storage that is missing, blocked or full never breaks the page: the table's choices then last as
//   long as the page does, and the panel says they are not remembered.
// - Which rulings a calculator shows and applies is HouseRulings's to decide (a link's rulings win).

/**
 * A ruling as the build wrote it (pycore's Ruling record): its id, title, link, choices with their labels, default.
 * @typedef {{ id: string, title: string, ref: string, choices: string[], labels: string[], default: string }} RulingRecord
 */
/** @typedef {Record<string, string>} Choices ruling id -> choice */

const KEY_PREFIX = "house-rulings:";
const PATH_PREFIX = "rulings."; // a ruling's form path, as pycore.page.handler reads it
/** @type {Map<string, Choices>} */
const pageOnly = new Map(); // system -> the table's rulings that storage refused: kept for this page

// A system's rulings, as the build wrote them into a calculator (ids, titles, links, choices, defaults).
export class Rulings {
  /**
   * @param {string} system
   * @param {RulingRecord[]} records
   */
  constructor(system, records) {
    this.system = system;
    this.records = records;
    this.byId = new Map(records.map((record) => [record.id, record]));
  }

  /** @param {HTMLElement} root */
  static of(root) {
    /** @type {unknown} */
    let records;
    try {
      records = JSON.parse(root.dataset.rulings || "[]");
    } catch {
      records = [];
    }
    return new Rulings(root.dataset.calculator ?? "", Array.isArray(records) ? records : []);
  }

  // Only known rulings with a known choice that is not the default: {id: choice}.
  /**
   * @param {unknown} given
   * @returns {Choices}
   */
  clean(given) {
    /** @type {Choices} */
    const out = {};
    if (!given || typeof given !== "object" || Array.isArray(given)) return out;
    for (const record of this.records) {
      const choice = /** @type {Record<string, unknown>} */ (given)[record.id];
      if (typeof choice === "string" && choice !== record.default && record.choices.includes(choice)) {
        out[record.id] = choice;
      }
    }
    return out;
  }

  // Whether two sets of choices mean the same rulings (a ruling left out is its default).
  /**
   * @param {unknown} a
   * @param {unknown} b
   */
  same(a, b) {
    const x = this.clean(a);
    const y = this.clean(b);
    return this.records.every((record) => x[record.id] === y[record.id]);
  }

  /**
   * @param {string} id
   * @param {unknown} given
   */
  choice(id, given) {
    return this.clean(given)[id] ?? this.record(id).default;
  }

  /**
   * @param {string} id
   * @param {string} choice
   */
  label(id, choice) {
    const record = this.record(id);
    return record.labels[record.choices.indexOf(choice)] ?? choice;
  }

  // The ruling `id` (one the build wrote into the page: the form's selects and the panel name no other).
  /** @param {string} id */
  record(id) {
    const record = this.byId.get(id);
    if (!record) throw new Error(`no ruling ${id} in this calculator`);
    return record;
  }
}

/** @param {string} id */
export function pathOf(id) {
  return PATH_PREFIX + id;
}

/** @param {string} path */
export function idOf(path) {
  return path.startsWith(PATH_PREFIX) ? path.slice(PATH_PREFIX.length) : null;
}

// The table's rulings for this system, as far as this page knows them.
/**
 * @param {Rulings} rulings
 * @returns {Choices}
 */
export function readTable(rulings) {
  if (pageOnly.has(rulings.system)) return rulings.clean(pageOnly.get(rulings.system));
  try {
    return rulings.clean(JSON.parse(window.localStorage.getItem(KEY_PREFIX + rulings.system) || "{}"));
  } catch {
    return {}; // blocked or unreadable storage: the defaults
  }
}

// Remember `choices` as the table's rulings; false when they last only as long as this page.
/**
 * @param {Rulings} rulings
 * @param {unknown} choices
 */
export function writeTable(rulings, choices) {
  const table = rulings.clean(choices);
  try {
    const key = KEY_PREFIX + rulings.system;
    if (Object.keys(table).length) window.localStorage.setItem(key, JSON.stringify(table));
    else window.localStorage.removeItem(key);
    pageOnly.delete(rulings.system);
    return true;
  } catch {
    pageOnly.set(rulings.system, table);
    return false;
  }
}

// Whether the table's rulings for this system are on the device (not kept for this page only).
/** @param {Rulings} rulings */
export function remembered(rulings) {
  return !pageOnly.has(rulings.system);
}

// Calls `changed(system)` when another tab changes a system's table (`null`: every system).
/** @param {(system: string | null) => void} changed */
export function onTableChange(changed) {
  window.addEventListener("storage", (event) => {
    if (event.key === null) changed(null);
    else if (event.key.startsWith(KEY_PREFIX)) changed(event.key.slice(KEY_PREFIX.length));
  });
}

// The contract's fragment: base64url (no padding) of the scenario's UTF-8 JSON.
/** @param {unknown} scenario */
export function encodeScenario(scenario) {
  let binary = "";
  for (const byte of new TextEncoder().encode(JSON.stringify(scenario))) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

// The panel near a calculator: which rulings differ, and buttons for what can be done about it.
export class HousePanel {
  /**
   * @param {HTMLElement} element
   * @param {Rulings} rulings
   * @param {{ useTable: () => void, remember: () => void, reset: () => void }} actions
   * @param {AbortSignal} [signal] takes the panel's listeners away
   */
  constructor(element, rulings, actions, signal) {
    this.element = element;
    this.rulings = rulings;
    /** @type {<E extends HTMLElement = HTMLElement>(role: string) => E} */
    const part = (role) => /** @type {any} */ (element.querySelector(`[data-role="${role}"]`));
    this.title = part("house-title");
    this.list = part("house-list");
    this.said = part("house-said");
    /** @type {HTMLAnchorElement} */
    this.share = part("house-share");
    this.page = this.share.getAttribute("href") ?? ""; // the system's calculator page, relative to this page
    this.buttons = { useTable: part("house-use-table"), remember: part("house-remember"), reset: part("house-reset") };
    for (const [name, button] of Object.entries(this.buttons)) {
      button.addEventListener("click", () => {
        const refocus = document.activeElement === button;
        actions[/** @type {keyof typeof actions} */ (name)]();
        if (refocus && button.hidden) this.said.focus(); // the button is gone: keep the place, say what happened
      }, { signal });
    }
    this.said.tabIndex = -1;
    this.shown = "";
  }

  // kind: "table" (a full calculator showing its table's rulings), "inline" (applied to an inline
  // calculator) or "link" (a link's rulings, differing from `table`).
  /**
   * @param {"table" | "inline" | "link"} kind
   * @param {unknown} choices
   * @param {unknown} [table]
   */
  show(kind, choices, table = {}) {
    const mine = this.rulings.clean(choices);
    const theirs = this.rulings.clean(table);
    const ids = this.rulings.records.map((r) => r.id)
      .filter((id) => (kind === "link" ? mine[id] !== theirs[id] : id in mine));
    const stored = remembered(this.rulings);
    const key = JSON.stringify([kind, mine, theirs, stored]);
    if (key === this.shown) return; // unchanged: nothing to announce again
    this.shown = key;
    this.element.dataset.kind = kind;
    this.title.textContent = !ids.length ? ""
      : kind === "link" ? "This link sets its own rulings, which differ from your table's:"
      : kind === "inline" ? (stored ? "Your table's house rulings apply here:"
        : "Your table's house rulings apply here (for this page only: this browser does not let the site remember them):")
      : stored ? "House rulings, remembered on this device as your table's:"
      : "House rulings, for this page only (this browser does not let the site remember them):";
    this.list.replaceChildren(...ids.map((id) => this.item(id, mine, kind === "link" ? theirs : null)));
    this.title.hidden = this.list.hidden = !ids.length;
    this.buttons.useTable.hidden = this.buttons.remember.hidden = kind !== "link" || !ids.length;
    this.buttons.reset.hidden = this.share.hidden = kind === "link" || !ids.length;
    this.share.href = `${this.page}#s=${encodeScenario({ system: this.rulings.system, rulings: mine })}`;
    this.refresh();
  }

  /**
   * @param {string} id
   * @param {Choices} mine
   * @param {Choices | null} theirs
   */
  item(id, mine, theirs) {
    const record = this.rulings.record(id);
    const li = document.createElement("li");
    const link = document.createElement("a");
    link.href = record.ref;
    link.textContent = record.title;
    const chosen = document.createElement("strong");
    chosen.textContent = this.rulings.label(id, this.rulings.choice(id, mine));
    li.append(link, " ", chosen);
    if (theirs) li.append(` (your table: ${this.rulings.label(id, this.rulings.choice(id, theirs))})`);
    return li;
  }

  /** @param {string} message */
  say(message) {
    this.said.textContent = message;
    this.refresh();
  }

  refresh() {
    this.element.hidden = this.list.hidden && !this.said.textContent;
  }
}

// What a calculator works out with: a full one the rulings its form shows; an inline one the table's, except those
// its preset fixes (the preset's own win).
/**
 * @param {{ full: boolean, shown: Choices, table: Choices, fixed: Record<string, unknown> }} given
 * @returns {Choices}
 */
export function appliedChoices({ full, shown, table, fixed }) {
  if (full) return shown;
  return Object.fromEntries(Object.entries(table).filter(([id]) => !(id in fixed)));
}

// What the panel says after a ruling was changed in the form: `what` names the ruling and its choice.
/**
 * @param {{ what: string, linked: boolean, stillLinked: boolean, stored: boolean, isDefault: boolean }} change
 */
export function changeWords({ what, linked, stillLinked, stored, isDefault }) {
  if (linked) {
    return stillLinked ? `Changed for this link only (${what}); your table's rulings stay as they were.`
      : "These are your table's rulings again.";
  }
  if (isDefault) return `Back to the default (${what}): no longer remembered as your table's ruling.`;
  const where = stored ? "on this device" : "for this page only (this browser does not let the site remember it)";
  return `Remembered as your table's ruling ${where}: ${what}.`;
}

// A calculator's house rulings: which rulings its form shows and applies, whether they are a link's that differ
// from the table's, and the panel saying so. A full calculator opened without a link starts from the table's
// rulings, and a ruling changed there is remembered as the table's; a #s= link's rulings win, and while they
// differ a change only changes the link's (a button remembers them as the table's).
export class HouseRulings {
  /**
   * @param {HTMLElement} root the calculator
   * @param {HTMLFormElement} form
   * @param {{ full: boolean, fixed: Record<string, unknown>, changed: () => void, spread: () => void,
   *   provisional: (message: string) => void }} host the calculator: `changed` asks for a new answer, `spread`
   *   tells the page's other calculators of the system, `provisional` says the answer shown is the build's
   */
  constructor(root, form, host) {
    this.form = form;
    this.host = host;
    this.rulings = Rulings.of(root);
    this.linked = false; // showing a link's rulings that differ from the table's
    this.teardown = new AbortController(); // every listener goes with the calculator (`destroy`)
    const signal = this.teardown.signal;
    const element = /** @type {HTMLElement} */ (root.querySelector('[data-role="house"]'));
    this.panel = new HousePanel(element, this.rulings, {
      useTable: () => this.useTable(), remember: () => this.rememberShown(), reset: () => this.reset() }, signal);
    for (const { select, id } of this.selects()) {
      select.addEventListener("change", () => this.changedInForm(select, id), { signal });
    }
  }

  destroy() {
    this.teardown.abort();
  }

  // The form's ruling selects, each with its ruling's id.
  /** @returns {{ select: HTMLSelectElement, id: string }[]} */
  selects() {
    return [.../** @type {NodeListOf<HTMLSelectElement>} */ (this.form.querySelectorAll("select[data-path]"))]
      .map((select) => ({ select, id: idOf(select.dataset.path ?? "") ?? "" })).filter(({ id }) => id);
  }

  shown() {
    return Object.fromEntries(this.selects().map(({ select, id }) => [id, select.value]));
  }

  /** @param {unknown} choices */
  show(choices) {
    for (const { select, id } of this.selects()) select.value = this.rulings.choice(id, choices);
  }

  table() {
    return readTable(this.rulings);
  }

  applied() {
    return appliedChoices({ full: this.host.full, shown: this.shown(), table: this.table(), fixed: this.host.fixed });
  }

  showPanel() {
    if (this.host.full && this.linked) this.panel.show("link", this.shown(), this.table());
    else this.panel.show(this.host.full ? "table" : "inline", this.applied());
  }

  // Before the engine: a full calculator opened without a link shows the table's rulings, and a build-time answer
  // worked out with other rulings than those applied is marked as such.
  /** @param {boolean} opening */
  start(opening) {
    if (this.host.full && opening) {
      this.linked = true; // the link decides once the engine has read it; a ruling changed before is the link's
      return;
    }
    if (this.host.full) this.show(this.table());
    if (Object.keys(this.rulings.clean(this.applied())).length) {
      this.host.provisional("Engine loading. The answer below was worked out when this page was built, " +
        "with the default rulings, not your table's; it is worked out again as soon as the engine is ready.");
    }
    this.showPanel();
  }

  // A link read: its rulings (filled into the form) are shown as the link's while they differ from the table's.
  linkRead() {
    this.linked = !this.rulings.same(this.shown(), this.table());
    this.showPanel();
  }

  // A link that could not be read: the table's rulings, as without one.
  linkRefused() {
    this.linked = false;
    this.show(this.table());
    this.showPanel();
  }

  /**
   * @param {HTMLSelectElement} select
   * @param {string} id
   */
  changedInForm(select, id) {
    const what = `${this.rulings.record(id).title} ${this.rulings.label(id, select.value)}`;
    const linked = this.linked;
    const stored = linked || writeTable(this.rulings, this.shown());
    if (linked) this.linked = !this.rulings.same(this.shown(), this.table());
    this.panel.say(changeWords({ what, linked, stillLinked: this.linked, stored,
      isDefault: select.value === this.rulings.record(id).default }));
    if (!linked) this.host.spread();
    this.showPanel();
  }

  useTable() {
    this.show(this.table());
    this.linked = false;
    this.panel.say("Showing your table's rulings instead of the link's; the address now holds them.");
    this.showPanel();
    this.host.changed();
  }

  rememberShown() {
    const stored = writeTable(this.rulings, this.shown());
    this.linked = false;
    this.panel.say(stored ? "Remembered as your table's rulings on this device."
      : "Your table's rulings for this page only: this browser does not let the site remember them.");
    this.showPanel();
    this.host.spread();
  }

  reset() {
    writeTable(this.rulings, {});
    this.linked = false;
    if (this.host.full) this.show({});
    this.panel.say("Rulings are back to the defaults; your table's choices are forgotten.");
    this.showPanel();
    this.host.changed();
    this.host.spread();
  }

  // The table's rulings changed elsewhere: another calculator on this page, or another tab.
  tableChanged() {
    const full = this.host.full;
    if (full && this.linked) {
      this.linked = !this.rulings.same(this.shown(), this.table());
    } else if (!full || !this.rulings.same(this.shown(), this.table())) {
      if (full) this.show(this.table());
      this.host.changed();
    }
    this.showPanel();
  }
}
