// @ts-check
// Set-up the first screen does not need (a calculator's board with its zoom, its list editors) runs once the
// page is painted, one step per task so that none is a long task: when the page is idle, or sooner once the
// part is near the view. Whatever is left runs at once when the user reaches for it first (a press, a key,
// focus inside it), before the event goes on to its target, or when the page needs it (`now()`).

import { afterPaint } from "./common.js";

// Events that set up what is left at once: heard on the root as they go down to their target, so the
// listeners a step adds (on the root's descendants) hear the same event.
const REACHES = ["pointerdown", "mousedown", "touchstart", "focusin", "keydown", "click"];
// How close to the view a part starts setting up without waiting for an idle moment.
const NEAR = "400px";
// The longest wait for an idle moment, after which a step runs anyway.
const IDLE_WAIT_MS = 3000;

/** @typedef {{ now(): void, readonly done: boolean }} Later */

// The steps' order, run one at a time (`next`) or all that are left (`all`); a step that throws is not run again.
/** @param {(() => void)[]} steps */
export function queueOf(steps) {
  const left = [...steps];
  return {
    get done() {
      return left.length === 0;
    },
    next() {
      left.shift()?.();
      return left.length > 0;
    },
    all() {
      while (left.length) left.shift()?.();
    },
  };
}

// Run `steps` inside `root` after the first paint, as above.
/**
 * @param {HTMLElement} root
 * @param {(() => void)[]} steps
 * @returns {Later}
 */
export function setUpLater(root, steps) {
  const queue = queueOf(steps);
  const stop = new AbortController();
  /** @type {IntersectionObserver | null} */
  let near = null;
  let soon = false; // near the view: the next step in a task of its own, without waiting for an idle moment
  /** @type {number | null} the idle callback a step waits for */
  let idle = null;
  let waiting = false; // a step is asked for
  const finish = () => {
    if (idle !== null) cancelIdleCallback(idle);
    stop.abort();
    near?.disconnect();
  };
  const step = () => {
    waiting = false;
    idle = null;
    try {
      queue.next();
    } finally {
      if (queue.done) finish(); // (a step that threw is reported as any error is; the next one still comes)
      else ask();
    }
  };
  const ask = () => {
    if (waiting || queue.done) return;
    waiting = true;
    if (soon || !("requestIdleCallback" in window)) setTimeout(step, 0);
    else idle = requestIdleCallback(step, { timeout: IDLE_WAIT_MS });
  };
  const now = () => {
    if (queue.done) return;
    queue.all();
    finish();
  };
  for (const type of REACHES) root.addEventListener(type, now, { capture: true, signal: stop.signal });
  if (queue.done) finish();
  else {
    afterPaint(() => {
      if (queue.done) return;
      if ("IntersectionObserver" in window) {
        near = new IntersectionObserver((entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          soon = true;
          near?.disconnect();
          if (idle !== null) { // the step waiting for an idle moment runs now instead
            cancelIdleCallback(idle);
            idle = null;
            waiting = false;
          }
          ask();
        }, { rootMargin: NEAR });
        near.observe(root);
      }
      ask();
    });
  }
  return {
    now,
    get done() {
      return queue.done;
    },
  };
}
