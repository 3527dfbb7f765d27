"""How pages start the engine: the loader filled from its template, or the vendored pyodide.mjs."""

import json
import re
from pathlib import Path

from repository import NODE_MODULES, ROOT

from rulebook.shipping import engine, packing, snapshot
from rulebook.shipping.archive import Archive
from rulebook.shipping.stdlib import Stdlib, Trimmed

ARCHIVE = Archive("pycore-abc.zip", b"zip")
CACHE = ROOT / "build" / "engine-snapshots"
"""The build's own cache: Pyodide's WebAssembly is packed once (seconds at level 19), here as in builds."""
STDLIB = Trimmed(Stdlib("stdlib-def.zip", b"trimmed"), Stdlib("stdlib-fed.zip", b"after"))


def fake_snapshot(size: int = 8192) -> bytes:
    """A snapshot file of an image of ``size`` bytes."""
    return packing.pack(snapshot.sparse_image(b"\1" * size))


def test_engine_lock_is_pyodides_without_packages():
    """The loader gives Pyodide its lock file's info (checked against the runtime) and no packages."""
    lock = json.loads((NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())
    assert engine.pyodide_lock(NODE_MODULES) == {"info": lock["info"], "packages": {}}


def test_without_snapshot_pages_name_pyodide():
    """No snapshot nor trimmed standard library: the worker's interpreter is the vendored pyodide.mjs with its
    whole standard library, and nothing more to write."""
    made = engine.prepare(NODE_MODULES, ARCHIVE, None)
    assert made.interpreter == engine.RUNTIME and made.snapshot is None and made.files == {}
    assert made.to_extra() == {"interpreter": engine.RUNTIME, "runtime": engine.RUNTIME, "snapshot": None,
                               "stdlib": "assets/runtime/pyodide/python_stdlib.zip", "wasm": None,
                               "fetch": [], "pyscript": "assets/runtime/pyscript/core.js",
                               "program": "assets/engine/engine.py"}


def test_trimmed_stdlib_without_snapshot_gets_the_plain_loader():
    """A trimmed standard library without a snapshot: a plain loader hands it to Pyodide; both are written."""
    made = engine.prepare(NODE_MODULES, ARCHIVE, None, STDLIB)
    assert re.fullmatch(r"assets/engine-[0-9a-f]{12}\.mjs", made.interpreter) and made.snapshot is None
    assert made.stdlib == "assets/runtime/stdlib-def.zip" and made.files[made.stdlib] == b"trimmed"
    text = made.files[made.interpreter].decode()
    assert 'const STDLIB = new URL("runtime/stdlib-def.zip", import.meta.url).href;' in text
    assert "stdLibURL: STDLIB" in text and "{{" not in text and set(made.files) == {made.interpreter, made.stdlib}


def test_snapshot_loader_names_both_trimmed_stdlibs():
    """With a snapshot the loader restores it with the archive it was left with, and starts without it
    from the whole trimmed one; pages check the first, both ship."""
    made = engine.prepare(NODE_MODULES, ARCHIVE, fake_snapshot(8192), STDLIB, CACHE)
    text = made.files[made.interpreter].decode()
    assert 'const STDLIB = new URL("runtime/stdlib-fed.zip", import.meta.url).href;' in text
    assert 'const WHOLE_STDLIB = new URL("runtime/stdlib-def.zip", import.meta.url).href;' in text
    assert text.count("stdLibURL: STDLIB") == 1 and text.count("stdLibURL: WHOLE_STDLIB") == 1
    assert made.stdlib == "assets/runtime/stdlib-fed.zip" and made.files[made.stdlib] == b"after"
    assert made.files["assets/runtime/stdlib-def.zip"] == b"trimmed"
    whole = engine.prepare(NODE_MODULES, ARCHIVE, fake_snapshot(8192), cache=CACHE).files
    assert any('new URL("runtime/pyodide/python_stdlib.zip", import.meta.url)' in v.decode() for k, v in whole.items()
               if k.endswith(".mjs"))


def test_loader_is_filled_from_its_template():
    """The loader names this build's snapshot (relative to itself), its image size, the archive and the lock."""
    made = engine.prepare(NODE_MODULES, ARCHIVE, fake_snapshot(8192), cache=CACHE)
    assert re.fullmatch(r"assets/engine-[0-9a-f]{12}\.mjs", made.interpreter)
    assert re.fullmatch(r"assets/runtime/engine-[0-9a-f]{12}\.snap\.zst", made.snapshot)
    text = made.files[made.interpreter].decode()
    assert f'const SNAPSHOT = new URL("runtime/{Path(made.snapshot).name}", import.meta.url).href;' in text
    assert "const SIZE = 8192;" in text and 'const ARCHIVE = new URL("pycore-abc.zip", import.meta.url);' in text
    assert f"const SPARSE = {len(packing.unpack(made.files[made.snapshot]))};" in text
    assert 'import("./runtime/zstddec/zstddec-stream.mjs")' in text
    lock = re.search(r"^const LOCK = (.*); //", text, re.MULTILINE).group(1)
    assert json.loads(lock) == engine.pyodide_lock(NODE_MODULES)
    assert "{{" not in text and "{%" not in text
    assert text.startswith("// The engine's interpreter") and "export async function loadPyodide" in text


def test_snapshot_build_ships_pyodides_webassembly_packed():
    """The loader names the packed WebAssembly (by its content) and the size it unpacks to; the plain file stays
    in the site for the fallback only, out of the offline store."""
    made = engine.prepare(NODE_MODULES, ARCHIVE, fake_snapshot(8192), cache=CACHE)
    raw = (NODE_MODULES / "pyodide" / "pyodide.asm.wasm").read_bytes()
    [wasm] = [path for path in made.files if path.endswith(".wasm.zst")]
    assert re.fullmatch(r"assets/runtime/pyodide-[0-9a-f]{12}\.wasm\.zst", wasm)
    assert packing.unpack(made.files[wasm]) == raw and len(made.files[wasm]) < 0.35 * len(raw)
    text = made.files[made.interpreter].decode()
    assert f'const WASM = new URL("runtime/{Path(wasm).name}", import.meta.url).href;' in text
    assert f"const WASM_SIZE = {len(raw)};" in text
    assert made.fallback_only == ("assets/runtime/pyodide/pyodide.asm.wasm",)
    assert engine.prepare(NODE_MODULES, ARCHIVE, None, STDLIB).fallback_only == ()


def test_pages_fetch_what_the_worker_will_ask_for():
    """With the loader, pages have the loader, its modules, the standard library, the packed WebAssembly and the
    snapshot downloaded from their head; without a snapshot, nothing (Pyodide fetches its files itself)."""
    made = engine.prepare(NODE_MODULES, ARCHIVE, fake_snapshot(8192), STDLIB, CACHE)
    assert made.to_extra()["fetch"] == [made.wasm, made.snapshot, made.interpreter, engine.RUNTIME,
                                        "assets/runtime/pyodide/pyodide.asm.mjs",
                                        "assets/runtime/zstddec/zstddec-stream.mjs", made.stdlib]
    assert made.wasm in made.files
    plain = engine.prepare(NODE_MODULES, ARCHIVE, None, STDLIB).to_extra()
    assert plain["fetch"] == [] and plain["wasm"] is None


def test_loader_name_follows_its_content():
    """Another snapshot is another loader file."""
    one = engine.prepare(NODE_MODULES, ARCHIVE, fake_snapshot(8192), cache=CACHE)
    two = engine.prepare(NODE_MODULES, ARCHIVE, fake_snapshot(12288), cache=CACHE)
    assert one.interpreter != two.interpreter and one.snapshot != two.snapshot


def test_write_replaces_earlier_builds_files(tmp_path: Path):
    """This build's loader, snapshot and standard library are written; earlier ones in the same folders go."""
    (tmp_path / "assets" / "runtime").mkdir(parents=True)
    (tmp_path / "assets" / "engine-000000000000.mjs").write_text("old")
    (tmp_path / "assets" / "runtime" / "engine-000000000000.snap.gz").write_bytes(b"old")
    (tmp_path / "assets" / "runtime" / "engine-000000000000.snap.zst").write_bytes(b"old")
    (tmp_path / "assets" / "runtime" / "pyodide-000000000000.wasm.zst").write_bytes(b"old")
    (tmp_path / "assets" / "runtime" / "stdlib-000000000000.zip").write_bytes(b"old")
    made = engine.prepare(NODE_MODULES, ARCHIVE, fake_snapshot(), STDLIB, CACHE)
    engine.write_engine(tmp_path, made)
    written = sorted(p.relative_to(tmp_path).as_posix() for p in [*tmp_path.rglob("engine-*"), *tmp_path.rglob("stdlib-*"),
                                                                  *tmp_path.rglob("pyodide-*")])
    assert written == sorted(made.files)


def test_calculator_pages_start_the_engine_this_build_made(built_site: Path):
    """Calculator pages name this build's loader (or pyodide.mjs without a snapshot), and it exists."""
    html = (built_site / "calculator" / "skirmish-d6" / "index.html").read_text()
    interpreter = re.search(r'data-interpreter="\.\./\.\./([^"]+)"', html).group(1)
    assert (built_site / interpreter).is_file()
