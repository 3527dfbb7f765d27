// @ts-check
// A short-lived worker that downloads what the engine's worker will ask for, as soon as the page's head
// is read: the engine's worker asks for its files one after the other, each a round trip on a phone's network. Downloaded here, they wait in the browser's HTTP cache
// (the engine's requests find them there, or join a download still under way). The bodies are read in
// this worker and dropped, so that the page's own thread does not receive megabytes it has no use for.

self.addEventListener("message", async (event) => {
  const { data } = /** @type {MessageEvent<{ urls?: string[] }>} */ (event);
  await Promise.all((data.urls || []).map(async (url) => {
    try {
      // low priority: on a slow link what the first paint needs (stylesheets, the page's scripts) goes first, and
      // the engine's megabytes take whatever the link has left; on a fast one this changes nothing
      const response = await fetch(url, { priority: "low" });
      await response.body?.pipeTo(new WritableStream());
    } catch {
      // nothing to do: the engine's own request says what went wrong
    }
  }));
  self.close();
}, { once: true });
