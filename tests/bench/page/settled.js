// The page has settled: loaded, its calculators' engine started (or failed) where it has calculators, and no
// long task for `quiet` ms (the instrument's long tasks, and the load event's end, counted from navigation start).
(quiet) => {
  const B = window.__bench;
  if (!B || document.readyState !== "complete") return false;
  if (document.querySelector("[data-calculator]") && !document.documentElement.dataset.engine) return false;
  const nav = performance.getEntriesByType("navigation")[0];
  const last = Math.max(nav ? nav.loadEventEnd : 0, ...B.longtasks.map(([start, duration]) => start + duration));
  return performance.now() - last > quiet;
}
