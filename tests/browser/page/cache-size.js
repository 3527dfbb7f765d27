async () => {
  let bytes = 0, entries = 0;
  const names = (await caches.keys()).filter((n) => n.startsWith("offline "));
  for (const name of names) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      bytes += (await (await cache.match(request)).blob()).size;
      entries += 1;
    }
  }
  return { names, bytes, entries };
}
