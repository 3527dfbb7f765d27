// A tap on hex `key` of the full calculator's board with tool `tool` chosen (or the key `press` pressed there), then
// at once (before
// the engine can answer) each hex marked on the board: the symbol it shows and the canvas's opacity (0-255) at the
// hex's centre, just inside its left and right edges and a little outside them.
([key, press, tool]) => {
  const board = document.querySelector('.calc--full [data-board]');
  const g = board.querySelector(`g.hex[data-hex="${key}"]`);
  g.scrollIntoView({ block: "center", inline: "center" });
  if (press) {
    g.dispatchEvent(new KeyboardEvent("keydown", { key: press, bubbles: true }));
  } else {
    board.querySelector(`[data-role="board-tools"] [data-tool="${tool}"]`).click();
    const box = g.getBoundingClientRect();
    const at = { bubbles: true, isPrimary: true, pointerId: 1, clientX: box.left + box.width / 2, clientY: box.top + box.height / 2 };
    for (const type of ["pointerdown", "pointerup"]) g.dispatchEvent(new PointerEvent(type, at));
  }
  const canvas = board.querySelector("canvas.hexboard-pending");
  const at = canvas.getBoundingClientRect(), ratio = canvas.width / at.width, c = canvas.getContext("2d");
  const alpha = (x, y) => c.getImageData(Math.round((x - at.left) * ratio), Math.round((y - at.top) * ratio), 1, 1).data[3];
  return (canvas.dataset.marks || "").split(" ").filter(Boolean).map((entry) => {
    const [hex, symbol] = entry.split(":");
    const r = board.querySelector(`g.hex[data-hex="${hex}"] .hex-shape`).getBoundingClientRect();
    const y = r.top + r.height / 2;
    return { hex, symbol, centre: alpha(r.left + r.width / 2, y), inside: [alpha(r.left + 0.05 * r.width, y), alpha(r.right - 0.05 * r.width, y)],
             outside: [alpha(r.left - 0.08 * r.width, y), alpha(r.right + 0.08 * r.width, y)] };
  });
}
