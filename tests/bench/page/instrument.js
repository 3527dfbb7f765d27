// Added to every page the bench opens (an init script): what it records in window.__bench, from
// navigation start: long tasks, first contentful paint, when every calculator is ready (interactive),
// and the first frame that shows every calculator's answer.
(() => {
  const B = window.__bench = {
    longtasks: [], fcp: null, interactive: null, ready: [], firstResult: null, inViewport: null,
    initial: null, live: null, outputs: 0,
  };
  const outputs = () => [...document.querySelectorAll(".calc-output")];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) B.longtasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch (error) { B.longtaskError = String(error); }
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === "first-contentful-paint") B.fcp = e.startTime;
  }).observe({ type: "paint", buffered: true });
  const bodies = () => outputs().map((o) => o.querySelector('[data-role="body"]')?.innerHTML ?? null);
  const seen = new Set();
  new MutationObserver((records) => {
    const now = performance.now();
    for (const r of records) {
      const t = r.target;
      if (!t.matches?.(".calc-output") || t.dataset.state !== "ready" || seen.has(t)) continue;
      seen.add(t);
      B.ready.push(now);
    }
    const all = outputs();
    if (B.interactive === null && all.length && all.every((o) => seen.has(o))) {
      B.interactive = now;
      B.live = bodies();
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-state"] });
  document.addEventListener("DOMContentLoaded", () => {
    B.outputs = outputs().length;
    if (B.initial === null) B.initial = bodies();
  });
  // The first frame in which every output shows an answer (the build-time one is in the HTML). An
  // output counts once the parser is past it (some node follows it), so a half-parsed one does not.
  const parsed = (el) => {
    for (let n = el; n && n !== document; n = n.parentNode) if (n.nextSibling) return true;
    return document.readyState !== "loading";
  };
  const shown = () => {
    const all = outputs();
    if (!all.length) return false;
    return all.every((o) => {
      if (!parsed(o)) return false;
      const body = o.querySelector('[data-role="body"]');
      return body && !body.hidden && body.textContent.trim() !== "" && body.getClientRects().length > 0;
    });
  };
  const frame = (t) => {
    if (shown()) {
      B.firstResult = performance.now();
      B.firstResultFrame = t;
      // this frame's rendering (style, layout, paint) runs right after the callbacks: a message
      // posted now arrives once it is done, close to when the answer is painted
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { B.firstResultPainted = performance.now(); };
      channel.port2.postMessage(null);
      const box = outputs()[0].querySelector('[data-role="body"]').getBoundingClientRect();
      B.inViewport = box.top < innerHeight && box.bottom > 0;
      return;
    }
    if (performance.now() < 60000) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();
