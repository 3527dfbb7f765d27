"""What the build reads from the pinned PyScript: the modules a page always loads, and its Python package."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from rulebook.runtime import PYSCRIPT, PYSCRIPT_DEST

CORE_IMPORT = re.compile(r'from\s*"\./(core-[\w-]+\.js)"')
"""core.js's import of PyScript's main bundled chunk."""
PLUGIN_IMPORT = re.compile(r'(?:"([\w-]+)"|([\w$]+)):\(\)=>import\("\./([\w-]+\.js)"\)')
"""The chunk's table of plugins it imports unless the page's config says ``"!name"`` (``name:()=>import("./x.js")``)."""
UNUSED_PLUGINS = ("codemirror", "deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal")
"""PyScript plugins no page uses (editors, terminals, games, the donkey worker, the warning about loading PyScript
from its CDN): the pages' main config turns them off (``main_config``), so they are neither preloaded nor
imported. Only ``error`` stays: it shows a failure of PyScript itself on the page."""
STDLIB = "@pyscript/core/src/stdlib/pyscript.js"
"""PyScript's Python package as a generated module: ``export default`` and a JSON object of its files."""


def main_chunk(node_modules: Path) -> tuple[str, str] | None:
    """PyScript's main chunk (the one core.js imports): its file name and text; None if the layout is not the expected one."""
    dist = node_modules / PYSCRIPT
    try:
        found = CORE_IMPORT.search((dist / "core.js").read_text(encoding="utf-8"))
        if found is None:
            return None
        return found.group(1), (dist / found.group(1)).read_text(encoding="utf-8")
    except OSError:
        return None


def plugin_chunks(node_modules: Path) -> dict[str, str]:
    """The plugins the main chunk imports: name -> chunk file name (empty if the layout is not the expected one)."""
    found = main_chunk(node_modules)
    return {quoted or bare: name for quoted, bare, name in PLUGIN_IMPORT.findall(found[1])} if found else {}


def preloads(node_modules: Path) -> list[str]:
    """The main chunk and the plugins it imports but the unused ones, as site paths for
    ``<link rel="modulepreload">``: fetched while the page is parsed instead of one after the other. Empty if the
    layout is not the expected one."""
    found = main_chunk(node_modules)
    if found is None:
        return []
    used = [name for plugin, name in plugin_chunks(node_modules).items() if plugin not in UNUSED_PLUGINS]
    dist = node_modules / PYSCRIPT
    return [f"{PYSCRIPT_DEST}/{name}" for name in [found[0], *used] if (dist / name).exists()]


def unused_chunks(node_modules: Path) -> list[str]:
    """Site paths of the unused plugins' chunks: shipped for a page that reads its config late, never stored."""
    dist = node_modules / PYSCRIPT
    return [f"{PYSCRIPT_DEST}/{name}" for plugin, name in plugin_chunks(node_modules).items()
            if plugin in UNUSED_PLUGINS and (dist / name).exists()]


def main_config() -> str:
    """The pages' PyScript config for the main thread (a ``<py-config>``): the unused plugins turned off."""
    return json.dumps({"plugins": [f"!{name}" for name in UNUSED_PLUGINS]}, separators=(",", ":"))


def python_package(node_modules: Path) -> dict[str, str]:
    """The Python package PyScript writes into the interpreter at start-up (``pyscript/*.py`` -> source);
    empty if it cannot be read (the engine then just compiles it at start-up)."""
    try:
        text = (node_modules / STDLIB).read_text(encoding="utf-8")
        _, marker, body = text.partition("export default")
        tree = json.loads(body.strip().removesuffix(";")) if marker else None
    except (OSError, ValueError):
        return {}
    if not isinstance(tree, dict):
        return {}
    return {rel: source for rel, source in files(tree).items() if rel.endswith(".py")}


def files(tree: dict[str, Any], base: str = "") -> dict[str, str]:
    """A nested folder object (name -> text or folder) as relative path -> text."""
    out: dict[str, str] = {}
    for key, value in tree.items():
        if isinstance(value, str):
            out[base + key] = value
        elif isinstance(value, dict):
            out.update(files(value, base + key + "/"))
    return out
