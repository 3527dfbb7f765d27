// @ts-check
// Offline use: registers the service worker the build writes to sw.js at the site root, says
// "Available offline" once this build is stored on the device, and offers a reload when a newer
// build is ready. How builds are kept apart is explained at the top of assets/offline/sw.js.
// While developing (`mkdocs serve`) the page says data-offline-status="off": then this script only
// removes a worker and caches left by an earlier build, so live reload always shows fresh files.
//
// Storing the site (about 25 MB, the runtime among it) is the worker's install, and the worker is
// installed when this page registers it. So the page registers it only at a quiet moment: on a
// page with a calculator once its engine has started (or failed; calculator/calculator.js says so with
// data-engine on <html> and a calc:engine event), else after the load event and an idle moment.
// A build already stored is reported at once, from the registration the browser already has.

const ROOT = new URL("../../", import.meta.url); // this script is assets/offline/offline.js
const PREFIX = `offline ${ROOT.href} `; // our cache names (see offline/sw.js)
const CHECK_EVERY_MS = 30 * 60 * 1000;
const ENGINE_WAIT_MS = 20_000; // a calculator page whose engine never says anything still gets stored
const IDLE_WAIT_MS = 5_000; // the longest wait for an idle moment

// The status line and the update prompt (every page has them; without them this script does nothing, below).
const status = /** @type {HTMLElement} */ (document.querySelector("[data-offline-status]"));
const prompt = /** @type {HTMLElement} */ (document.querySelector("[data-offline-update]"));
const startedWith = navigator.serviceWorker?.controller ?? null;
let reloading = false;
let asked = false; // this page chose "Reload now"

/** @typedef {{ complete: boolean, version: string, files: number, bytes: number }} Stored the worker's status */
/** @typedef {{ done: number, total: number, percent: number }} Saving */

// What the status line shows, rebuilt from these three facts whenever one changes.
/** @type {{ stored: Stored | null, saving: Saving | null, update: boolean }} */
const shown = { stored: null, saving: null, update: false };

/** @param {number} bytes */
function megabytes(bytes) {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

function render() {
  let state = "";
  let text = "";
  let detail = "";
  if (shown.stored) {
    state = "ready";
    text = "Available offline";
    detail = `This version (${shown.stored.version.slice(0, 8)}) is stored on this device: ` +
      `${shown.stored.files} files, ${megabytes(shown.stored.bytes)}.`;
    status.dataset.version = shown.stored.version;
    status.dataset.bytes = String(shown.stored.bytes);
  } else if (shown.saving) {
    state = "saving";
    text = "Saving for offline use…" + (shown.saving.total ? ` ${shown.saving.percent}%` : "");
    detail = shown.saving.total ? `${megabytes(shown.saving.done)} of ${megabytes(shown.saving.total)}` : "";
  }
  if (shown.update) {
    state = "update";
    text = (text ? text + " · " : "") + "new version ready";
  }
  if (!state) {
    delete status.dataset.state;
    status.replaceChildren();
    return;
  }
  status.dataset.state = state;
  status.title = detail;
  const label = document.createElement("span");
  label.className = "offline-status__text";
  label.textContent = text;
  status.replaceChildren(label);
}

/** @param {Stored | null} answer */
function showStored(answer) {
  if (!answer?.complete) return;
  shown.stored = answer;
  render();
}

/**
 * @param {ServiceWorker | null} worker
 * @param {{ type: string }} message
 * @returns {Promise<Stored | null>}
 */
function ask(worker, message) {
  return new Promise((resolve) => {
    if (!worker) {
      resolve(null);
      return;
    }
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data);
    worker.postMessage(message, [channel.port2]);
    setTimeout(() => resolve(null), 5000);
  });
}

function reloadOnce() {
  if (reloading) return;
  reloading = true;
  location.reload();
}

function hidePrompt() {
  prompt.hidden = true;
}

// The prompt: "A new version is ready" with "Reload now" and "Later". `waiting` is the new worker
// still waiting for its turn, or null when another tab has already switched to it.
/** @param {ServiceWorker | null} waiting */
function offerReload(waiting) {
  if (reloading) return;
  const now = /** @type {HTMLButtonElement} */ (prompt.querySelector('[data-offline-action="reload"]'));
  const later = /** @type {HTMLButtonElement} */ (prompt.querySelector('[data-offline-action="later"]'));
  now.onclick = () => {
    now.disabled = true;
    asked = true;
    if (waiting && waiting.state === "installed") {
      waiting.addEventListener("statechange", () => {
        if (waiting.state === "activated") reloadOnce();
      });
      navigator.serviceWorker.addEventListener("controllerchange", reloadOnce);
      waiting.postMessage({ type: "offline-activate" });
    } else {
      reloadOnce();
    }
  };
  later.onclick = hidePrompt;
  prompt.onkeydown = (event) => {
    if (event.key === "Escape") hidePrompt();
  };
  prompt.hidden = false;
  shown.update = true;
  render(); // the status line is a live region: screen readers hear "new version ready"
}

/** @type {ServiceWorkerRegistration | null} the registration watchForUpdates looks after */
let watched = null;

/** @param {ServiceWorkerRegistration} registration */
function watchForUpdates(registration) {
  if (watched === registration) return;
  watched = registration;
  const offer = (/** @type {ServiceWorker | null} */ worker) => {
    if (registration.active && worker) offerReload(worker);
  };
  const follow = (/** @type {ServiceWorker | null} */ worker) => {
    if (!worker) return;
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed") offer(worker);
      if (worker.state === "redundant" && registration.waiting) offer(registration.waiting);
    });
  };
  if (registration.waiting) offer(registration.waiting);
  // A new build may already be installing when this page starts watching (the browser checks sw.js
  // as the page loads): its "updatefound" has passed, so follow it from here.
  follow(registration.installing);
  registration.addEventListener("updatefound", () => follow(registration.installing));
  // Another tab chose "Reload now": the new worker controls this page too, but keeps serving it
  // from the build it was loaded with. This page only learns that a newer one is ready.
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (startedWith && !asked) offerReload(null);
  });
  const check = () => {
    if (navigator.onLine && document.visibilityState === "visible") registration.update().catch(() => {});
  };
  document.addEventListener("visibilitychange", check);
  setInterval(check, CHECK_EVERY_MS);
}

/** @param {MessageEvent} event */
function onMessage(event) {
  const data = event.data || {};
  if (data.type !== "offline-progress" || shown.stored || data.complete) return;
  shown.saving = { ...data, percent: Math.floor((100 * data.done) / data.total) };
  render();
}

/** @returns {Promise<unknown>} */
function loaded() {
  if (document.readyState === "complete") return Promise.resolve();
  return new Promise((resolve) => window.addEventListener("load", resolve, { once: true }));
}

// Resolves once this page's calculator engine has started or failed, or after ENGINE_WAIT_MS.
function engineSettled() {
  if (document.documentElement.dataset.engine) return Promise.resolve();
  return /** @type {Promise<void>} */ (new Promise((resolve) => {
    const timer = setTimeout(resolve, ENGINE_WAIT_MS);
    document.addEventListener("calc:engine", () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  }));
}

function idle() {
  return /** @type {Promise<void>} */ (new Promise((resolve) => {
    if ("requestIdleCallback" in window) requestIdleCallback(() => resolve(), { timeout: IDLE_WAIT_MS });
    else setTimeout(resolve, 200);
  }));
}

async function quietMoment() {
  const calculators = document.querySelector("[data-calculator]") !== null;
  await Promise.all([loaded(), calculators ? engineSettled() : null]);
  await idle();
}

// The site's worker registration, or null where service workers are not allowed (a browser
// setting, a private window, a test harness): then the page simply is not stored, quietly.
async function register() {
  try {
    const registration = await navigator.serviceWorker.register(new URL("sw.js", ROOT), {
      scope: ROOT.href,
      updateViaCache: "none",
    });
    return registration ?? null;
  } catch (error) {
    console.info("offline: service workers are not available here;", error instanceof Error ? error.message : error);
    return null;
  }
}

async function start() {
  const waited = quietMoment(); // counts from now, not from after the status check below
  navigator.serviceWorker.addEventListener("message", onMessage);
  // Stored on an earlier visit: say so now, and look out for a newer build (the browser checks).
  const known = await navigator.serviceWorker.getRegistration(ROOT.href).catch(() => null);
  if (known?.active && known.scope === ROOT.href) {
    watchForUpdates(known);
    showStored(await ask(known.active, { type: "offline-status" }));
  }
  await waited;
  const registration = await register();
  if (!registration) return;
  watchForUpdates(registration);
  if (registration.active && !shown.stored) showStored(await ask(registration.active, { type: "offline-status" }));
  if (!shown.stored && !shown.saving) {
    shown.saving = { done: 0, total: 0, percent: 0 };
    render();
  }
  const ready = await navigator.serviceWorker.ready;
  showStored(await ask(ready.active, { type: "offline-status" }));
  if (matchMedia("(display-mode: standalone)").matches) navigator.storage?.persist?.();
}

// Development: take away what an earlier build left, and reload once if it controlled this page.
async function removeOffline() {
  for (const registration of await navigator.serviceWorker.getRegistrations()) {
    if (registration.scope === ROOT.href) await registration.unregister();
  }
  for (const name of await caches.keys()) if (name.startsWith(PREFIX)) await caches.delete(name);
  if (navigator.serviceWorker.controller && !sessionStorage.getItem("offline-removed")) {
    sessionStorage.setItem("offline-removed", "1");
    location.reload();
  }
}

if (status && prompt && "serviceWorker" in navigator) {
  if (status.dataset.offlineStatus === "off") {
    removeOffline().catch((error) => console.warn("offline: could not remove the old worker", error));
  } else {
    start().catch((error) => {
      console.warn("offline: not available", error);
      shown.stored = shown.saving = null;
      render();
    });
  }
}
