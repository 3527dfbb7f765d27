"""The runtime's two big files packed with Zstandard: the memory snapshot and Pyodide's WebAssembly.

On a phone's network the start is the bytes it waits for. Hosts compress with gzip at best (GitHub Pages,
and the bench's server, as Netlify does for these types); Zstandard at its high levels makes both files a
quarter smaller again, and the loader unpacks them in the engine's worker with the vendored ``zstddec``
(the reference decoder in WebAssembly, a few ms per MB). A packed file is a Zstandard frame holding its
own size. Packing at level 19 takes seconds, so packed files are kept by content under the build's cache.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import zstandard

LEVEL = 19
"""Zstandard's level: 19 is the highest whose window (8 MB) every decoder accepts."""
SUFFIX = ".zst"
"""A packed file's suffix."""


KEEP = 3
"""How many packed files a cache folder keeps (the newest)."""


def pack(data: bytes, cache: Path | None = None) -> bytes:
    """``data`` as one Zstandard frame with its size, from ``cache`` when it holds it (kept there otherwise,
    beside the newest others up to KEEP)."""
    key = hashlib.sha256(data + str(LEVEL).encode()).hexdigest()[:32]
    cached = cache / f"{key}{SUFFIX}" if cache else None
    if cached and cached.exists():
        return cached.read_bytes()
    packed = zstandard.ZstdCompressor(level=LEVEL, write_content_size=True, write_checksum=True).compress(data)
    if cache and cached:
        cache.mkdir(parents=True, exist_ok=True)
        partial = cached.with_name(f"{cached.name}.{os.getpid()}.part")  # builds side by side share the cache
        partial.write_bytes(packed)
        partial.replace(cached)
        for old in sorted(cache.glob(f"*{SUFFIX}"), key=lambda p: p.stat().st_mtime)[:-KEEP]:
            old.unlink(missing_ok=True)
    return packed


def unpack(packed: bytes) -> bytes:
    """The data a packed file holds."""
    return zstandard.ZstdDecompressor().decompress(packed)


def head(packed: bytes, size: int) -> bytes:
    """The first ``size`` bytes a packed file holds, without unpacking the rest."""
    with zstandard.ZstdDecompressor().stream_reader(packed) as reader:
        return reader.read(size)
