// Init script: every engine worker the page starts (PyScript's, runtime/pyscript/worker.js) is kept in
// window.__engineWorkers, so that a test can end it as the browser ends a background tab's workers, or
// silence it (silence-engine-workers.js): what it sends the page, on the worker or on a message port (the
// engine answers on one), is dropped from then on, as from a worker that is stuck.
window.__engineWorkers = [];
window.__ports = [];
window.__silenced = new WeakSet();
const Original = window.Worker;
window.Worker = class extends Original {
  constructor(url, ...rest) {
    super(url, ...rest);
    if (String(url).split("?")[0].endsWith("/runtime/pyscript/worker.js")) window.__engineWorkers.push(this);
  }
};
const listen = EventTarget.prototype.addEventListener;
EventTarget.prototype.addEventListener = function (type, listener, ...rest) {
  if (type !== "message" || !(this instanceof Worker || this instanceof MessagePort) || typeof listener !== "function") {
    return listen.call(this, type, listener, ...rest);
  }
  if (this instanceof MessagePort) window.__ports.push(this);
  const target = this;
  return listen.call(this, type, function (event) {
    if (!window.__silenced.has(target)) return listener.call(this, event);
  }, ...rest);
};
