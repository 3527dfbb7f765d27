"""The offline store: sw.js, the service worker written last over every file of the finished site."""

from __future__ import annotations

import base64
import hashlib
import json
import mimetypes
import re
from collections.abc import Collection
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

from rulebook.precompress import is_copy

SOURCES = {"build": "assets/offline/sw.js", "serve": "assets/offline/sw-off.js"}
"""Service worker sources in docs_dir: the caching one, and the self-removing one for ``mkdocs serve``.
The build writes one of them to NAME; neither is shipped as it is."""
NAME = "sw.js"
DECLARED = re.compile(r"\b(?:const|let|var)\s+BUILD\b")
"""A declaration of BUILD in the worker's source (the build writes the only one)."""
"""The worker's path in the site (its scope is the whole site)."""
FALLBACK_PAGE = "404.html"
"""What the worker answers for an address the build does not have."""
CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
    ".json": "application/json", ".map": "application/json", ".wasm": "application/wasm",
    ".zip": "application/zip", ".py": "text/plain; charset=utf-8", ".txt": "text/plain; charset=utf-8",
    ".png": "image/png", ".svg": "image/svg+xml", ".ico": "image/x-icon", ".xml": "application/xml",
    ".gz": "application/gzip", ".webmanifest": "application/manifest+json", ".woff2": "font/woff2",
    ".zst": "application/zstd",
}
"""What the service worker says each file is, whatever the host sends."""


def content_type(path: str) -> str:
    """The type the service worker serves a file with."""
    suffix = Path(path).suffix.lower()
    return CONTENT_TYPES.get(suffix) or mimetypes.guess_type(path)[0] or "application/octet-stream"


def offline_manifest(site_dir: Path, salt: str = "", leave_out: Collection[str] = ()) -> dict[str, Any]:
    """Every built file (but the worker itself, precompressed copies, source maps, which only developer tools
    ask for, and the site paths in ``leave_out``: files only a fallback uses) with its SHA-256, size and type;
    the version hashes them all. The maps and ``leave_out`` are listed apart (``network``): the worker fetches
    them from the network, not from the store."""
    files: dict[str, dict[str, Any]] = {}
    network: list[str] = []
    for path in sorted(p for p in site_dir.rglob("*") if p.is_file()):
        rel = path.relative_to(site_dir).as_posix()
        if rel == NAME or is_copy(path):
            continue
        if rel in leave_out or path.suffix == ".map":
            network.append(rel)
            continue
        data = path.read_bytes()
        digest = base64.b64encode(hashlib.sha256(data).digest()).decode()
        files[rel] = {"integrity": f"sha256-{digest}", "size": len(data), "type": content_type(rel)}
    if FALLBACK_PAGE not in files:
        raise PluginError(f"{FALLBACK_PAGE} is missing: the offline worker needs it for unknown addresses")
    listing = "\n".join(f"{rel} {entry['integrity']}" for rel, entry in files.items())
    version = hashlib.sha256((salt + "\n" + listing).encode()).hexdigest()[:16]
    return {"version": version, "fallback": FALLBACK_PAGE, "files": files, "network": network}


def service_worker(site_dir: Path, docs_dir: Path, enabled: bool, leave_out: Collection[str] = ()) -> str:
    """The text of sw.js: the self-removing worker when not ``enabled`` (``mkdocs serve``), else the caching
    one, its source as it is after one line that declares this build's manifest (``const BUILD = {...};``)."""
    source = (docs_dir / SOURCES["build" if enabled else "serve"]).read_text(encoding="utf-8")
    if not enabled:
        return source
    if DECLARED.search(source):
        raise PluginError(f"{SOURCES['build']} must not declare BUILD: the build declares it before the source")
    build = offline_manifest(site_dir, salt=hashlib.sha256(source.encode()).hexdigest(), leave_out=leave_out)
    return f"const BUILD = {json.dumps(build, separators=(',', ':'), sort_keys=True)};\n{source}"


def write_service_worker(site_dir: Path, docs_dir: Path, enabled: bool, leave_out: Collection[str] = ()) -> None:
    """Write sw.js (call last: it lists every file written before it but those in ``leave_out``)."""
    (site_dir / NAME).write_text(service_worker(site_dir, docs_dir, enabled, leave_out), encoding="utf-8")
