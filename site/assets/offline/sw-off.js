// @ts-check
// The service worker written while developing (`mkdocs serve`): it caches nothing. If this origin
// still runs the caching worker of an earlier build, the browser's next update check installs this
// one instead; it takes over at once, deletes our caches, unregisters itself and reloads the open
// pages from the network, so live reload always shows the current files.

const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const PREFIX = `offline ${worker.registration.scope} `;

worker.addEventListener("install", () => worker.skipWaiting());

worker.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name.startsWith(PREFIX)) await caches.delete(name);
    await worker.registration.unregister();
    for (const client of await worker.clients.matchAll({ type: "window" })) client.navigate(client.url);
  })());
});
