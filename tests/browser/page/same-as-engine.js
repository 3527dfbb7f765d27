async () => {
  const root = document.querySelector('[data-calculator][data-mode="full"]');
  const norm = (el) => {
    const attrs = el.getAttributeNames().filter((n) => n !== "tabindex").sort().map((n) => `${n}=${el.getAttribute(n)}`);
    return `<${el.localName} ${attrs.join(" ")}>${[...el.childNodes].map((c) => c.nodeType === 1 ? norm(c) : c.textContent).join("")}</>`;
  };
  const shape = (svg) => ({
    title: svg.querySelector(":scope > title").textContent, desc: svg.querySelector(":scope > desc").textContent,
    cells: [...svg.querySelectorAll("g.hex")].map(norm),
    glyphs: [...svg.querySelectorAll(".hexboard-glyphs > *")].map(norm).sort(),
    lines: [...svg.querySelectorAll(":scope > line")].map(norm),
  });
  const values = {};
  for (const c of root.querySelectorAll("form [data-path]")) {
    if ((c.type === "radio" && !c.checked) || c.closest("fieldset[disabled]")) continue;
    values[c.dataset.path] = c.dataset.kind === "bool" ? c.checked : c.value;
  }
  const { currentEngine } = await import(document.querySelector("script[data-engine]").src); // the page's own module
  const reply = JSON.parse(await currentEngine().handle(JSON.stringify({ op: "evaluate", system: root.dataset.calculator,
    values, base: root.dataset.base, preset: JSON.parse(root.dataset.preset || "{}"), board: true })));
  const template = document.createElement("template");
  template.innerHTML = reply.board;
  return JSON.stringify(shape(root.querySelector('[data-role="board"] svg'))) === JSON.stringify(shape(template.content.firstChild));
}
