// Choose a value in a <select> as a person does: the value changes, then input and change are sent.
({ selector, value }) => {
  const select = document.querySelector(selector);
  if (!select) throw new Error(`no element matches ${selector}`);
  select.value = value;
  if (select.value !== value) throw new Error(`${selector} has no option ${value}`);
  select.dispatchEvent(new Event("input", { bubbles: true }));
  select.dispatchEvent(new Event("change", { bubbles: true }));
}
