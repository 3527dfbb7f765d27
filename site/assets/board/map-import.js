// @ts-check
// A square map from a Universal VTT export, in a calculator with a map: the file (picked, or dropped on the board)
// read by the engine into the map's fields, its picture drawn under the board, and the map kept on this device
// (board/map-shelf.js) with a list to open or forget each. The file never leaves the device: it is read here, and a
// shared link carries the walls and doors, never the picture.

import { base64Bytes } from "../utilities/common.js";
import { MapShelf, entryWords } from "./map-shelf.js";

/** @typedef {import("./board.js").Board} Board */
/**
 * What the importer needs of its calculator: the engine's answer to a request (null while it is not ready), the
 * form filled with values, the form's answer asked for, work queued behind the calculator's other work, and a note
 * in the calculator's bar (what matters now, where the eye is).
 * @typedef {{ ask: (request: Record<string, unknown>) => Promise<Record<string, any>> | null,
 *   fill: (values: Record<string, unknown>) => void, changed: () => void,
 *   run: (work: () => Promise<void>) => unknown, note?: (text: string, kind?: string) => void }} Host
 */

// A picture from its base64 text, as a Blob of its type.
/**
 * @param {string} type
 * @param {string} data
 */
function pictureBlob(type, data) {
  return new Blob([/** @type {Uint8Array<ArrayBuffer>} */ (base64Bytes(data))], { type });
}

/** @param {unknown} error */
function reason(error) {
  return error instanceof Error ? error.message : String(error);
}

export class MapImport {
  /**
   * @param {HTMLElement} root the calculator's root
   * @param {Board} board
   * @param {Host} host
   * @param {MapShelf} [shelf]
   */
  constructor(root, board, host, shelf = new MapShelf()) {
    this.root = root;
    this.board = board;
    this.host = host;
    this.shelf = shelf;
    this.said = /** @type {HTMLElement | null} */ (root.querySelector('[data-role="import-said"]'));
    this.kept = /** @type {HTMLElement | null} */ (root.querySelector('[data-role="kept-maps"]'));
    this.list = /** @type {HTMLElement | null} */ (root.querySelector('[data-role="kept-list"]'));
    this.offered = false; // whether a kept map was offered at the top
    /** @type {string | null} the object URL of the picture shown under the board */
    this.url = null;
    this.teardown = new AbortController(); // every listener goes with the import (`destroy`)
    const signal = this.teardown.signal;
    const file = /** @type {HTMLInputElement | null} */ (root.querySelector('[data-role="import-file"]'));
    file?.addEventListener("change", () => {
      const picked = file.files?.[0];
      if (picked) this.read(picked);
      file.value = ""; // the same file picked again is read again
    }, { signal });
    const container = board.container;
    container.addEventListener("dragover", (event) => {
      if (event.dataTransfer?.types.includes("Files")) event.preventDefault();
    }, { signal });
    container.addEventListener("drop", (event) => {
      const dropped = event.dataTransfer?.files[0];
      if (!dropped) return;
      event.preventDefault();
      this.read(dropped);
    }, { signal });
    this.list?.addEventListener("click", (event) => {
      const button = event.target instanceof Element ? event.target.closest("button[data-kept]") : null;
      if (!(button instanceof HTMLButtonElement)) return;
      const id = Number(button.dataset.kept);
      const name = button.dataset.name ?? "the map";
      if (button.dataset.action === "open") this.reopen(id, name);
      else this.forget(id, name);
    }, { signal });
  }

  // The import is gone (its calculator was): the picture's object URL is let go and every listener removed.
  destroy() {
    this.teardown.abort();
    if (this.url) URL.revokeObjectURL(this.url);
    this.url = null;
  }

  // The import's line beside its input, marked as an error when it is one, and said in the calculator's bar too.
  /**
   * @param {string} text
   * @param {string} [kind] "info", "error" or "busy"
   */
  say(text, kind = "info") {
    if (this.said) {
      this.said.textContent = text;
      this.said.dataset.kind = kind;
    }
    this.host.note?.(text, kind);
  }

  // The export read by the engine into the map's fields (grid, size, walls, doors, lights; the pieces stay), its
  // picture put under the board, answered, and kept on this device; what went wrong is said, naming the file's field.
  /** @param {File} file */
  read(file) {
    this.say(`Reading ${file.name}…`, "busy");
    this.host.run(async () => {
      const text = await file.text();
      const asked = this.host.ask({ op: "import_map", text });
      if (!asked) {
        this.say(`${file.name} was not imported: the calculator engine is not ready yet. Try again in a moment.`, "error");
        return;
      }
      const reply = await asked;
      const errors = /** @type {{ field?: string, message: string }[]} */ (reply.errors || []);
      if (errors.length) {
        this.say(`${file.name} was not imported: ` + errors.map((e) => `${e.field || "the file"}: ${e.message}`).join("; "),
          "error");
        return;
      }
      const values = reply.values ?? {};
      const size = `${values["map.cols"]},${values["map.rows"]}`;
      const picture = reply.picture ? pictureBlob(reply.picture.type, reply.picture.data) : null;
      this.host.fill(values);
      this.show(picture, size);
      this.host.changed();
      const said = `${file.name} imported: ${reply.message ?? "the map"}.`;
      this.say(said);
      try {
        await this.shelf.keep({ name: file.name, values, message: reply.message ?? "", picture, size, saved: Date.now() });
        this.say(`${said} Kept on this device for your next visit (nothing was uploaded).`);
      } catch (error) {
        this.say(`${said} Not kept on this device: ${reason(error)}.`);
      }
      await this.refresh();
    });
  }

  // The picture drawn under the board's squares while the map is `size` ("cols,rows"); null takes it away.
  /**
   * @param {Blob | null} picture
   * @param {string} size
   */
  show(picture, size) {
    if (this.url) URL.revokeObjectURL(this.url);
    this.url = picture ? URL.createObjectURL(picture) : null;
    this.board.picture(this.url ? { url: this.url, size } : null);
  }

  // A kept map opened again: its fields, its picture, and the answer on it.
  /**
   * @param {number} id
   * @param {string} name
   */
  reopen(id, name) {
    this.host.run(async () => {
      let map;
      try {
        map = await this.shelf.get(id);
      } catch (error) {
        this.say(`${name} could not be opened from this device: ${reason(error)}.`, "error");
        return;
      }
      if (!map) {
        this.say(`${name} is no longer kept on this device.`);
        await this.refresh();
        return;
      }
      this.host.fill(map.values);
      this.show(map.picture, map.size);
      this.host.changed();
      this.say(`${map.name} opened from this device: ${map.message}.`);
    });
  }

  /**
   * @param {number} id
   * @param {string} name
   */
  forget(id, name) {
    this.host.run(async () => {
      try {
        await this.shelf.forget(id);
        this.say(`${name} is forgotten: no longer kept on this device.`);
      } catch (error) {
        this.say(`${name} could not be forgotten: ${reason(error)}.`, "error");
      }
      await this.refresh();
    });
  }

  // The list of the maps kept, written again (hidden while there are none, or storage is refused: said once).
  async refresh() {
    if (!this.list || !this.kept) return;
    /** @type {import("./map-shelf.js").KeptEntry[]} */
    let entries;
    try {
      entries = await this.shelf.list();
    } catch {
      entries = [];
    }
    const items = entries.map((entry) => {
      const li = document.createElement("li");
      const words = document.createElement("span");
      words.textContent = entryWords(entry);
      li.append(words);
      for (const [action, label] of [["open", "Open"], ["forget", "Forget"]]) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "calc-board-kept-button";
        button.dataset.action = action;
        button.dataset.kept = String(entry.id);
        button.dataset.name = entry.name;
        button.textContent = label;
        button.setAttribute("aria-label", `${label} ${entry.name}`);
        li.append(button);
      }
      return li;
    });
    this.list.replaceChildren(...items);
    this.kept.hidden = items.length === 0;
  }

  // Opened without a link: the newest map kept on this device offered at the top of the calculator, one tap from the
  // board (the map chosen, the kept map opened on it). Nothing kept, or storage refused: nothing offered.
  async offer() {
    const offer = /** @type {HTMLElement | null} */ (this.root.querySelector('[data-role="kept-offer"]'));
    const button = offer?.querySelector('[data-role="kept-offer-open"]');
    if (!offer || !(button instanceof HTMLButtonElement) || this.offered) return;
    this.offered = true; // once a page: a later visit to no link offers nothing new
    const [newest] = await this.shelf.list().catch(() => []);
    if (!newest) return;
    button.textContent = `Open ${newest.name} on the map (kept on this device)`;
    offer.hidden = false;
    button.addEventListener("click", () => {
      offer.hidden = true;
      const map = this.root.querySelector('input[data-role="alternative"][value="map"]');
      if (map instanceof HTMLInputElement && !map.checked) map.click(); // the map shown (and laid out) first
      this.reopen(newest.id, newest.name);
      this.board.container.scrollIntoView({ block: "start" });
    }, { once: true });
  }

  // A link was opened (or the page reloaded with its own): a square map's walls and doors came without its picture.
  // A map kept on this device with the same walls and doors (map-shelf.js's linesKey) gives it back; otherwise the
  // picture stays with whoever imported it, and that is said.
  /** @param {Record<string, unknown>} values */
  async linked(values) {
    this.show(null, "");
    const lines = (/** @type {string} */ key) => typeof values[key] === "string" && values[key] !== "[]" && values[key] !== "";
    if (values["map.grid"] !== "square" || !(lines("map.walls") || lines("map.doors"))) return;
    // storage refused: the picture cannot be found here
    const kept = await this.shelf.match(values).catch(() => null);
    if (kept?.picture) {
      this.show(kept.picture, kept.size);
      this.say(`The picture of ${kept.name} is shown again: this device kept it when the map was imported.`);
      return;
    }
    this.say("This link holds the map's walls and doors, drawn on a plain grid: its picture stays on the device " +
      "that imported it (a link never carries the picture).");
  }
}

// The map import of the calculator `root`, drawing on its `board`, set up; `destroy()` takes it down.
/**
 * @param {HTMLElement} root
 * @param {Board} board
 * @param {Host} host
 */
export function mountMapImport(root, board, host) {
  return new MapImport(root, board, host);
}
