// Tap-to-paint (an evaluated function, before the taps): for each click or tap, the time from the pointer
// event (its timeStamp, when the browser took the input) to the end of the next frame's main-thread work
// (requestAnimationFrame, then a message), and whether that frame showed a piece on the tapped hex. The
// listener on the document runs before the board's own; the one on the window after it, so the page's
// handling is measured apart (`handled`). The check looks only at the marks drawn over the tapped board and its
// glyph layer, child by child: a search of the whole page would be the bench's own work inside the frame.
() => {
  const taps = window.__taps = [];
  const child = (parent, name) => parent && [...parent.children].find((c) => c.classList.contains(name));
  // whether the tapped hex shows a symbol: the marks drawn over its board's view say (their data-marks, "4,2:A 6,5:"),
  // or else the board's own glyph layer
  const symbolOn = (g) => {
    const key = g.getAttribute("data-hex");
    const svg = g.ownerSVGElement;
    const canvas = svg.parentElement?.parentElement?.nextElementSibling;
    const marks = canvas?.classList.contains("hexboard-pending") ? canvas.getAttribute("data-marks") : null;
    const mark = (marks || "").split(" ").find((m) => m.startsWith(`${key}:`));
    if (mark) return mark.length > key.length + 1;
    return [...(child(svg, "hexboard-glyphs")?.children || [])].some((glyph) => glyph.getAttribute("data-hex") === key);
  };
  document.addEventListener("click", (event) => {
    const t0 = event.timeStamp;
    const g = event.target.closest?.("g.hex");
    const before = g ? g.getAttribute("data-piece") : null;
    const tap = { handled: null, frame: null, shown: null };
    taps.push(tap);
    window.addEventListener("click", () => { tap.handled = performance.now() - t0; }, { once: true });
    requestAnimationFrame(() => {
      tap.shown = g ? g.getAttribute("data-piece") !== before && symbolOn(g) === Boolean(g.getAttribute("data-piece")) : true;
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { tap.frame = performance.now() - t0; performance.mark("tap-painted"); };
      channel.port2.postMessage(null);
    });
  }, { capture: true });
}
