// Requests asked of an engine of the page's own kind (assets/engine/life.js: its bound on each answer, started
// again by its reports of progress), the page's CPU slowed by the caller: each reply's time and state, and whether
// the engine was restarted on the way (a busy engine taken for a dead one).
async ({ requests }) => {
  const src = document.querySelector("script[data-engine]").src;
  const { Engine } = await import(new URL("life.js", src).href);
  const engine = new Engine(document.querySelector("script[data-engine]"));
  const told = [];
  for (const state of ["restarting", "stopped", "progress"]) engine.addEventListener(state, () => told.push(state));
  await engine.worker;
  const ms = [], states = [];
  for (const request of requests) {
    const t = performance.now();
    try {
      const reply = await engine.ask(JSON.parse(request));
      states.push(reply.state);
    } catch (error) {
      states.push(`failed: ${error.message}`);
    }
    ms.push(performance.now() - t);
  }
  return { ms, states, restarts: engine.restarts, told: told.filter((s) => s !== "progress"),
           progress: told.filter((s) => s === "progress").length };
}
