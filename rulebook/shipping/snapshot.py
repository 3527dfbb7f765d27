"""The engine's memory snapshot: Node runs the vendored Pyodide once, imports pycore, and saves its memory.

Most of a calculator's start is CPython starting inside Pyodide. The build starts it once instead
(``programs/snapshot.mjs`` under Node, running ``programs/snapshot_setup.py`` inside Pyodide), imports
every pycore module and the standard library's modules PyScript's worker imports, compiles PyScript's Python
package (its worker writes the files at each start: ``_engine_start`` puts their compiled code beside them, checked
against their text, so the worker compiles none), and saves a memory image. Pages restore the image (the
loader, see engine.py) instead of starting Python. Before the image is taken the set-up collects
CPython's garbage and Node zeroes the memory the allocator holds free (stale bytes of freed objects
otherwise); the file leaves out the image's zero pages, holds the part the WebAssembly module placed
itself XORed with the module's own data segments (mostly zeros then: the loader XORs them back), and is
packed with Zstandard (``packing``). CPython makes the image as ``python -OO -X no_debug_ranges`` would (ENV):
the standard library's and Pyodide's modules hold neither docstrings nor column tables, a sixth of the packed
file; pycore alone is compiled as usual, its asserts and docstrings kept (the set-up checks both).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import struct
import tempfile
from collections.abc import Sequence
from pathlib import Path

from rulebook.project import PROGRAMS
from rulebook.shipping import packing
from rulebook.shipping.archive import Archive
from rulebook.shipping.node import has_node, run_job
from rulebook.shipping.pyscript import package_imports, python_package
from rulebook.shipping.runtime import PYODIDE, PYODIDE_FILES
from rulebook.shipping.wasm import Segment, data_segments, xor_segments

MAKER = PROGRAMS / "snapshot.mjs"
"""The Node script that starts Pyodide, runs the set-up and writes the image."""
SETUP = PROGRAMS / "snapshot_setup.py"
"""The Python run inside Pyodide before the image is taken."""
START = PROGRAMS / "engine_start.py"
"""The module ``_engine_start`` the set-up leaves in the image; the loader calls its ``start()``."""
PAGE = 4096
"""The unit of the sparse image: pages of zeros are left out."""
MAGIC = b"ESNP"
"""The snapshot file's first bytes."""
FORMAT = 3
"""The snapshot file's layout (``sparse_image``, packed); part of the cache key, so a new layout makes new files."""
PYODIDE_MAGIC = b"\0snp"
"""The first bytes of Pyodide's own image; the next four say where its copy of the memory starts."""
SUFFIX = f".snap{packing.SUFFIX}"
"""A snapshot file's suffix."""
WASM = "pyodide.asm.wasm"
"""Pyodide's WebAssembly, whose data segments the image is XORed with."""
ENV = {"PYTHONOPTIMIZE": "2", "PYTHONNODEBUGRANGES": "1"}
"""CPython's start-up settings while the image is made (nothing in the engine reads a docstring of the standard
library, or a column of a traceback line); the set-up takes them out of ``os.environ`` again."""
TIMEOUT = 300
"""Seconds Node may take before the build goes on without a snapshot."""

log = logging.getLogger("mkdocs.plugins.rulebook")


def settings(node_modules: Path) -> dict[str, object]:
    """What the set-up reads inside Pyodide: the source of ``_engine_start``, PyScript's Python package (path ->
    source) and the standard library's modules PyScript's worker imports with it."""
    package = python_package(node_modules)
    return {"start": START.read_text(encoding="utf-8"), "pyscript": package, "imports": package_imports(package)}


def recipe(node_modules: Path) -> bytes:
    """What makes the image besides Pyodide, the archive and the standard libraries: the maker, the set-up, its
    settings and CPython's environment (part of the cache key)."""
    return (MAKER.read_bytes() + SETUP.read_bytes() + json.dumps(settings(node_modules)).encode()
            + json.dumps(ENV).encode())


def cache_key(node_modules: Path, archive: Archive, recipe: bytes, stdlib: bytes = b"") -> str:
    """The snapshot's content key: Pyodide's files, the archive, the recipe and the trimmed standard
    libraries it is made with (empty: Pyodide's own)."""
    key = hashlib.sha256()
    for name in PYODIDE_FILES:
        key.update(name.encode() + b"\0" + (node_modules / PYODIDE / name).read_bytes())
    key.update(archive.data + recipe + MAGIC + str(PAGE).encode() + str(FORMAT).encode())
    key.update(hashlib.sha256(stdlib).digest() if stdlib else b"")
    return key.hexdigest()[:24]


def make_snapshot(node_modules: Path, archive: Archive, cache: Path, keep: int,
                  stdlib: tuple[bytes, bytes] | None = None) -> bytes | None:
    """The snapshot file (packed sparse image) for this Pyodide, archive and trimmed standard
    library (None: Pyodide's own; else the archive Pyodide starts from, and the one the snapshot is left
    with, without the modules it imported), from ``cache`` when it is there; None (and a log line) when
    Node is missing or fails."""
    if not has_node():
        log.info("engine snapshot not made (no node): pages start Pyodide without it")
        return None
    config = json.dumps(settings(node_modules)).encode()
    pair = b"".join(hashlib.sha256(data).digest() for data in stdlib or ())
    cached = cache / f"{cache_key(node_modules, archive, recipe(node_modules), pair)}{SUFFIX}"
    if cached.exists():
        return cached.read_bytes()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        job = {"pyodide": str(node_modules / PYODIDE / "pyodide.mjs"), "archive": str(folder / "engine.zip"),
               "settings": str(folder / "settings.json"),
               "setup": str(SETUP), "out": str(folder / "engine.snap"), "env": ENV,
               "stdlib": str(folder / "stdlib.zip") if stdlib else None,
               "after": str(folder / "after.zip") if stdlib else None}
        (folder / "engine.zip").write_bytes(archive.data)
        if stdlib:
            (folder / "stdlib.zip").write_bytes(stdlib[0])
            (folder / "after.zip").write_bytes(stdlib[1])
        (folder / "settings.json").write_bytes(config)
        out = folder / "engine.snap"
        failed = run_job(MAKER, folder, job, out)
        if failed:
            log.info("engine snapshot not made (%s): pages start Pyodide without it", failed)
            return None
        segments = data_segments((node_modules / PYODIDE / WASM).read_bytes())
        data = packing.pack(sparse_image(out.read_bytes(), segments))
    store(cache, cached.name, data, keep)
    return data


def store(cache: Path, name: str, data: bytes, keep: int) -> None:
    """Put a snapshot in the cache atomically (builds running side by side share it); keep the newest ``keep``."""
    cache.mkdir(parents=True, exist_ok=True)
    partial = cache / f"{name}.{os.getpid()}.part"
    partial.write_bytes(data)
    partial.replace(cache / name)
    for old in sorted(cache.glob(f"*{SUFFIX}"), key=lambda p: p.stat().st_mtime)[:-keep]:
        old.unlink(missing_ok=True)


def memory_start(image: bytes | bytearray) -> int:
    """Where Pyodide's image holds memory address 0 (after its own header)."""
    if image[:4] != PYODIDE_MAGIC:
        raise ValueError("not a Pyodide memory snapshot")
    start: int = struct.unpack("<I", image[4:8])[0]
    return start


def sparse_image(image: bytes, segments: Sequence[Segment] = ()) -> bytes:
    """The memory image, the module's data segments XORed into it (memory address 0 at ``memory_start``; none
    given: as it is), without its zero pages: "ESNP", the image's size, the count of the parts kept, (offset,
    length) of each, then their bytes. The loader fills a zeroed buffer from it and XORs the same segments."""
    work = bytearray(image)
    if segments:
        xor_segments(work, list(segments), memory_start(work))
    zero = bytes(PAGE)
    parts: list[list[int]] = []
    for offset in range(0, len(work), PAGE):
        if work[offset:offset + PAGE] == zero[:len(work) - offset]:
            continue
        length = min(PAGE, len(work) - offset)
        if parts and parts[-1][0] + parts[-1][1] == offset:
            parts[-1][1] += length
        else:
            parts.append([offset, length])
    header = MAGIC + struct.pack(f"<II{2 * len(parts)}I", len(work), len(parts), *(n for part in parts for n in part))
    return header + b"".join(work[o:o + n] for o, n in parts)


def image_size(snapshot: bytes) -> int:
    """The size of the memory image a snapshot file restores (from its header; the loader allocates it)."""
    head = packing.head(snapshot, 8)
    if head[:4] != MAGIC:
        raise ValueError("not an engine snapshot")
    size: int = struct.unpack("<I", head[4:8])[0]
    return size
