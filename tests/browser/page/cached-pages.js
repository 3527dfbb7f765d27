// Each site-relative path fetched from this page (through its service worker when it has one): its status, the
// build the offline copy says it is from, its article's heading and whether it holds a calculator.
async (paths) => {
  const parser = new DOMParser();
  return Promise.all(paths.map(async (path) => {
    const response = await fetch(new URL(path, document.baseURI));
    const page = parser.parseFromString(await response.text(), "text/html");
    return {
      path,
      status: response.status,
      build: response.headers.get("x-offline-build"),
      title: page.querySelector("article h1")?.textContent?.trim() ?? "",
      calculator: page.querySelector("[data-calculator]") !== null,
      controlled: navigator.serviceWorker.controller !== null,
    };
  }));
}
