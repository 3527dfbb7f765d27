async () => ({
  controlled: navigator.serviceWorker.controller !== null,
  registrations: (await navigator.serviceWorker.getRegistrations()).length,
  caches: (await caches.keys()).filter((n) => n.startsWith("offline ")).length,
  mode: document.querySelector("[data-offline-status]")?.dataset.offlineStatus,
})
