// The overlay's readout: focusing or hovering a shaded hex writes its numbers (its name, which the
// engine wrote with the drawing) in a line under the board, so they can be read without a screen
// reader and without a tooltip. Screen readers hear the same words as the hex's name on focus, so
// the line itself is hidden from them. Nothing here changes the board or the form.

function readout(hex) {
  return hex.closest("[data-board]")?.querySelector('[data-role="overlay-readout"]') ?? null;
}

function show(hex) {
  const line = readout(hex);
  if (!line) return;
  if (hex.dataset.heat === undefined) {
    line.hidden = true;
    line.textContent = "";
    return;
  }
  line.textContent = hex.getAttribute("aria-label") ?? "";
  line.dataset.heat = hex.dataset.heat;
  line.hidden = false;
}

for (const type of ["focusin", "pointerover"]) {
  document.addEventListener(type, (event) => {
    const hex = event.target.closest?.("[data-board] g.hex");
    if (hex) show(hex);
  });
}
