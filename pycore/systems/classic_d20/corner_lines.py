"""Classic d20 cover on a hex map: the lines from each corner of the attacker's hex to each corner of the target's."""

from __future__ import annotations

import bisect
import functools
import math
from collections.abc import Iterable
from fractions import Fraction

from ...geometry import hex_plane
from ...geometry import hexgrid as hg
from ...geometry.hexgrid import Hex
from ...geometry.plane import M, Vec
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


_X, _XR, _Y = hg.SQRT3 / (3 * M), hg.SQRT3 / (6 * M), 1.5 / (3 * M)
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
    return hex_plane.runs_through(seg[0], seg[1], h)


def corner_segments(a: Hex, b: Hex) -> list[Segment]:
    """The 36 lines, each corner of ``a`` to each corner of ``b`` (a shared corner gives a line of no length)."""
    return [(p, q) for p in hex_plane.corners(a) for q in hex_plane.corners(b)]


SLOTS = 256
"""How many equal angles the blockers seen from a corner of the anchor are filed under."""
MARGIN = 1e-9
"""Radians added on either side of a blocker's directions when filing it (far more than rounding can move them)."""


Fan = tuple[list[list[tuple[float, int]]], list[tuple[float, int]]]
"""The blockers seen from a point, per slot: (nearest distance, index) nearest first, and the nearest blocker whose
inner circle covers the whole slot as (distance squared, index)."""


def _slot(dx: float, dy: float) -> int:
    """The slot of the direction ``(dx, dy)``."""
    return int((math.atan2(dy, dx) + math.pi) / (2 * math.pi) * SLOTS) % SLOTS


class Lines:
    """One board's blockers, and the corner lines already tested against them (an overlay's shared work)."""

    def __init__(self, blockers: Iterable[Hex], anchor: Hex | None = None) -> None:
        self.blockers = sorted(blockers, key=lambda h: h.qr)
        """Every hex that breaks lines, in a fixed order."""
        self.centres = [_centre(h) for h in self.blockers]
        """Their centres in hex sizes."""
        self.broken: dict[Segment, bool] = {}
        """Line -> whether some blocker touches it, for lines already tested."""
        self.anchor = anchor
        """A hex at one end of most lines asked about (an overlay's piece that stays), or None."""
        self.index = {h: i for i, h in enumerate(self.blockers)}
        """Blocker -> its index."""
        self.fans: list[tuple[Vec, tuple[float, float], Fan]] = [
            (p, _pixel(p), self._fan(p)) for p in hex_plane.corners(anchor)] if anchor is not None else []
        """Per corner of the anchor (exact, and in hex sizes): the blockers a line from it can touch, filed by
        direction (``_fan``)."""
        self.to_corner: dict[Vec, int] = {}
        """Corner -> how many lines from the anchor's corners to it some blocker breaks, for corners already asked."""
        self.own = frozenset(hex_plane.corners(anchor)) if anchor is not None else frozenset()
        """The anchor's corners."""
        self.centre = _centre(anchor) if anchor is not None else (0.0, 0.0)
        """The anchor's centre in hex sizes."""
        self.shade = self._shade(anchor) if anchor is not None else []
        """The blockers by direction from the anchor's centre whose inner circle a line from it can pass (``_shade``)."""

    def _shade(self, anchor: Hex) -> list[tuple[list[float], list[tuple[float, float, int]]]]:
        """Per slot of direction from the anchor's centre ``c``: the blockers (centre ``w`` from ``c``, index) whose
        inner circle a line from ``c`` in that slot can pass, nearest first, with their distances. A line from ``c``
        to a point ``q`` passes such a centre at a fraction ``t`` of the way and a distance ``e`` from it; the line from
        any point within one corner radius of ``c`` to ``q`` then passes it within ``e + (1 - t)``. Below ``INNER``
        every line from the anchor's corners to ``q`` runs through that blocker's inside, as the distance test would
        find."""
        cx, cy = self.centre
        slots: list[list[tuple[float, float, float, int]]] = [[] for _ in range(SLOTS)]
        width = 2 * math.pi / SLOTS
        mine = self.index.get(anchor, -1)
        for i, (bx, by) in enumerate(self.centres):
            wx, wy = bx - cx, by - cy
            d = math.hypot(wx, wy)
            if i == mine or d <= INNER:
                continue
            wide = math.asin(INNER / d) + MARGIN
            towards = math.atan2(wy, wx)
            first = _slot(math.cos(towards - wide), math.sin(towards - wide))
            for n in range(min(int(2 * wide / width) + 2, SLOTS)):
                slots[(first + n) % SLOTS].append((d, wx, wy, i))
        out = []
        for listing in slots:
            listing.sort()
            out.append(([d for d, _, _, _ in listing], [(wx, wy, i) for _, wx, wy, i in listing]))
        return out

    def _fan(self, p: Vec) -> Fan:
        """The blockers seen from the point ``p`` by direction: a blocker lies within its corner radius of its centre,
        so a line from ``p`` can touch it only within ``asin(1 / distance)`` of the centre's direction (a half turn
        when ``p`` is one of its corners), and only past ``distance - 1``. Where a blocker's inner circle (``INNER``)
        covers a whole slot, any line in that slot longer than the blocker's distance runs through its inside: each
        slot keeps the nearest such blocker (its distance squared)."""
        px, py = _pixel(p)
        slots: list[list[tuple[float, int]]] = [[] for _ in range(SLOTS)]
        sure: list[tuple[float, int]] = [(math.inf, -1)] * SLOTS
        width = 2 * math.pi / SLOTS
        mine = self.index.get(self.anchor, -1) if self.anchor is not None else -1
        for i, (cx, cy) in enumerate(self.centres):
            if i == mine:
                continue  # a line's own end breaks nothing
            d = math.hypot(cx - px, cy - py)
            towards = math.atan2(cy - py, cx - px)
            wide = math.asin(min(1.0, 1 / d)) + MARGIN if d > 1 + 1e-9 else math.pi / 2 + MARGIN
            first = _slot(math.cos(towards - wide), math.sin(towards - wide))
            span = int(2 * wide / width) + 2
            for n in range(min(span, SLOTS)):
                slots[(first + n) % SLOTS].append((d - 1 - 1e-9, i))
            inner = math.asin(min(1.0, INNER / d)) - MARGIN
            lo, hi = towards - inner + math.pi, towards + inner + math.pi  # slot n covers [n, n + 1) widths from -pi
            for n in range(math.ceil(lo / width), math.floor(hi / width)):
                if d * d < sure[n % SLOTS][0]:
                    sure[n % SLOTS] = (d * d, i)
        for slot in slots:
            slot.sort()
        return slots, sure

    def candidates(self, a: Hex, b: Hex) -> list[int]:
        """The blockers (by index) that can touch a line between ``a`` and ``b``."""
        ca, cb = _centre(a), _centre(b)
        return [i for i in range(len(self.blockers))
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
        anchor = self.anchor
        if anchor is not None and a.qr != b.qr and anchor.qr in (a.qr, b.qr):
            return self._count_from_anchor(b if anchor.qr == a.qr else a)
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

    def _count_from_anchor(self, other: Hex) -> int:
        """``count`` between the anchor and ``other``: the broken lines to each corner of ``other``, remembered by
        corner, as neighbouring hexes share corners. A corner in a blocker's shade (``_shaded``) has all its lines
        broken; otherwise each line from a corner of the anchor is answered by the nearest blocker whose inner circle
        covers its direction when it reaches that far, else it tests the blockers filed under its direction that are
        near enough, nearest first."""
        skip = self.index.get(other, -1)  # a line's own end breaks nothing
        count = 0
        atan2, pi, turn = math.atan2, math.pi, 2 * math.pi
        cx, cy = self.centre
        for q in hex_plane.corners(other):
            broken = self.to_corner.get(q) if skip < 0 else None
            if broken is None:
                qx, qy = q[0] * _X + q[1] * _XR, q[1] * _Y
                if self._shaded(qx - cx, qy - cy, skip):
                    broken = 5 if q in self.own else 6  # a corner shared with the anchor makes a line of no length
                else:
                    broken = 0
                    for p, (px, py), fan in self.fans:
                        if p == q:
                            continue
                        dx, dy = qx - px, qy - py
                        slot = int((atan2(dy, dx) + pi) / turn * SLOTS) % SLOTS  # as _slot
                        reach2, i = fan[1][slot]
                        through = dx * dx + dy * dy > reach2 and i != skip
                        if through or self._crossed(p, (px, py), q, (qx, qy), fan[0][slot], skip):
                            broken += 1
                if skip < 0:
                    self.to_corner[q] = broken
            count += broken
        return count

    def _shaded(self, vx: float, vy: float, skip: int) -> bool:
        """Whether every line from the anchor's corners to the point ``v`` from its centre runs through the inside
        of one blocker (``_shade``): the blockers short of ``v`` are tried from the nearest to it back."""
        length2 = vx * vx + vy * vy
        if length2 == 0:
            return False
        length = math.sqrt(length2)
        distances, filed = self.shade[int((math.atan2(vy, vx) + math.pi) / (2 * math.pi) * SLOTS) % SLOTS]
        for n in range(bisect.bisect_left(distances, length) - 1, -1, -1):
            wx, wy, i = filed[n]
            along = wx * vx + wy * vy
            if along <= 0 or along >= length2 or i == skip:
                continue
            if abs(vx * wy - vy * wx) / length + 1 - along / length2 < INNER - 1e-7:
                return True
        return False

    def _crossed(self, p: Vec, pp: tuple[float, float], q: Vec, qq: tuple[float, float],
                 filed: list[tuple[float, int]], skip: int) -> bool:
        """Whether a blocker in ``filed`` (the slot of the line's direction, other than the one at index ``skip``)
        touches the line from ``p`` to ``q`` (``pp``, ``qq`` in hex sizes)."""
        (px, py), (qx, qy) = pp, qq
        dx, dy = qx - px, qy - py
        length2 = dx * dx + dy * dy
        far = math.sqrt(length2)
        for near, i in filed:
            if near > far:
                return False
            cx, cy = self.centres[i]
            wx, wy = cx - px, cy - py
            t = max(0.0, min(1.0, (wx * dx + wy * dy) / length2))
            d = math.hypot(wx - t * dx, wy - t * dy)  # as _distance: the centre to the segment
            if d > OUTER or i == skip:
                continue
            if d < INNER or segment_touches((p, q), self.blockers[i]):
                return True
        return False

    def each(self, a: Hex, b: Hex) -> list[tuple[Segment, bool]]:
        """Each of the 36 lines and whether some blocker touches it (a line of no length touches none), in the order
        of ``corner_segments``; the lines ``count`` tested are taken from what it remembered."""
        near = self.candidates(a, b)
        out = []
        for seg in corner_segments(a, b):
            known = self.broken.get(seg)
            if known is None:
                ends = (_pixel(seg[0]), _pixel(seg[1]))
                known = seg[0] != seg[1] and any(self.touches(seg, ends, i) for i in near)
            out.append((seg, known))
        return out

    def blockers_of(self, a: Hex, b: Hex) -> frozenset[Hex]:
        """Every blocker that touches at least one of the 36 lines."""
        near = self.candidates(a, b)
        segs = [(seg, (_pixel(seg[0]), _pixel(seg[1]))) for seg in corner_segments(a, b) if seg[0] != seg[1]]
        return frozenset(self.blockers[i] for i in near if any(self.touches(seg, ends, i) for seg, ends in segs))


@functools.lru_cache(maxsize=256)
def cover_percent(blocked: int, lines: int, rounding: str) -> int:
    """The cover step for ``blocked`` of ``lines`` broken lines: at or below the share (``down``) or at or above
    (``up``); remembered, as an overlay asks the same few again and again."""
    share = Fraction(blocked * FULL, lines)
    if rounding == "up":
        return next(p for p in PERCENTS if p >= share)
    return max(p for p in PERCENTS if p <= share)
