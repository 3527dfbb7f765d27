window.__states = [];
new MutationObserver((records) => {
  for (const r of records) if (r.attributeName === "data-state" && r.target.closest('[data-mode="full"]'))
    window.__states.push(r.target.dataset.state);
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-state"] });
