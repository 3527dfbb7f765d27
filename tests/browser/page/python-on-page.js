// Evaluated: what on the page's own thread would show that Python started there (PyScript's fallback): Pyodide's
// globals, a download of Pyodide's files by the page itself (its resource timing holds only its own requests, not
// its workers'; the calculator's HEAD checks of those files carry no body), or a Python script element PyScript
// added to run one.
() => [
  ...["loadPyodide", "pyodide", "micropython"].filter((name) => name in globalThis).map((name) => `global ${name}`),
  ...performance.getEntriesByType("resource")
    .filter((entry) => /** @type {PerformanceResourceTiming} */ (entry).decodedBodySize > 0).map((entry) => entry.name)
    .filter((name) => /pyodide\.(asm|mjs)|python_stdlib|\.wasm|engine-[0-9a-f]+\.mjs/.test(name)).map((name) => `page fetched ${name}`),
  ...[...document.querySelectorAll('script[type="py"], script[type="mpy"], py-script, mpy-script')]
    .map((element) => `element ${element.outerHTML.slice(0, 80)}`),
]
