// @ts-check
// A calculator's answer in one line, always at hand, and its Share button.
// The line is the engine's own summary (pycore's view, sent beside the answer's HTML); nothing here reads
// the rendered answer. The bar is outside the output's live region: the output announces each answer once,
// the bar never does. Tapping the line brings the full answer into view and moves focus there (while the input
// needs fixing, the first field to fix instead).
// Share hands the page's #s= link, the situation in a line and the answer's line to the system share sheet where the
// browser has one; otherwise it copies them (the situation, the answer, then the link) and says so, or shows the link
// to copy by hand.

export class Summary {
  // root: the calculator's element; answer: the element holding the full answer; link(): the address to share.
  // A calculator without a bar (inline) has none of its parts: every method then does nothing.
  /**
   * @param {Element} root
   * @param {{ answer: HTMLElement, link: () => string }} parts
   */
  constructor(root, { answer, link }) {
    /** @type {HTMLElement | null} */
    this.bar = root.querySelector('[data-role="summary-bar"]');
    const part = (/** @type {string} */ selector) => /** @type {HTMLElement} */ (root.querySelector(selector));
    this.text = part("[data-summary]");
    this.button = part('[data-role="summary-show"]');
    this.share = /** @type {HTMLButtonElement} */ (part('[data-role="share"]'));
    this.said = part('[data-role="share-said"]');
    /** @type {HTMLElement | null} what matters now, under the line: a link not read, an import's error, work under way */
    this.noted = root.querySelector('[data-role="summary-note"]');
    /** @type {HTMLButtonElement | null} ends long work under way (calculator/busy.js), shown only while it may */
    this.cancelButton = root.querySelector('[data-role="cancel-work"]');
    /** @type {(() => void) | null} */
    this.cancelWork = null;
    /** @type {HTMLElement | null} the control to fix, while the input needs fixing */
    this.field = null;
    this.answer = answer;
    this.link = link;
    this.line = this.text ? this.text.textContent ?? "" : ""; // the build-time answer's line, until the engine's
    this.situation = ""; // the situation in a line (the engine's), said before the answer when it is shared
    this.teardown = new AbortController(); // every listener goes with the bar (`destroy`)
    if (!this.bar) return;
    const signal = this.teardown.signal;
    this.button.addEventListener("click", () => this.reveal(), { signal });
    this.share.addEventListener("click", () => this.send(), { signal });
    this.cancelButton?.addEventListener("click", () => {
      const cancel = this.cancelWork;
      this.offerCancel(null);
      cancel?.();
    }, { signal });
  }

  // The bar is gone (its calculator was): no work is offered to cancel, and every listener is removed.
  destroy() {
    this.offerCancel(null);
    this.teardown.abort();
  }

  // Offer to end the work under way with `cancel`, beside its note; null takes the offer away.
  /** @param {(() => void) | null} cancel */
  offerCancel(cancel) {
    this.cancelWork = cancel;
    if (this.cancelButton) this.cancelButton.hidden = !cancel;
  }

  // A new answer: its line, shareable, with the situation it answers.
  /**
   * @param {string} line
   * @param {string} [situation]
   */
  answered(line, situation = "") {
    if (!this.bar) return;
    this.line = line;
    this.situation = situation;
    if (this.text.textContent !== line) this.text.textContent = line;
    this.bar.dataset.state = "ready";
    this.share.disabled = false;
  }

  // No answer to show (the input needs fixing, a link still being worked out): say so; nothing to share.
  // `field`: the control to fix, which a tap on the line then brings into view instead of the answer.
  /**
   * @param {string} message
   * @param {string} state
   * @param {HTMLElement | null} [field]
   */
  waiting(message, state, field = null) {
    if (!this.bar) return;
    this.line = "";
    this.field = field;
    this.text.textContent = message;
    this.bar.dataset.state = state;
    this.share.disabled = true;
  }

  // What matters now, said in the bar where the eye is (a link not read, the engine starting again, an import's error,
  // work taking a while): `kind` is "error", "busy" or "info". An empty `message` takes the note away.
  /**
   * @param {string} message
   * @param {string} [kind]
   */
  note(message, kind = "info") {
    if (!this.noted) return;
    if (this.noted.textContent !== message) this.noted.textContent = message;
    this.noted.dataset.kind = message ? kind : "";
  }

  // The note taken away if it is of `kind` (a busy note ends with its work, and leaves any other note alone).
  /** @param {string} kind */
  unnote(kind) {
    if (this.noted?.dataset.kind === kind) this.note("");
  }

  reveal() {
    const field = this.bar?.dataset.state === "error" && this.field?.isConnected ? this.field : null;
    if (field) {
      field.scrollIntoView({ block: "center" });
      field.focus({ preventScroll: true });
      return;
    }
    if (!this.answer.hasAttribute("tabindex")) this.answer.setAttribute("tabindex", "-1");
    this.answer.scrollIntoView({ block: "start" });
    this.answer.focus({ preventScroll: true });
  }

  async send() {
    const url = this.link();
    const text = this.situation ? `${this.situation}\n${this.line}` : this.line; // what it answers, then the answer
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: document.title, text, url });
        this.say("");
        return;
      } catch (error) {
        if (error instanceof Error && error.name === "AbortError") return; // the person closed the share sheet
        // no sheet after all (not allowed here, or nothing to share with): copy instead
      }
    }
    try {
      await navigator.clipboard.writeText(`${text}\n${url}`);
      this.say("Link copied, with the answer: paste it anywhere.");
    } catch {
      this.say(`Copy this link: ${url}`);
    }
  }

  /** @param {string} message */
  say(message) {
    this.said.textContent = message;
  }
}

// The answer bar of the calculator `root` set up (a calculator without one gets a bar that does nothing).
/**
 * @param {Element} root
 * @param {{ answer: HTMLElement, link: () => string }} parts
 */
export function mountSummary(root, parts) {
  return new Summary(root, parts);
}
