"""PyScript's pinned package copied into the site with its worker started from a same-origin file."""

from __future__ import annotations

from pathlib import Path

import pytest
from mkdocs.exceptions import PluginError
from repository import ROOT

from rulebook.shipping.pyscript import (
    BLOB_START,
    PYSCRIPT_DEST,
    UNUSED_PLUGINS,
    WORKER,
    WORKER_URL,
    copy_pyscript,
    drop_plugins,
    package_imports,
    patch_core,
    python_package,
)

NODE_MODULES = ROOT / "node_modules"


def pinned_core() -> str:
    """The pinned package's core chunk, as npm installed it."""
    dist = NODE_MODULES / "@pyscript/core/dist"
    if not dist.is_dir():
        pytest.skip("node_modules/@pyscript/core is not installed")
    return next(dist.glob("core-*.js")).read_text(encoding="utf-8")


def test_the_pinned_core_starts_its_worker_from_the_file_beside_it():
    """The one blob: address is gone, the worker file's address in its place; the worker's code is PyScript's own,
    unquoted (its last act is saying it is done), with no blob left in the core."""
    patched = patch_core(pinned_core())
    assert BLOB_START not in patched.core and patched.core.count(WORKER_URL) == 1
    assert "createObjectURL(new Blob([\"/*@*/\"" not in patched.core
    assert patched.worker.startswith("/*@*/const") and 'postMessage("polyscript:done")' in patched.worker
    assert "\\'" not in patched.worker[:200]


def test_a_core_built_otherwise_fails_the_build():
    """An upgraded PyScript whose core no longer builds its worker the same way is not copied half patched."""
    with pytest.raises(PluginError, match="was it upgraded"):
        patch_core("new Worker(new URL('x.js', import.meta.url))")
    core = pinned_core()
    with pytest.raises(PluginError, match="was it upgraded"):
        patch_core(core + core[core.index(BLOB_START):][:200])


def test_copy_writes_the_entry_the_core_and_its_worker(tmp_path: Path):
    """The entry the page imports, the patched core, its worker file and the plugins it loads: all in one folder."""
    pinned_core()
    written = copy_pyscript(NODE_MODULES, tmp_path)
    folder = tmp_path / PYSCRIPT_DEST
    assert f"{PYSCRIPT_DEST}/core.js" in written and f"{PYSCRIPT_DEST}/{WORKER}" in written
    assert all((tmp_path / rel).is_file() for rel in written)
    assert not [p.name for p in folder.iterdir() if p.name.startswith(("xterm", "codemirror_", "toml", "pyodide_graph"))]
    assert not [p.name for p in folder.iterdir() if p.name.startswith(UNUSED_PLUGINS)]


def test_the_core_loads_only_the_plugins_the_site_uses():
    """The core's table of plugins keeps its error plugin and its own inlined one, and loads none of the others;
    a table without one of them fails the build."""
    core = patch_core(pinned_core()).core
    assert 'error:()=>import("./error-' in core and "codemirror:()=>" in core
    assert not [name for name in UNUSED_PLUGINS if f'import("./{name}-' in core and name != "donkey"]
    assert core.count('import("./donkey-') == 1  # the core's own donkey() export, never called by the site
    entries = [f'"{n}":()=>import("./{n}-X1.js")' if "-" in n else f'{n}:()=>import("./{n}-X1.js")'
               for n in UNUSED_PLUGINS]
    table = "{" + ",".join([entries[0], "a:1", *entries[1:3], "b:2", *entries[3:]]) + "}"
    assert drop_plugins(table) == "{a:1,b:2}"
    with pytest.raises(PluginError, match="does not load the deprecations-manager plugin once"):
        drop_plugins('{"py-editor":()=>import("./py-editor-X.js")}')


def test_the_package_is_the_text_the_core_writes():
    """PyScript's Python package, path by path, is the text its core chunk writes at each start (a non-ASCII
    character included); a core writing other text fails the build."""
    pinned_core()
    files = python_package(NODE_MODULES)
    assert {"pyscript/__init__.py", "pyscript/context.py", "pyscript/fs.py", "pyscript/web.py"} <= set(files)
    assert "from pyscript.context import" in files["pyscript/__init__.py"]
    assert any(ord(c) > 127 for c in files["pyscript/fs.py"])


def test_a_core_writing_another_package_fails_the_build(tmp_path: Path):
    """A package whose text is not in the core chunk is refused, naming the file."""
    package = tmp_path / "@pyscript/core"
    (package / "src/stdlib").mkdir(parents=True)
    (package / "dist").mkdir()
    (package / "src/stdlib/pyscript.js").write_text('export default {"pyscript": {"a.py": "x = 1"}};')
    (package / "dist/core-X.js").write_text('wo(".",{pyscript:{"a.py":"x = 2"}})')
    with pytest.raises(PluginError, match=r"pyscript/a\.py"):
        python_package(tmp_path)
    (package / "dist/core-X.js").write_text('wo(".",{pyscript:{"a.py":"x = 1"}})')
    assert python_package(tmp_path) == {"pyscript/a.py": "x = 1"}


def test_the_standard_library_the_package_imports():
    """Its modules' top-level imports (in an ``if`` or ``try`` too, not in a function), and what PyScript writes it
    with; not itself, PyScript's JavaScript modules nor MicroPython's."""
    files = {"p/a.py": "import json, js\nfrom polyscript import x\ntry:\n    import base64\nexcept ImportError:\n"
                       "    from jsffi import y\nif x:\n    from collections import deque\n"
                       "def f():\n    import csv\nfrom pyscript.util import z\nfrom . import w\n"}
    assert package_imports(files) == ["base64", "collections", "json", "os", "pathlib"]
