// Offline use: registers the service worker the build writes to sw.js at the site root, says
// "Available offline" once this build is stored on the device, and offers a reload when a newer
// build is ready. How builds are kept apart is explained at the top of assets/offline-sw.js.
// While developing (`mkdocs serve`) the page says data-offline-status="off": then this script only
// removes a worker and caches left by an earlier build, so live reload always shows fresh files.

const ROOT = new URL("../", import.meta.url); // this script is assets/offline.js
const PREFIX = `offline ${ROOT.href} `; // our cache names (see offline-sw.js)
const CHECK_EVERY_MS = 30 * 60 * 1000;

const status = document.querySelector("[data-offline-status]");
const prompt = document.querySelector("[data-offline-update]");
const startedWith = navigator.serviceWorker?.controller ?? null;
let reloading = false;
let asked = false; // this page chose "Reload now"

// What the status line shows, rebuilt from these three facts whenever one changes.
const shown = { stored: null, saving: null, update: false };

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

function showStored(answer) {
  if (!answer?.complete) return;
  shown.stored = answer;
  render();
}

function ask(worker, message) {
  return new Promise((resolve) => {
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
function offerReload(waiting) {
  if (reloading) return;
  const now = prompt.querySelector('[data-offline-action="reload"]');
  const later = prompt.querySelector('[data-offline-action="later"]');
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

function watchForUpdates(registration) {
  const offer = (worker) => {
    if (registration.active && worker) offerReload(worker);
  };
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    if (!worker) return;
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed") offer(worker);
      if (worker.state === "redundant" && registration.waiting) offer(registration.waiting);
    });
  });
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

function onMessage(event) {
  const data = event.data || {};
  if (data.type !== "offline-progress" || shown.stored || data.complete) return;
  shown.saving = { ...data, percent: Math.floor((100 * data.done) / data.total) };
  render();
}

async function start() {
  if (document.readyState !== "complete") {
    await new Promise((resolve) => window.addEventListener("load", resolve, { once: true }));
  }
  navigator.serviceWorker.addEventListener("message", onMessage);
  const registration = await navigator.serviceWorker.register(new URL("sw.js", ROOT), {
    scope: ROOT.href,
    updateViaCache: "none",
  });
  watchForUpdates(registration);
  if (registration.active) showStored(await ask(registration.active, { type: "offline-status" }));
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
