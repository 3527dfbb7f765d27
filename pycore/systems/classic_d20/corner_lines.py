"""Classic d20 cover on a hex map: the lines from each corner of the attacker's hex to each corner of the target's."""

from __future__ import annotations

from collections.abc import Collection
from fractions import Fraction

from ... import hexgrid as hg
from ...hexgrid import Hex, Vec
from .tables import FULL, PERCENTS

Segment = tuple[Vec, Vec]
"""A corner-to-corner line, from a point of the attacker's hex to a point of the target's (exact plane)."""

_EDGES: dict[Hex, list[hg.Edge]] = {}
"""Each blocker hex's closed outline as edges (counter-clockwise), made once per hex."""


def _edges(h: Hex) -> list[hg.Edge]:
    edges = _EDGES.get(h)
    if edges is None:
        edges = _EDGES[h] = hg._edges(hg._ccw(hg.corners(h)))
    return edges


def segment_touches(seg: Segment, h: Hex) -> bool:
    """Whether the line runs through the closed hex ``h`` for some length between its two ends (through its inside
    or along an edge); grazing one corner does not count, so a line can pass between two hexes that meet at a corner
    only where no third one closes the gap."""
    p, q = seg
    d = (q[0] - p[0], q[1] - p[1])
    if d == (0, 0):
        return False
    span = hg._clip(p, d, _edges(h), strict=False)
    if span is None:
        return False
    lo, hi = span
    # a stretch of positive length inside both the hex and the open segment: lo < hi, lo < 1 and hi > 0
    return hg._lt(lo, hi) and lo[0] < lo[1] and hi[0] > 0


def near_line(a: Hex, b: Hex) -> set[Hex]:
    """Every hex a corner line from ``a`` to ``b`` can touch: the hexes of both centre lines and their neighbours."""
    around: set[Hex] = set()
    for path in hg.lines_both(a, b):
        for h in path:
            around.add(h)
            around.update(hg.neighbors(h))
    around.discard(a)
    around.discard(b)
    return around


def corner_segments(a: Hex, b: Hex) -> list[Segment]:
    """The 36 lines, each corner of ``a`` to each corner of ``b`` (a shared corner gives a line of no length)."""
    return [(p, q) for p in hg.corners(a) for q in hg.corners(b)]


def blocked_lines(a: Hex, b: Hex, blockers: Collection[Hex],
                  cache: dict[tuple[Segment, Hex], bool] | None = None) -> tuple[int, frozenset[Hex]]:
    """How many of the 36 lines some blocker touches, and the blockers that break them (the first found on each).

    ``cache`` (line and hex -> touches) lets an overlay share the lines that neighbouring hexes have in common.
    """
    around = near_line(a, b)
    near = [h for h in around if h in blockers] if len(blockers) > len(around) else [h for h in blockers if h in around]
    if not near:
        return 0, frozenset()
    count, used = 0, set()
    for seg in corner_segments(a, b):
        hit = False
        for h in near:
            if cache is None:
                touches = segment_touches(seg, h)
            else:
                known = cache.get((seg, h))
                touches = segment_touches(seg, h) if known is None else known
                cache[(seg, h)] = touches
            if touches:
                used.add(h)
                hit = True
                break
        count += hit
    return count, frozenset(used)


def cover_percent(blocked: int, lines: int, rounding: str) -> int:
    """The cover step for ``blocked`` of ``lines`` broken lines: at or below the share (``down``) or at or above (``up``)."""
    share = Fraction(blocked * FULL, lines)
    if rounding == "up":
        return next(p for p in PERCENTS if p >= share)
    return max(p for p in PERCENTS if p <= share)
