"""The engine snapshot: the sparse image format, its cache, and the file the build ships."""

import json
import re
import struct
from pathlib import Path

import pytest
from repository import NODE_MODULES

import pycore
from pycore.geometry import plane
from rulebook.shipping import node, packing, snapshot, wasm
from rulebook.shipping.archive import Archive


def test_engine_snapshot_holds_the_image_without_its_zero_pages(built_site: Path):
    """The snapshot file is the packed sparse image the loader expects: header, parts in order inside the
    image's size (the size the loader allocates), then exactly their bytes (as many as the loader expects)."""
    loaders = list((built_site / "assets").glob("engine-*.mjs"))
    snaps = list((built_site / "assets" / "runtime").glob(f"engine-*{snapshot.SUFFIX}"))
    if not loaders:
        pytest.skip("built without the engine snapshot (no Node)")
    assert len(loaders) == 1 and len(snaps) == 1
    loader = loaders[0].read_text()
    size = int(re.search(r"const SIZE = (\d+);", loader).group(1))
    assert f'"runtime/{snaps[0].name}"' in loader
    data = packing.unpack(snaps[0].read_bytes())
    assert f"const SPARSE = {len(data)};" in loader
    assert data[:4] == snapshot.MAGIC
    image_size, count = struct.unpack("<II", data[4:12])
    assert image_size == size == snapshot.image_size(snaps[0].read_bytes())
    parts = struct.unpack(f"<{2 * count}I", data[12:12 + 8 * count])
    end = 0
    for offset, length in zip(parts[::2], parts[1::2]):
        assert offset >= end and length > 0
        end = offset + length
    assert end <= size and len(data) == 12 + 8 * count + sum(parts[1::2])
    assert sum(parts[1::2]) < 0.6 * size  # the zero pages are left out


def filled(data: bytes) -> tuple[bytearray, list[tuple[int, int]]]:
    """The image a sparse snapshot fills, as the loader fills it, and its parts (offset, length); every byte used."""
    size, count = struct.unpack("<II", data[4:12])
    numbers = struct.unpack(f"<{2 * count}I", data[12:12 + 8 * count])
    parts = list(zip(numbers[::2], numbers[1::2]))
    image, at = bytearray(size), 12 + 8 * count
    for offset, length in parts:
        image[offset:offset + length] = data[at:at + length]
        at += length
    assert at == len(data)
    return image, parts


def test_engine_snapshot_holds_the_modules_data_as_differences(built_site: Path):
    """XORed back with Pyodide's data segments, the image is Pyodide's (its header first); as shipped, the part
    the module placed is nearly all zeros (CPython's start-up changed a few percent of it)."""
    snaps = list((built_site / "assets" / "runtime").glob(f"engine-*{snapshot.SUFFIX}"))
    if not snaps:
        pytest.skip("built without the engine snapshot (no Node)")
    image, _ = filled(packing.unpack(snaps[0].read_bytes()))
    segments = wasm.data_segments((NODE_MODULES / "pyodide" / snapshot.WASM).read_bytes())
    start = snapshot.memory_start(image)
    placed = sum(len(s.data) for s in segments)
    changed = sum(sum(1 for b in image[start + s.offset:start + s.offset + len(s.data)] if b) for s in segments)
    assert changed < 0.05 * placed
    wasm.xor_segments(image, segments, start)
    first = segments[0]
    assert image[start + first.offset:start + first.offset + 64] == first.data[:64]


def test_engine_snapshot_keeps_pycores_asserts_and_drops_the_standard_librarys_docstrings(built_site: Path):
    """The image is made under -OO but pycore is compiled as usual: json's module docstring is not in its
    memory, while pycore's own docstring and an assert's message are (the build's assert would be gone under -O)."""
    snaps = list((built_site / "assets" / "runtime").glob(f"engine-*{snapshot.SUFFIX}"))
    if not snaps:
        pytest.skip("built without the engine snapshot (no Node)")
    image, _ = filled(packing.unpack(snaps[0].read_bytes()))
    assert json.__doc__ and pycore.__doc__  # json: imported by Pyodide's start-up
    assert json.__doc__[:60].encode() not in image
    assert pycore.__doc__[:60].encode() in image
    nudge = "a nudge off the plane's grid"
    assert nudge in Path(plane.__file__).read_text(encoding="utf-8")
    assert nudge.encode() in image


def test_sparse_image_round_trip():
    """Zero pages are left out and come back as zeros (the header gives the image's size); a short last
    page is kept whole."""
    page = snapshot.PAGE
    image = bytes(page) + b"\1" * page + bytes(3 * page) + b"\2" * 10 + bytes(page - 10) + b"\3" * 100
    data = snapshot.sparse_image(image)
    rebuilt, parts = filled(data)
    assert bytes(rebuilt) == image
    assert len(parts) == 2 and sum(n for _, n in parts) == 2 * page + 100


def test_sparse_image_xors_the_segments_after_pyodides_header():
    """With segments, a page that holds exactly what they placed (address 0 after Pyodide's header) is left out;
    the header itself is kept as it is."""
    page = snapshot.PAGE
    head = snapshot.PYODIDE_MAGIC + struct.pack("<I", page) + bytes(page - 8)
    segment = wasm.Segment(0, bytes(range(256)) * (page // 256))
    image = head + segment.data + b"\5" * page
    data = snapshot.sparse_image(image, [segment])
    count = struct.unpack("<I", data[8:12])[0]
    parts = struct.unpack(f"<{2 * count}I", data[12:12 + 8 * count])
    assert list(zip(parts[::2], parts[1::2])) == [(0, page), (2 * page, page)]
    assert data[12 + 8 * count:][:4] == snapshot.PYODIDE_MAGIC
    with pytest.raises(ValueError, match="not a Pyodide memory snapshot"):
        snapshot.sparse_image(b"XXXX" + bytes(page), [segment])


def test_image_size_reads_the_header():
    """The loader's buffer size comes from the file's header; another file is refused."""
    data = packing.pack(snapshot.sparse_image(b"\1" * 5000))
    assert snapshot.image_size(data) == 5000
    with pytest.raises(ValueError, match="not an engine snapshot"):
        snapshot.image_size(packing.pack(b"XXXX\0\0\0\0"))


def test_settings_give_the_start_module_and_pyscripts_package():
    """The set-up gets ``_engine_start``'s source, PyScript's Python package to compile and the standard library's
    modules it imports, as JSON."""
    settings = json.loads(json.dumps(snapshot.settings(NODE_MODULES)))
    assert list(settings) == ["start", "pyscript", "imports"]
    assert "def start()" in settings["start"] and "STDLIB" in settings["start"] and "PYSCRIPT" in settings["start"]
    assert "pyscript/__init__.py" in settings["pyscript"] and "pyscript/context.py" in settings["pyscript"]
    assert {"asyncio", "json", "pathlib"} <= set(settings["imports"])


def test_cache_key_follows_every_input():
    """A change to the archive, the recipe or the standard libraries makes a new key."""
    archive = Archive("pycore-x.zip", b"zip")
    key = snapshot.cache_key(NODE_MODULES, archive, b"recipe")
    assert key == snapshot.cache_key(NODE_MODULES, archive, b"recipe") and len(key) == 24
    assert key != snapshot.cache_key(NODE_MODULES, Archive("pycore-y.zip", b"zip2"), b"recipe")
    assert key != snapshot.cache_key(NODE_MODULES, archive, b"recipe2")
    assert key != snapshot.cache_key(NODE_MODULES, archive, b"recipe", b"stdlib")


def test_cached_snapshot_is_used_without_node(tmp_path: Path, monkeypatch):
    """A snapshot in the cache under this build's key is returned as it is (Node does not run)."""
    archive = Archive("pycore-x.zip", b"zip")
    recipe = snapshot.recipe(NODE_MODULES)
    key = snapshot.cache_key(NODE_MODULES, archive, recipe)
    (tmp_path / f"{key}{snapshot.SUFFIX}").write_bytes(b"cached")
    monkeypatch.setattr(node.shutil, "which", lambda name: "/bin/false")
    monkeypatch.setattr(node.subprocess, "run", lambda *a, **k: pytest.fail("node ran"))
    assert snapshot.make_snapshot(NODE_MODULES, archive, tmp_path, 4) == b"cached"


def test_without_node_there_is_no_snapshot(tmp_path: Path, monkeypatch):
    """No Node: no snapshot, and the build goes on."""
    monkeypatch.setattr(node.shutil, "which", lambda name: None)
    assert snapshot.make_snapshot(NODE_MODULES, Archive("pycore-x.zip", b"zip"), tmp_path, 4) is None


def test_store_keeps_the_newest(tmp_path: Path):
    """The cache keeps ``keep`` snapshots, the newest, and leaves no partial file."""
    import os

    for i in range(5):
        snapshot.store(tmp_path, f"{i}{snapshot.SUFFIX}", b"x", keep=3)
        os.utime(tmp_path / f"{i}{snapshot.SUFFIX}", (i, i))
    snapshot.store(tmp_path, f"5{snapshot.SUFFIX}", b"x", keep=3)
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"{i}{snapshot.SUFFIX}" for i in (3, 4, 5)]


def start_module(stdlib: tuple[int, bytes]):
    """``_engine_start`` as the set-up leaves it in the image, made here in CPython."""
    import sys
    import types

    module = types.ModuleType("_engine_start")
    exec(compile(snapshot.START.read_text(), "_engine_start", "exec"), module.__dict__)
    module.STDLIB = stdlib
    sys.modules["_engine_start"] = module
    return module


def test_start_leaves_the_registry_and_checks_the_stdlib(tmp_path: Path, monkeypatch):
    """start() leaves the module registry, and refuses a standard library other than the snapshot's (its size and
    last bytes)."""
    import sys

    stdlib = tmp_path / "python_stdlib.zip"
    stdlib.write_bytes(b"x" * 100 + b"the end")
    monkeypatch.setattr(sys, "path", [str(tmp_path), str(stdlib)])
    module = start_module((107, b"the end"))
    module.start()
    assert "_engine_start" not in sys.modules
    module = start_module((108, b"the end"))
    with pytest.raises(RuntimeError, match="not the standard library this snapshot was made with"):
        module.start()
    module = start_module((107, b"another"))
    with pytest.raises(RuntimeError, match="not the standard library this snapshot was made with"):
        module.start()
    sys.modules.pop("_engine_start", None)


def test_start_writes_pyscripts_package_compiled_where_its_worker_writes_it(tmp_path: Path, monkeypatch):
    """start() writes each pyc the set-up compiled, relative to the working folder (PyScript's worker writes its
    package there), and lets go of them."""
    import sys

    monkeypatch.setattr(sys, "path", [str(tmp_path)])
    monkeypatch.chdir(tmp_path)
    module = start_module((0, b""))
    module.PYSCRIPT.update({"pyscript/__pycache__/__init__.cpython-314.opt-2.pyc": b"code"})
    module.start()
    assert (tmp_path / "pyscript" / "__pycache__" / "__init__.cpython-314.opt-2.pyc").read_bytes() == b"code"
    assert module.PYSCRIPT == {}
    sys.modules.pop("_engine_start", None)
