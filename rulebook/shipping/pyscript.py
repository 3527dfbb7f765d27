"""PyScript in the site: the pinned package's files copied from node_modules, with its worker started from a
same-origin file instead of a ``blob:`` address, so that the page's policy needs neither ``worker-src blob:``
nor the page's own policy inside the worker; and its Python package, which the engine's snapshot compiles."""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass
from pathlib import Path

from mkdocs.exceptions import PluginError

PYSCRIPT = "@pyscript/core"
"""PyScript's package, under node_modules."""
PYSCRIPT_DEST = "assets/runtime/pyscript"
"""Where PyScript's files go in the site."""
WORKER = "worker.js"
"""The file PyScript's worker code is written to, beside its core chunk."""
ENTRY = "core.js"
"""PyScript's module the page imports (``PyWorker``, ``hooks``)."""
CHUNKS = ("core-*.js", "error-*.js", "zip-*.js")
"""Its chunks the engine's start reaches: the core, the one plugin it still loads on every page (``error``, which
shows what failed), the zip reader of ``files``. The other plugins (UNUSED_PLUGINS), what they load (the editor, the
terminal, the TOML parser) and the package graph are left out: the site uses none."""
UNUSED_PLUGINS = ("deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal")
"""Plugins the pinned core loads on every page, each a request and a task on the page's thread, that the site does
not use (a warning about scripts from PyScript's own host, the donkey worker, the editor, the game canvas, the
terminal): taken out of the core's table of plugins."""
BLOB_START = "URL.createObjectURL(new Blob([\"/*@*/\"+'"
"""Where the pinned core builds its worker's address: its worker code follows as one quoted string."""
BLOB_END = "'.replace("
"""What follows that string: the code's relative imports made absolute (a same-origin file needs none)."""
BLOB_TAIL = ")],{type:\"text/javascript\"}))"
"""The end of the ``blob:`` address's expression."""
WORKER_URL = f"new URL(\"./{WORKER}\",import.meta.url)"
"""The expression put in its place: the worker file beside the core chunk."""
ESCAPES = {"\\": "\\", "'": "'", "n": "\n"}
"""The escapes the pinned core's quoted worker code uses; any other fails the build."""
PACKAGE = "src/stdlib/pyscript.js"
"""PyScript's Python package as the module its core is built from: a JSON tree of folders and files' text."""
NOT_STDLIB = ("pyscript", "js", "polyscript", "_pyscript", "jsffi")
"""What the package imports that is not the standard library's: itself, the JavaScript modules PyScript's worker
registers, MicroPython's foreign function interface."""
WRITER_IMPORTS = ("os", "pathlib")
"""The modules PyScript's worker writes its package with."""


@dataclass(frozen=True)
class Patched:
    """PyScript's core chunk starting its worker from a file, and that file's text."""

    core: str
    """The core chunk's text."""
    worker: str
    """The worker's module text."""


def unquote(text: str, start: int) -> tuple[str, int]:
    """The single-quoted JavaScript string starting at ``start`` (just after its quote), and where it ends."""
    out: list[str] = []
    at = start
    while text[at] != "'":
        if text[at] == "\\":
            escape = text[at + 1]
            if escape not in ESCAPES:
                raise PluginError(f"{PYSCRIPT}: an unexpected escape \\{escape} in its worker code")
            out.append(ESCAPES[escape])
            at += 2
        else:
            out.append(text[at])
            at += 1
    return "".join(out), at


def drop_plugins(text: str) -> str:
    """The core chunk without the UNUSED_PLUGINS in its table of plugins (each entry there once, or the build fails)."""
    for name in UNUSED_PLUGINS:
        key = f'"{name}"' if "-" in name else name
        entry = re.compile(rf',?{re.escape(key)}:\(\)=>import\("\./{re.escape(name)}-[\w-]+\.js"\),?')
        if len(entry.findall(text)) != 1:
            raise PluginError(f"{PYSCRIPT}: its core does not load the {name} plugin once (was it upgraded?)")
        text = entry.sub(lambda m: "," if m.group(0).startswith(",") and m.group(0).endswith(",") else "", text)
    return text


def patch_core(text: str) -> Patched:
    """The core chunk with its worker's ``blob:`` address replaced by the same-origin worker file, and without the
    plugins the site does not use."""
    if text.count(BLOB_START) != 1:
        raise PluginError(f"{PYSCRIPT}: its core no longer builds its worker from one blob (was it upgraded?)")
    begin = text.index(BLOB_START)
    worker, end = unquote(text, begin + len(BLOB_START))
    tail = text.index(BLOB_TAIL, end)
    if not text.startswith(BLOB_END, end) or tail - end > 40:
        raise PluginError(f"{PYSCRIPT}: its worker's blob is not built as expected (was it upgraded?)")
    core = drop_plugins(text[:begin] + WORKER_URL + text[tail + len(BLOB_TAIL):])
    return Patched(core=core, worker="/*@*/" + worker)


def copy_pyscript(node_modules: Path, site_dir: Path) -> list[str]:
    """PyScript's entry and the chunks the engine uses into the site, its core patched; their site paths."""
    dist = node_modules / PYSCRIPT / "dist"
    if not dist.is_dir():
        raise PluginError(f"node_modules/{PYSCRIPT} is missing: run `npm ci` (make does this)")
    target = site_dir / PYSCRIPT_DEST
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for path in [dist / ENTRY, *(found for pattern in CHUNKS for found in sorted(dist.glob(pattern)))]:
        text = path.read_text(encoding="utf-8")
        if path.name.startswith("core-"):
            patched = patch_core(text)
            text = patched.core
            (target / WORKER).write_text(patched.worker, encoding="utf-8")
            written.append(f"{PYSCRIPT_DEST}/{WORKER}")
        (target / path.name).write_text(text, encoding="utf-8")
        written.append(f"{PYSCRIPT_DEST}/{path.name}")
    return written


def python_package(node_modules: Path) -> dict[str, str]:
    """PyScript's ``pyscript`` package as its worker writes it at each start (into its working folder, before it
    imports it): path -> source. Fails the build if the core chunk would write other text."""
    root = node_modules / PYSCRIPT
    text = (root / PACKAGE).read_text(encoding="utf-8")
    tree = json.loads(text[text.index("{"):].strip().removesuffix(";"))
    files: dict[str, str] = {}

    def walk(folder: str, node: dict[str, object]) -> None:
        for name, value in node.items():
            if isinstance(value, dict):
                walk(f"{folder}{name}/", value)
            else:
                files[f"{folder}{name}"] = str(value)

    walk("", tree)
    core = next((root / "dist").glob("core-*.js")).read_text(encoding="utf-8")
    for path, source in files.items():
        if json.dumps(source, ensure_ascii=False) not in core:
            raise PluginError(f"{PYSCRIPT}: its core writes another {path} than {PACKAGE} (was it upgraded?)")
    return files


def package_imports(files: dict[str, str]) -> list[str]:
    """The standard library's modules PyScript's worker imports writing the package and importing it (at its
    modules' top level, in an ``if`` or ``try`` too, but not in a function or class), sorted."""
    found: set[str] = set(WRITER_IMPORTS)

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.add(node.module)
            elif isinstance(node, (ast.If, ast.Try, ast.With)):
                for part in ("body", "orelse", "finalbody", "handlers"):
                    visit(getattr(node, part, []))
            elif isinstance(node, ast.ExceptHandler):
                visit(node.body)

    for path, source in files.items():
        if path.endswith(".py"):
            visit(ast.parse(source, path).body)
    return sorted(name for name in found if name.split(".")[0] not in NOT_STDLIB)
