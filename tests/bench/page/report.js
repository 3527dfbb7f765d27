// What the page recorded, with the navigation's timing, as one JSON-ready object.
() => {
  const B = window.__bench;
  const nav = performance.getEntriesByType("navigation")[0] || {};
  return { ...B, activationStart: nav.activationStart || 0, domContentLoaded: nav.domContentLoadedEventEnd || null,
           same: B.initial && B.live ? B.initial.map((h, i) => h === B.live[i]) : null,
           initial: null, live: null };
}
