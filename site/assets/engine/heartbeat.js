// @ts-check
// A busy engine told apart from a dead one: the worker's Python says how far long work is (pycore.progress, on a
// broadcast channel of the worker's own), and each report is a sign of life that starts an answer's bound again.

/** How far long work is, as the worker says it ("done,total"); null for anything else.
 * @param {unknown} data @returns {{ done: number, total: number } | null} */
export function readProgress(data) {
  if (typeof data !== "string") return null;
  const match = /^(\d{1,9}),(\d{1,9})$/.exec(data);
  if (!match) return null;
  const done = Number(match[1]);
  const total = Number(match[2]);
  return total > 0 && done <= total ? { done, total } : null;
}

/** Progress in words, for the bar: "Working out the overlay: 40% (120 of 300 squares)".
 * @param {{ done: number, total: number }} progress @param {string} noun what a step is, in the plural */
export function progressWords({ done, total }, noun) {
  return `Working out the overlay: ${Math.floor((100 * done) / total)}% (${done} of ${total} ${noun})`;
}

// A bound on an answer that each sign of life starts again: `expired` is called once `ms` pass without one.
export class Deadline {
  /** @param {number} ms @param {() => void} expired */
  constructor(ms, expired) {
    this.ms = ms;
    this.expired = expired;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    this.extend();
  }

  /** A sign of life: the bound starts again from now. */
  extend() {
    clearTimeout(this.timer);
    this.timer = setTimeout(this.expired, this.ms);
  }

  stop() {
    clearTimeout(this.timer);
  }
}
