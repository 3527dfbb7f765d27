(sel) => {
  const name = (el) => (el.labels && [...el.labels].map((l) => l.textContent.trim()).join(" "))
    || el.getAttribute("aria-label") || (el.getAttribute("aria-labelledby") || "").split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent.trim() || "").join(" ").trim()
    || el.querySelector?.(":scope > title")?.textContent.trim() || el.getAttribute("title")
    || (el.tagName === "BUTTON" ? el.textContent.trim() : ""); // a button is named by its content
  return [...document.querySelectorAll(".calc " + sel.split(", ").join(", .calc "))]
    .filter((el) => !el.closest("[hidden], fieldset[disabled]") && !name(el)).map((el) => el.outerHTML.slice(0, 120));
}
