// The rule preview: whether one is open and shown ready, its title, and whether focus is inside it or on the link.
(link) => {
  const dialog = document.querySelector("dialog[data-rule-preview][open]");
  return {
    open: Boolean(dialog),
    ready: dialog?.getAttribute("data-state") === "ready",
    ref: dialog?.getAttribute("data-ref") ?? "",
    title: document.querySelector("#rule-preview-title")?.textContent ?? "",
    focusInside: Boolean(dialog && dialog.contains(document.activeElement)),
    focusOnLink: document.activeElement?.matches(link) ?? false,
  };
}
