"""How pages start the engine: the snapshot loader when this build has a snapshot (with Pyodide's WebAssembly
packed beside it), a plain loader naming the trimmed standard library when it has only that, else the vendored
pyodide.mjs."""

from __future__ import annotations

import hashlib
import json
import posixpath
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2

from rulebook.project import PROGRAMS
from rulebook.shipping import packing
from rulebook.shipping.archive import Archive
from rulebook.shipping.pyscript import ENTRY, PYSCRIPT_DEST
from rulebook.shipping.runtime import PYODIDE, PYODIDE_DEST, ZSTDDEC_MODULE
from rulebook.shipping.snapshot import SUFFIX, WASM, image_size
from rulebook.shipping.stdlib import FULL, Trimmed

SNAPSHOT_DIR = "assets/runtime"
"""Where the snapshot goes: an image of the runtime's memory (CPython's heap, pycore's modules in it), and
Pyodide's WebAssembly packed."""
LOADER_DIR = "assets"
"""Where the loader goes, beside the pages' scripts."""
LOADER = "loader.mjs.jinja"
"""The loader's template in ``programs/``: a real JavaScript module with its few build values as Jinja fields."""
PLAIN = "plain.mjs.jinja"
"""The template of the loader without a snapshot: Pyodide started as usual from the trimmed standard library."""
RUNTIME = f"{PYODIDE_DEST}/pyodide.mjs"
"""The interpreter the engine's worker loads when there is neither snapshot nor trimmed standard library."""
FULL_STDLIB = f"{PYODIDE_DEST}/{FULL}"
PROGRAM = "assets/engine/engine.py"
"""The engine's Python, which PyScript's worker runs (from the site's own folder of page scripts)."""
PYSCRIPT_MODULE = f"{PYSCRIPT_DEST}/{ENTRY}"
"""PyScript's module the page starts the engine's worker with."""
"""Pyodide's whole standard library in the site, for a build that could not trim it."""

_templates = jinja2.Environment(loader=jinja2.FileSystemLoader(PROGRAMS), autoescape=False,
                                keep_trailing_newline=True, undefined=jinja2.StrictUndefined)
"""Program templates: no HTML escaping (the values are JSON or plain paths), every field must be given."""


@dataclass(frozen=True)
class Engine:
    """This build's way of starting the engine, and the files that carries."""

    interpreter: str
    """Site path of the module the engine's worker loads Pyodide from (its ``loadPyodide``)."""
    snapshot: str | None
    """Site path of the snapshot, or None (then the engine's worker unpacks pycore's archive itself)."""
    stdlib: str = FULL_STDLIB
    """Site path of the standard library archive Pyodide starts with (restoring the snapshot, if any)."""
    files: dict[str, bytes] = field(default_factory=dict)
    """Site path -> bytes of the loader, snapshot and trimmed standard library to write after the build."""
    fallback_only: tuple[str, ...] = ()
    """Site paths of runtime files no page fetches unless its first way fails (the plain WebAssembly beside
    the packed one): in the site, not in the offline store."""
    wasm: str | None = None
    """Site path of Pyodide's WebAssembly packed, when the loader unpacks it (else Pyodide fetches the plain one)."""

    def fetch(self) -> list[str]:
        """What the engine's worker will ask for, as site paths: the two big files first (the longest downloads;
        on a host speaking HTTP/1.1 a page has six connections), the packed WebAssembly before the snapshot, then
        in the order the worker asks: the loader and the modules it imports, the standard library. Pages have them
        downloaded from their head by a worker of their own (the engine's worker asks for each only once it has
        the one before), so that the engine's worker finds them in the HTTP cache; none without the loader."""
        if self.wasm is None or self.snapshot is None:
            return []
        return [self.wasm, self.snapshot, self.interpreter, RUNTIME, f"{PYODIDE_DEST}/pyodide.asm.mjs",
                ZSTDDEC_MODULE, self.stdlib]

    def to_extra(self) -> dict[str, Any]:
        """What the theme reads as ``config.extra.engine``."""
        return {"interpreter": self.interpreter, "pyscript": PYSCRIPT_MODULE, "program": PROGRAM, "runtime": RUNTIME,
                "snapshot": self.snapshot, "stdlib": self.stdlib, "wasm": self.wasm, "fetch": self.fetch()}


def pyodide_lock(node_modules: Path) -> dict[str, Any]:
    """Pyodide's lock file as the loader gives it to Pyodide: its ``info`` (checked against the runtime),
    no packages (the engine loads none), so that the start need not fetch and parse 120 KB."""
    lock = json.loads((node_modules / PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))
    return {"info": lock["info"], "packages": {}}


@dataclass(frozen=True)
class Packed:
    """A packed file in the site and the size of what it holds."""

    path: str
    """Its site path."""
    size: int
    """Bytes it unpacks to."""


def loader(snapshot: Packed, size: int, wasm: Packed, archive: Archive, lock: dict[str, Any],
           stdlib: tuple[str, str] = (FULL_STDLIB, FULL_STDLIB)) -> str:
    """The loader module's text for this build's snapshot (restoring an image of ``size`` bytes), packed
    WebAssembly and standard libraries (the one the snapshot was left with, and the one a start without it
    needs)."""
    restored, whole = (posixpath.relpath(path, LOADER_DIR) for path in stdlib)
    return _templates.get_template(LOADER).render(
        snapshot=posixpath.relpath(snapshot.path, LOADER_DIR), size=size, sparse=snapshot.size,
        wasm=posixpath.relpath(wasm.path, LOADER_DIR), wasm_size=wasm.size,
        zstddec=posixpath.relpath(ZSTDDEC_MODULE, LOADER_DIR), archive=archive.name, lock=json.dumps(lock),
        stdlib=restored, whole_stdlib=whole)


def plain_loader(stdlib: str) -> str:
    """The plain loader's text: Pyodide as usual, from this build's standard library."""
    return _templates.get_template(PLAIN).render(stdlib=posixpath.relpath(stdlib, LOADER_DIR))


def packed_wasm(node_modules: Path, cache: Path | None) -> tuple[Packed, bytes]:
    """Pyodide's WebAssembly packed, named by its content, and the packed bytes."""
    raw = (node_modules / PYODIDE / WASM).read_bytes()
    data = packing.pack(raw, cache)
    return Packed(f"{SNAPSHOT_DIR}/pyodide-{hashlib.sha256(data).hexdigest()[:12]}.wasm{packing.SUFFIX}", len(raw)), data


def prepare(node_modules: Path, archive: Archive, snapshot: bytes | None, stdlib: Trimmed | None = None,
            cache: Path | None = None) -> Engine:
    """The loader, snapshot and packed WebAssembly when there is a snapshot (pycore is in it: no archive for the
    worker to unpack), else a plain loader with the trimmed standard library, or pyodide.mjs, with pycore's
    archive unpacked by the worker. Packed files are kept by content in ``cache``."""
    if snapshot is None and stdlib is None:
        return Engine(interpreter=RUNTIME, snapshot=None)
    whole = stdlib.whole.path if stdlib else FULL_STDLIB
    files = {stdlib.whole.path: stdlib.whole.data} if stdlib else {}
    wasm: Packed | None = None
    if snapshot is None:
        text = plain_loader(whole).encode()
        snapshot_path, used = None, whole
    else:
        snapshot_path = f"{SNAPSHOT_DIR}/engine-{hashlib.sha256(snapshot).hexdigest()[:12]}{SUFFIX}"
        used = stdlib.after_snapshot.path if stdlib else FULL_STDLIB
        wasm, wasm_data = packed_wasm(node_modules, cache / "wasm" if cache else None)
        sparse = Packed(snapshot_path, len(packing.unpack(snapshot)))
        text = loader(sparse, image_size(snapshot), wasm, archive, pyodide_lock(node_modules), (used, whole)).encode()
        files[snapshot_path] = snapshot
        files[wasm.path] = wasm_data
        if stdlib:
            files[used] = stdlib.after_snapshot.data
    loader_path = f"{LOADER_DIR}/engine-{hashlib.sha256(text).hexdigest()[:12]}.mjs"
    files[loader_path] = text
    return Engine(interpreter=loader_path, snapshot=snapshot_path, stdlib=used, files=files,
                  fallback_only=(f"{PYODIDE_DEST}/{WASM}",) if wasm else (), wasm=wasm.path if wasm else None)


def write_engine(site_dir: Path, engine: Engine) -> None:
    """This build's loader, snapshot and standard library; those of earlier builds in the same folder go."""
    for old in [*(site_dir / LOADER_DIR).glob("engine-*.mjs"), *(site_dir / SNAPSHOT_DIR).glob("engine-*.snap.*"),
                *(site_dir / SNAPSHOT_DIR).glob("pyodide-*.wasm.*"), *(site_dir / SNAPSHOT_DIR).glob("stdlib-*.zip")]:
        if old.relative_to(site_dir).as_posix() not in engine.files:
            old.unlink()
    for rel, data in engine.files.items():
        (site_dir / rel).parent.mkdir(parents=True, exist_ok=True)
        (site_dir / rel).write_bytes(data)
