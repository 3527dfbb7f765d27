// @ts-check
// Rule previews: a plain click on a rule link beside a calculator's field (a.calc-rule-link) or in an
// answer (.calc-result a[data-rule]) shows that rule's text in place, taken from the rulebook page's
// own section: from the anchor's heading to the next heading of the same or a higher level, or the
// whole ruling box when the anchor is one. The page is fetched from this site (the offline store holds
// every page, so this works offline too) and kept per page. A popover beside the link on wide screens,
// a bottom sheet on phones; Escape, the close button or a tap outside closes it and focus goes back to
// the link. Links stay plain links: without this script, with a modifier key or a middle click, or
// when the page cannot be read, the browser opens the rule's page as usual.

import { fetchPage, linkOf, onDocumentClick, plainClick } from "../utilities/common.js";

const LINKS = "a.calc-rule-link[href], .calc-result a[data-rule][href]";
const WIDE = matchMedia("(min-width: 45em)"); // narrower than this: a bottom sheet
const GAP = 8; // pixels between the link and the popover, and from the window's edges
const ID_PREFIX = "rule-preview-"; // ids copied from the rule's page, made unique in this one
const LEFT_OUT = "[data-calculator], script, style, .headerlink, [data-persist]";

/** @type {Map<string, Promise<Document>>} page URL without its hash -> Promise of its parsed document */
const pages = new Map();

/** @type {HTMLDialogElement | null} */
let dialogElement = null;
/** @type {HTMLAnchorElement | null} the link the open preview came from: focus goes back to it */
let opener = null;
/** @type {Element | null} the calculator that link is in, if any */
let openerCalculator = null;

/** @param {MouseEvent} event */
function wanted(event) {
  const link = linkOf(event, LINKS);
  if (!plainClick(event, link)) return null;
  if (link.closest("dialog[data-rule-preview]")) return null; // a link in a preview opens its page
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin || url.hash.length < 2) return null;
  return { link, url };
}

/**
 * @param {URL} url
 * @returns {Promise<Document>}
 */
function pageOf(url) {
  const key = url.href.split("#")[0];
  if (new URL(key).pathname === location.pathname) return Promise.resolve(document);
  if (!pages.has(key)) {
    const loading = fetchPage(key);
    loading.catch(() => pages.delete(key)); // a failed page is asked for again next time
    pages.set(key, loading);
  }
  return /** @type {Promise<Document>} */ (pages.get(key));
}

/** @param {Element} element */
function headingLevel(element) {
  return /^H[1-6]$/.test(element.tagName) ? Number(element.tagName[1]) : 0;
}

/** @param {Element} element */
function textOf(element) {
  const copy = /** @type {Element} */ (element.cloneNode(true));
  copy.querySelectorAll(".headerlink").forEach((link) => link.remove());
  return (copy.textContent ?? "").trim();
}

// The rule's title and its text as nodes of `doc`, or null when the page has no such anchor.
/**
 * @param {Document} doc
 * @param {string} id
 * @returns {{ title: string, nodes: Node[] } | null}
 */
function section(doc, id) {
  const anchor = doc.getElementById(id);
  if (!anchor) return null;
  const level = headingLevel(anchor);
  if (!level) {
    const title = anchor.querySelector(":scope > .admonition-title");
    const body = /** @type {Element} */ (anchor.cloneNode(true));
    body.querySelector(":scope > .admonition-title")?.remove();
    return { title: title ? textOf(title) : id, nodes: [body] };
  }
  const nodes = [];
  for (let next = anchor.nextElementSibling; next; next = next.nextElementSibling) {
    const nextLevel = headingLevel(next);
    if (nextLevel && nextLevel <= level) break;
    nodes.push(next.cloneNode(true));
  }
  return { title: textOf(anchor), nodes };
}

// Copied nodes made fit for this page: no calculators or scripts, unique ids, links to the rule's page,
// headings as bold lines (the preview is not part of this page's outline).
/**
 * @param {Node[]} nodes
 * @param {string} pageUrl
 */
function adopt(nodes, pageUrl) {
  const box = document.createElement("div");
  box.append(...nodes.map((node) => document.importNode(node, true)));
  box.querySelectorAll("[data-calculator]").forEach((calc) => {
    const note = document.createElement("p");
    note.className = "rule-preview__note";
    note.textContent = "The full page has a calculator here.";
    calc.replaceWith(note);
  });
  box.querySelectorAll(LEFT_OUT).forEach((node) => node.remove());
  box.querySelectorAll("[id]").forEach((node) => { node.id = ID_PREFIX + node.id; });
  for (const name of ["aria-labelledby", "aria-describedby", "for"]) {
    box.querySelectorAll(`[${name}]`).forEach((node) => {
      node.setAttribute(name, (node.getAttribute(name) ?? "").split(/\s+/).map((id) => ID_PREFIX + id).join(" "));
    });
  }
  box.querySelectorAll("use[href]").forEach((use) => {
    const ref = use.getAttribute("href") ?? "";
    if (ref.startsWith("#")) use.setAttribute("href", `#${ID_PREFIX}${ref.slice(1)}`);
  });
  box.querySelectorAll("a[href]").forEach((link) => {
    /** @type {HTMLAnchorElement} */ (link).href = new URL(link.getAttribute("href") ?? "", pageUrl).href;
  });
  box.querySelectorAll("img[src]").forEach((img) => {
    /** @type {HTMLImageElement} */ (img).src = new URL(img.getAttribute("src") ?? "", pageUrl).href;
  });
  box.querySelectorAll("h1, h2, h3, h4, h5, h6").forEach((heading) => {
    const line = document.createElement("p");
    line.className = "rule-preview__subhead";
    const strong = document.createElement("strong");
    strong.textContent = textOf(heading);
    line.append(strong);
    heading.replaceWith(line);
  });
  return [...box.childNodes];
}

function build() {
  const element = document.createElement("dialog");
  element.className = "rule-preview";
  element.dataset.rulePreview = "";
  element.setAttribute("aria-labelledby", "rule-preview-title");
  // The body scrolls on its own, so it takes focus: arrow keys then scroll a long rule.
  element.innerHTML = `
    <div class="rule-preview__head">
      <p class="rule-preview__title" id="rule-preview-title"></p>
      <button type="button" class="rule-preview__close" data-role="preview-close" aria-label="Close the rule">×</button>
    </div>
    <div class="rule-preview__body md-typeset" data-role="preview-body" role="region" aria-label="Rule text" tabindex="0"></div>
    <p class="rule-preview__more md-typeset"><a data-role="preview-more">Read it on the full page</a></p>`;
  element.querySelector('[data-role="preview-close"]')?.addEventListener("click", () => element.close());
  // A tap on the backdrop reaches the dialog itself, outside its box.
  element.addEventListener("click", (event) => {
    if (event.target !== element) return;
    const box = element.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) element.close();
  });
  element.addEventListener("close", () => {
    const link = opener;
    opener = null;
    delete element.dataset.state;
    if (link) returnFocus(link, openerCalculator);
  });
  document.body.append(element);
  return element;
}

// Focus back on the link, or, when its calculator wrote a new answer meanwhile, on the same rule's link
// in the new answer.
/**
 * @param {HTMLAnchorElement} link
 * @param {Element | null} calculator
 */
function returnFocus(link, calculator) {
  const again = link.isConnected ? link
    : [.../** @type {NodeListOf<HTMLAnchorElement>} */ (calculator?.querySelectorAll(LINKS) ?? [])].find((other) => other.href === link.href);
  again?.focus({ preventScroll: true });
}

// Beside the link on a wide screen: below it, or above when there is more room there, never over it
// (a long rule scrolls inside); a sheet along the bottom otherwise.
/**
 * @param {HTMLDialogElement} dialog
 * @param {HTMLAnchorElement} link
 */
function place(dialog, link) {
  dialog.style.top = dialog.style.left = dialog.style.maxHeight = "";
  if (!WIDE.matches) return;
  const at = link.getBoundingClientRect();
  const box = dialog.getBoundingClientRect();
  const below = innerHeight - at.bottom - 2 * GAP;
  const above = at.top - 2 * GAP;
  const downward = below >= box.height || below >= above;
  const height = Math.min(box.height, downward ? below : above);
  if (height < box.height) dialog.style.maxHeight = `${Math.floor(height)}px`;
  const top = downward ? at.bottom + GAP : at.top - GAP - height;
  const left = Math.min(at.left, innerWidth - box.width - GAP);
  dialog.style.top = `${Math.round(top)}px`;
  dialog.style.left = `${Math.round(Math.max(GAP, left))}px`;
}

/**
 * @param {HTMLDialogElement} dialog
 * @param {HTMLAnchorElement} link
 * @param {string} state
 * @param {string} title
 * @param {Node[]} nodes
 */
function show(dialog, link, state, title, nodes) {
  dialog.dataset.state = state;
  const heading = dialog.querySelector(".rule-preview__title");
  if (heading) heading.textContent = title;
  dialog.querySelector('[data-role="preview-body"]')?.replaceChildren(...nodes);
  place(dialog, link);
}

/** @param {string} text */
function message(text) {
  const line = document.createElement("p");
  line.textContent = text;
  return [line];
}

/**
 * @param {HTMLAnchorElement} link
 * @param {URL} url
 */
async function open(link, url) {
  const dialog = (dialogElement ??= build());
  if (dialog.open) dialog.close();
  opener = link;
  openerCalculator = link.closest("[data-calculator]");
  const id = decodeURIComponent(url.hash.slice(1));
  dialog.dataset.ref = id;
  const more = /** @type {HTMLAnchorElement | null} */ (dialog.querySelector('[data-role="preview-more"]'));
  if (more) more.href = url.href;
  dialog.showModal();
  show(dialog, link, "loading", link.textContent.trim() || id, message("Loading the rule…"));
  let found = null;
  try {
    found = section(await pageOf(url), id);
  } catch (error) {
    console.info("rule preview: could not read the rule's page;", error instanceof Error ? error.message : error);
  }
  if (opener !== link || !dialog.open) return; // closed, or another rule asked for meanwhile
  if (found) show(dialog, link, "ready", found.title, adopt(found.nodes, url.href));
  else show(dialog, link, "failed", link.textContent.trim() || id, message("This rule could not be shown here. The link below opens its page."));
}

onDocumentClick((event) => {
  const asked = wanted(event);
  if (!asked || typeof HTMLDialogElement !== "function") return;
  event.preventDefault();
  open(asked.link, asked.url);
});
