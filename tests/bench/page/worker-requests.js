// Requests sent straight to the page's engine worker, one after the other, each timed from the call to its
// reply: how long the engine in the worker takes to answer, without the page's form reading or drawing.
async ({ requests }) => {
  const { currentEngine } = await import(document.querySelector("script[data-engine]").src); // the page's own module
  const ms = [], states = [], hexes = [];
  for (const request of requests) {
    const t = performance.now();
    const reply = JSON.parse(await currentEngine().handle(request));
    ms.push(performance.now() - t);
    states.push(reply.state);
    hexes.push(reply.result?.overlay?.hexes?.length ?? reply.result?.overlay?.squares?.length ?? 0);
  }
  return { ms, states, hexes };
}
