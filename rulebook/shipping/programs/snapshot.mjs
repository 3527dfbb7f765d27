// @ts-check
// Run by the build under Node (rulebook/snapshot.py): start the vendored Pyodide with the job's environment (from
// the build's trimmed standard library when the job names one, with the one pages restoring the snapshot load), give
// it the engine's archive and the set-up's settings, run the set-up (snapshot_setup.py), zero the free memory and
// write the memory snapshot. The only argument is a JSON file naming every input and the output.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const job = JSON.parse(readFileSync(process.argv[2], "utf-8"));
const { loadPyodide } = await import(pathToFileURL(job.pyodide).href);
const pyodide = await loadPyodide({ _makeSnapshot: true, env: job.env, ...(job.stdlib ? { stdLibURL: job.stdlib } : {}) });
pyodide.FS.writeFile("/tmp/engine.zip", new Uint8Array(readFileSync(job.archive)));
pyodide.FS.writeFile("/tmp/snapshot.json", readFileSync(job.settings));
if (job.after) pyodide.FS.writeFile("/tmp/after.zip", new Uint8Array(readFileSync(job.after)));
pyodide.runPython(readFileSync(job.setup, "utf-8"));
zeroFreeMemory(pyodide._module);
writeFileSync(job.out, pyodide.makeMemorySnapshot());

// The allocator's free memory still holds the bytes of what was freed (source text, compiler scratch,
// dead objects): taken block by block, the largest first, zeroed and given back, without growing the
// heap (a block from beyond the heap's end is given back at once and smaller ones are tried), so the
// image carries zeros there. CPython in Pyodide allocates straight from this allocator (no pymalloc).
/** @param {{ _sbrk(increment: number): number, _malloc(size: number): number, _free(pointer: number): void, HEAPU8: Uint8Array }} module Pyodide's Emscripten module */
function zeroFreeMemory(module) {
  const taken = [];
  let end = module._sbrk(0);
  for (let size = 1 << 17; size >= 16; size >>= 1) {
    for (;;) {
      const block = module._malloc(size);
      if (!block) break;
      if (module._sbrk(0) !== end || block + size > end) {
        module._free(block);
        end = module._sbrk(0);
        break;
      }
      module.HEAPU8.fill(0, block, block + size);
      taken.push(block);
    }
  }
  for (const block of taken) module._free(block);
}
