// Init script: this page may not use localStorage at all, as when a browser blocks a site's storage
// (reading window.localStorage throws a SecurityError). The error names the line that asked, so a test
// can tell whose script did not catch it.
Object.defineProperty(window, "localStorage", {
  configurable: true,
  get() {
    const caller = (new Error().stack || "").split("\n")[2] || "";
    throw new DOMException(`The site's storage is blocked (${caller.trim()})`, "SecurityError");
  },
});
