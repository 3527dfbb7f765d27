"""PyScript's pinned package copied into the site with its worker started from a same-origin file."""

from __future__ import annotations

from pathlib import Path

import pytest
from mkdocs.exceptions import PluginError
from repository import ROOT

from rulebook.shipping.pyscript import BLOB_START, PYSCRIPT_DEST, WORKER, WORKER_URL, copy_pyscript, patch_core

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
