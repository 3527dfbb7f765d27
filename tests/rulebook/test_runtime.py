"""The vendored runtime: the Pyodide core and the Zstandard decoder copied from node_modules."""

from pathlib import Path

import pytest
from mkdocs.exceptions import PluginError
from repository import NODE_MODULES

from rulebook.shipping import runtime


def test_runtime_is_vendored(built_site: Path):
    """The Pyodide core runtime and the decoder ship inside the site, with the engine archive, and no PyScript;
    Pyodide's whole standard library only when the build has no trimmed one."""
    folder = built_site / "assets" / "runtime"
    trimmed = list(folder.glob("stdlib-*.zip"))
    for name in runtime.PYODIDE_FILES:
        if name == "python_stdlib.zip" and trimmed:
            assert not (folder / "pyodide" / name).exists()
        else:
            assert (folder / "pyodide" / name).stat().st_size > 0
    assert (folder / "pyscript" / "core.js").stat().st_size > 0  # PyScript, which hosts the engine, from this site
    assert (folder / "zstddec" / "zstddec-stream.mjs").exists()
    zips = list((built_site / "assets").glob("pycore-*.zip"))
    assert len(zips) == 1
    html = (built_site / "calculator" / "skirmish-d6" / "index.html").read_text()
    assert zips[0].name in html and "runtime/pyodide/pyodide.mjs" in html and "runtime/pyscript/core.js" in html
    stdlib = trimmed[0].name if trimmed else "python_stdlib.zip"
    assert f'data-stdlib="../../assets/runtime/{"" if trimmed else "pyodide/"}{stdlib}"' in html


def test_copy_takes_only_the_listed_files(tmp_path: Path):
    """Pyodide's core files only (no packages) and the decoder's module; a second copy keeps them."""
    runtime.copy_runtime(NODE_MODULES, tmp_path)
    pyodide = {p.name for p in (tmp_path / runtime.PYODIDE_DEST).iterdir()}
    assert pyodide == set(runtime.PYODIDE_FILES)
    assert [p.name for p in (tmp_path / runtime.ZSTDDEC_DEST).iterdir()] == ["zstddec-stream.mjs"]
    assert (tmp_path / runtime.ZSTDDEC_MODULE).read_text().count("ZSTDDecoder") >= 2  # the decoder's module, whole
    wasm = tmp_path / runtime.PYODIDE_DEST / "pyodide.asm.wasm"
    before = wasm.stat().st_mtime_ns
    runtime.copy_runtime(NODE_MODULES, tmp_path)
    assert wasm.stat().st_mtime_ns == before


def test_skipped_files_are_not_shipped(tmp_path: Path):
    """A file named in ``skip`` (the whole standard library, when the build trimmed it) is not copied, and
    goes if an earlier build left it."""
    runtime.copy_runtime(NODE_MODULES, tmp_path)
    runtime.copy_runtime(NODE_MODULES, tmp_path, skip=("python_stdlib.zip",))
    pyodide = {p.name for p in (tmp_path / runtime.PYODIDE_DEST).iterdir()}
    assert pyodide == set(runtime.PYODIDE_FILES) - {"python_stdlib.zip"}


def test_missing_node_modules_fails(tmp_path: Path):
    """Without ``npm ci`` the build stops and says what to run."""
    with pytest.raises(PluginError, match="npm ci"):
        runtime.copy_runtime(tmp_path / "node_modules", tmp_path / "site")
