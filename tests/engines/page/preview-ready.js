// The rule preview's state (as preview-state.js) once one is open and shows its rule; null before.
(link) => {
  const dialog = document.querySelector('dialog[data-rule-preview][open][data-state="ready"]');
  if (!dialog) return null;
  return {
    ref: dialog.getAttribute("data-ref") ?? "",
    title: document.querySelector("#rule-preview-title")?.textContent ?? "",
    focusInside: dialog.contains(document.activeElement),
    focusOnLink: document.activeElement?.matches(link) ?? false,
  };
}
