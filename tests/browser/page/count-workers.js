window.__workers = [];
const Original = window.Worker;
window.Worker = class extends Original {
  constructor(url, ...rest) { super(url, ...rest); window.__workers.push(String(url).split("/").pop()); }
};
