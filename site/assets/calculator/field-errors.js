// @ts-check
// The engine's errors shown beside their fields: each in the slot of the nearest field that has one (an error
// inside a list, "map.obstacles.3.hex", belongs to its row or its list), its controls marked invalid, and the
// first one kept to be fixed by a tap from the bar. A field's label as the form says it (written for hexes, said
// of squares on a square map).

import { cellNoun, squareWords } from "../utilities/common.js";

/** @typedef {{ field: string, message: string }} FieldError */
/** @typedef {{ error: FieldError, control: HTMLElement }} ToFix the first error shown beside its field, and its control */

// A label as the form's map has it.
/**
 * @param {HTMLFormElement} form
 * @param {string} label
 */
export function worded(form, label) {
  return cellNoun(form) === "square" ? squareWords(label) : label;
}

// The label of the field at `path`, as the form shows it ("Scenario" for an error of the whole).
/**
 * @param {HTMLFormElement} form
 * @param {string} path
 */
export function fieldLabel(form, path) {
  const named = /** @type {HTMLElement | null} */ (form.querySelector(`[data-error-for="${CSS.escape(path)}"][data-label]`));
  if (named) return worded(form, named.dataset.label ?? "");
  const control = /** @type {HTMLInputElement | null} */ (form.querySelector(`[data-path="${CSS.escape(path)}"]`));
  const label = control && (control.type === "radio" ? control.closest("fieldset")?.querySelector("legend")
    : form.querySelector(`label[for="${CSS.escape(control.id)}"]`));
  return label ? (label.firstChild?.textContent ?? "").trim() : path || "Scenario";
}

/** @param {HTMLFormElement} form */
function clear(form) {
  // only those showing an error (a map's lists have a slot per item field)
  for (const slot of /** @type {NodeListOf<HTMLElement>} */ (form.querySelectorAll("[data-error-for]:not([hidden])"))) {
    slot.hidden = true;
    slot.textContent = "";
  }
  for (const control of form.querySelectorAll("[aria-invalid]")) control.removeAttribute("aria-invalid");
}

// The nearest field of `field` that has an error slot, its slot and its controls.
/**
 * @param {HTMLFormElement} form
 * @param {string} field
 */
function slotOf(form, field) {
  let path = field;
  while (path && !form.querySelector(`[data-error-for="${CSS.escape(path)}"]`)) {
    path = path.includes(".") ? path.slice(0, path.lastIndexOf(".")) : "";
  }
  if (!path) return null;
  const slot = /** @type {HTMLElement | null} */ (form.querySelector(`[data-error-for="${CSS.escape(path)}"]`));
  // a list editor's row controls (calculator/lists.js) answer to the item's path
  const found = /** @type {NodeListOf<HTMLElement>} */ (
    form.querySelectorAll(`[data-path="${CSS.escape(path)}"], [data-item-path="${CSS.escape(path)}"]`));
  return slot && found.length ? { slot, controls: [...found] } : null;
}

// Show `errors` beside their fields (those shown before taken away). Returns the first one shown, to fix, and
// those that have no field on the form.
/**
 * @param {HTMLFormElement} form
 * @param {FieldError[]} errors
 * @returns {{ toFix: ToFix | null, loose: FieldError[] }}
 */
export function showErrors(form, errors) {
  clear(form);
  // a list editor's folded rows (calculator/lists.js) are drawn when an error is in one of them, to show it beside its row
  for (const list of /** @type {NodeListOf<HTMLElement>} */ (form.querySelectorAll("[data-list]"))) {
    const inside = `${list.dataset.list}.`;
    if (errors.some((error) => error.field?.startsWith(inside))) list.dispatchEvent(new CustomEvent("calc:reveal"));
  }
  /** @type {ToFix | null} */
  let toFix = null;
  const loose = [];
  for (const error of errors) {
    const found = slotOf(form, error.field);
    if (!found) {
      loose.push(error);
      continue;
    }
    const label = found.slot.dataset.label ? worded(form, found.slot.dataset.label) : "";
    found.slot.textContent = label ? `${label}: ${error.message}` : error.message;
    found.slot.hidden = false;
    for (const each of found.controls) each.setAttribute("aria-invalid", "true");
    toFix ??= { error, control: found.controls[0] };
  }
  return { toFix, loose };
}
