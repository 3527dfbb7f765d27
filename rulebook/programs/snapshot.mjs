// Run by the build under Node (rulebook/snapshot.py): start the vendored Pyodide (from the build's trimmed
// standard library when the job names one, with the one pages restoring the snapshot load), give it the engine's
// archive, PyScript's Python package and the set-up's settings, run the set-up (snapshot_setup.py) and
// write the memory snapshot. The only argument is a JSON file naming every input and the output.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const job = JSON.parse(readFileSync(process.argv[2], "utf-8"));
const { loadPyodide } = await import(pathToFileURL(job.pyodide).href);
const pyodide = await loadPyodide({ _makeSnapshot: true, ...(job.stdlib ? { stdLibURL: job.stdlib } : {}) });
pyodide.FS.writeFile("/tmp/engine.zip", new Uint8Array(readFileSync(job.archive)));
pyodide.FS.writeFile("/tmp/pyscript.json", readFileSync(job.pyscript));
pyodide.FS.writeFile("/tmp/snapshot.json", readFileSync(job.settings));
if (job.after) pyodide.FS.writeFile("/tmp/after.zip", new Uint8Array(readFileSync(job.after)));
pyodide.runPython(readFileSync(job.setup, "utf-8"));
writeFileSync(job.out, pyodide.makeMemorySnapshot());
