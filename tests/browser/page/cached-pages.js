// Each address fetched from this page (through its service worker when it has one): its status, the build the
// offline copy says it is from, its article's heading and whether it holds a calculator.
async (urls) => {
  const parser = new DOMParser();
  return Promise.all(urls.map(async (url) => {
    const response = await fetch(url);
    const page = parser.parseFromString(await response.text(), "text/html");
    return {
      url,
      status: response.status,
      build: response.headers.get("x-offline-build"),
      title: page.querySelector("article h1")?.textContent?.trim() ?? "",
      calculator: page.querySelector("[data-calculator]") !== null,
      controlled: navigator.serviceWorker.controller !== null,
    };
  }));
}
