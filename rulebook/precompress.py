"""Precompressed copies: ``x.gz`` and ``x.br`` beside every compressible built file, for hosts that serve them.

Written last, after sw.js, and never listed in its manifest: the offline store keeps each file once,
as it is. The copies are deterministic (gzip without a name or time, brotli at a quality fixed by the file's size), and
kept by content in a cache folder so an unchanged runtime is not compressed again at every build.
"""

from __future__ import annotations

import gzip
import hashlib
from collections.abc import Callable
from importlib import import_module
from pathlib import Path
from types import ModuleType


def brotli_module() -> ModuleType | None:
    """The brotli module when installed (the docs extra pins it), else None: then only .gz copies."""
    try:
        return import_module("brotli")
    except ImportError:
        return None


BROTLI = brotli_module()

COMPRESSIBLE = frozenset({".html", ".js", ".mjs", ".css", ".json", ".map", ".wasm", ".svg", ".txt", ".py",
                          ".xml", ".webmanifest", ".ico", ".zip"})
"""Suffixes worth compressing (text, JavaScript, JSON, wasm, and the stored, uncompressed zips Pyodide and
the build ship); images and the packed runtime files (.zst) are compressed already."""
ENCODINGS = (".gz", ".br")
"""The copies' suffixes, as static hosts look for them."""
BUILT_BY_MKDOCS = frozenset({"sitemap.xml.gz"})
"""Compressed files MkDocs itself writes: site files like any other, not copies of ours."""
MIN_SIZE = 1024
"""Smaller files are sent as they are (a copy would save less than a packet)."""
MAX_RATIO = 0.9
"""A copy is written only when it is at most this fraction of the file."""


def gzip_bytes(data: bytes) -> bytes:
    """Gzip at level 9, with no file name and time 0: the same input always gives the same bytes."""
    return gzip.compress(data, compresslevel=9, mtime=0)


LARGE = 4_000_000
"""From this size (bytes) brotli works at quality 9 instead of 11: the plain 9.6 MB WebAssembly (a fallback; the
runtime ships packed) takes some 40 CPU-seconds of every fresh build at 11 and 3 at 9, for 12% more bytes."""


def brotli_quality(size: int) -> int:
    """The brotli quality for a file of ``size`` bytes: the highest, but for the largest files."""
    return 11 if size < LARGE else 9


def brotli_bytes(data: bytes) -> bytes:
    """Brotli at ``brotli_quality`` (browsers decode it natively)."""
    assert BROTLI is not None
    return bytes(BROTLI.compress(data, quality=brotli_quality(len(data))))


def encoders() -> dict[str, Callable[[bytes], bytes]]:
    """The encodings this build can write: gzip always, brotli when its module is installed."""
    found: dict[str, Callable[[bytes], bytes]] = {".gz": gzip_bytes}
    if BROTLI is not None:
        found[".br"] = brotli_bytes
    return found


def is_copy(path: Path) -> bool:
    """True for a precompressed copy: ``x.gz`` or ``x.br`` beside ``x`` (but MkDocs's own compressed files)."""
    return path.suffix in ENCODINGS and path.name not in BUILT_BY_MKDOCS and path.with_suffix("").is_file()


def compressed(data: bytes, suffix: str, encode: Callable[[bytes], bytes], cache: Path | None) -> bytes:
    """``encode(data)``, read from ``cache`` (by the content's SHA-256) when it was made before."""
    if cache is None:
        return encode(data)
    kept = cache / f"{hashlib.sha256(data).hexdigest()}{suffix}"
    if kept.is_file():
        return kept.read_bytes()
    out = encode(data)
    cache.mkdir(parents=True, exist_ok=True)
    kept.write_bytes(out)
    return out


def precompress(site_dir: Path, cache: Path | None = None) -> list[Path]:
    """Write the copies of every compressible file of ``site_dir``; the copies written."""
    written = []
    found = encoders()
    for path in sorted(p for p in site_dir.rglob("*") if p.is_file()):
        if path.suffix not in COMPRESSIBLE or is_copy(path) or path.with_name(path.name + ".gz").name in BUILT_BY_MKDOCS:
            continue
        data = path.read_bytes()
        if len(data) < MIN_SIZE:
            continue
        for suffix, encode in found.items():
            # the cache keeps a copy per encoding and level: a level changed here is never read from an older copy
            level = f".q{brotli_quality(len(data))}" if suffix == ".br" else ""
            out = compressed(data, level + suffix, encode, cache)
            target = path.with_name(path.name + suffix)
            if len(out) <= MAX_RATIO * len(data):
                target.write_bytes(out)
                written.append(target)
            elif target.exists():
                target.unlink()
    return written
