// Keeps the full calculator's board (its Board, as the page's own utilities/common.js knows it) as window.__oldBoard;
// whether there was one.
async () => {
  const { boardIn } = await import(document.querySelector('link[rel="modulepreload"][href$="/common.js"]').href);
  window.__oldBoard = boardIn(document.querySelector(".calc--full [data-board]"));
  return window.__oldBoard !== null;
}
