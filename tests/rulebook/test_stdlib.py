"""The trimmed standard library: what it keeps, its cache, and the engine at work on it under Node."""

import io
import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from repository import NODE_MODULES, ROOT

from rulebook.project import PYCORE
from rulebook.shipping import node, stdlib
from rulebook.shipping.archive import Archive, pycore_archive

FULL = NODE_MODULES / "pyodide" / stdlib.FULL
CHECK = Path(__file__).with_name("stdlib_check.py")
SCENARIOS = ROOT / "tests" / "scenarios"
SHORTCODE = re.compile(r"\{\{ *(?:calculator|example|diagram) ([\w-]+) .*?scenario=(\{.*\}) *\}\}")
"""A page's calculator, example or diagram and the scenario it shows."""


def scenarios() -> list[dict[str, object]]:
    """The known-answer scenarios and every scenario the site's pages show, each with an id."""
    cases = [{"id": p.stem, "scenario": {"system": p.parent.name, **json.loads(p.read_text())["scenario"]}}
             for p in sorted(SCENARIOS.rglob("*.json"))]
    for page in sorted((ROOT / "site").rglob("*.md")):
        for n, found in enumerate(SHORTCODE.finditer(page.read_text())):
            cases.append({"id": f"{page.stem}-{n}", "scenario": {**json.loads(found.group(2)), "system": found.group(1)}})
    return cases


def names(data: bytes) -> list[str]:
    """The member names of a zip."""
    return zipfile.ZipFile(io.BytesIO(data)).namelist()


def test_kept_are_the_files_in_use_and_the_safety_names():
    """A file in use is kept; a SAFETY module is kept, a ``x.*`` package whole; nothing else."""
    assert stdlib.kept("dataclasses.py", set()) and stdlib.kept("traceback.py", set())
    assert stdlib.kept("pyodide/ffi/__init__.py", set()) and stdlib.kept("asyncio/tasks.py", set())
    assert stdlib.kept("csv.py", {"csv.py"})
    assert not stdlib.kept("csv.py", set()) and not stdlib.kept("encodings/cp1252.py", set())
    assert not stdlib.kept("pyodide_extra.py", set()) and not stdlib.kept("htmlx.py", set())


def test_trim_leaves_out_what_it_is_told():
    """The archive for a restored snapshot: the kept files but those the snapshot imported."""
    kept = names(stdlib.trim(FULL.read_bytes(), ["csv.py"], ["csv.py", "traceback.py"]))
    assert "csv.py" not in kept and "traceback.py" not in kept and "pyodide/__init__.py" in kept


def test_trim_keeps_only_the_kept_files_and_is_deterministic():
    """The trimmed archive: the kept files of Pyodide's, byte for byte, in sorted order, the same each time."""
    full = FULL.read_bytes()
    one = stdlib.trim(full, ["csv.py", "encodings/__init__.py"])
    assert one == stdlib.trim(full, ["encodings/__init__.py", "csv.py"])
    kept = names(one)
    assert kept == sorted(kept) and {"csv.py", "encodings/__init__.py", "traceback.py", "pyodide/__init__.py"} <= set(kept)
    assert "unittest/__init__.py" not in kept and "encodings/cp1252.py" not in kept
    with zipfile.ZipFile(FULL) as source, zipfile.ZipFile(io.BytesIO(one)) as out:
        assert all(out.read(name) == source.read(name) for name in kept)
    assert len(one) < len(full) // 4


def test_settings_import_the_safety_modules_and_ask_every_request():
    """The recording imports what the snapshot imports for PyScript's worker first, then each SAFETY module (a
    package by its own name), and asks the engine every request."""
    settings = stdlib.settings(NODE_MODULES)
    assert {"asyncio", "inspect", "pathlib"} <= set(settings["start_imports"])
    assert settings["imports"] == sorted(name.removesuffix(".*") for name in stdlib.SAFETY)
    assert "xml.etree" in settings["imports"] and "traceback" in settings["imports"]
    assert settings["requests"] == list(stdlib.REQUESTS)


def test_cached_trim_is_used_without_running_node(tmp_path: Path, monkeypatch):
    """A trimmed archive in the cache under this build's key is used as it is (Node does not run)."""
    archive = Archive("pycore-x.zip", b"zip")
    config = json.dumps(stdlib.settings(NODE_MODULES), sort_keys=True).encode()
    key = stdlib.cache_key(NODE_MODULES, archive, stdlib.MAKER.read_bytes() + stdlib.RECORD.read_bytes() + config)
    (tmp_path / f"{key}.stdlib.zip").write_bytes(b"cached")
    (tmp_path / f"{key}.after.zip").write_bytes(b"after")
    monkeypatch.setattr(node.shutil, "which", lambda name: "/bin/false")
    monkeypatch.setattr(node.subprocess, "run", lambda *a, **k: pytest.fail("node ran"))
    made = stdlib.make_stdlib(NODE_MODULES, archive, tmp_path)
    assert made is not None and (made.whole.data, made.after_snapshot.data) == (b"cached", b"after")
    assert made.whole.path == f"assets/runtime/{made.whole.name}" and made.whole.name.startswith("stdlib-")
    assert made.whole.name != made.after_snapshot.name


def test_without_node_the_whole_stdlib_is_shipped(tmp_path: Path, monkeypatch):
    """No Node: no trimmed archive, and the build goes on."""
    monkeypatch.setattr(node.shutil, "which", lambda name: None)
    assert stdlib.make_stdlib(NODE_MODULES, Archive("pycore-x.zip", b"zip"), tmp_path) is None


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node")
def test_engine_works_from_the_trimmed_stdlib(tmp_path: Path):
    """Pyodide started from the trimmed archive imports every pycore module and every SAFETY module, evaluates
    every scenario of every system, and answers the page's restore and evaluate with
    boards: no import fails."""
    archive = pycore_archive(PYCORE)
    trimmed = stdlib.make_stdlib(NODE_MODULES, archive, tmp_path / "cache")
    assert trimmed is not None
    made = trimmed.whole
    cases = scenarios()
    assert {case["scenario"]["system"] for case in cases} == {"classic-d20", "enchanted-realms", "skirmish-d6"}
    imports = sorted({name.removesuffix(".*") for name in stdlib.SAFETY})
    (tmp_path / "stdlib.zip").write_bytes(made.data)
    (tmp_path / "engine.zip").write_bytes(archive.data)
    (tmp_path / "settings.json").write_text(json.dumps({"imports": imports, "scenarios": cases}))
    job = {"pyodide": str(NODE_MODULES / "pyodide" / "pyodide.mjs"), "stdlib": str(tmp_path / "stdlib.zip"),
           "archive": str(tmp_path / "engine.zip"), "settings": str(tmp_path / "settings.json"),
           "setup": str(CHECK), "out": str(tmp_path / "failed.json")}
    (tmp_path / "job.json").write_text(json.dumps(job))
    proc = subprocess.run(["node", str(stdlib.MAKER), str(tmp_path / "job.json")], cwd=tmp_path,
                          capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert json.loads((tmp_path / "failed.json").read_text()) == []
    assert "unittest/__init__.py" not in names(made.data)
    after = set(names(trimmed.after_snapshot.data))
    assert after < set(names(made.data)) and "fractions.py" not in after and "pyodide/http/__init__.py" in after
