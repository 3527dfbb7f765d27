"""The bench's square map: a 30 x 30 dungeon of rooms with 400 wall segments and 10 doors, as the contract's map
and as a Universal VTT export carrying a picture of about 2 MB (what a map tool writes for such a map)."""

from __future__ import annotations

import base64
import json
import math
import random
import struct
import zlib
from typing import Any

SIZE = 30
"""Squares each way."""
ROOM = 5
"""A room's side, in squares: a 6 x 6 grid of rooms."""
SEGMENTS = 400
"""Wall segments of one square (a polyline of two points each), outer walls included."""
DOORS = 10
"""Doors, in the walls between rooms, every other one open."""
PIXELS = 70
"""Pixels a square in the picture."""


def _segments() -> tuple[list[list[list[int]]], list[list[list[int]]]]:
    """The walls of a grid of rooms, one square a segment, and the door gaps left in them (seeded, so stable)."""
    pick = random.Random(33)
    inner: list[list[list[int]]] = []
    outer: list[list[list[int]]] = []
    for line in range(0, SIZE + 1, ROOM):
        for step in range(SIZE):
            for points in ([[line, step], [line, step + 1]], [[step, line], [step + 1, line]]):
                (outer if line in (0, SIZE) else inner).append(points)
    pick.shuffle(inner)
    doors = inner[:DOORS]
    walls = outer + inner[DOORS:]
    return walls[:SEGMENTS], doors


def dungeon() -> dict[str, Any]:
    """The contract's map: the attacker and the target two rooms apart, the walls and the doors."""
    walls, doors = _segments()
    return {"grid": "square", "cols": SIZE, "rows": SIZE, "attacker": [2, 2], "target": [13, 8],
            "walls": [{"points": points, "kind": "wall"} for points in walls],
            "doors": [{"points": points, "open": i % 2 == 0} for i, points in enumerate(doors)]}


def _picture(megabytes: float) -> bytes:
    """A PNG of the map (a noisy floor, so it compresses as a drawn map does: about ``megabytes`` MB)."""
    side = SIZE * PIXELS
    noise = random.Random(7)
    stored = int(megabytes * 1_000_000 / side)  # bytes a row that do not compress
    rows = []
    for _ in range(side):
        row = bytearray(noise.randbytes(stored) + bytes(side * 3 - stored))
        rows.append(b"\0" + bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows), 6))
            + chunk(b"IEND", b""))


def export(megabytes: float = 1.5) -> str:
    """The dungeon as a Universal VTT export (walls, doors, a light) with its picture: about 2 MB of JSON."""
    m = dungeon()

    def point(p: list[int]) -> dict[str, int]:
        return {"x": p[0], "y": p[1]}

    return json.dumps({
        "format": 0.3,
        "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": SIZE, "y": SIZE}, "pixels_per_grid": PIXELS},
        "line_of_sight": [[point(p) for p in w["points"]] for w in m["walls"]],
        "objects_line_of_sight": [],
        "portals": [{"position": point(d["points"][0]), "bounds": [point(p) for p in d["points"]], "rotation": 0,
                     "closed": not d["open"], "freestanding": False} for d in m["doors"]],
        "lights": [{"position": {"x": 7.5, "y": 7.5}, "range": 6, "intensity": 1, "color": "ffffffff",
                    "shadows": True}],
        "environment": {"baked_lighting": True, "ambient_light": "ff000000"},
        "image": base64.b64encode(_picture(megabytes)).decode("ascii"),
    })


def cave(seed: int = 5, side: int = 20, walls: int = 11, points: int = 135) -> dict[str, Any]:
    """A cave as map makers draw one: ``walls`` curved walls of ``points`` points each (arcs of wavy radius, to three
    decimals, some crossing), on a ``side`` x ``side`` board; the attacker and the target far apart."""
    pick = random.Random(seed)
    out = []
    for w in range(walls):
        cx, cy = pick.uniform(3, side - 3), pick.uniform(3, side - 3)
        r0, a0, span = pick.uniform(1.5, 4), pick.uniform(0, 2 * math.pi), pick.uniform(math.pi, 1.8 * math.pi)
        arc = []
        for i in range(points):
            a = a0 + span * i / (points - 1)
            r = r0 * (1 + 0.15 * math.sin(5 * a + w))
            arc.append([round(min(max(cx + r * math.cos(a), 0), side), 3), round(min(max(cy + r * math.sin(a), 0), side), 3)])
        out.append({"points": arc, "kind": "wall"})
    return {"grid": "square", "cols": side, "rows": side, "attacker": [1, 1], "target": [17, 16], "walls": out}
