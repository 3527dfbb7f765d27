"""Hex lines from one hex to many: which of some listed hexes each line passes, found by direction, not by walking.

A line is the straight segment between two centres (``hexgrid.straight_line``). Most lines only cross edges: such a
line passes a hex exactly when it points strictly inside the hex's cone as seen from the origin's centre (between
the directions of its two outermost corners), the hex being nearer than the line's far end; along the cone's
boundary it would only graze a corner. A line along a diagonal runs along edges, and passes the hexes of
``hexgrid.line``: the hex ``k`` steps along it is the one holding the point ``k / n`` of the way (``n`` the distance),
a point at distance ``k`` from the origin, on the ring of hexes ``k`` out, whose centres a hexagon joins. Along that
hexagon the point lies in hex ``h`` between the midpoints of ``h`` and its two neighbours on the ring, so the line
passes ``h`` exactly when it points between those two midpoints: strictly between, on both resolutions; along one of
them, the point is on the edge ``h`` shares with that neighbour, and each resolution's nudge decides, the same way
for every edge of a direction (``EDGE_KEEPS``). Each listed hex's directions are worked out once and filed by angle,
so a line looks only at the few listed hexes in its direction.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping
from typing import NamedTuple

from . import hexgrid as hg
from .hexgrid import Hex

SLOTS = 512
"""How many equal angles the directions are filed under."""
MARGIN = 1e-9
"""Radians added on either side of a listed hex's directions when filing it (far more than rounding can move an
angle, so a line is always looked up with every hex it can pass)."""

class ListedHex(NamedTuple):
    """A hex listed under the directions a line from the origin can take to reach it."""

    steps: int
    """How many steps out from the origin it is."""
    q1: int
    r1: int
    q2: int
    r2: int
    """The directions it lies between (axial, counter-clockwise), towards the middles of its edges with its two ring
    neighbours."""
    hex: Hex
    marked: bool
    """Whether it is marked (blocks, or is looked for)."""
    keeps: tuple[bool, bool, bool, bool]
    """Whether a line along the first edge takes it on resolutions 1 and -1, then the same along the second."""
    cone: tuple[int, int, int, int]
    """The directions of its outermost corners, clockwise one first (axial, in thirds)."""


def angle(q: int, r: int) -> float:
    """The direction of the axial vector ``(q, r)`` in the pointy-top layout, radians."""
    return math.atan2(1.5 * r, hg.SQRT3 * (q + r / 2))


def slot(theta: float) -> int:
    """The slot an angle is filed under."""
    return int((theta + math.pi) / (2 * math.pi) * SLOTS) % SLOTS


def _edge_keeps() -> dict[tuple[int, int, int], bool]:
    """(dq, dr, side) -> whether the line of resolution ``side`` through the middle of the edge between a hex and its
    neighbour ``(dq, dr)`` away takes the hex itself. The rounding of that point is the rounding of whole numbers plus
    one half, wherever the edge is and however long the line, so one line per edge direction decides it: from the
    origin to the sum of two neighbouring unit hexes, whose middle step is that edge's middle."""
    out = {}
    units = hg.DIRECTIONS
    for j, step in enumerate(units):
        hex_, beside = units[(j - 2) % 6], units[(j - 1) % 6]  # beside is hex_ + step
        end = hg.add(hex_, beside)
        for side in (1, -1):
            out[(step.q, step.r, side)] = hg.line(hg.Hex.axial(0, 0), end, side)[1] == hex_
    return out


EDGE_KEEPS = _edge_keeps()
"""How each resolution settles a line along an edge (``_edge_keeps``)."""


def along_edges(dq: int, dr: int) -> bool:
    """Whether a line along the axial vector ``(dq, dr)`` runs along hex edges (``hexgrid.along_edges``)."""
    ds = -dq - dr
    return dq == dr or dr == ds or ds == dq


CORNERS = ((2, -1), (1, -2), (-1, -1), (-2, 1), (-1, 2), (1, 1))
"""A hex's corners from its centre, axial, in thirds."""


def _cone(eq: int, er: int) -> tuple[int, int, int, int]:
    """The directions of the outermost corners of the hex at axial ``(eq, er)`` from the origin's centre (in thirds):
    the clockwise one, every corner counter-clockwise of it or on it, then the counter-clockwise one."""
    seen = [(3 * eq + x, 3 * er + y) for x, y in CORNERS]
    low = next(c for c in seen if all(c[0] * o[1] - c[1] * o[0] >= 0 for o in seen))
    high = next(c for c in seen if all(o[0] * c[1] - o[1] * c[0] >= 0 for o in seen))
    return (*low, *high)


class Rays:
    """The hex lines from ``origin``: which ``listed`` hexes each passes strictly between its ends, per resolution."""

    def __init__(self, origin: Hex, listed: Iterable[Hex] | Mapping[Hex, bool]) -> None:
        self.origin = origin
        """The hex every line starts from."""
        self.slots: list[list[ListedHex]] = [[] for _ in range(SLOTS)]
        """The listed hexes by direction: each slot holds every hex a line pointing within it can pass, nearest first."""
        marks = listed if isinstance(listed, Mapping) else {}
        for h in listed:
            k = hg.distance(origin, h)
            if k == 0:
                continue
            eq, er = h.q - origin.q, h.r - origin.r
            ring = [(d.q, d.r) for d in hg.DIRECTIONS
                    if abs(eq + d.q) + abs(er + d.r) + abs(eq + d.q + er + d.r) == 2 * k]
            (a1, b1), (a2, b2) = ring  # the two steps to h's neighbours on its ring
            q1, r1, q2, r2 = 2 * eq + a1, 2 * er + b1, 2 * eq + a2, 2 * er + b2  # towards the edges' middles
            if q1 * r2 - r1 * q2 < 0:
                q1, r1, q2, r2, a1, b1, a2, b2 = q2, r2, q1, r1, a2, b2, a1, b1
            cone = _cone(eq, er)
            first, last = angle(cone[0], cone[1]) - MARGIN, angle(cone[2], cone[3]) + MARGIN  # holds the midpoints'
            if last < first:
                last += 2 * math.pi
            i, j = slot(first), slot(last)
            keeps = (EDGE_KEEPS[(a1, b1, 1)], EDGE_KEEPS[(a1, b1, -1)], EDGE_KEEPS[(a2, b2, 1)], EDGE_KEEPS[(a2, b2, -1)])
            filed = ListedHex(k, q1, r1, q2, r2, h, bool(marks.get(h, False)), keeps, cone)
            for n in range((j - i) % SLOTS + 1):
                self.slots[(i + n) % SLOTS].append(filed)
        for listing in self.slots:
            listing.sort(key=lambda f: f.steps)

    def passed(self, other: Hex) -> tuple[list[Hex], list[Hex]]:
        """The listed hexes strictly between the ends of ``straight_line(origin, other, 1)`` and of
        ``straight_line(origin, other, -1)``, nearest step first."""
        plus, minus = [], []
        for _, h, _, on_plus, on_minus in self._met(other):
            if on_plus:
                plus.append(h)
            if on_minus:
                minus.append(h)
        return plus, minus

    def tally(self, other: Hex) -> tuple[tuple[int, int], tuple[int, int]]:
        """For each resolution of the line to ``other`` (as ``passed``): how many listed hexes it passes, and how many
        of those are marked (``listed`` given as a mapping)."""
        passed_plus = marked_plus = passed_minus = marked_minus = 0
        dq, dr = other.q - self.origin.q, other.r - self.origin.r
        n = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
        if n >= 2 and not along_edges(dq, dr):  # a line that crosses edges passes the hexes its direction is inside
            for k, *_, marked, _, (lq, lr, hq, hr) in self.slots[slot(angle(dq, dr))]:
                if k >= n:
                    break
                if lq * dr - lr * dq > 0 and dq * hr - dr * hq > 0:
                    passed_plus += 1
                    marked_plus += marked
            return (passed_plus, marked_plus), (passed_plus, marked_plus)
        if n >= 2:  # the loop of _met, without a generator: every hex of an overlay is tallied
            for k, q1, r1, q2, r2, _, marked, keeps, _ in self.slots[slot(angle(dq, dr))]:
                if k >= n:
                    break
                c1, c2 = q1 * dr - r1 * dq, dq * r2 - dr * q2
                if c1 > 0 and c2 > 0:
                    passed_plus += 1
                    passed_minus += 1
                    if marked:
                        marked_plus += 1
                        marked_minus += 1
                elif c1 >= 0 and c2 >= 0:  # along the edge at c1 = 0 (the first) or c2 = 0 (the second)
                    on_plus, on_minus = keeps[:2] if c1 == 0 else keeps[2:]
                    if on_plus:
                        passed_plus += 1
                        marked_plus += marked
                    if on_minus:
                        passed_minus += 1
                        marked_minus += marked
        return (passed_plus, marked_plus), (passed_minus, marked_minus)

    def _met(self, other: Hex) -> Iterator[tuple[int, Hex, bool, bool, bool]]:
        """The listed hexes a line to ``other`` passes or, along edges, can pass: step, hex, mark, and whether each
        resolution passes it."""
        dq, dr = other.q - self.origin.q, other.r - self.origin.r
        n = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
        if n < 2:
            return
        if not along_edges(dq, dr):
            for k, *_, h, marked, _, (lq, lr, hq, hr) in self.slots[slot(angle(dq, dr))]:
                if k >= n:
                    break  # filed nearest first
                if lq * dr - lr * dq > 0 and dq * hr - dr * hq > 0:
                    yield k, h, marked, True, True
            return
        for k, q1, r1, q2, r2, h, marked, keeps, _ in self.slots[slot(angle(dq, dr))]:
            if k >= n:
                break  # filed nearest first
            c1, c2 = q1 * dr - r1 * dq, dq * r2 - dr * q2
            if c1 > 0 and c2 > 0:
                yield k, h, marked, True, True
            elif c1 >= 0 and c2 >= 0:  # along an edge of h: each resolution's nudge decides
                on_plus, on_minus = keeps[:2] if c1 == 0 else keeps[2:]
                yield k, h, marked, on_plus, on_minus
