// A file dropped on the full calculator's board, as a drag from the desktop delivers it: a dragover, then the drop.
([name, text]) => {
  const data = new DataTransfer();
  data.items.add(new File([text], name, { type: "application/json" }));
  const board = document.querySelector(".calc--full [data-board]");
  const over = new DragEvent("dragover", { dataTransfer: data, bubbles: true, cancelable: true });
  board.dispatchEvent(over);
  board.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
  return over.defaultPrevented; // the board said it takes the file
}
