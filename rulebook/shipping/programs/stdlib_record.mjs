// @ts-check
// Run by the build under Node (rulebook/stdlib.py): start the vendored Pyodide with its whole standard
// library, give it the engine's archive and the recording's settings, run the recording
// (stdlib_record.py) and write the standard library files it found in use. The only argument is a JSON
// file naming every input and the output.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const job = JSON.parse(readFileSync(process.argv[2], "utf-8"));
const { loadPyodide } = await import(pathToFileURL(job.pyodide).href);
const pyodide = await loadPyodide(job.stdlib ? { stdLibURL: job.stdlib } : {});
pyodide.FS.writeFile("/tmp/engine.zip", new Uint8Array(readFileSync(job.archive)));
pyodide.FS.writeFile("/tmp/record.json", readFileSync(job.settings));
writeFileSync(job.out, pyodide.runPython(readFileSync(job.setup, "utf-8")));
