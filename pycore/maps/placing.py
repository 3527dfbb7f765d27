"""Where an imported square map's attacker and target start: two free squares of one room, a few squares apart and in
sight of each other, so a map read from a file opens on a situation that makes sense there."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..geometry import squaregrid as sq
from ..geometry.plane import Vec
from ..geometry.squaregrid import Square
from .square_map import WallLine, line_table

APART = (4, 3, 5, 2, 6, 1)
"""How many squares apart the two start, in order of preference: close enough to share a room, far enough to draw
a line between them that shows something."""
TRIED = 40
"""How many squares nearest a room's middle are tried as the attacker's: enough to find a pair in any room without
trying every square of a large one."""
STEPS = ((1, 0), (0, 1), (-1, 0), (0, -1))
"""The four ways to a neighbouring square, across one edge."""


def _side(a: Vec, b: Vec, c: Vec) -> int:
    """The side of ``c`` from the line ``a``-``b``: 1, -1, or 0 on it."""
    v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (v > 0) - (v < 0)


def _meet(p: Vec, q: Vec, a: Vec, b: Vec) -> bool:
    """Whether the segments ``p``-``q`` and ``a``-``b`` share a point (touching counts: a wall's end on the way
    blocks, which keeps two rooms whose walls only touch apart)."""
    d1, d2, d3, d4 = _side(a, b, p), _side(a, b, q), _side(p, q, a), _side(p, q, b)
    if d1 != d2 and d3 != d4:
        return True

    def on(u: Vec, v: Vec, w: Vec) -> bool:
        return min(u[0], v[0]) <= w[0] <= max(u[0], v[0]) and min(u[1], v[1]) <= w[1] <= max(u[1], v[1])
    return ((d1 == 0 and on(a, b, p)) or (d2 == 0 and on(a, b, q)) or (d3 == 0 and on(p, q, a))
            or (d4 == 0 and on(p, q, b)))


class Standing:
    """The lines that stand in the way (every wall, outline and low wall, and the closed doors), found by square."""

    def __init__(self, m: dict[str, Any]) -> None:
        table, plane = line_table(m)
        self.plane = plane
        self.lines: Sequence[WallLine] = table.lines
        self.index = table.index

    def blocked(self, a: Square, b: Square) -> bool:
        """Whether a standing line meets the segment between the centres of ``a`` and ``b`` (looked for among the
        lines on the squares that segment runs through)."""
        p, q = self.plane.centre(a), self.plane.centre(b)
        near = {i for s in sq.passed(a, b) for i in self.index.get(s, ())}
        return any(_meet(p, q, u, v) for i in sorted(near) if not self.lines[i].open
                   for u, v in zip(self.lines[i].path, self.lines[i].path[1:]))


def rooms(m: dict[str, Any], walls: Standing) -> list[list[Square]]:
    """The board's squares grouped into rooms: squares reached from each other across edges no line stands on."""
    cols, rows = m["cols"], m["rows"]
    seen: set[Square] = set()
    found: list[list[Square]] = []
    for start in sq.rectangle(cols, rows):
        if start in seen:
            continue
        seen.add(start)
        room, todo = [start], [start]
        while todo:
            s = todo.pop()
            for dc, dr in STEPS:
                n = (s[0] + dc, s[1] + dr)
                if sq.on_board(n, cols, rows) and n not in seen and not walls.blocked(s, n):
                    seen.add(n)
                    room.append(n)
                    todo.append(n)
        found.append(room)
    return found


def _touches_edge(room: Iterable[Square], cols: int, rows: int) -> bool:
    """Whether a room reaches the board's edge (the rock around a dungeon usually does, its rooms usually not)."""
    return any(c in (0, cols - 1) or r in (0, rows - 1) for c, r in room)


def _pair(room: list[Square], walls: Standing) -> tuple[Square, Square] | None:
    """Two squares of ``room`` in sight of each other, ``APART`` squares apart along a row or a column, the first
    near the room's middle; None when the room has no such pair."""
    inside = set(room)
    mc = sum(c for c, _ in room) / len(room)
    mr = sum(r for _, r in room) / len(room)
    middle = sorted(room, key=lambda s: ((s[0] - mc) ** 2 + (s[1] - mr) ** 2, s))[:TRIED]
    for apart in APART:
        for a in middle:
            for dc, dr in STEPS:
                b = (a[0] + dc * apart, a[1] + dr * apart)
                if b in inside and not walls.blocked(a, b):
                    return a, b
    return None


def starting_squares(m: dict[str, Any]) -> tuple[Square, Square] | None:
    """The attacker's and the target's squares on the square map ``m`` (validated: cols, rows, walls, doors, lights):
    in the largest room off the board's edge (else the largest room), found by ``_pair``; None when no room has two
    squares that can see each other."""
    walls = Standing(m)
    ranked = sorted(rooms(m, walls), key=lambda room: (not _touches_edge(room, m["cols"], m["rows"]), len(room)),
                    reverse=True)
    for room in ranked:
        found = _pair(room, walls) if len(room) > 1 else None
        if found is not None:
            return found
    return None
