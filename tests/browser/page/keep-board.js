// Keeps the full calculator's board (its HexBoard, from the page's own hexboard.js module) as window.__oldBoard;
// whether there was one.
async () => {
  const { boardIn } = await import(document.querySelector('link[rel="modulepreload"][href$="/hexboard.js"]').href);
  window.__oldBoard = boardIn(document.querySelector(".calc--full [data-board]"));
  return window.__oldBoard !== null;
}
