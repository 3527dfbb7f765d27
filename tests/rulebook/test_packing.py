"""Packing the runtime's big files with Zstandard, and the cache that keeps them."""

import os
from pathlib import Path

import pytest
import zstandard

from rulebook.shipping import packing

DATA = b"pycore " * 5000 + bytes(range(256)) * 40


def test_round_trip_and_the_frame_says_its_size():
    """A packed file is one frame that names its size (the decoder allocates from it) and carries a checksum."""
    packed = packing.pack(DATA)
    assert packing.unpack(packed) == DATA and len(packed) < len(DATA) / 10
    params = zstandard.get_frame_parameters(packed)
    assert params.content_size == len(DATA) and params.has_checksum
    assert packing.head(packed, 7) == b"pycore "


def test_a_damaged_frame_is_refused():
    packed = bytearray(packing.pack(DATA))
    packed[len(packed) // 2] ^= 0xFF
    with pytest.raises(zstandard.ZstdError):
        packing.unpack(bytes(packed))


def test_cache_is_used_and_keeps_the_newest(tmp_path: Path, monkeypatch):
    """A second pack of the same bytes reads the cache (no compression); the folder keeps KEEP files."""
    first = packing.pack(DATA, tmp_path)
    monkeypatch.setattr(packing.zstandard, "ZstdCompressor", lambda **k: pytest.fail("compressed again"))
    assert packing.pack(DATA, tmp_path) == first
    monkeypatch.undo()
    for i in range(packing.KEEP + 2):
        for path in tmp_path.iterdir():
            if path.stat().st_mtime > packing.KEEP + 2:  # the file written last: older than the next one
                os.utime(path, (i, i))
        packing.pack(DATA + bytes([i]), tmp_path)
    kept = {packing.unpack(p.read_bytes())[-1] for p in tmp_path.glob(f"*{packing.SUFFIX}")}
    assert kept == set(range(2, packing.KEEP + 2)) and not list(tmp_path.glob("*.part"))
