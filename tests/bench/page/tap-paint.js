// Tap-to-paint (an evaluated function, before the taps): for each tap or click, the time from the pointer's
// release (its pointerup's timeStamp, when the browser took the input: the board acts on it) to the end of the next
// frame's main-thread work (requestAnimationFrame, then a message), and whether that frame showed what the tap
// does. A tap on a piece picks it up (its cell marked held); a tap on an empty cell while a piece is picked up puts
// it down there (the cell shows the piece); any other tap only selects (`kind` "select", nothing to show) or falls
// on the page ("page"). The listeners on the document run before the board's own; the one on the window after
// it, so the page's handling is measured apart (`handled`). The check looks only at the tapped cell, its board and
// the marks drawn over it, child by child: a search of the whole page would be the bench's own work inside the
// frame.
() => {
  const taps = window.__taps = [];
  const child = (parent, name) => parent && [...parent.children].find((c) => c.classList.contains(name));
  // whether the cell shows a piece: the marks drawn over its board's view say (their data-marks, "4,2:A 6,5:"), or
  // else the board's own glyph layer
  const symbolOn = (g) => {
    const key = g.getAttribute("data-hex");
    const svg = g.ownerSVGElement;
    const canvas = svg.parentElement?.parentElement?.nextElementSibling;
    const marks = canvas?.classList.contains("hexboard-pending") ? canvas.getAttribute("data-marks") : null;
    const mark = (marks || "").split(" ").find((m) => m.startsWith(`${key}:`));
    if (mark) return mark.length > key.length + 1;
    return [...(child(svg, "hexboard-glyphs")?.children || [])].some((glyph) => glyph.getAttribute("data-hex") === key);
  };
  // the cell keyed `key` of the board `box` now (the engine's answer may have replaced the tapped element)
  const cellOf = (box, key, g) => (g.isConnected ? g : box.querySelector(`g.hex[data-hex="${key}"]`));
  let pressed = null; // the cell pressed and what it held then, before the board acted
  document.addEventListener("pointerdown", (event) => {
    const g = event.target.closest?.("g.hex");
    const board = g?.closest("[data-board]");
    pressed = g && board ? { g, key: g.getAttribute("data-hex"), box: g.closest('[data-role="board"]') ?? board,
      piece: Boolean(g.getAttribute("data-piece")), holding: board.hasAttribute("data-holding") } : null;
  }, { capture: true });
  document.addEventListener("pointerup", (event) => {
    if (!event.isPrimary) return;
    const t0 = event.timeStamp;
    const at = pressed;
    pressed = null;
    const kind = !at ? "page" : at.piece && !at.holding ? "pick" : !at.piece && at.holding ? "put" : "select";
    const tap = { handled: null, frame: null, shown: null, kind };
    taps.push(tap);
    window.addEventListener("pointerup", () => { tap.handled = performance.now() - t0; }, { once: true });
    requestAnimationFrame(() => {
      const g = at ? cellOf(at.box, at.key, at.g) : null;
      if (kind === "pick") tap.shown = Boolean(g?.hasAttribute("data-held"));
      else if (kind === "put") tap.shown = Boolean(g?.getAttribute("data-piece")) && symbolOn(g);
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { tap.frame = performance.now() - t0; performance.mark("tap-painted"); };
      channel.port2.postMessage(null);
    });
  }, { capture: true });
}
