"""Line of sight between whole hexes: whether some unbroken line joins any part of one hex to any part of another.

"An unbroken line from any part of the attacker to any part of the target": a segment from a point of hex ``a``
to a point of hex ``b`` that touches no blocking hex, not even at a corner. Blockers are grown by one part in
``M`` around their centre (``hexgrid``'s exact plane), so "touches the closed hexagon" becomes "enters the inside
of the grown one", and the answer is exact up to a clearance of one millionth of a hex.

The method works in the plane of lines. Take a direction ``u``. The lines along ``u`` are told apart by one
number, their offset ``cross(u, x)`` for any point ``x`` on them, and a convex shape meets the lines of one
interval of offsets: closed for the two ends, open for a grown blocker (a line that only touches it gets past).
The lines along ``u`` that meet both ends are those in the overlap ``W`` of the ends' intervals, and a blocker
breaks such a line exactly when it lies between the ends along it. Whether it does depends on the direction
alone: the blocker and an end lie on either side of some line, so along ``u`` the blocker comes after that end
when the Euclidean dot product of ``u`` with the difference of their centres is positive. So along ``u`` some
line gets through exactly when the blockers between the ends leave a point of ``W`` uncovered.

Which directions to ask: the free part of ``W`` is a union of closed intervals whose ends move continuously with
``u``, so if any direction is free, one is found where a free point first appears, which is where a lower end
meets an upper end: a line through a corner of one shape and a corner of another, of four kinds. An end's lowest
(or highest) corner and a blocker's lowest (highest); one end's lowest and the other's highest (the extreme
directions from one end to the other); one blocker's highest and another's lowest. Hexes all have their corners
at the same offsets from their centres, so each of these is the centres' difference plus a small multiple of a
corner offset, one that is lowest or highest for some direction from one end to the other: listed, not searched.

A blocker next to an end overlaps it by its growth. The part of the end inside it starts no unbroken line, and
without it the end is the hexagon with the shared edge moved in by the growth, whose two new corners are the
blocker's grown corners (they lie on the end's next edges). That trimmed end and the blocker lie on either side
of the moved edge, so the order rule holds; lines from its new corners touching a blocker are asked too.
Coordinates are the exact plane's times 3, so corners made by two trims meeting are whole numbers as well.

Most answers come sooner: the centre line's own direction is asked first (most clear hexes stop there), and a
blocked one between whole hexes is often proved at once, a pair of blockers covering ``W`` throughout each half of
the cone of directions (``covered_throughout``), before the directions are listed.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Iterator, Sequence

from . import hex_plane
from . import hexgrid as hg
from .hexgrid import Hex
from .plane import M, Vec

CORNERS = tuple((3 * x, 3 * y) for x, y in hex_plane.CORNER_OFFSETS)
"""Corner offsets of a hex in this module's plane (the exact plane times 3), counter-clockwise; a hex's corners
lie ``M`` offsets from its centre, a grown blocker's ``M + 1``."""
HALF = CORNERS[:3]
"""Three of them; the other three are their negatives."""
(_H0X, _H0Y), (_H1X, _H1Y), (_H2X, _H2Y) = HALF
SPACING = 9 * M
"""A hex centre lies at ``SPACING * (q, r)``."""
NEXT = frozenset((SPACING * d.q, SPACING * d.r) for d in hg.DIRECTIONS)
"""The centres of a hex's six neighbours, from its own."""
REACH = 2.0 + 1e-6
"""A grown blocker can touch the hull of two hexes only if its centre is this close to their centres' segment (two
corner radii, in hex sizes)."""
SLOTS = 256
"""How many equal angles the blockers seen from an origin are filed under."""
MARGIN = 1e-9
"""Radians added on either side of a blocker's directions when filing it (far more than rounding can move them)."""


def _slot(theta: float) -> int:
    """The slot an angle is filed under."""
    return int((theta + math.pi) / (2 * math.pi) * SLOTS) % SLOTS

Poly = Sequence[Vec]
"""A convex polygon's corners in this module's plane, counter-clockwise."""


def dot(u: Vec, v: Vec) -> int:
    """The Euclidean dot product of two vectors of the plane, up to a positive factor (its sign is what counts)."""
    return 2 * u[0] * v[0] + u[0] * v[1] + u[1] * v[0] + 2 * u[1] * v[1]


def cross(u: Vec, v: Vec) -> int:
    """``u`` x ``v``: positive when ``v`` lies counter-clockwise of ``u``."""
    return u[0] * v[1] - u[1] * v[0]


def place(h: Hex, origin: Hex) -> Vec:
    """The centre of ``h`` in the plane, measured from the centre of ``origin``."""
    return SPACING * (h.q - origin.q), SPACING * (h.r - origin.r)


def hexagon(centre: Vec, size: int) -> list[Vec]:
    """The corners of the hex centred at ``centre``, ``size`` corner offsets out (``M``, or ``M + 1`` grown)."""
    return [(centre[0] + size * x, centre[1] + size * y) for x, y in CORNERS]


def pixel(h: Hex) -> tuple[float, float]:
    """The centre of ``h`` in hex sizes (pointy-top layout)."""
    return hg.SQRT3 * (h.q + h.r / 2), 1.5 * h.r


def nearby(a: Hex, b: Hex, blocking: Iterable[Hex]) -> list[Hex]:
    """The ``blocking`` hexes other than ``a`` and ``b`` that can touch the convex hull of ``a`` and ``b``: centre within
    two radii of the centres' segment."""
    ax, ay = pixel(a)
    return _within(a, b, pixel(b), [(h, pixel(h)) for h in blocking], (ax, ay))


def _within(a: Hex, b: Hex, end: tuple[float, float], placed: Sequence[tuple[Hex, tuple[float, float]]],
            start: tuple[float, float] = (0.0, 0.0)) -> list[Hex]:
    """``nearby`` for blockers given with their centres, ``a`` centred at ``start`` and ``b`` at ``end`` (a box around
    the segment first, as most hexes of a map are far from any one line)."""
    (ax, ay), (bx, by) = start, end
    left, right, top, bottom = min(ax, bx) - REACH, max(ax, bx) + REACH, min(ay, by) - REACH, max(ay, by) + REACH
    vx, vy = bx - ax, by - ay
    vv = vx * vx + vy * vy
    out = []
    ends = (a.q, a.r), (b.q, b.r)
    for h, (hx, hy) in placed:
        if hx < left or hx > right or hy < top or hy > bottom or (h.q, h.r) in ends:
            continue
        wx, wy = hx - ax, hy - ay
        t = max(0.0, min(1.0, (vx * wx + vy * wy) / vv)) if vv else 0.0
        if math.hypot(wx - t * vx, wy - t * vy) <= REACH:
            out.append(h)
    return out


def on_centre_line(a: Hex, b: Hex, h: Hex) -> bool:
    """Whether the centre of ``h`` lies on the centre-to-centre segment of ``a`` and ``b``, strictly between."""
    dq, dr, hq, hr = b.q - a.q, b.r - a.r, h.q - a.q, h.r - a.r
    return hq * dr == hr * dq and 0 < hq * dq + hr * dr < dq * dq + dr * dr


def quick(a: Hex, b: Hex, near: Sequence[Hex]) -> bool | None:
    """The answers found without a search (None when a search is needed)."""
    if a == b or hg.distance(a, b) == 1:
        return True
    if any(on_centre_line(a, b, h) for h in near):
        # every segment from a to b passes, a fraction t of the way, through a copy of the hex centred on the
        # centre line there: a blocker centred on that line holds the whole copy
        return False
    if len(near) <= 1:
        # one blocker off the centre line always leaves the segment between the two corners on its far side clear
        return True
    return None


def clear_line(a: Hex, b: Hex, blocking: Iterable[Hex]) -> bool:
    """Whether some straight segment from any point of hex ``a`` to any point of hex ``b`` touches no blocking hex at
    all (not even an edge or a corner): "an unbroken line from any part of the attacker to any part of the target".
    Exact up to a clearance of one millionth of a hex."""
    if a == b or hg.distance(a, b) == 1:
        return True
    near = nearby(a, b, blocking)
    answer = quick(a, b, near)
    return _clear_line(a, b, frozenset(near)) if answer is None else answer


@functools.lru_cache(maxsize=4096)
def _clear_line(a: Hex, b: Hex, near: frozenset[Hex]) -> bool:
    """``clear_line`` past the blockers that can matter (cached: most edits on a map leave a line's surroundings as
    they were)."""
    return Clearance(a, near).search(b, list(near)) is not None


def trimmed(centre: Vec, blockers: Iterable[Vec]) -> list[Vec]:
    """The hex centred at ``centre`` without the inside of each grown blocker next to it (given by their centres)."""
    poly = hexagon(centre, M)
    for b in blockers:
        grown = hexagon(b, M + 1)
        # the blocker's two grown corners nearest the hex carry the shared edge moved in; keep the hex's side of it
        p, q = sorted(grown, key=lambda c: dot((c[0] - centre[0], c[1] - centre[1]), (c[0] - centre[0], c[1] - centre[1])))[:2]
        along = (q[0] - p[0], q[1] - p[1])
        poly = _clip(poly, p, along, 1 if cross(along, (centre[0] - p[0], centre[1] - p[1])) > 0 else -1)
    return poly


def _clip(poly: list[Vec], p: Vec, along: Vec, keep: int) -> list[Vec]:
    """The part of a convex polygon on the ``keep`` side (+1 left, -1 right) of the line through ``p`` along ``along``,
    boundary included; where the line cuts an edge the new corner is a whole number (see the module's docstring)."""
    sides = [keep * cross(along, (c[0] - p[0], c[1] - p[1])) for c in poly]
    out: list[Vec] = []
    for i, c in enumerate(poly):
        j = (i + 1) % len(poly)
        n, sc, sn = poly[j], sides[i], sides[j]
        if sc >= 0:
            out.append(c)
        if (sc > 0 > sn) or (sc < 0 < sn):
            den = sc - sn
            x, y = c[0] * den + (n[0] - c[0]) * sc, c[1] * den + (n[1] - c[1]) * sc
            if x % den or y % den:
                raise ArithmeticError("a trimmed corner off the plane's grid")
            out.append((x // den, y // den))
    return out


def _window(ux: int, uy: int, poly: Poly) -> tuple[int, int]:
    """The offsets of the lines along ``u`` that meet a convex polygon: its lowest and highest ``cross(u, corner)``."""
    offsets = [ux * y - uy * x for x, y in poly]
    return min(offsets), max(offsets)


def free_offset(u: Vec, d: Vec, between: Sequence[Vec], ends: tuple[Poly | None, Poly | None],
                surely: Sequence[Vec] = ()) -> int | None:
    """The offset of a line along ``u`` (turned to point from the origin's hex to the other) that joins the hex at
    the origin to the hex centred at ``d`` without entering a grown blocker centred at any of ``between`` (or of
    ``surely``: blockers known to lie between the ends along ``u``), or None; ``ends`` are the two ends' trimmed
    corners, or None for a whole hex."""
    ux, uy = u
    toward = 2 * ux * d[0] + ux * d[1] + uy * d[0] + 2 * uy * d[1]
    if toward <= 0:
        if toward == 0:
            return None
        ux, uy = -ux, -uy
    k = max(abs(ux * _H0Y - uy * _H0X), abs(ux * _H1Y - uy * _H1X), abs(ux * _H2Y - uy * _H2X))
    first, second = ends
    low, high = (-M * k, M * k) if first is None else _window(ux, uy, first)
    if second is None:
        s = ux * d[1] - uy * d[0]
        low, high = max(low, s - M * k), min(high, s + M * k)
    else:
        lo2, hi2 = _window(ux, uy, second)
        low, high = max(low, lo2), min(high, hi2)
    if low > high:
        return None  # no line along u meets both ends
    grown = (M + 1) * k
    spans = []
    for ex, ey in surely:
        centre = ux * ey - uy * ex
        if centre + grown > low and centre - grown < high:
            spans.append((centre - grown, centre + grown))
    for ex, ey in between:
        centre = ux * ey - uy * ex
        lo, hi = centre - grown, centre + grown
        if hi <= low or lo >= high:
            continue  # the blocker's lines miss W
        fx, fy = d[0] - ex, d[1] - ey
        if (2 * ux * ex + ux * ey + uy * ex + 2 * uy * ey <= 0
                or 2 * ux * fx + ux * fy + uy * fx + 2 * uy * fy <= 0):
            continue  # behind the first end or beyond the second along u
        spans.append((lo, hi))
    x = low
    while True:
        reach = None
        for lo, hi in spans:
            if lo < x < hi and (reach is None or hi > reach):
                reach = hi
        if reach is None:
            return x  # the line at offset x gets through
        if reach > high:
            return None
        x = reach


def extremes(vectors: Iterable[Vec]) -> tuple[Vec, Vec]:
    """The clockwise-most and counter-clockwise-most of vectors that lie within less than a half turn."""
    it = iter(vectors)
    right = left = next(it)
    for v in it:
        if cross(right, v) < 0:
            right = v
        elif cross(left, v) > 0:
            left = v
    return right, left


def supporting(cone: tuple[Vec, Vec]) -> list[Vec]:
    """The corner offsets that are a hex's lowest or highest across the lines of some direction in ``cone``."""

    def tops(u: Vec) -> list[int]:
        offsets = [cross(u, c) for c in CORNERS]
        best = max(offsets)
        return [i for i in range(6) if offsets[i] == best]

    right, left = tops(cone[0]), tops(cone[1])
    # counter-clockwise from the right end's first top to the left end's last (two tops: a direction along an edge)
    start = right[0] if len(right) == 1 or right[1] - right[0] == 1 else right[1]
    end = left[-1] if len(left) == 1 or left[-1] - left[0] == 1 else left[0]
    found = [CORNERS[(start + n) % 6] for n in range((end - start) % 6 + 1)]
    return [c for c in CORNERS if c in found or (-c[0], -c[1]) in found]


def tangents(p: Vec, b: Vec) -> list[Vec]:
    """The directions from ``p`` to the corners of the grown blocker centred at ``b`` where a line from ``p`` only
    touches it."""
    grown = hexagon(b, M + 1)
    out = []
    for i, (cx, cy) in enumerate(grown):
        vx, vy = cx - p[0], cy - p[1]
        (bx, by), (ax, ay) = grown[i - 1], grown[(i + 1) % 6]
        s1 = vx * (by - p[1]) - vy * (bx - p[0])
        s2 = vx * (ay - p[1]) - vy * (ax - p[0])
        if (vx or vy) and ((s1 >= 0 and s2 >= 0) or (s1 <= 0 and s2 <= 0)):
            out.append((vx, vy))
    return out


def covered_throughout(first: Vec, last: Vec, d: Vec, surely: Sequence[Vec], maybe: Sequence[Vec],
                       top: Vec) -> bool:
    """Whether two of the blockers (or one twice) cover ``W`` along every direction from ``first`` to ``last``, two
    directions on one side of the centre line's, between whole hexes, where the corner ``top`` is the highest all
    along: there the offsets, the half-width ``k``, the order signs and ``W``'s two ends (one end's lowest line and the
    other's highest) are all linear in the direction, so a pair that covers ``W`` with room to spare at both directions
    covers it between them (a proof that no line gets through there; ``surely``: blockers known to lie between)."""
    fits = []
    for u in (first, last):
        ux, uy = u
        k = ux * top[1] - uy * top[0]
        s = ux * d[1] - uy * d[0]
        grown = (M + 1) * k
        low, high = (-M * k, s + M * k) if s <= 0 else (s - M * k, M * k)
        placed = []
        for n, (ex, ey) in enumerate((*surely, *maybe)):
            fx, fy = d[0] - ex, d[1] - ey
            between = n < len(surely) or (2 * ux * ex + ux * ey + uy * ex + 2 * uy * ey > 0
                                          and 2 * ux * fx + ux * fy + uy * fx + 2 * uy * fy > 0)
            placed.append((between, ux * ey - uy * ex))
        fits.append((grown, low, high, placed))
    count = len(surely) + len(maybe)
    lows = [i for i in range(count) if all(f[3][i][0] and f[3][i][1] - f[0] < f[1] for f in fits)]
    highs = [i for i in range(count) if all(f[3][i][0] and f[3][i][1] + f[0] > f[2] for f in fits)]
    return any(all(f[3][j][1] - f[0] < f[3][i][1] + f[0] for f in fits) for i in lows for j in highs)


class Clearance:
    """``clear_line`` from one hex to many past the same blockers: what depends on that hex alone is worked once."""

    def __init__(self, origin: Hex, blockers: Iterable[Hex]) -> None:
        self.origin = origin
        """The hex every line starts from."""
        self.blockers = list(blockers)
        """Every hex that breaks lines."""
        beside = [place(h, origin) for h in self.blockers if hg.distance(h, origin) == 1]
        self.own = trimmed((0, 0), beside) if beside else None
        """The origin's corners without its neighbouring blockers (None when none is next to it)."""
        whole = hexagon((0, 0), M)
        self.new = [c for c in self.own or () if c not in whole]
        """The corners that trimming made."""
        self.touching: dict[Hex, list[Vec]] = {}
        """Blocker -> the directions from the new corners that only touch it."""
        self.centre = pixel(origin)
        """The origin's centre in hex sizes."""
        self.slots: list[list[tuple[Hex, tuple[float, float]]]] = []
        """The blockers by direction from the origin (``filed``), once ``clear`` has been asked."""

    def filed(self) -> list[list[tuple[Hex, tuple[float, float]]]]:
        """The blockers by direction from the origin: each slot holds, in the blockers' order, every blocker that a
        segment from the origin's centre pointing within the slot can pass within ``REACH`` of, with its centre."""
        if not self.slots:
            ox, oy = self.centre
            self.slots = [[] for _ in range(SLOTS)]
            for h in self.blockers:
                x, y = pixel(h)
                x, y = x - ox, y - oy
                distance = math.hypot(x, y)
                wide = math.asin(REACH / distance) + MARGIN if distance > REACH else math.pi
                first = _slot(math.atan2(y, x) - wide)
                for n in range(min(int(2 * wide / (2 * math.pi) * SLOTS) + 2, SLOTS)):
                    self.slots[(first + n) % SLOTS].append((h, (x, y)))
        return self.slots

    def clear(self, other: Hex) -> bool:
        """``clear_line(origin, other, blockers)``."""
        if other == self.origin or hg.distance(other, self.origin) == 1:
            return True
        (ox, oy), (x, y) = self.centre, pixel(other)
        x, y = x - ox, y - oy
        near = _within(self.origin, other, (x, y), self.filed()[_slot(math.atan2(y, x))])
        answer = quick(self.origin, other, near)
        return self.search(other, near) is not None if answer is None else answer

    def search(self, other: Hex, near: Sequence[Hex]) -> tuple[Vec, int] | None:
        """A free line from the origin's hex to ``other`` past the blockers ``near`` (all that can touch the hull of
        the two, at least two apart): its direction and offset (``free_offset``), or None when there is none."""
        d = place(other, self.origin)
        between = [place(h, self.origin) for h in near]
        beside = [e for e in between if (e[0] - d[0], e[1] - d[1]) in NEXT]
        theirs = trimmed(d, beside) if beside else None
        ends = (self.own, theirs)
        x = free_offset(d, d, between, ends)
        if x is not None:
            return d, x  # the centre line's direction, tried before anything else is worked out
        if self.own is None and theirs is None:
            cone = extremes((d[0] + 2 * M * cx, d[1] + 2 * M * cy) for cx, cy in CORNERS)
        else:
            mine = self.own or hexagon((0, 0), M)
            cone = extremes((z[0] - o[0], z[1] - o[1]) for z in theirs or hexagon(d, M) for o in mine)
        # the order along a direction is a sign that is linear in it: a blocker after the origin and before the other
        # end at both ends of the cone is so along all of it; one behind the origin or beyond the other end at both
        # ends never counts
        sure: list[tuple[Hex, Vec]] = []
        unsure: list[tuple[Hex, Vec]] = []
        (rx, ry), (lx, ly) = cone
        for h, e in zip(near, between):
            (ex, ey), (fx, fy) = e, (d[0] - e[0], d[1] - e[1])
            after = (2 * rx * ex + rx * ey + ry * ex + 2 * ry * ey > 0, 2 * lx * ex + lx * ey + ly * ex + 2 * ly * ey > 0)
            before = (2 * rx * fx + rx * fy + ry * fx + 2 * ry * fy > 0, 2 * lx * fx + lx * fy + ly * fx + 2 * ly * fy > 0)
            if (after[0] or after[1]) and (before[0] or before[1]):
                (sure if after[0] and after[1] and before[0] and before[1] else unsure).append((h, e))
        surely, maybe = [e for _, e in sure], [e for _, e in unsure]
        whole = self.own is None and theirs is None
        if whole and self.blocked(d, cone, surely, maybe):
            return None
        dx, dy = d
        kept = sure + unsure
        for u, corner, end in self.directions(d, [h for h, _ in kept], [e for _, e in kept], cone, theirs):
            ux, uy = u
            if 2 * ux * dx + ux * dy + uy * dx + 2 * uy * dy < 0:
                ux, uy = -ux, -uy
            if rx * uy - ry * ux < 0 or ux * ly - uy * lx < 0:
                continue  # outside the cone no line along u meets both ends
            if end and whole:
                # a blocker's lowest (highest) corner meeting an end's starts a free line only where that end's
                # lowest (highest) line bounds W: the origin's below the centre line's direction, the other's above
                c, side = ux * corner[1] - uy * corner[0], ux * dy - uy * dx
                if c and side and ((c > 0) == (side > 0)) != (end > 0):
                    continue
            x = free_offset((ux, uy), d, maybe, ends, surely)
            if x is not None:
                return (ux, uy), x
        return None

    @staticmethod
    def blocked(d: Vec, cone: tuple[Vec, Vec], surely: Sequence[Vec], maybe: Sequence[Vec]) -> bool:
        """A quick proof that no line gets through between whole hexes: the cone's two halves (either side of the
        centre line's direction) each covered throughout by a pair of blockers (``covered_throughout``), the same
        corner highest all across the cone; False when that does not show it (the search then decides)."""
        right, left = cone

        def top(u: Vec) -> list[Vec]:
            offsets = [cross(u, c) for c in CORNERS]
            return [c for c, o in zip(CORNERS, offsets) if o == max(offsets)]

        highest = top(right)
        if len(highest) != 1 or top(left) != highest:
            return False  # the highest corner changes within the cone: not linear throughout
        return (covered_throughout(right, d, d, surely, maybe, highest[0])
                and covered_throughout(d, left, d, surely, maybe, highest[0]))

    def directions(self, d: Vec, near: Sequence[Hex], between: Sequence[Vec], cone: tuple[Vec, Vec],
                   theirs: Poly | None) -> Iterator[tuple[Vec, Vec, int]]:
        """The directions where a free line can first appear (see the module's docstring), after the centre line's:
        each with, for a line through a blocker's corner and the same corner of an end, that corner offset and which
        end (1 the origin's, -1 the other's; 0 for the other kinds)."""
        none = (0, 0)
        for u in cone:
            yield u, none, 0
        corners = supporting(cone)
        for ex, ey in between:
            for c in corners:
                yield (ex + c[0], ey + c[1]), c, 1
                yield (ex - d[0] + c[0], ey - d[1] + c[1]), c, -1
        grow = 2 * (M + 1)
        for i, (ex, ey) in enumerate(between):
            for gx, gy in between[i + 1:]:
                for cx, cy in corners:
                    yield (ex - gx + grow * cx, ey - gy + grow * cy), none, 0
        if self.new:
            for h, e in zip(near, between):
                if h not in self.touching:
                    self.touching[h] = [v for p in self.new for v in tangents(p, e)]
                for u in self.touching[h]:
                    yield u, none, 0
        if theirs is not None:
            whole = hexagon(d, M)
            for p in theirs:
                if p not in whole:
                    for e in between:
                        for u in tangents(p, e):
                            yield u, none, 0
