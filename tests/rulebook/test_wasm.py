"""Reading a WebAssembly module's active data segments, and XORing them into an image."""

import pytest
from repository import NODE_MODULES

from rulebook.shipping import wasm


def uleb(n: int) -> bytes:
    """``n`` as unsigned LEB128."""
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def sleb(n: int) -> bytes:
    """``n`` as signed LEB128."""
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        done = (n == 0 and not byte & 0x40) or (n == -1 and byte & 0x40)
        out.append(byte | (0 if done else 0x80))
        if done:
            return bytes(out)


def section(kind: int, body: bytes) -> bytes:
    return bytes([kind]) + uleb(len(body)) + body


def active(offset: int, data: bytes, flags: int = 0) -> bytes:
    memory = uleb(0) if flags == 2 else b""
    return uleb(flags) + memory + b"\x41" + sleb(offset) + b"\x0b" + uleb(len(data)) + data


def module(*segments: bytes) -> bytes:
    """A module with a type section (skipped), then a data section holding ``segments``."""
    types = section(1, uleb(1) + b"\x60\x00\x00")
    return wasm.MAGIC + types + section(wasm.DATA_SECTION, uleb(len(segments)) + b"".join(segments))


def test_active_segments_in_file_order_passive_left_out():
    """Offsets from constants (one needs two LEB bytes), segments for memory 0 by flags 0 and 2; a passive one
    (flags 1) is not placed."""
    passive = uleb(1) + uleb(3) + b"xyz"
    found = wasm.data_segments(module(active(16, b"abc"), passive, active(1024, b"\1\2", flags=2)))
    assert found == [wasm.Segment(16, b"abc"), wasm.Segment(1024, b"\1\2")]


def test_an_offset_beyond_two_gigabytes_is_unsigned():
    """i32.const is signed: -1 places the segment at the last address."""
    assert wasm.data_segments(module(active(-1, b"z"))) == [wasm.Segment(0xFFFFFFFF, b"z")]


def test_a_module_without_data_has_none():
    assert wasm.data_segments(wasm.MAGIC + section(1, uleb(0))) == []


@pytest.mark.parametrize(("blob", "why"), [
    (b"\0asm\x02\0\0\0", "not a WebAssembly module"),
    (wasm.MAGIC + section(wasm.DATA_SECTION, uleb(1) + uleb(0) + b"\x23\x00\x0b" + uleb(0)), "not a constant"),
    (wasm.MAGIC + section(wasm.DATA_SECTION, uleb(1) + uleb(2) + uleb(1) + b"\x41\x00\x0b" + uleb(0)), "second memory"),
    (wasm.MAGIC + section(wasm.DATA_SECTION, uleb(1) + uleb(0) + b"\x41\x00\x41\x00\x0b" + uleb(0)),
     "more than one constant"),
    (wasm.MAGIC + b"\x0b\xff", "ends inside a number"),
])
def test_what_it_cannot_place_is_refused(blob, why):
    with pytest.raises(wasm.WasmError, match=why):
        wasm.data_segments(blob)


def test_xor_twice_is_no_change_and_once_zeroes_what_the_segments_placed():
    """Address 0 at ``base``: where the image holds the segments' bytes it becomes zeros; XOR again restores it."""
    segments = [wasm.Segment(2, b"abc"), wasm.Segment(8, b"\xff")]
    image = bytearray(b"HEAD" + b"..abc...\xff..")
    original = bytes(image)
    wasm.xor_segments(image, segments, base=4)
    assert bytes(image) == b"HEAD" + b".." + bytes(3) + b"..." + bytes(1) + b".."
    wasm.xor_segments(image, segments, base=4)
    assert bytes(image) == original
    with pytest.raises(wasm.WasmError, match="beyond the image"):
        wasm.xor_segments(bytearray(6), segments, base=4)


def test_pyodides_module_places_its_data_low_in_memory():
    """The vendored Pyodide: thousands of segments, in order, none overlapping, all in the first 16 MB."""
    segments = wasm.data_segments((NODE_MODULES / "pyodide" / "pyodide.asm.wasm").read_bytes())
    assert len(segments) > 1000
    end = 0
    for segment in segments:
        assert segment.offset >= end
        end = segment.offset + len(segment.data)
    assert end < 16 << 20
