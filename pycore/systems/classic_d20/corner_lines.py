"""Classic d20 cover on a hex map: the lines from each corner of the attacker's hex to each corner of the target's."""

from __future__ import annotations

import bisect
import math
from collections.abc import Iterable
from fractions import Fraction

from ... import hexgrid as hg
from ...hexgrid import Hex, Vec
from .tables import FULL, PERCENTS

Segment = tuple[Vec, Vec]
"""A corner-to-corner line, from a point of the attacker's hex to a point of the target's (exact plane)."""

REACH = 2.0 + 1e-6
"""A blocker can touch a corner line between two hexes only if its centre is this close to their centres' segment
(two corner radii, in hex sizes)."""
INNER = math.sqrt(3) / 2 - 1e-9
"""A line passing closer than this to a blocker's centre runs through its inside (the inner radius, with room for
rounding); between this and ``OUTER`` the exact test decides."""
OUTER = 1.0 + 1e-9
"""A line passing farther than this from a blocker's centre misses it (the corner radius, with room for rounding)."""


_X, _XR, _Y = hg.SQRT3 / (3 * hg.M), hg.SQRT3 / (6 * hg.M), 1.5 / (3 * hg.M)
"""From the exact plane to hex sizes (pointy-top layout): x = X q + XR r, y = Y r."""


def _pixel(v: Vec) -> tuple[float, float]:
    """A point of the exact plane in hex sizes (pointy-top layout)."""
    return v[0] * _X + v[1] * _XR, v[1] * _Y


def _centre(h: Hex) -> tuple[float, float]:
    return hg.SQRT3 * h.q + hg.SQRT3 / 2 * h.r, 1.5 * h.r


def _distance(c: tuple[float, float], p: tuple[float, float], q: tuple[float, float]) -> float:
    """How far point ``c`` is from the segment ``p``-``q``."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    wx, wy = c[0] - p[0], c[1] - p[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, (wx * dx + wy * dy) / length2))
    return math.hypot(wx - t * dx, wy - t * dy)


def segment_touches(seg: Segment, h: Hex) -> bool:
    """Whether the line runs through the closed hex ``h`` for some length between its two ends (through its inside
    or along an edge); grazing one corner does not count, so a line can pass between two hexes that meet at a corner
    only where no third one closes the gap."""
    return hg.runs_through(seg[0], seg[1], h)


def corner_segments(a: Hex, b: Hex) -> list[Segment]:
    """The 36 lines, each corner of ``a`` to each corner of ``b`` (a shared corner gives a line of no length)."""
    return [(p, q) for p in hg.corners(a) for q in hg.corners(b)]


class Lines:
    """One board's blockers, and the corner lines already tested against them (an overlay's shared work)."""

    def __init__(self, blockers: Iterable[Hex], anchor: Hex | None = None) -> None:
        self.blockers = sorted(blockers)
        """Every hex that breaks lines, in a fixed order."""
        self.centres = [_centre(h) for h in self.blockers]
        """Their centres in hex sizes."""
        self.broken: dict[Segment, bool] = {}
        """Line -> whether some blocker touches it, for lines already tested."""
        self.anchor = anchor
        """A hex at one end of most lines asked about (an overlay's piece that stays), or None."""
        self.rings = self._rings(anchor) if anchor is not None else []
        """Blockers around the anchor in rings of doubling distance: (widest angle, angles sorted, indexes)."""

    def _rings(self, anchor: Hex) -> list[tuple[float, list[float], list[int]]]:
        """The blockers by distance ring and direction from the anchor: a line from the anchor can touch only those
        whose direction is within ``asin(REACH / distance)`` of its own."""
        ax, ay = _centre(anchor)
        by_ring: dict[int, list[tuple[float, int]]] = {}
        for i, (x, y) in enumerate(self.centres):
            d = math.hypot(x - ax, y - ay)
            ring = 0 if d <= 2 * REACH else int(math.log2(d / REACH))
            by_ring.setdefault(ring, []).append((math.atan2(y - ay, x - ax), i))
        rings = []
        for ring, items in sorted(by_ring.items()):
            items.sort()
            widest = math.pi if ring == 0 else math.asin(min(1.0, 1 / 2 ** ring)) + 1e-9
            rings.append((widest, [angle for angle, _ in items], [i for _, i in items]))
        return rings

    def candidates(self, a: Hex, b: Hex) -> list[int]:
        """The blockers (by index) that can touch a line between ``a`` and ``b``."""
        ca, cb = _centre(a), _centre(b)
        if self.anchor in (a, b) and a != b:
            far = cb if self.anchor == a else ca
            here = ca if self.anchor == a else cb
            towards = math.atan2(far[1] - here[1], far[0] - here[0])
            pool: set[int] = set()
            for widest, angles, indexes in self.rings:
                if widest >= math.pi:
                    pool.update(indexes)
                    continue
                for turn in (-2 * math.pi, 0.0, 2 * math.pi):
                    lo = bisect.bisect_left(angles, towards - widest + turn)
                    hi = bisect.bisect_right(angles, towards + widest + turn)
                    pool.update(indexes[lo:hi])
            look = sorted(pool)
        else:
            look = list(range(len(self.blockers)))
        return [i for i in look
                if _distance(self.centres[i], ca, cb) <= REACH and self.blockers[i] != a and self.blockers[i] != b]

    def touches(self, seg: Segment, ends: tuple[tuple[float, float], tuple[float, float]], i: int) -> bool:
        """Whether blocker ``i`` touches the line (a quick answer from distances, else the exact test)."""
        d = _distance(self.centres[i], *ends)
        if d > OUTER:
            return False
        if d < INNER:
            return True
        return segment_touches(seg, self.blockers[i])

    def count(self, a: Hex, b: Hex) -> int:
        """How many of the 36 lines some blocker touches (lines remembered for the next hexes)."""
        near = self.candidates(a, b)
        if not near:
            return 0
        count = 0
        broken = self.broken
        for seg in corner_segments(a, b):
            known = broken.get(seg)
            if known is None:
                p, q = seg
                ends = (p[0] * _X + p[1] * _XR, p[1] * _Y), (q[0] * _X + q[1] * _XR, q[1] * _Y)
                known = broken[seg] = p != q and any(self.touches(seg, ends, i) for i in near)
            count += known
        return count

    def blockers_of(self, a: Hex, b: Hex) -> frozenset[Hex]:
        """Every blocker that touches at least one of the 36 lines."""
        near = self.candidates(a, b)
        segs = [(seg, (_pixel(seg[0]), _pixel(seg[1]))) for seg in corner_segments(a, b) if seg[0] != seg[1]]
        return frozenset(self.blockers[i] for i in near if any(self.touches(seg, ends, i) for seg, ends in segs))


def cover_percent(blocked: int, lines: int, rounding: str) -> int:
    """The cover step for ``blocked`` of ``lines`` broken lines: at or below the share (``down``) or at or above (``up``)."""
    share = Fraction(blocked * FULL, lines)
    if rounding == "up":
        return next(p for p in PERCENTS if p >= share)
    return max(p for p in PERCENTS if p <= share)
