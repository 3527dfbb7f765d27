// Page function: from now on the engine workers kept by keep-workers.js (and the message ports open so far)
// are heard no more: alive, but nothing they answer reaches the page. Returns how many workers there are.
() => {
  for (const target of [...window.__engineWorkers, ...window.__ports]) window.__silenced.add(target);
  return window.__engineWorkers.length;
}
