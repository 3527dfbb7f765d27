"""Hex lines from one hex to many: which of some listed hexes each line passes, found by direction, not by walking.

The hex ``k`` steps along ``hexgrid.line(origin, other)`` is the one holding the point ``k / n`` of the way (``n``
the distance): a point at distance ``k`` from the origin, on the ring of hexes ``k`` out, whose centres a hexagon
joins. Along that hexagon the point lies in hex ``h`` between the midpoints of ``h`` and its two neighbours on the
ring, so the line passes ``h`` exactly when it points between those two midpoints: strictly between, on both
resolutions; along one of them, the point is on the edge ``h`` shares with that neighbour, and each resolution's
nudge decides (that one step of each is worked out). Each listed hex's two directions are worked out once and filed by
angle, so a line looks only at the few listed hexes in its direction.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from . import hexgrid as hg
from .hexgrid import Hex

SLOTS = 512
"""How many equal angles the directions are filed under."""
MARGIN = 1e-9
"""Radians added on either side of a listed hex's directions when filing it (far more than rounding can move an
angle, so a line is always looked up with every hex it can pass)."""

Filed = tuple[int, int, int, int, int, Hex, bool]
"""A listed hex ``k`` steps out, between directions ``(q1, r1)`` and ``(q2, r2)`` (axial, counter-clockwise), and
whether it is marked."""


def angle(q: int, r: int) -> float:
    """The direction of the axial vector ``(q, r)`` in the pointy-top layout, radians."""
    return math.atan2(1.5 * r, hg.SQRT3 * (q + r / 2))


def slot(theta: float) -> int:
    """The slot an angle is filed under."""
    return int((theta + math.pi) / (2 * math.pi) * SLOTS) % SLOTS


class Rays:
    """The hex lines from ``origin``: which ``listed`` hexes each passes strictly between its ends, per resolution."""

    def __init__(self, origin: Hex, listed: Iterable[Hex] | Mapping[Hex, bool]) -> None:
        self.origin = origin
        """The hex every line starts from."""
        self.slots: list[list[Filed]] = [[] for _ in range(SLOTS)]
        """The listed hexes by direction: each slot holds every hex a line pointing within it can pass."""
        marks = listed if isinstance(listed, Mapping) else {}
        for h in listed:
            k = hg.distance(origin, h)
            if k == 0:
                continue
            eq, er = h.q - origin.q, h.r - origin.r
            ring = [(eq + d.q, er + d.r) for d in hg.DIRECTIONS
                    if abs(eq + d.q) + abs(er + d.r) + abs(eq + d.q + er + d.r) == 2 * k]
            (q1, r1), (q2, r2) = ((eq + nq, er + nr) for nq, nr in ring)
            if q1 * r2 - r1 * q2 < 0:
                q1, r1, q2, r2 = q2, r2, q1, r1
            first, last = angle(q1, r1) - MARGIN, angle(q2, r2) + MARGIN
            if last < first:
                last += 2 * math.pi
            i, j = slot(first), slot(last)
            for n in range((j - i) % SLOTS + 1):
                self.slots[(i + n) % SLOTS].append((k, q1, r1, q2, r2, h, bool(marks.get(h, False))))

    def passed(self, other: Hex) -> tuple[list[Hex], list[Hex]]:
        """The listed hexes strictly between the ends of ``line(origin, other, 1)`` and of ``line(origin, other, -1)``,
        each in the line's order."""
        plus: list[tuple[int, Hex]] = []
        minus: list[tuple[int, Hex]] = []
        for k, h, _, on_plus, on_minus in self._met(other):
            if on_plus:
                plus.append((k, h))
            if on_minus:
                minus.append((k, h))
        plus.sort()
        minus.sort()
        return [h for _, h in plus], [h for _, h in minus]

    def tally(self, other: Hex) -> tuple[tuple[int, int], tuple[int, int]]:
        """For each resolution of the line to ``other`` (as ``passed``): how many listed hexes it passes, and how many
        of those are marked (``listed`` given as a mapping)."""
        passed_plus = marked_plus = passed_minus = marked_minus = 0
        for _, _, marked, on_plus, on_minus in self._met(other):
            if on_plus:
                passed_plus += 1
                marked_plus += marked
            if on_minus:
                passed_minus += 1
                marked_minus += marked
        return (passed_plus, marked_plus), (passed_minus, marked_minus)

    def _met(self, other: Hex) -> list[tuple[int, Hex, bool, bool, bool]]:
        """The listed hexes a line to ``other`` can pass: step, hex, mark, and whether each resolution passes it."""
        dq, dr = other.q - self.origin.q, other.r - self.origin.r
        n = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
        if n < 2:
            return []
        out = []
        for k, q1, r1, q2, r2, h, marked in self.slots[slot(angle(dq, dr))]:
            if k >= n:
                continue
            c1, c2 = q1 * dr - r1 * dq, dq * r2 - dr * q2
            if c1 > 0 and c2 > 0:
                out.append((k, h, marked, True, True))
            elif c1 >= 0 and c2 >= 0:  # along an edge of h: each resolution's nudge decides
                out.append((k, h, marked, hg.line_step(self.origin, other, k, 1) == h,
                            hg.line_step(self.origin, other, k, -1) == h))
        return out
