// @ts-check
// The home page's offline and install lines: whether this site is stored for offline use (mirrored
// from the status line offline/offline.js writes, [data-offline-status]) and whether it can be installed
// (the browser's install prompt when it offers one, else how to add it from the browser's menu).
// Without this script the lines say in general what the site can do.

/** @type {HTMLElement | null} */
const panel = document.querySelector("[data-home-offline]");
/** @type {HTMLElement | null} */
const status = document.querySelector("[data-offline-status]");

/**
 * The browser's install prompt (beforeinstallprompt, Chromium only: not in the DOM's types).
 * @typedef {Event & { prompt(): Promise<void>, userChoice: Promise<{ outcome: string }> }} InstallPrompt
 */

// A part of the panel (the home page's template always has it).
/**
 * @template {HTMLElement} [E=HTMLElement]
 * @param {HTMLElement} box
 * @param {string} role
 * @returns {E}
 */
function part(box, role) {
  return /** @type {E} */ (box.querySelector(`[data-role="${role}"]`));
}

/** @type {Record<string, () => string>} */
const OFFLINE_WORDS = {
  ready: () => "Ready offline: this version of every page and calculator is stored on this device.",
  saving: () => `Saving for offline use: ${(status?.textContent ?? "").replace(/^Saving for offline use…\s*/, "") || "starting"}. Keep this page open a moment.`,
  update: () => "Ready offline, and a newer version is ready: reload to use it.",
};

/** @param {HTMLElement} panel */
function showOffline(panel) {
  const line = part(panel, "home-offline");
  const state = status?.dataset.state;
  panel.dataset.offline = state || "none";
  if (state && OFFLINE_WORDS[state]) line.textContent = OFFLINE_WORDS[state]();
  else if (!("serviceWorker" in navigator)) line.textContent = "This browser cannot keep the site for offline use.";
  else if (status?.dataset.offlineStatus === "off") line.textContent = "Offline use is off while the site is being edited.";
  else line.textContent = "Not stored for offline use yet: it is saved in the background during this visit.";
}

/**
 * @param {HTMLElement} panel
 * @param {InstallPrompt | null} prompt
 */
function showInstall(panel, prompt) {
  const line = part(panel, "home-install");
  /** @type {HTMLButtonElement} */
  const button = part(panel, "home-install-button");
  if (matchMedia("(display-mode: standalone)").matches) {
    panel.dataset.install = "installed";
    line.textContent = "Installed: you are using the app.";
    button.hidden = true;
  } else if (prompt) {
    panel.dataset.install = "available";
    line.textContent = "Installable: add it to this device and open it like an app.";
    button.hidden = false;
    button.onclick = async () => {
      button.disabled = true;
      await prompt.prompt();
      const choice = await prompt.userChoice;
      button.disabled = false;
      if (choice.outcome === "accepted") {
        panel.dataset.install = "installed";
        line.textContent = "Installed: open it from your home screen or app list.";
        button.hidden = true;
      }
    };
  } else {
    panel.dataset.install = "menu";
    line.textContent = "Installable from your browser's menu: \"Add to Home screen\" or \"Install app\" (on an iPhone: Share, then Add to Home Screen).";
    button.hidden = true;
  }
}

if (panel) {
  showOffline(panel);
  showInstall(panel, null);
  if (status) new MutationObserver(() => showOffline(panel)).observe(status, { attributes: true, childList: true, subtree: true, characterData: true });
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    showInstall(panel, /** @type {InstallPrompt} */ (event));
  });
  window.addEventListener("appinstalled", () => showInstall(panel, null));
}
