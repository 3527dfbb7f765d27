// One change after another; each is timed from the input event to the output's DOM update (the
// calculator sets data-state once the reply is painted into the body), and to the next frame.
async ({ changes, mode, seed, settleMs }) => {
  const root = document.querySelector('[data-calculator][data-mode="full"]');
  const out = root.querySelector(".calc-output");
  let state = seed >>> 0;
  const rand = () => ((state = (state * 1664525 + 1013904223) >>> 0) / 4294967296);
  const afterPaint = () => new Promise((resolve) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(performance.now());
    channel.port2.postMessage(null);
  }));
  const settle = () => new Promise((resolve) => {
    let timer = setTimeout(finish, settleMs);
    const mo = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(finish, settleMs); });
    mo.observe(root, { attributes: true, subtree: true, childList: true });
    function finish() { mo.disconnect(); resolve(); }
  });
  const controls = () => [...root.querySelectorAll("form select[data-path], form input[type=checkbox][data-path]")]
    .filter((c) => !c.closest("fieldset[disabled]"));
  // A tap only selects a cell: a board change is a tap with a placing tool (the first slot of many pieces, an
  // obstacle) on an empty cell, so each click places one.
  const hexes = () => [...root.querySelectorAll('[data-role="board"] g.hex')].filter((g) => !g.dataset.piece);
  if (mode === "board") {
    const spec = JSON.parse(root.querySelector("[data-board]")?.dataset.board || "{}");
    const many = (spec.slots || []).findIndex((slot) => !slot.single);
    root.querySelector(`[data-role="board-tools"] button[data-tool="${many}"]`)?.click();
  }
  const dom = [], paint = [], states = {}, engine = [];
  await settle();
  // The engine alone: the same request as the page sends for the current form, straight to the worker.
  const { currentEngine } = await import(document.querySelector("script[data-engine]").src); // the page's own module
  const values = {};
  for (const control of root.querySelectorAll("form [data-path]")) {
    if ((control.type === "radio" && !control.checked) || control.closest("fieldset[disabled]")) continue;
    values[control.dataset.path] = control.dataset.kind === "bool" ? control.checked : control.value;
  }
  const boardBox = root.querySelector('[data-role="board"]'); // asked for only while shown, as the page does
  const asking = (board) => JSON.stringify({ op: "evaluate", system: root.dataset.calculator, values, base: root.dataset.base,
    preset: JSON.parse(root.dataset.preset || "{}"), board });
  let board = Boolean(boardBox) && !boardBox.closest("fieldset[disabled]");
  if (board) { // as the page asks after its first drawing: the board as changes to the one it shows
    const whole = JSON.parse(await currentEngine().handle(asking(true)));
    board = { frame: whole.board_frame, shown: whole.board_marks };
  }
  const request = asking(board);
  for (let i = 0; i < Math.min(30, changes); i++) {
    const t = performance.now();
    await currentEngine().handle(request);
    engine.push(performance.now() - t);
  }
  for (let i = 0; i < changes; i++) {
    const updated = new Promise((resolve) => {
      const mo = new MutationObserver(() => { mo.disconnect(); resolve(performance.now()); });
      mo.observe(out, { attributes: true, attributeFilter: ["data-state"] });
    });
    let t0;
    if (mode === "board") {
      const all = hexes();
      const g = all[Math.floor(rand() * all.length)];
      t0 = performance.now();
      g.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true })); // the board's tap, by its key
    } else {
      const all = controls();
      const c = all[i % all.length];
      t0 = performance.now();
      if (c.type === "checkbox") c.checked = !c.checked;
      else c.selectedIndex = (c.selectedIndex + 1) % c.options.length;
      c.dispatchEvent(new Event("input", { bubbles: true }));
      c.dispatchEvent(new Event("change", { bubbles: true }));
    }
    const t1 = await updated;
    const t2 = await afterPaint();
    dom.push(t1 - t0);
    paint.push(t2 - t0);
    states[out.dataset.state] = (states[out.dataset.state] || 0) + 1;
    await settle();
  }
  return { dom, paint, states, engine, hexes: root.querySelectorAll('[data-role="board"] g.hex').length };
}
