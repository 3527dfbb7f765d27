// Tap-to-paint (an evaluated function, before the taps): for each click or tap, the time from the pointer
// event (its timeStamp, when the browser took the input) to the end of the next frame's main-thread work
// (requestAnimationFrame, then a message), and whether that frame showed a piece on the tapped hex. The
// listener on the document runs before the board's own; the one on the window after it, so the page's
// handling is measured apart (`handled`).
() => {
  const taps = window.__taps = [];
  document.addEventListener("click", (event) => {
    const t0 = event.timeStamp;
    const g = event.target.closest?.("g.hex");
    const before = g ? g.getAttribute("data-piece") : null;
    const tap = { handled: null, frame: null, shown: null };
    taps.push(tap);
    window.addEventListener("click", () => { tap.handled = performance.now() - t0; }, { once: true });
    requestAnimationFrame(() => {
      const glyph = g && document.querySelector(`.hexboard-glyphs [data-hex="${CSS.escape(g.dataset.hex)}"], .hexboard-pending [data-hex="${CSS.escape(g.dataset.hex)}"] text`);
      tap.shown = g ? g.getAttribute("data-piece") !== before && Boolean(glyph) === Boolean(g.getAttribute("data-piece")) : true;
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { tap.frame = performance.now() - t0; performance.mark("tap-painted"); };
      channel.port2.postMessage(null);
    });
  }, { capture: true });
}
