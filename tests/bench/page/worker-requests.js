// Requests sent straight to the page's engine worker, one after the other, each timed from the call to its
// reply: how long the engine in the worker takes to answer, without the page's form reading or drawing.
async ({ requests }) => {
  const script = document.querySelector('script[type="py"][worker][name="engine"]');
  const ms = [], states = [], hexes = [];
  for (const request of requests) {
    const t = performance.now();
    const reply = JSON.parse(await script.xworker.sync.handle(request));
    ms.push(performance.now() - t);
    states.push(reply.state);
    hexes.push(reply.result?.overlay?.hexes?.length ?? reply.result?.overlay?.squares?.length ?? 0);
  }
  return { ms, states, hexes };
}
