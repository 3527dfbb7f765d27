"""What the build reads from PyScript: its main chunk's imports and its Python package."""

import json
from pathlib import Path

from repository import NODE_MODULES

from rulebook import pyscript


def test_engine_knows_pyscripts_python_package():
    """The build finds the Python package PyScript writes at start-up (it compiles it into the snapshot):
    the same sources as in PyScript's bundle, so the compiled files are used, not compiled again."""
    package = pyscript.python_package(NODE_MODULES)
    assert "pyscript/__init__.py" in package and "pyscript/context.py" in package
    chunk = pyscript.main_chunk(NODE_MODULES)[1]
    for source in package.values():
        assert json.dumps(source, ensure_ascii=False) in chunk or source in chunk


def test_preloads_are_the_main_chunk_and_its_used_plugins():
    """Site paths of existing PyScript modules, the main chunk first, then the plugins pages keep (its error plugin):
    none of the unused ones."""
    chunk, _ = pyscript.main_chunk(NODE_MODULES)
    paths = pyscript.preloads(NODE_MODULES)
    plugins = pyscript.plugin_chunks(NODE_MODULES)
    assert paths == [f"assets/runtime/pyscript/{chunk}", f"assets/runtime/pyscript/{plugins['error']}"]
    for path in paths:
        assert (NODE_MODULES / pyscript.PYSCRIPT / Path(path).name).exists()


def test_unused_plugins_are_turned_off_by_the_main_config():
    """Every plugin PyScript imports is either kept (error) or turned off by the pages' config; the turned-off
    ones' chunks are known (shipped, never stored)."""
    plugins = pyscript.plugin_chunks(NODE_MODULES)
    assert set(plugins) == {"error", *pyscript.UNUSED_PLUGINS} - {"codemirror"}  # codemirror is in the main chunk
    config = json.loads(pyscript.main_config())
    assert config == {"plugins": [f"!{name}" for name in pyscript.UNUSED_PLUGINS]}
    chunks = pyscript.unused_chunks(NODE_MODULES)
    assert len(chunks) == len(plugins) - 1 and not [c for c in chunks if "error" in c]


def test_unexpected_layout_gives_nothing(tmp_path: Path):
    """Without PyScript where it is expected: no preloads, no package (the engine then compiles it)."""
    assert pyscript.preloads(tmp_path) == [] and pyscript.python_package(tmp_path) == {}
    generated = tmp_path / pyscript.STDLIB
    generated.parent.mkdir(parents=True)
    generated.write_text("export default nonsense;")
    assert pyscript.python_package(tmp_path) == {}


def test_files_flattens_folders():
    """Nested folder objects become relative paths."""
    assert pyscript.files({"a": {"b.py": "x", "c": {"d.py": "y"}}, "e.txt": "z"}) == {
        "a/b.py": "x", "a/c/d.py": "y", "e.txt": "z"}
