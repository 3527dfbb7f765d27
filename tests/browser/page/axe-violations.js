async (scope) => {
  const result = await axe.run(scope ? document.querySelector(scope) : document, { resultTypes: ["violations"] });
  return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")}: ${(n.failureSummary || "").replace(/\s+/g, " ")}`) }));
}
