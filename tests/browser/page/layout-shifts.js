// Init script: every layout shift on the page, in window.__shifts: its score, whether it followed an input (the
// score leaves those out), and what moved (tag, class and its box before and after).
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const moved = (entry.sources || []).map((source) => {
      const node = source.node;
      const name = !node ? "(gone)" : node.nodeType === 1
        ? `${node.tagName.toLowerCase()}.${[...node.classList].join(".")}` : `#text in ${node.parentElement?.className}`;
      const box = (r) => `${Math.round(r.top)}..${Math.round(r.bottom)}`;
      return `${name} ${box(source.previousRect)} -> ${box(source.currentRect)}`;
    });
    window.__shifts.push({ value: entry.value, input: entry.hadRecentInput, moved });
  }
}).observe({ type: "layout-shift", buffered: true });
