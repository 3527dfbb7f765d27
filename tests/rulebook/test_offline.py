"""The offline store: sw.js and its manifest of every built file, and the dev worker under serve."""

import base64
import hashlib
import json
import re
from pathlib import Path

import pytest
from mkdocs.exceptions import PluginError
from repository import ROOT

from rulebook import offline
from rulebook.precompress import is_copy

BUILD = re.compile(r"^const BUILD = (\{.*\});$", re.MULTILINE)
DOCS = ROOT / "site"


def sw_build(site: Path) -> dict:
    """The manifest the build wrote into sw.js."""
    return json.loads(BUILD.search((site / "sw.js").read_text()).group(1))


def integrity(data: bytes) -> str:
    """Subresource-integrity form of a SHA-256."""
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


def fake_site(root: Path) -> Path:
    """A tiny built site: home, one page, a script, the 404 page."""
    for rel, text in {"index.html": "<h1>Home</h1>", "rules/x/index.html": "<h1>X</h1>",
                      "assets/app.js": "console.log(1)", "404.html": "<h1>404 - Not found</h1>"}.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


def test_manifest_lists_every_built_file_with_its_hash(built_site: Path):
    """Every file of the built site but sw.js itself, the precompressed copies, the source maps and (beside the
    packed one) the plain WebAssembly, which only a fallback fetches, is listed, with the
    SHA-256 and size of its bytes; those left out are listed apart, for the network."""
    build = sw_build(built_site)
    on_disk = {p.relative_to(built_site).as_posix() for p in built_site.rglob("*") if p.is_file() and not is_copy(p)}
    maps = {rel for rel in on_disk if rel.endswith(".map")}
    assert maps  # Material's
    packed = any((built_site / "assets" / "runtime").glob("pyodide-*.wasm.zst"))
    fallback_only = {"assets/runtime/pyodide/pyodide.asm.wasm"} if packed else set()
    assert set(build["files"]) == on_disk - {"sw.js"} - maps - fallback_only
    assert set(build["network"]) == maps | fallback_only
    for rel, entry in build["files"].items():
        data = (built_site / rel).read_bytes()
        assert entry["integrity"] == integrity(data), rel
        assert entry["size"] == len(data), rel


def test_manifest_covers_runtime_engine_search_and_fallback(built_site: Path):
    """Pyodide, the engine's worker, the pycore zip, the standard library the pages load, search (index, worker, lunr),
    icons and the 404 page are all precached."""
    files = sw_build(built_site)["files"]
    zip_name = next((built_site / "assets").glob("pycore-*.zip")).name
    stdlib = next((built_site / "assets" / "runtime").glob("stdlib-*.zip"), None)
    stdlib_path = f"assets/runtime/{stdlib.name}" if stdlib else "assets/runtime/pyodide/python_stdlib.zip"
    packed = next((built_site / "assets" / "runtime").glob("pyodide-*.wasm.zst"), None)
    wasm = f"assets/runtime/{packed.name}" if packed else "assets/runtime/pyodide/pyodide.asm.wasm"
    for rel in (wasm, stdlib_path,
                "assets/runtime/pyodide/pyodide.mjs", "assets/runtime/pyscript/worker.js",
                "assets/runtime/pyscript/core.js", "assets/engine/engine.py", f"assets/{zip_name}",
                "assets/engine/start.js", "assets/engine/rpc.js", "search/search_index.json",
                "assets/javascripts/lunr/min/lunr.stemmer.support.min.js",
                "manifest.webmanifest", "assets/icons/icon-512.png", "404.html", "index.html",
                "reference/skirmish-d6/index.html", "assets/offline/offline.js"):
        assert rel in files, rel
    assert [rel for rel in files if re.fullmatch(r"assets/styles/site-[0-9a-f]{12}\.css", rel)]  # our stylesheets, joined
    assert any(re.fullmatch(r"assets/javascripts/workers/search\.[0-9a-f]+\.min\.js", rel) for rel in files)
    assert sw_build(built_site)["fallback"] == "404.html"
    assert files[wasm]["type"] == ("application/zstd" if packed else "application/wasm")
    assert files["assets/runtime/pyodide/pyodide.mjs"]["type"].startswith("text/javascript")
    assert files["index.html"]["type"] == "text/html; charset=utf-8"


def test_sources_of_the_worker_are_not_shipped(built_site: Path):
    """offline/sw.js and offline/sw-off.js are read by the plugin, never copied as they are."""
    assert not (built_site / "assets" / "offline" / "sw.js").exists()
    assert not (built_site / "assets" / "offline" / "sw-off.js").exists()
    text = (built_site / "sw.js").read_text()
    assert text.startswith("const BUILD = {") and "worker.skipWaiting()" in text


def test_hashes_and_version_follow_the_content(tmp_path: Path):
    """Same bytes, same version; one changed file changes its hash and the version, and nothing else."""
    site = fake_site(tmp_path)
    first = offline.offline_manifest(site)
    assert offline.offline_manifest(site) == first
    (site / "assets" / "app.js").write_text("console.log(2)")
    second = offline.offline_manifest(site)
    assert second["version"] != first["version"]
    changed = {rel for rel in first["files"] if first["files"][rel] != second["files"][rel]}
    assert changed == {"assets/app.js"}
    (site / "rules" / "y").mkdir()
    (site / "rules" / "y" / "index.html").write_text("<h1>Y</h1>")
    third = offline.offline_manifest(site)
    assert third["version"] != second["version"] and "rules/y/index.html" in third["files"]
    assert offline.offline_manifest(site, salt="new worker code")["version"] != third["version"]


def test_files_left_out_are_not_stored(tmp_path: Path):
    """A file only a fallback fetches is left out of the store, and out of the version."""
    site = fake_site(tmp_path)
    (site / "assets" / "plain.wasm").write_bytes(b"\0asm")
    whole = offline.offline_manifest(site)
    left = offline.offline_manifest(site, leave_out={"assets/plain.wasm"})
    assert "assets/plain.wasm" in whole["files"] and "assets/plain.wasm" not in left["files"]
    assert set(whole["files"]) - set(left["files"]) == {"assets/plain.wasm"} and left["version"] != whole["version"]
    assert left["network"] == ["assets/plain.wasm"] and whole["network"] == []  # the worker fetches it instead


def test_version_does_not_depend_on_where_the_site_is(tmp_path: Path):
    """The version is a function of the files only: the same site in two folders has one version."""
    a, b = fake_site(tmp_path / "a"), fake_site(tmp_path / "b")
    assert offline.offline_manifest(a)["version"] == offline.offline_manifest(b)["version"]


def test_missing_404_page_fails_the_build(tmp_path: Path):
    """Unknown addresses get the site's 404 page offline, so a build without one is refused."""
    site = fake_site(tmp_path)
    (site / "404.html").unlink()
    with pytest.raises(PluginError, match=r"404.html"):
        offline.offline_manifest(site)


def test_serve_writes_the_self_removing_worker(tmp_path: Path):
    """Under `mkdocs serve` sw.js caches nothing: it deletes our caches and unregisters itself."""
    site = fake_site(tmp_path)
    text = offline.service_worker(site, DOCS, enabled=False)
    assert "unregister()" in text and "caches.delete" in text
    assert "fetch" not in text and "BUILD" not in text
    built = offline.service_worker(site, DOCS, enabled=True)
    assert json.loads(BUILD.search(built).group(1)) == offline.offline_manifest(
        site, salt=hashlib.sha256((DOCS / offline.SOURCES["build"]).read_bytes()).hexdigest())


def test_worker_is_its_source_after_the_builds_manifest(tmp_path: Path):
    """sw.js is one line declaring this build's manifest, then the worker's source unchanged; a source that
    declares BUILD itself fails the build instead of shipping two declarations."""
    site, docs = fake_site(tmp_path / "site"), tmp_path / "docs"
    (docs / offline.SOURCES["build"]).parent.mkdir(parents=True)
    source = "self.addEventListener('install', () => self.skipWaiting());\n"
    (docs / offline.SOURCES["build"]).write_text(source)
    first, rest = offline.service_worker(site, docs, enabled=True).split("\n", 1)
    assert rest == source
    assert json.loads(BUILD.match(first).group(1))["files"] == offline.offline_manifest(site)["files"]
    for text in ("const BUILD = null;", "let  BUILD;"):
        (docs / offline.SOURCES["build"]).write_text(text)
        with pytest.raises(PluginError, match=r"must not declare BUILD"):
            offline.service_worker(site, docs, enabled=True)


def test_content_types():
    """The worker's types: ours for the runtime's files, the platform's guess otherwise."""
    assert offline.content_type("a/b.wasm") == "application/wasm"
    assert offline.content_type("a/b.wasm.zst") == "application/zstd"
    assert offline.content_type("x.MJS") == "text/javascript; charset=utf-8"
    assert offline.content_type("x.unknown-suffix") == "application/octet-stream"


def test_pages_register_the_worker_and_say_offline_mode(built_site: Path):
    """Every page loads offline/offline.js and has the status line (mode "on") and the hidden update prompt."""
    for path in built_site.rglob("*.html"):
        html = path.read_text()
        assert re.search(r'<script type="module" src="[^"]*assets/offline/offline\.js">', html), path
        assert 'data-offline-status="on"' in html and 'role="status"' in html, path
        assert re.search(r'data-offline-update[^>]*hidden', html), path
    # the 404 page is served at any depth, so its links are absolute from the site root
    assert 'src="/assets/offline/offline.js"' in (built_site / "404.html").read_text()
