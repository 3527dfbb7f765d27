// @ts-check
// A calculator's form read and filled: each control with a data-path holds one field of the scenario's form values
// (pycore.page.handler reads them); the map and the counted alternative are two fieldsets, one chosen by a radio.

/** @typedef {HTMLInputElement | HTMLSelectElement} Control a form control with a data-path (select or input) */

// The form's controls that hold a field (data-path).
/** @param {HTMLFormElement} form */
export function controls(form) {
  return /** @type {NodeListOf<Control>} */ (form.querySelectorAll("[data-path]"));
}

/**
 * Each field's value; `every`: those of the alternative not chosen too (what the form describes, whichever is
 * shown), else only what is in use.
 * @param {HTMLFormElement} form
 * @param {boolean} [every]
 */
export function formValues(form, every = false) {
  /** @type {Record<string, string | boolean>} */
  const values = {};
  for (const control of controls(form)) {
    const checked = control instanceof HTMLInputElement && control.checked;
    if (control.type === "radio" && !checked) continue; // a group of radios: only the chosen one counts
    if (!every && control.closest("fieldset[disabled]")) continue; // the alternative not chosen
    values[control.dataset.path ?? ""] = control.dataset.kind === "bool" ? checked : control.value;
  }
  return values;
}

// The alternative `group` ("map" or the counted one) chosen: its fieldset shown and in use, the other not.
/**
 * @param {HTMLFormElement} form
 * @param {string} group
 */
export function choose(form, group) {
  for (const radio of /** @type {NodeListOf<HTMLInputElement>} */ (form.querySelectorAll('[data-role="alternative"]'))) {
    radio.checked = radio.value === group;
  }
  for (const fieldset of /** @type {NodeListOf<HTMLFieldSetElement>} */ (form.querySelectorAll("fieldset[data-group]"))) {
    const off = fieldset.dataset.group !== group;
    fieldset.disabled = off;
    fieldset.hidden = off;
  }
}

// The form set to `values` (the engine's, from a link or a lay-out); a field left out keeps its value.
/**
 * @param {HTMLFormElement} form
 * @param {Record<string, unknown>} values
 */
export function fill(form, values) {
  if (values._alternative) choose(form, String(values._alternative));
  for (const control of controls(form)) {
    const value = values[control.dataset.path ?? ""];
    if (value === undefined) continue;
    if (control.dataset.kind === "bool") /** @type {HTMLInputElement} */ (control).checked = value === true;
    else if (control.type === "radio") /** @type {HTMLInputElement} */ (control).checked = control.value === String(value);
    else control.value = String(value);
    // a list editor (calculator/lists.js) draws its rows again from the list
    if (control.dataset.kind === "records") control.dispatchEvent(new CustomEvent("calc:records", { bubbles: true, detail: { source: "link" } }));
  }
}
