"""How pages start the engine: the snapshot loader when this build has a snapshot, a plain loader naming the
trimmed standard library when it has only that, else the vendored pyodide.mjs."""

from __future__ import annotations

import hashlib
import json
import posixpath
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2

from rulebook.archive import Archive
from rulebook.project import PACKAGE
from rulebook.pyscript import preloads
from rulebook.runtime import PYODIDE, PYODIDE_DEST
from rulebook.snapshot import image_size
from rulebook.stdlib import FULL, Trimmed

SNAPSHOT_DIR = "assets/runtime"
"""Where the snapshot goes: an image of the runtime's memory (CPython's heap, pycore's modules in it)."""
LOADER_DIR = "assets"
"""Where the loader goes, beside the pages' scripts."""
LOADER = "loader.mjs.jinja"
"""The loader's template in ``programs/``: a real JavaScript module with its few build values as Jinja fields."""
PLAIN = "plain.mjs.jinja"
"""The template of the loader without a snapshot: Pyodide started as usual from the trimmed standard library."""
RUNTIME = f"{PYODIDE_DEST}/pyodide.mjs"
"""The interpreter PyScript gets when there is neither snapshot nor trimmed standard library."""
FULL_STDLIB = f"{PYODIDE_DEST}/{FULL}"
"""Pyodide's whole standard library in the site, for a build that could not trim it."""

_templates = jinja2.Environment(loader=jinja2.FileSystemLoader(PACKAGE / "programs"), autoescape=False,
                                keep_trailing_newline=True, undefined=jinja2.StrictUndefined)
"""Program templates: no HTML escaping (the values are JSON or plain paths), every field must be given."""


@dataclass(frozen=True)
class Engine:
    """This build's way of starting the engine, and the files that carries."""

    interpreter: str
    """Site path of the module PyScript loads as its interpreter."""
    snapshot: str | None
    """Site path of the snapshot, or None (then PyScript unpacks pycore's archive itself)."""
    preload: list[str]
    """PyScript modules every calculator page preloads."""
    stdlib: str = FULL_STDLIB
    """Site path of the standard library archive Pyodide starts with (restoring the snapshot, if any)."""
    files: dict[str, bytes] = field(default_factory=dict)
    """Site path -> bytes of the loader, snapshot and trimmed standard library to write after the build."""

    def to_extra(self) -> dict[str, Any]:
        """What the theme reads as ``config.extra.engine``."""
        return {"interpreter": self.interpreter, "runtime": RUNTIME, "preload": self.preload,
                "snapshot": self.snapshot, "stdlib": self.stdlib}


def pyodide_lock(node_modules: Path) -> dict[str, Any]:
    """Pyodide's lock file as the loader gives it to Pyodide: its ``info`` (checked against the runtime),
    no packages (the engine loads none), so that the start need not fetch and parse 120 KB."""
    lock = json.loads((node_modules / PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))
    return {"info": lock["info"], "packages": {}}


def loader(snapshot_path: str, size: int, archive: Archive, lock: dict[str, Any],
           stdlib: tuple[str, str] = (FULL_STDLIB, FULL_STDLIB)) -> str:
    """The loader module's text for this build's snapshot and standard libraries (the one the snapshot was
    left with, and the one a start without it needs)."""
    restored, whole = (posixpath.relpath(path, LOADER_DIR) for path in stdlib)
    return _templates.get_template(LOADER).render(
        snapshot=posixpath.relpath(snapshot_path, LOADER_DIR), size=size, archive=archive.name, lock=json.dumps(lock),
        stdlib=restored, whole_stdlib=whole)


def plain_loader(stdlib: str) -> str:
    """The plain loader's text: Pyodide as usual, from this build's standard library."""
    return _templates.get_template(PLAIN).render(stdlib=posixpath.relpath(stdlib, LOADER_DIR))


def prepare(node_modules: Path, archive: Archive, snapshot: bytes | None, stdlib: Trimmed | None = None) -> Engine:
    """The loader and snapshot when there is a snapshot (pycore is in it: no "files" for PyScript to unpack),
    else a plain loader with the trimmed standard library, or pyodide.mjs, with pycore's archive as "files"."""
    preload = preloads(node_modules)
    if snapshot is None and stdlib is None:
        return Engine(interpreter=RUNTIME, snapshot=None, preload=preload)
    whole = stdlib.whole.path if stdlib else FULL_STDLIB
    files = {stdlib.whole.path: stdlib.whole.data} if stdlib else {}
    if snapshot is None:
        text = plain_loader(whole).encode()
        snapshot_path, used = None, whole
    else:
        snapshot_path = f"{SNAPSHOT_DIR}/engine-{hashlib.sha256(snapshot).hexdigest()[:12]}.snap.gz"
        used = stdlib.after_snapshot.path if stdlib else FULL_STDLIB
        text = loader(snapshot_path, image_size(snapshot), archive, pyodide_lock(node_modules), (used, whole)).encode()
        files[snapshot_path] = snapshot
        if stdlib:
            files[used] = stdlib.after_snapshot.data
    loader_path = f"{LOADER_DIR}/engine-{hashlib.sha256(text).hexdigest()[:12]}.mjs"
    files[loader_path] = text
    return Engine(interpreter=loader_path, snapshot=snapshot_path, preload=preload, stdlib=used, files=files)


def write_engine(site_dir: Path, engine: Engine) -> None:
    """This build's loader, snapshot and standard library; those of earlier builds in the same folder go."""
    for old in [*(site_dir / LOADER_DIR).glob("engine-*.mjs"), *(site_dir / SNAPSHOT_DIR).glob("engine-*.snap.gz"),
                *(site_dir / SNAPSHOT_DIR).glob("stdlib-*.zip")]:
        if old.relative_to(site_dir).as_posix() not in engine.files:
            old.unlink()
    for rel, data in engine.files.items():
        (site_dir / rel).parent.mkdir(parents=True, exist_ok=True)
        (site_dir / rel).write_bytes(data)
