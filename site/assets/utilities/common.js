// @ts-check
// Helpers the page's modules share: what a plain click is, the page's one document-level click listener,
// a page of this site fetched and parsed, a records field's list, a new record's name, and whether a region
// already holds some markup. Nothing here touches the page when the module is imported.

/** @typedef {(event: MouseEvent) => void} ClickHandler */

/** @type {ClickHandler[]} */
const clickHandlers = [];

// Every module that acts on clicks anywhere in the page (rule previews, calculator pages opened in place,
// sortable tables the engine writes afresh) hears them through one listener on the document, in the order
// the modules asked; a handler that takes a click calls `preventDefault()`, and the later ones see that.
/** @param {ClickHandler} handler */
export function onDocumentClick(handler) {
  if (!clickHandlers.length) {
    document.addEventListener("click", (event) => {
      for (const each of clickHandlers) each(event);
    });
  }
  clickHandlers.push(handler);
}

// Whether a click on `link` is one this page may take over: a plain left click (no modifier key, not taken
// already) on a link that opens in this tab. Anything else is left to the browser.
/**
 * @param {Pick<MouseEvent, "defaultPrevented" | "button" | "metaKey" | "ctrlKey" | "shiftKey" | "altKey">} event
 * @param {HTMLAnchorElement | null} link
 * @returns {link is HTMLAnchorElement}
 */
export function plainClick(event, link) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return false;
  }
  return Boolean(link) && !(link?.target && link.target !== "_self") && !link?.hasAttribute("download");
}

// The link a click event is on (the nearest element matching `selector` around its target), or null.
/**
 * @param {Event} event
 * @param {string} selector
 * @returns {HTMLAnchorElement | null}
 */
export function linkOf(event, selector) {
  return event.target instanceof Element ? event.target.closest(selector) : null;
}

// A page of this site, fetched like any page (from the HTTP cache or the offline store) and parsed; it fails
// on anything that is not an HTML page.
/**
 * @param {string} href
 * @returns {Promise<Document>}
 */
export async function fetchPage(href) {
  const response = await fetch(href, { credentials: "same-origin" });
  if (!response.ok || !(response.headers.get("content-type") || "").includes("text/html")) {
    throw new Error(`HTTP ${response.status}`);
  }
  return new DOMParser().parseFromString(await response.text(), "text/html");
}

// A records field's list from its hidden input's JSON ([] for anything else).
/**
 * @param {string | null | undefined} text
 * @returns {unknown[]}
 */
export function parseList(text) {
  try {
    const list = JSON.parse(text || "[]");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

// A new record's name: the noun and one more than the highest number the `names` end with ("Creature 3"
// after "Creature 1" and "Goblin 2"). The board and the list editors name new records alike.
/**
 * @param {string} noun
 * @param {unknown[]} names
 */
export function nextName(noun, names) {
  const used = names.map((name) => /(\d+)$/.exec(String(name ?? ""))?.[1]).filter(Boolean).map(Number);
  return `${noun.charAt(0).toUpperCase()}${noun.slice(1)} ${Math.max(0, ...used) + 1}`;
}

// Whether `region` already holds exactly the markup `html` (as the browser parses it): the engine's
// first answer is usually the build-time one already on screen, which then stays as it is.
/**
 * @param {Element} region
 * @param {string} html
 */
export function holdsMarkup(region, html) {
  const template = document.createElement("template");
  template.innerHTML = html;
  const box = document.createElement("div");
  box.append(template.content);
  return box.innerHTML === region.innerHTML;
}

// Two sort values (a table cell's data-sort): numbers as numbers, anything else as text.
/**
 * @param {string} a
 * @param {string} b
 */
export function compareSortValues(a, b) {
  const x = Number(a);
  const y = Number(b);
  if (a !== "" && b !== "" && !Number.isNaN(x) && !Number.isNaN(y)) return x - y;
  return a.localeCompare(b);
}

/** @type {WeakMap<Element, { flush(): void }>} a board's container -> its board (board/board.js registers each) */
const boards = new WeakMap();

// The board drawn in `container` (a `[data-board]` element), if it is set up. Here, not in board/board.js, so that
// a page imports the board's modules only where it has a board.
/** @param {Element | null} container */
export function boardIn(container) {
  return container ? boards.get(container) ?? null : null;
}

/** @param {Element} container @param {{ flush(): void } | null} board the board drawn there, or none any more */
export function setBoard(container, board) {
  if (board) boards.set(container, board);
  else boards.delete(container);
}

/** @type {(() => void)[] | null} */
let later = null;

// Run `fn` once the next frame is on screen (work that must not delay showing a tap). The work asked for
// during one frame shares one animation frame callback and one task.
/** @param {() => void} fn */
export function afterPaint(fn) {
  if (later) {
    later.push(fn);
    return;
  }
  later = [fn];
  requestAnimationFrame(() => setTimeout(() => {
    const due = later ?? [];
    later = null;
    for (const each of due) each();
  }, 0));
}

// Run `fn` when the page is idle (work done ahead of the first tap), or soon where there is no idle callback.
/** @param {() => void} fn */
export function whenIdle(fn) {
  if ("requestIdleCallback" in window) requestIdleCallback(fn, { timeout: 2000 });
  else setTimeout(fn, 200);
}

// A label or a line written for hexes, said of squares: "Attacker's hex" -> "Attacker's square", "Hex" -> "Square".
/** @param {string} text */
export function squareWords(text) {
  return text.replace(/\b([Hh])ex(es)?\b/g, (_, h, plural) => `${h === "H" ? "S" : "s"}quare${plural ? "s" : ""}`);
}

// The word for a cell of the map in `form`: "square" once its grid is squares, "hex" otherwise (or without a map).
/** @param {ParentNode | null} form */
export function cellNoun(form) {
  const grid = /** @type {HTMLSelectElement | null} */ (form?.querySelector('select[data-path="map.grid"]') ?? null);
  return grid?.value === "square" ? "square" : "hex";
}

/** The browser's own base64 decoder where it has one (Uint8Array.fromBase64), else none. */
const FROM_BASE64 = /** @type {{ fromBase64?: (text: string) => Uint8Array }} */ (/** @type {unknown} */ (Uint8Array)).fromBase64;

/** The bytes base64 text stands for: decoded by the browser where it can (no fetch of a data: URL, which the
 * page's policy refuses), else byte by byte. @param {string} text @param {((text: string) => Uint8Array) | undefined} decode */
export function base64Bytes(text, decode = FROM_BASE64) {
  if (decode) return decode.call(Uint8Array, text);
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
