"""The vendored runtime: the pinned Pyodide core and the Zstandard decoder, copied from node_modules into the site;
why a Node program running that Pyodide at build time failed."""

from __future__ import annotations

import shutil
from pathlib import Path

from mkdocs.exceptions import PluginError

PYODIDE = "pyodide"
"""Pyodide's package, under node_modules."""
PYODIDE_DEST = "assets/runtime/pyodide"
"""Where Pyodide's files go in the site."""
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
"""The Pyodide core runtime: no packages (the engine needs none)."""
ZSTDDEC = "zstddec/dist"
"""The Zstandard decoder the snapshot loader unpacks the packed runtime files with, under node_modules."""
ZSTDDEC_DEST = "assets/runtime/zstddec"
"""Where the decoder goes in the site."""
ZSTDDEC_MODULE = f"{ZSTDDEC_DEST}/zstddec-stream.mjs"
"""The decoder's module (its streaming build: the decoder's memory stays small) as a site path."""
RUNTIME = {
    PYODIDE: (PYODIDE_DEST, PYODIDE_FILES),
    ZSTDDEC: (ZSTDDEC_DEST, ("zstddec-stream.mjs",)),
}
"""node_modules source -> site destination and which files to take."""


def copy_runtime(node_modules: Path, site_dir: Path, skip: tuple[str, ...] = ()) -> None:
    """Copy the runtime but the files named in ``skip`` into the site (one there from an earlier build goes);
    a file already there with the same size and no older is kept."""
    for source, (dest, patterns) in RUNTIME.items():
        src = node_modules / source
        if not src.is_dir():
            raise PluginError(f"node_modules/{source} is missing: run `npm ci` (make does this)")
        target = site_dir / dest
        target.mkdir(parents=True, exist_ok=True)
        for pattern in patterns:
            for path in src.glob(pattern):
                out = target / path.name
                if path.name in skip:
                    out.unlink(missing_ok=True)
                    continue
                if not out.exists() or out.stat().st_size != path.stat().st_size or out.stat().st_mtime < path.stat().st_mtime:
                    shutil.copy2(path, out)
