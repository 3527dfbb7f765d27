// Init script: every worker the page starts from a blob: URL (PyScript's engine worker) is kept in
// window.__engineWorkers, so that a test can end it as the browser ends a background tab's workers.
window.__engineWorkers = [];
const Original = window.Worker;
window.Worker = class extends Original {
  constructor(url, ...rest) {
    super(url, ...rest);
    if (String(url).startsWith("blob:")) window.__engineWorkers.push(this);
  }
};
