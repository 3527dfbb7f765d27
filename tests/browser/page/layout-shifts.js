// Init script: every layout shift on the page, in window.__shifts: its score, whether it followed an input (the
// score leaves those out), whether it came while the document was still being parsed, and what moved (tag, class
// and its box before and after). On a loaded machine the browser paints a frame mid-document (a table's head
// before its rows, a row's first label before its text); such a shift is the parser's, before any script of the
// page has run, and the tests that ask what the page's own work moved leave it out.
window.__shifts = [];
new PerformanceObserver((list) => {
  const navigation = /** @type {PerformanceNavigationTiming | undefined} */
    (performance.getEntriesByType("navigation")[0]);
  const parsed = navigation?.domInteractive || Infinity;
  for (const entry of list.getEntries()) {
    const moved = (entry.sources || []).map((source) => {
      const node = source.node;
      const name = !node ? "(gone)" : node.nodeType === 1
        ? `${node.tagName.toLowerCase()}.${[...node.classList].join(".")}` : `#text in ${node.parentElement?.className}`;
      const box = (r) => `${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)}`;
      return `${name} ${box(source.previousRect)} -> ${box(source.currentRect)}`;
    });
    window.__shifts.push({ value: entry.value, input: entry.hadRecentInput, parsing: entry.startTime < parsed, moved });
  }
}).observe({ type: "layout-shift", buffered: true });
