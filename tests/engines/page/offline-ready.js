// The offline status line once the site is stored on the device ("" before), with its version.
() => {
  const status = document.querySelector('.offline-status[data-state="ready"]');
  return status ? status.getAttribute("data-version") || "ready" : "";
}
