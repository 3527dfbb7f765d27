// After a page opened in place: whether the board kept as window.__oldBoard (keep-board.js) and the new page's board
// still hear the page. The palette changes (the boards' observers of the body forget their colours), then an event
// a list editor sends reaches the old board's element (its listener would mark the hexes named).
async () => {
  const { boardIn } = await import(document.querySelector('link[rel="modulepreload"][href$="/common.js"]').href);
  const old = window.__oldBoard;
  const fresh = boardIn(document.querySelector(".calc--full [data-board]"));
  const colours = { background: "", accent: "", ink: "", font: "" };
  old.pending.colours = { ...colours };
  fresh.pending.colours = { ...colours };
  const body = document.body;
  const scheme = body.getAttribute("data-md-color-scheme");
  // an observer made after the boards' is told after theirs: once it is, theirs have been told
  const told = new Promise((resolve) => {
    const probe = new MutationObserver(() => {
      probe.disconnect();
      resolve();
    });
    probe.observe(body, { attributes: true, attributeFilter: ["data-md-color-scheme"] });
  });
  body.setAttribute("data-md-color-scheme", scheme === "slate" ? "default" : "slate");
  await told;
  const heard = { old: old.pending.colours === null, fresh: fresh.pending.colours === null };
  body.setAttribute("data-md-color-scheme", scheme);
  const marked = old.dirty.size;
  old.container.dispatchEvent(new CustomEvent("calc:records", { detail: { source: "list", hexes: ["0,0"] } }));
  return { ...heard, oldMarks: old.dirty.size !== marked, oldGone: old.gone, oldFound: boardIn(old.container) !== null,
    oldInPage: old.container.isConnected };
}
