// Every calculator on the page is interactive (a page without calculators: loaded).
() => window.__bench && document.readyState !== "loading" && (document.querySelector(".calc-output")
  ? window.__bench.interactive !== null : document.readyState === "complete")
