// Init script: every change of <body>'s colour attributes (data-md-color-*), from the start of the page, in
// window.__colours as [attribute, value, whether the page had painted yet].
window.__colours = [];
window.__painted = false;
requestAnimationFrame(() => setTimeout(() => { window.__painted = true; }));
new MutationObserver((records) => {
  for (const r of records) {
    if (r.target === document.body && r.attributeName?.startsWith("data-md-color-")) {
      window.__colours.push([r.attributeName, document.body.getAttribute(r.attributeName), window.__painted]);
    }
  }
}).observe(document, { attributes: true, subtree: true });
