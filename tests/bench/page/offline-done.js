// True once the offline status line says this build is stored on the device (assets/offline/offline.js).
() => document.querySelector("[data-offline-status]")?.dataset.state === "ready"
