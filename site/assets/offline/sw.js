// @ts-check
// The offline service worker. This is its source: the build (rulebook/offline.py) writes it to sw.js
// at the site root after one line that declares BUILD, and never ships this file as it is.
//
// BUILD = { version, fallback: "404.html", files: { "<site path>": { integrity, size, type } },
//           network: ["<site path>", ...] }
// lists every built file with its SHA-256; the version is a hash of all of them (and of this
// source), so any change to any file is a new version, and a new version is a new cache.
// `network` are files of the site the store leaves out (source maps, a fallback no page needs
// when all goes well): they are fetched from the network, never answered from a cache.
//
// How pages never mix files of two builds
// ---------------------------------------
// 1. One cache per build, named by its version, filled while this worker installs. Every download
//    is checked against the manifest's SHA-256 (fetch `integrity`), so a cache can only ever hold
//    this build's bytes: if the server already has a newer build half-way through, the install
//    fails and the browser tries again at its next update check. Files whose hash did not change
//    are copied from the previous build's cache instead of downloaded again (the 14 MB runtime),
//    and files the page has just downloaded come from the HTTP cache (still checked by hash).
//    The cache counts as complete only once its MARKER entry is written, last.
// 2. No skipWaiting on install. While any page of the old build is open, the old worker stays in
//    control and answers every request from its own cache, so a page and everything it loads
//    later (engine, search index, workers) come from the build that served the page. The new
//    worker waits; pages learn of it (offline/offline.js) and offer "Reload now".
// 3. "Reload now" asks the waiting worker to skipWaiting. From then on this worker controls the
//    pages that are still open elsewhere, but it does not switch them to the new build: on
//    activate it pins every client it takes over (windows and their workers) to the version that
//    served it, and keeps answering their requests from that version's cache. Only navigations
//    (new documents) get the new build. A worker started by a pinned page inherits the pin.
// 4. Old caches are deleted as soon as no client uses them: on activate everything but this
//    build's cache and the pinned versions' caches goes; pins of clients that are gone are dropped
//    on later navigations and messages, and a version with no pin left loses its cache then.
//    Caches of a newer build that is still installing are never touched outside activate (and an
//    install whose cache was deleted under it fails rather than activating with missing files).
// 5. The pins and the active version live in a small STATE cache, so they survive this worker
//    being stopped and restarted by the browser.
// Limit: a dedicated worker created from a blob: URL after the switch by a pinned page could not be
// tied to that page (its script is not fetched, so there is no request to inherit the pin from); the
// site starts none: the engine's worker and the search worker are started from their URLs.

/* global BUILD */ // declared by the line the build writes before this source (its type: types/offline-sw.d.ts)

const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const SCOPE = worker.registration.scope; // the site root, ending in "/"
const SCOPE_PATH = new URL(SCOPE).pathname;
const PREFIX = `offline ${SCOPE} `; // our caches: another site on this origin has another scope
const CACHE = PREFIX + BUILD.version;
const STATE = PREFIX + "state";
const STATE_KEY = SCOPE + "__offline__/state.json";
const MARKER = SCOPE + "__offline__/build.json";
const LANES = 6;

const total = Object.values(BUILD.files).reduce((sum, f) => sum + f.size, 0);
const NETWORK = new Set(BUILD.network || []);

// Site path <-> URL. The cache key of a file is its own URL; a directory page is fetched by its
// directory URL, which every static host serves (some redirect ".../index.html" to it).
const urlOf = (/** @type {string} */ path) => new URL(path.split("/").map(encodeURIComponent).join("/"), SCOPE).href;
const fetchUrlOf = (/** @type {string} */ path) => urlOf(path.replace(/(^|\/)index\.html$/, "$1"));

/** @param {URL} url */
function pathOf(url) {
  try {
    return url.pathname.slice(SCOPE_PATH.length).split("/").map(decodeURIComponent).join("/");
  } catch {
    return null; // malformed escapes: no such file
  }
}

/** @typedef {typeof BUILD.files[string]} Entry */
/** @typedef {{ active: string | null, pins: Record<string, string> }} State */

/**
 * @param {BodyInit | null} body
 * @param {Entry} entry
 * @param {string} version
 */
function stamp(body, entry, version, status = 200) {
  return new Response(body, {
    status,
    headers: { "Content-Type": entry.type, "Content-Length": String(entry.size), "X-Offline-Build": version },
  });
}

// ---- state: the active version and the pinned clients -------------------------------------

/** @type {Promise<State> | null} */
let statePromise = null;
let saving = Promise.resolve();

function loadState() {
  statePromise ??= caches.open(STATE)
    .then((cache) => cache.match(STATE_KEY))
    .then((hit) => (hit ? hit.json() : null))
    .then((state) => state || { active: null, pins: {} });
  return statePromise;
}

/** @param {State} state */
function saveState(state) {
  saving = saving.then(async () => {
    const cache = await caches.open(STATE);
    await cache.put(STATE_KEY, new Response(JSON.stringify(state), { headers: { "Content-Type": "application/json" } }));
  });
  return saving;
}

/** @param {FetchEvent} event */
async function versionFor(event) {
  const state = await loadState();
  const pinned = event.clientId && state.pins[event.clientId];
  if (!pinned) return BUILD.version;
  if (event.resultingClientId && state.pins[event.resultingClientId] !== pinned) {
    state.pins[event.resultingClientId] = pinned; // a worker started by a pinned page
    saveState(state);
  }
  return pinned;
}

let lastPrune = 0;

async function prune(force = false) {
  const state = await loadState();
  const ids = Object.keys(state.pins);
  if (!ids.length || (!force && Date.now() - lastPrune < 2000)) return;
  lastPrune = Date.now();
  const before = new Set(Object.values(state.pins));
  for (const id of ids) if (!(await worker.clients.get(id))) delete state.pins[id];
  const after = new Set(Object.values(state.pins));
  if (after.size === before.size && Object.keys(state.pins).length === ids.length) return;
  await saveState(state);
  for (const version of before) {
    if (!after.has(version) && version !== BUILD.version) await caches.delete(PREFIX + version);
  }
}

// ---- install: store every file of this build -------------------------------------------------

async function donors() {
  const found = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE || name === STATE) continue;
    const cache = await caches.open(name);
    const marker = await cache.match(MARKER);
    if (marker) found.push({ cache, files: (await marker.json()).files });
  }
  return found;
}

/**
 * @param {string} path
 * @param {Entry} entry
 * @param {{ cache: Cache, files: Record<string, Entry> }[]} olds
 */
async function obtain(path, entry, olds) {
  for (const old of olds) {
    if (old.files[path]?.integrity !== entry.integrity) continue;
    const hit = await old.cache.match(urlOf(path));
    if (hit) return hit.body; // the same bytes, checked when that build was installed
  }
  const response = await download(path, entry);
  if (!response.ok && path !== BUILD.fallback) throw new Error(`${path}: HTTP ${response.status}`);
  return response.body;
}

// The page has just downloaded most of the build (the worker installs after its engine answered):
// take those bytes from the HTTP cache, stale or not, when they match the manifest's hash, and ask
// the server only for what the cache does not have or holds from another build.
/**
 * @param {string} path
 * @param {Entry} entry
 */
async function download(path, entry) {
  /** @type {RequestInit} */
  const options = { credentials: "same-origin", integrity: entry.integrity };
  try {
    const cached = await fetch(fetchUrlOf(path), { ...options, cache: "force-cache" });
    if (cached.ok || path === BUILD.fallback) return cached;
  } catch {
    // an integrity mismatch (another build's file in the cache) or a network error: ask the server
  }
  return fetch(fetchUrlOf(path), { ...options, cache: "no-cache" });
}

let reported = -1;

/** @param {number} done */
async function report(done, final = false) {
  const percent = Math.floor((100 * done) / total);
  if (!final && percent === reported) return;
  reported = percent;
  for (const client of await worker.clients.matchAll({ type: "window", includeUncontrolled: true })) {
    client.postMessage({ type: "offline-progress", version: BUILD.version, done, total, complete: final });
  }
}

async function precache() {
  const cache = await caches.open(CACHE);
  if (await cache.match(MARKER)) return; // this very build is already stored
  const have = new Set((await cache.keys()).map((request) => request.url));
  const olds = await donors();
  // small files first: pages and styles are ready early, the runtime comes last
  const paths = Object.keys(BUILD.files).sort((a, b) => BUILD.files[a].size - BUILD.files[b].size);
  let next = 0;
  let done = 0;
  async function lane() {
    while (next < paths.length) {
      const path = paths[next++];
      const entry = BUILD.files[path];
      if (!have.has(urlOf(path))) await cache.put(urlOf(path), stamp(await obtain(path, entry, olds), entry, BUILD.version));
      done += entry.size;
      report(done);
    }
  }
  await Promise.all(Array.from({ length: LANES }, lane));
  if (!(await caches.has(CACHE))) throw new Error("this build's cache was deleted while it was being filled");
  await cache.put(MARKER, new Response(JSON.stringify(BUILD), { headers: { "Content-Type": "application/json" } }));
  await report(total, true);
}

worker.addEventListener("install", (event) => event.waitUntil(precache()));

// ---- activate: pin the pages we take over, drop every cache nobody uses ----------------------

async function activate() {
  const state = await loadState();
  /** @type {Record<string, string>} */
  const pins = {};
  if (state.active && state.active !== BUILD.version) {
    // Clients controlled by the previous worker until a moment ago (windows and workers).
    for (const client of await worker.clients.matchAll({ type: "all" })) {
      pins[client.id] = state.pins[client.id] || state.active;
    }
  }
  state.active = BUILD.version;
  state.pins = pins;
  await saveState(state);
  const keep = new Set([CACHE, STATE, ...Object.values(pins).map((version) => PREFIX + version)]);
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && !keep.has(name)) await caches.delete(name);
  }
}

worker.addEventListener("activate", (event) => event.waitUntil(activate()));

// ---- fetch: cache first, never the network for a file we have ---------------------------------

/** @param {string} version */
async function complete(version) {
  const name = PREFIX + version;
  if (version !== BUILD.version && !(await caches.has(name))) return caches.open(CACHE);
  return caches.open(name);
}

/**
 * @param {Cache} cache
 * @param {string} path
 */
async function lookup(cache, path) {
  const file = path === "" || path.endsWith("/") ? path + "index.html" : path;
  return cache.match(urlOf(file));
}

// HEAD gets GET's status and headers without the body (the calculator checks its runtime files so).
/**
 * @param {Request} request
 * @param {Response} response
 */
function asRequested(request, response) {
  if (request.method !== "HEAD" || !response.body) return response;
  return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * @param {FetchEvent} event
 * @param {URL} url
 */
async function respond(event, url) {
  return asRequested(event.request, await answer(event, url));
}

/**
 * @param {FetchEvent} event
 * @param {URL} url
 */
async function answer(event, url) {
  const request = event.request;
  const navigation = request.mode === "navigate";
  if (navigation) event.waitUntil(prune());
  const version = navigation ? BUILD.version : await versionFor(event);
  const cache = await complete(version);
  const path = pathOf(url);
  if (path !== null) {
    const hit = await lookup(cache, path);
    if (hit) return hit;
    // "rules/x" -> "rules/x/", as a static server would redirect
    if (path && !path.endsWith("/") && (await lookup(cache, path + "/"))) {
      return Response.redirect(new URL(url.pathname + "/" + url.search, url).href, 301);
    }
    // A file of this build that is missing from its cache (the browser evicted it): the network.
    const known = BUILD.files[path] || BUILD.files[path === "" || path.endsWith("/") ? path + "index.html" : path];
    if (known || NETWORK.has(path)) return fetch(request);
  }
  const missing = await cache.match(urlOf(BUILD.fallback));
  if (!missing) return fetch(request);
  return new Response(missing.body, { status: 404, statusText: "Not Found", headers: missing.headers });
}

worker.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET" && event.request.method !== "HEAD") return;
  const url = new URL(event.request.url);
  if (url.origin !== worker.location.origin || !url.pathname.startsWith(SCOPE_PATH)) return;
  event.respondWith(respond(event, url));
});

// ---- messages from pages (offline/offline.js) ------------------------------------------------------------

async function status() {
  const cache = await caches.open(CACHE);
  const stored = Boolean(await cache.match(MARKER));
  return { type: "offline-status", version: BUILD.version, complete: stored, files: Object.keys(BUILD.files).length, bytes: total };
}

worker.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "offline-activate") worker.skipWaiting(); // the page's "Reload now"
  if (data.type === "offline-status") {
    event.waitUntil(Promise.all([prune(true), status().then((answer) => event.ports[0]?.postMessage(answer))]));
  }
});
