// axe-core's violations on the page (or inside the element `scope` selects), a few nodes each; with `rules`, only
// those rules run.
async ([scope, rules]) => {
  const options = rules ? { resultTypes: ["violations"], runOnly: { type: "rule", values: rules } } : { resultTypes: ["violations"] };
  const result = await axe.run(scope ? document.querySelector(scope) : document, options);
  return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")}: ${(n.failureSummary || "").replace(/\s+/g, " ")}`) }));
}
