// @ts-check
// Work under way, said in the bar where the eye is: past SLOW_MS a note that it takes a moment; once the engine reports
// how far it is (a large map's overlay), its share done and a Cancel that ends the work and asks again without the
// overlay. Reports are the engine's own (engine/heartbeat.js): nothing here guesses.

import { progressWords } from "../engine/heartbeat.js";

export const SLOW_MS = 500; // an answer taking longer than this is said to be under way

/** @typedef {{ note: (message: string, kind?: string) => void, unnote: (kind: string) => void,
 *   offerCancel: (cancel: (() => void) | null) => void }} Bar */
/** @typedef {Pick<EventTarget, "addEventListener" | "removeEventListener"> & { cancel: () => void }} Busy */

/** The plural of a map's cell, for the bar. @param {string} noun "hex" or "square" */
export function cells(noun) {
  return noun === "hex" ? "hexes" : `${noun}s`;
}

/** Say the work of one answer in `bar` while it lasts; returns what ends the saying.
 * `quiet`: no note of its own (the first answer, whose wait for the engine's start is said already), only the
 * engine's progress.
 * @param {Bar} bar @param {Busy} engine @param {{ noun: string, stopOverlay: () => void, quiet?: boolean }} parts
 * @returns {() => void} */
export function sayWork(bar, engine, { noun, stopOverlay, quiet = false }) {
  let shown = false;
  const timer = setTimeout(() => {
    shown = true;
    if (!quiet) bar.note("Working it out: a large map takes a moment.", "busy");
  }, SLOW_MS);
  const heard = (/** @type {Event} */ event) => {
    if (!shown) return; // a quick answer is not interrupted by a note
    const { done = 0, total = 1 } = /** @type {CustomEvent<{ done?: number, total?: number }>} */ (event).detail;
    bar.note(progressWords({ done, total }, cells(noun)), "busy");
    bar.offerCancel(() => {
      stopOverlay();
      engine.cancel();
    });
  };
  engine.addEventListener("progress", heard);
  return () => {
    clearTimeout(timer);
    engine.removeEventListener("progress", heard);
    bar.unnote("busy");
    bar.offerCancel(null);
  };
}
