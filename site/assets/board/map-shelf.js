// @ts-check
// Maps kept on this device: each imported Universal VTT export's map fields and its picture, in the browser's
// IndexedDB, for the next visit (nothing leaves the device). Both square-map calculators share the shelf. A map
// imported again under the same name replaces the one kept; past `MAX_KEPT` the oldest goes. Every call
// rejects with an Error saying why when the browser refuses storage, so the page can say so.

export const MAX_KEPT = 8;
const DB = "combat-maps";
const STORE = "maps";

/**
 * One map kept: the file's name, the map fields' values as the engine filled them, the line said on import, the
 * picture (or null) with the grid size it covers ("cols,rows"), and when it was kept (ms since 1970).
 * @typedef {{ id?: number, name: string, values: Record<string, unknown>, message: string,
 *   picture: Blob | null, size: string, saved: number }} KeptMap
 */
/** What a list of the kept maps shows: no picture or fields, so listing reads little.
 * @typedef {{ id: number, name: string, size: string, saved: number, pictured: boolean }} KeptEntry */

// The kept maps newest first, at most `most`, and the ids of those past it (to forget).
/**
 * @template {{ id?: number, saved: number }} T
 * @param {T[]} maps
 * @param {number} most
 * @returns {{ kept: T[], dropped: number[] }}
 */
export function newestFirst(maps, most = MAX_KEPT) {
  const sorted = [...maps].sort((a, b) => b.saved - a.saved || (b.id ?? 0) - (a.id ?? 0));
  return { kept: sorted.slice(0, most), dropped: sorted.slice(most).map((m) => m.id ?? -1).filter((id) => id >= 0) };
}

// How a kept map is named in its list: "room.dd2vtt, 10 x 6 squares, kept 3 Dec 2026".
/**
 * @param {KeptEntry} entry
 * @param {string} [locale]
 */
export function entryWords(entry, locale) {
  const [cols, rows] = entry.size.split(",");
  const day = new Date(entry.saved).toLocaleDateString(locale, { day: "numeric", month: "short", year: "numeric" });
  return `${entry.name}, ${cols} x ${rows} squares${entry.pictured ? "" : " (no picture)"}, kept ${day}`;
}

// What tells one map's walls and doors from another's: its size, its walls and where its doors are (open or closed
// is the players' doing, not the map's), from the map fields' values; "" for a map without walls or doors.
/** @param {Record<string, unknown>} values */
export function linesKey(values) {
  /** @param {string} path */
  const listed = (path) => {
    try {
      const found = JSON.parse(String(values[path] ?? "[]"));
      return Array.isArray(found) ? found : [];
    } catch {
      return [];
    }
  };
  const walls = listed("map.walls");
  const doors = listed("map.doors").map((door) => (door && typeof door === "object" ? door.points : null));
  if (!walls.length && !doors.length) return "";
  return JSON.stringify([values["map.cols"] ?? null, values["map.rows"] ?? null, walls, doors]);
}

/**
 * @template T
 * @param {IDBRequest<T>} request
 * @returns {Promise<T>}
 */
function done(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("the browser's storage failed"));
  });
}

/**
 * @param {IDBTransaction} tx
 * @returns {Promise<void>}
 */
function finished(tx) {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error("the browser's storage failed"));
    tx.onabort = () => reject(tx.error ?? new Error("the browser's storage refused the map (is it full?)"));
  });
}

export class MapShelf {
  /** @param {IDBFactory | undefined} [factory] the browser's IndexedDB (a test passes its own) */
  constructor(factory = globalThis.indexedDB) {
    this.factory = factory;
    /** @type {Promise<IDBDatabase> | null} */
    this.opened = null;
  }

  /** @returns {Promise<IDBDatabase>} */
  db() {
    if (!this.opened) {
      const factory = this.factory;
      this.opened = (async () => {
        if (!factory) throw new Error("this browser keeps no data for pages (no IndexedDB)");
        const request = factory.open(DB, 1);
        request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "id", autoIncrement: true });
        const db = await done(request);
        db.onversionchange = () => { db.close(); this.opened = null; };
        return db;
      })();
      this.opened.catch(() => { this.opened = null; }); // refused once (private mode, a full disk): asked again next time
    }
    return this.opened;
  }

  /**
   * @param {IDBTransactionMode} mode
   * @returns {Promise<IDBObjectStore>}
   */
  async store(mode) {
    return (await this.db()).transaction(STORE, mode).objectStore(STORE);
  }

  // Every map kept, newest first, without their pictures and fields.
  /** @returns {Promise<KeptEntry[]>} */
  async list() {
    const all = /** @type {KeptMap[]} */ (await done((await this.store("readonly")).getAll()));
    return newestFirst(all, Infinity).kept.map((m) => ({ id: m.id ?? -1, name: m.name, size: m.size, saved: m.saved,
      pictured: m.picture !== null }));
  }

  // Keep `map` (replacing one of the same name), then forget the oldest past `MAX_KEPT`; its id.
  /**
   * @param {KeptMap} map
   * @returns {Promise<number>}
   */
  async keep(map) {
    const store = await this.store("readwrite");
    const all = /** @type {KeptMap[]} */ (await done(store.getAll()));
    for (const same of all) if (same.name === map.name && same.id !== undefined) store.delete(same.id);
    const fresh = { ...map };
    delete fresh.id; // the store numbers each map it keeps
    const id = /** @type {number} */ (await done(store.add(fresh)));
    const { dropped } = newestFirst([...all.filter((m) => m.name !== map.name), { ...fresh, id }]);
    for (const old of dropped) store.delete(old);
    await finished(store.transaction);
    return id;
  }

  // The map kept under `id`, whole (null when it was forgotten meanwhile).
  /**
   * @param {number} id
   * @returns {Promise<KeptMap | null>}
   */
  async get(id) {
    return /** @type {KeptMap | undefined} */ (await done((await this.store("readonly")).get(id))) ?? null;
  }

  // The newest map kept with the walls and doors of `values` (linesKey), whole: null when none is.
  /**
   * @param {Record<string, unknown>} values
   * @returns {Promise<KeptMap | null>}
   */
  async match(values) {
    const key = linesKey(values);
    if (!key) return null;
    const all = /** @type {KeptMap[]} */ (await done((await this.store("readonly")).getAll()));
    return newestFirst(all, Infinity).kept.find((m) => linesKey(m.values) === key) ?? null;
  }

  /** @param {number} id */
  async forget(id) {
    const store = await this.store("readwrite");
    store.delete(id);
    await finished(store.transaction);
  }
}
