// The kind of the focused element, for its focus style: its tag, type, role and classes, and its parent's tag and
// classes (elements alike in all of these are styled alike).
() => {
  const el = document.activeElement;
  if (!el) return "";
  const parent = el.parentElement;
  return [el.tagName, el.getAttribute("type"), el.getAttribute("role"), el.getAttribute("class"),
    parent?.tagName, parent?.getAttribute("class")].join("|");
}
