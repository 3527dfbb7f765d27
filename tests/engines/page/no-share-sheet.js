// A browser without a system share sheet, whatever this one has; the clipboard's writes are recorded in
// window.__copied and still made.
() => {
  delete Navigator.prototype.share;
  delete navigator.share;
  window.__copied = [];
  const clipboard = navigator.clipboard;
  if (!clipboard) return false;
  const write = clipboard.writeText.bind(clipboard);
  clipboard.writeText = (text) => { window.__copied.push(text); return write(text); };
  return typeof navigator.share !== "function";
}
