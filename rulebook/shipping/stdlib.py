"""The trimmed standard library: Pyodide's python_stdlib.zip holding only what the engine imports.

Pyodide fetches its whole standard library archive (2.5 MB, already compressed) before Python starts;
the engine uses a small part of it. The build starts the vendored Pyodide once under Node
(``programs/stdlib_record.mjs`` running ``programs/stdlib_record.py``), imports pycore, asks the engine
every kind of question, and keeps the standard library's
files then in use, with those SAFETY names. Pages starting Pyodide as usual give it that archive (its
``stdLibURL``). A page restoring the snapshot needs less: the modules the snapshot imported are in its
memory already, so the snapshot is taken with a second archive without them.
"""

from __future__ import annotations

import hashlib
import io
import json
import logging
import os
import tempfile
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from rulebook.project import PROGRAMS
from rulebook.shipping.archive import DATE, Archive
from rulebook.shipping.node import has_node, run_job
from rulebook.shipping.pyscript import package_imports, python_package
from rulebook.shipping.runtime import PYODIDE, PYODIDE_FILES

FULL = "python_stdlib.zip"
"""Pyodide's own archive, under node_modules/pyodide."""
FOLDER = "assets/runtime"
"""Where the trimmed archive goes in the site."""
SAFETY = ("_pyodide.*", "pyodide.*", "asyncio.*", "json.*", "encodings.ascii", "encodings.latin_1",
          "encodings.utf_8_sig", "base64", "html", "inspect", "io", "linecache", "traceback", "tokenize", "token",
          "textwrap", "fractions", "numbers", "dataclasses", "xml.etree.*", "random", "zipfile.*", "shutil",
          "pathlib.*", "tempfile", "glob", "fnmatch")
"""Modules kept whatever the recording saw (``x.*``: the package x whole): Pyodide's own Python and what it
imports when asked (running code, unpacking pycore's archive without the snapshot), what a fault's traceback
uses (it reads source lines), and what pycore imports."""
REQUESTS = ({"op": "evaluate", "values": {}}, {"op": "evaluate", "values": {}, "board": True},
            {"op": "evaluate", "values": {"_": "x"}, "board": {"frame": "", "shown": {}}},
            {"op": "restore", "fragment": "#s=%7B%7D"}, {"op": "restore", "fragment": "#s=!"}, {"op": "fly"})
"""What the recording asks the engine for each system (the system is added): answers, boards, errors."""
MAKER = PROGRAMS / "stdlib_record.mjs"
"""The Node script that starts Pyodide and runs the recording."""
RECORD = PROGRAMS / "stdlib_record.py"
"""The Python run inside Pyodide: the engine at work, then the standard library files in use."""
TIMEOUT = 300
"""Seconds Node may take before the build goes on with the whole standard library."""

log = logging.getLogger("mkdocs.plugins.rulebook")


@dataclass(frozen=True)
class Stdlib:
    """A trimmed standard library archive."""

    name: str
    """File name, ``stdlib-<hash>.zip``: a new trim is a new address."""
    data: bytes
    """The zip's bytes."""

    @property
    def path(self) -> str:
        """Its site path."""
        return f"{FOLDER}/{self.name}"


@dataclass(frozen=True)
class Trimmed:
    """This build's two standard library archives."""

    whole: Stdlib
    """Every file the engine uses: for a page that starts Pyodide as usual."""
    after_snapshot: Stdlib
    """The same without the files of the modules the snapshot imported: for a page that restores it."""


def stdlib(data: bytes) -> Stdlib:
    """An archive named by its content."""
    return Stdlib(f"stdlib-{hashlib.sha256(data).hexdigest()[:12]}.zip", data)


def settings(node_modules: Path) -> dict[str, object]:
    """What the recording reads inside Pyodide: the modules the snapshot imports besides pycore (those PyScript's
    worker needs), those to import later, and the requests to send."""
    return {"start_imports": package_imports(python_package(node_modules)),
            "imports": sorted(name.removesuffix(".*") for name in SAFETY), "requests": list(REQUESTS)}


def kept(name: str, used: set[str]) -> bool:
    """True for a file of the full archive the trimmed one keeps: in use, or in a SAFETY module or package."""
    if name in used:
        return True
    module = name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
    return any(module == keep or (keep.endswith(".*") and (module + ".").startswith(keep[:-1])) for keep in SAFETY)


def trim(full: bytes, used: Iterable[str], without: Iterable[str] = ()) -> bytes:
    """The full archive's files that are ``kept``, but those ``without``, zipped deterministically (sorted,
    fixed timestamps)."""
    chosen, left_out = set(used), set(without)
    buffer = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(full)) as source, zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as out:
        names = (n for n in source.namelist() if not n.endswith("/") and n not in left_out and kept(n, chosen))
        for name in sorted(names):
            info = zipfile.ZipInfo(name, date_time=DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(info, source.read(name), compresslevel=9)
    return buffer.getvalue()


def cache_key(node_modules: Path, archive: Archive, recipe: bytes) -> str:
    """The trim's content key: Pyodide's files, the engine's archive and the recipe."""
    key = hashlib.sha256()
    for name in PYODIDE_FILES:
        key.update(name.encode() + b"\0" + (node_modules / PYODIDE / name).read_bytes())
    key.update(archive.data + recipe)
    return key.hexdigest()[:24]


def record(node_modules: Path, archive: Archive, config: bytes) -> dict[str, list[str]] | None:
    """The full archive's files in use once the engine is imported as the snapshot imports it (``start``)
    and once it has worked (``used``), under Node; None (and a log line) on failure."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        job = {"pyodide": str(node_modules / PYODIDE / "pyodide.mjs"), "archive": str(folder / "engine.zip"),
               "settings": str(folder / "settings.json"), "setup": str(RECORD), "out": str(folder / "used.json")}
        (folder / "engine.zip").write_bytes(archive.data)
        (folder / "settings.json").write_bytes(config)
        out = folder / "used.json"
        failed = run_job(MAKER, folder, job, out)
        if failed:
            log.info("standard library not trimmed (%s): pages load Pyodide's whole one", failed)
            return None
        found = json.loads(out.read_text(encoding="utf-8"))
    return {point: [str(name) for name in found[point]] for point in ("start", "used")}


def make_stdlib(node_modules: Path, archive: Archive, cache: Path) -> Trimmed | None:
    """The trimmed standard libraries for this Pyodide and engine, from ``cache`` when they are there; None
    (the pages then load Pyodide's whole one) when Node is missing or fails."""
    if not has_node():
        log.info("standard library not trimmed (no node): pages load Pyodide's whole one")
        return None
    config = json.dumps(settings(node_modules), sort_keys=True).encode()
    recipe = MAKER.read_bytes() + RECORD.read_bytes() + config
    key = cache_key(node_modules, archive, recipe)
    whole, after = cache / f"{key}.stdlib.zip", cache / f"{key}.after.zip"
    if not (whole.exists() and after.exists()):
        found = record(node_modules, archive, config)
        if found is None:
            return None
        full = (node_modules / PYODIDE / FULL).read_bytes()
        cache.mkdir(parents=True, exist_ok=True)
        for path, data in ((whole, trim(full, found["used"])), (after, trim(full, found["used"], found["start"]))):
            partial = path.with_name(f"{path.name}.{os.getpid()}.part")
            partial.write_bytes(data)
            partial.replace(path)
        for pattern in ("*.stdlib.zip", "*.after.zip"):
            for old in sorted(cache.glob(pattern), key=lambda p: p.stat().st_mtime)[:-4]:
                old.unlink(missing_ok=True)
    return Trimmed(stdlib(whole.read_bytes()), stdlib(after.read_bytes()))
