// Init script: no share sheet, and the clipboard refuses to be written (as when the page may not use it).
delete Navigator.prototype.share;
Object.defineProperty(Navigator.prototype, "clipboard", {
  configurable: true,
  get() {
    return { writeText: () => Promise.reject(new DOMException("Write permission denied.", "NotAllowedError")) };
  },
});
