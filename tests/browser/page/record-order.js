window.__offline = { engine: null, register: null, load: null };
document.addEventListener("calc:engine", () => { window.__offline.engine = Date.now(); });
window.addEventListener("load", () => { window.__offline.load = Date.now(); });
if (window.ServiceWorkerContainer) {
  const register = ServiceWorkerContainer.prototype.register;
  ServiceWorkerContainer.prototype.register = function (...args) {
    window.__offline.register ??= Date.now();
    return register.apply(this, args);
  };
}
