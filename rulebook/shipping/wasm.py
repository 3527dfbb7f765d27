"""A WebAssembly module's active data segments: the bytes its memory holds before any code has run.

The snapshot stores the memory image XORed with them (``snapshot.sparse_image``), so the part of the image
that CPython's start-up left as the module had it becomes zeros; the loader reads the same segments from
the same file and XORs them back. Only what the format needs for that is read: section headers, and the
data section's segments (memory 0, offset a constant ``i32.const``)."""

from __future__ import annotations

from dataclasses import dataclass

MAGIC = b"\0asm\x01\0\0\0"
"""A WebAssembly binary's first eight bytes: the magic number and version 1."""
DATA_SECTION = 11
"""The id of the section holding the data segments."""
I32_CONST = 0x41
"""The opcode of the constant that places an active segment."""
END = 0x0B
"""The opcode closing an offset expression."""


@dataclass(frozen=True)
class Segment:
    """One active data segment."""

    offset: int
    """Where in memory its bytes go."""
    data: bytes
    """The bytes."""


class WasmError(ValueError):
    """The file is not a WebAssembly module this reader can place the segments of."""


def _uleb(data: bytes, at: int) -> tuple[int, int]:
    """An unsigned LEB128 number at ``at``, and the position after it."""
    value = shift = 0
    while True:
        if at >= len(data):
            raise WasmError("the file ends inside a number")
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, at


def _sleb(data: bytes, at: int) -> tuple[int, int]:
    """A signed LEB128 number at ``at``, and the position after it."""
    value, end = _uleb(data, at)
    bits = 7 * (end - at)
    return (value - (1 << bits) if value >> (bits - 1) & 1 else value), end


def _offset(data: bytes, at: int) -> tuple[int, int]:
    """An active segment's offset expression (``i32.const n end``): n, and the position after it."""
    if data[at] != I32_CONST:
        raise WasmError(f"a data segment placed by opcode 0x{data[at]:02x}, not a constant")
    offset, at = _sleb(data, at + 1)
    if data[at] != END:
        raise WasmError("a data segment's offset is more than one constant")
    return offset & 0xFFFFFFFF, at + 1


def data_segments(wasm: bytes) -> list[Segment]:
    """The module's active data segments for memory 0, in file order (passive segments are left out)."""
    if not wasm.startswith(MAGIC):
        raise WasmError("not a WebAssembly module (version 1)")
    at = len(MAGIC)
    while at < len(wasm):
        section = wasm[at]
        size, body = _uleb(wasm, at + 1)
        at = body + size
        if section != DATA_SECTION:
            continue
        count, pos = _uleb(wasm, body)
        segments = []
        for _ in range(count):
            flags, pos = _uleb(wasm, pos)
            if flags == 1:  # passive: copied by code, not placed
                length, pos = _uleb(wasm, pos)
                pos += length
                continue
            if flags == 2:
                memory, pos = _uleb(wasm, pos)
                if memory:
                    raise WasmError("a data segment for a second memory")
            elif flags:
                raise WasmError(f"a data segment with flags {flags}")
            offset, pos = _offset(wasm, pos)
            length, pos = _uleb(wasm, pos)
            segments.append(Segment(offset, wasm[pos:pos + length]))
            pos += length
        return segments
    return []


def xor_segments(image: bytearray, segments: list[Segment], base: int) -> None:
    """XOR ``image`` in place with the segments, memory address 0 being ``image[base]`` (twice is no change)."""
    for segment in segments:
        start = base + segment.offset
        end = start + len(segment.data)
        if end > len(image):
            raise WasmError("a data segment lies beyond the image")
        part = int.from_bytes(image[start:end], "little") ^ int.from_bytes(segment.data, "little")
        image[start:end] = part.to_bytes(end - start, "little")
