// @ts-check
// Opening a calculator page in place, from a page whose calculator engine has started (or is
// starting): the page's content is swapped for the calculator page's (fetched like any page, from the
// HTTP cache or the offline store) and the address changes, so the engine's worker, seconds of Python
// start-up, serves the new page at once instead of starting again. Everything else is an
// ordinary navigation, and so is anything that goes wrong here: a failed fetch, a page that is not a
// calculator page, a modified click. Back and forward load the page they lead to as usual.
// This is the site's only in-place navigation: Material's own (the navigation.instant feature) stays off, since
// it swaps every page and breaks the calculators' (module scripts are not run again), while a page opened here is always one whose calculators this page's scripts mount,
// served by the engine already running. Material is then told of the new page through its own observables,
// as after one of its navigations, so that it mounts its components (sidebar, table of contents) on it.

import { fetchPage, linkOf, onDocumentClick, plainClick } from "../utilities/common.js";

// Material's parts of a page that differ from page to page (its own instant navigation swaps the same).
const PARTS = ["container", "header-topic", "announce", "outdated", "skip"]
  .map((name) => `[data-md-component="${name}"]`);
// Elements that stay as they are, each in its place in the new content (the offline status line and
// update prompt: offline/offline.js keeps writing to them).
const KEPT = "[data-persist]";

let shownPath = location.pathname;

// Material's own observables of the address and the document (its bundle sets them on the window): told of
// the page opened in place, Material does for it what it does after one of its own navigations.
/** @typedef {{ next(value: unknown): void }} Subject */
const material = /** @type {{ location$?: Subject, document$?: Subject }} */ (/** @type {unknown} */ (window));

// Whether a click on this link may open its page in place: a plain left click on a same-site link
// to a calculator page (its path ends in calculator/<name>/), in this tab.
/**
 * @param {MouseEvent} event
 * @param {HTMLAnchorElement | null} link
 */
function wanted(event, link) {
  if (!plainClick(event, link)) return null;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin || !/\/calculator\/[^/]+\/(index\.html)?$/.test(url.pathname)) return null;
  if (url.pathname === location.pathname) return null; // the same page: its hash is handled there
  return url;
}

/** @param {URL} url */
async function calculatorPage(url) {
  const next = await fetchPage(url.href);
  if (!next.querySelector("[data-calculator]") || PARTS.some((part) => document.querySelector(part) && !next.querySelector(part))) {
    throw new Error("not a calculator page of this site");
  }
  return next;
}

// The head stays as it is: its icons' relative addresses are made absolute before the address changes, or the
// browser, fetching the icon again for the new address, would ask for it under the new page's folder.
function keepHeadLinks() {
  for (const link of document.head.querySelectorAll('link[rel~="icon"], link[rel="apple-touch-icon"]')) {
    const absolute = /** @type {HTMLLinkElement} */ (link).href;
    if (link.getAttribute("href") !== absolute) link.setAttribute("href", absolute);
  }
}

/** @param {Document} next */
function swap(next) {
  for (const part of PARTS) {
    const old = document.querySelector(part);
    const fresh = next.querySelector(part);
    if (!old || !fresh) continue;
    for (const keep of old.querySelectorAll(KEPT)) {
      const name = keep.getAttribute("data-persist") ?? "";
      fresh.querySelector(`[data-persist="${CSS.escape(name)}"]`)?.replaceWith(keep);
    }
    old.replaceWith(document.adoptNode(fresh));
  }
  document.title = next.title;
  const description = next.querySelector('meta[name="description"]')?.getAttribute("content");
  if (description) document.querySelector('meta[name="description"]')?.setAttribute("content", description);
}

// The page says what it is: the view goes to its top (or its anchor) and focus to its heading, so a
// screen reader announces the new page as it would after a load.
/** @param {URL} url */
function arrive(url) {
  const anchor = url.hash && !url.hash.startsWith("#s=") ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null;
  if (anchor) anchor.scrollIntoView();
  else window.scrollTo(0, 0);
  const heading = /** @type {HTMLElement | null} */ (document.querySelector(".md-content h1"));
  if (heading) {
    heading.setAttribute("tabindex", "-1");
    heading.focus({ preventScroll: true });
  }
}

// Calls `opened()` after each page opened in place (calculator/calculator.js mounts its calculators then).
/**
 * @param {() => boolean} ready
 * @param {() => void} opened
 */
export function openInPlace(ready, opened) {
  onDocumentClick((event) => {
    const url = wanted(event, linkOf(event, "a[href]"));
    if (!url || !ready()) return;
    event.preventDefault();
    calculatorPage(url).then(
      (next) => {
        keepHeadLinks();
        history.pushState({ inPlace: true }, "", url.href); // first: the new content's relative links resolve against it
        shownPath = location.pathname;
        swap(next);
        material.location$?.next(new URL(location.href)); // Material closes its drawer and search
        material.document$?.next(document); // and mounts its components (table of contents, sidebar) anew
        opened();
        arrive(url);
        document.dispatchEvent(new CustomEvent("calc:opened", { detail: { url: url.href } }));
      },
      (/** @type {Error} */ error) => {
        console.info("opening the calculator in place failed; loading it instead:", error.message);
        location.assign(url.href);
      },
    );
  });
  // Back or forward to another page: load it (a change of the hash alone stays on this page).
  window.addEventListener("popstate", () => {
    if (location.pathname !== shownPath) location.reload();
  });
}
