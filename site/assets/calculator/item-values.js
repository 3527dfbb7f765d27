// @ts-check
// What a list editor's boxes hold: a box's text as the list's value, a hex's key, hexes apart.

const WHOLE = /^[+-]?\d+$/;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

// The board's key of a hex ("q,r"), or null for anything that is not two whole numbers (a box half typed).
/** @param {unknown} hex */
export function keyOf(hex) {
  return Array.isArray(hex) && hex.length === 2 && hex.every(Number.isInteger) ? `${hex[0]},${hex[1]}` : null;
}

// Hexes apart on an axial grid.
/**
 * @param {number[]} a
 * @param {number[]} b
 */
export function distance([q1, r1], [q2, r2]) {
  const dq = q1 - q2;
  const dr = r1 - r2;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

// What a box's text becomes in the list: a number where the item field takes one and the text is one;
// anything else as typed, so the engine's message names the bad field.
/**
 * @param {string} kind
 * @param {string} text
 * @returns {string | number}
 */
export function scalar(kind, text) {
  const trimmed = text.trim();
  if (kind === "int" && WHOLE.test(trimmed)) return Number(trimmed);
  if (kind === "number" && NUMBER.test(trimmed)) return Number(trimmed);
  return text;
}
