"""Hex grids: cube and axial coordinates, distance, lines, layout, and line of sight between hexes.

The coordinate and line functions follow the conventions of Red Blob Games' generated hex
library (CC0): cube coordinates with ``q + r + s == 0``, six directions starting east and going
counter-clockwise (in pixel space with y down), and line drawing with a tiny nudge so a line that
runs exactly along an edge resolves deterministically. Here the nudge is explicit: both
resolutions are available where a rule cares which side of an edge the line passes.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from typing import NamedTuple

NUDGE = (1e-6, 1e-6, -2e-6)
"""The epsilon added to both ends of a line (cube q, r, s); ``-NUDGE`` resolves the other way."""


@dataclass(frozen=True, order=True)
class Hex:
    """A hex in cube coordinates; the invariant ``q + r + s == 0`` is checked at construction."""

    q: int
    """Cube coordinate q (axial column)."""
    r: int
    """Cube coordinate r (axial row)."""
    s: int
    """Cube coordinate s, always ``-q - r``."""
    _hash: int = field(init=False, repr=False, compare=False)
    """``hash((q, r))``, computed once."""

    def __post_init__(self) -> None:
        if self.q + self.r + self.s != 0:
            raise ValueError(f"not a hex: q + r + s = {self.q + self.r + self.s}, must be 0 ({self.q}, {self.r}, {self.s})")
        object.__setattr__(self, "_hash", hash((self.q, self.r)))

    def __hash__(self) -> int:
        """Computed once: maps look hexes up in dicts and sets again and again."""
        return self._hash

    @classmethod
    def axial(cls, q: int, r: int) -> Hex:
        """The hex at axial ``[q, r]`` (``s = -q - r``); one shared object per hex (see ``_interned``)."""
        return _interned(q, r) if cls is Hex else cls(q, r, -q - r)

    @property
    def qr(self) -> tuple[int, int]:
        """Axial coordinates, as the scenario contract writes them."""
        return (self.q, self.r)


@functools.lru_cache(maxsize=8192, typed=True)
def _interned(q: int, r: int) -> Hex:
    """Hexes are immutable, so one object per ``(q, r)`` can serve every board: dict and set lookups then
    find it by identity instead of calling the dataclass's ``__eq__``, and no hex is built twice while a
    map is edited (a click on a 40 x 40 map: 6% less time in CPython)."""
    return Hex(q, r, -q - r)


class FractionalHex(NamedTuple):
    """A point in cube space (not necessarily a hex centre)."""

    q: float
    r: float
    s: float


DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0, -1), Hex(1, -1, 0), Hex(0, -1, 1), Hex(-1, 0, 1), Hex(-1, 1, 0), Hex(0, 1, -1),
)
DIAGONALS: tuple[Hex, ...] = (
    Hex(2, -1, -1), Hex(1, -2, 1), Hex(-1, -1, 2), Hex(-2, 1, 1), Hex(-1, 2, -1), Hex(1, 1, -2),
)


def add(a: Hex, b: Hex) -> Hex:
    """Vector sum."""
    return Hex(a.q + b.q, a.r + b.r, a.s + b.s)


def subtract(a: Hex, b: Hex) -> Hex:
    """Vector difference ``a - b``."""
    return Hex(a.q - b.q, a.r - b.r, a.s - b.s)


def scale(a: Hex, k: int) -> Hex:
    """``a`` times the whole number ``k``."""
    return Hex(a.q * k, a.r * k, a.s * k)


def rotate_left(a: Hex) -> Hex:
    """Rotate 60 degrees left around the origin."""
    return Hex(-a.s, -a.q, -a.r)


def rotate_right(a: Hex) -> Hex:
    """Rotate 60 degrees right around the origin."""
    return Hex(-a.r, -a.s, -a.q)


def direction(d: int) -> Hex:
    """The unit vector of direction ``d`` (0..5)."""
    return DIRECTIONS[d % 6]


def neighbor(h: Hex, d: int) -> Hex:
    """The hex next to ``h`` in direction ``d``."""
    return add(h, direction(d))


def neighbors(h: Hex) -> list[Hex]:
    """The six hexes around ``h``, in direction order."""
    return [add(h, d) for d in DIRECTIONS]


def diagonal_neighbor(h: Hex, d: int) -> Hex:
    """The hex diagonally across from ``h`` in diagonal direction ``d``."""
    return add(h, DIAGONALS[d % 6])


def length(h: Hex) -> int:
    """Distance from the origin."""
    return (abs(h.q) + abs(h.r) + abs(h.s)) // 2


def distance(a: Hex, b: Hex) -> int:
    """Hexes between ``a`` and ``b`` counted as steps: ``(|dq| + |dr| + |ds|) / 2``."""
    return (abs(a.q - b.q) + abs(a.r - b.r) + abs(a.s - b.s)) // 2


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes exactly ``radius`` from ``center`` (just the centre for radius 0)."""
    if radius == 0:
        return [center]
    h = add(center, scale(direction(4), radius))
    out = []
    for d in range(6):
        for _ in range(radius):
            out.append(h)
            h = neighbor(h, d)
    return out


def spiral(center: Hex, radius: int) -> list[Hex]:
    """Every hex within ``radius`` of ``center``, ring by ring."""
    return [h for k in range(radius + 1) for h in ring(center, k)]


def round_hex(f: FractionalHex | Hex) -> Hex:
    """The hex containing the cube point ``f`` (rounding that keeps ``q + r + s == 0``)."""
    qi, ri, si = round(f.q), round(f.r), round(f.s)
    dq, dr, ds = abs(qi - f.q), abs(ri - f.r), abs(si - f.s)
    if dq > dr and dq > ds:
        qi = -ri - si
    elif dr > ds:
        ri = -qi - si
    else:
        si = -qi - ri
    return Hex(int(qi), int(ri), int(si))


def lerp(a: FractionalHex | Hex, b: FractionalHex | Hex, t: float) -> FractionalHex:
    """The cube point a fraction ``t`` of the way from ``a`` to ``b``."""
    return FractionalHex(a.q * (1 - t) + b.q * t, a.r * (1 - t) + b.r * t, a.s * (1 - t) + b.s * t)


def line(a: Hex, b: Hex, side: int = 1) -> list[Hex]:
    """The hexes a line from ``a`` to ``b`` passes, ``distance + 1`` of them, ends included.

    ``side`` (+1 or -1) picks the direction of the explicit nudge, i.e. which hex is taken where
    the line runs exactly along an edge; +1 matches the reference library.

    The reference library's lerp and cube rounding, worked in exact integers (the point ``i / n`` of the way,
    times ``2 n``) with the nudge settling every tie: where the line runs along an edge, the nudge moves the
    point along that edge, so rounding alone cannot choose a side and floating-point noise would, differently
    in different places on the map; here the nudge's own order does, the same everywhere.
    """
    if side not in (1, -1):
        raise ValueError("side must be +1 or -1")
    n = distance(a, b)
    if n == 0:
        return [a]
    dq, dr, ds = b.q - a.q, b.r - a.r, b.s - a.s
    two_n = 2 * n
    # 2 n x + n for each cube coordinate x of the point: floor division by 2 n rounds x to the nearest whole number
    hq, hr, hs = two_n * a.q + n, two_n * a.r + n, two_n * a.s + n
    # n x: how far the rounded coordinate is from the point, times n
    pq, pr, ps = n * a.q, n * a.r, n * a.s
    up = 0 if side > 0 else 1  # the nudge (+, +, -) rounds halves of q and r up and of s down; side -1 the other way
    down = 1 - up
    out = []
    for _ in range(n + 1):
        qi, ri, si = (hq - up) // two_n, (hr - up) // two_n, (hs - down) // two_n
        eq, er, es = qi * n - pq, ri * n - pr, si * n - ps
        # sign of each distance's nudge term: the nudge shrinks a distance whose error has the nudge's sign
        sq, sr, ss = (eq > 0) - (eq < 0), (er > 0) - (er < 0), (es > 0) - (es < 0)
        mq, mr, ms = eq * sq, er * sr, es * ss
        q_over_r = mq > mr if mq != mr else side * (sr - sq) > 0
        q_over_s = mq > ms if mq != ms else side * (-2 * ss - sq) > 0
        if q_over_r and q_over_s:
            qi = -ri - si
        elif (mr > ms if mr != ms else side * (-2 * ss - sr) > 0):
            ri = -qi - si
        out.append(_interned(qi, ri))
        hq, hr, hs = hq + 2 * dq, hr + 2 * dr, hs + 2 * ds
        pq, pr, ps = pq + dq, pr + dr, ps + ds
    return out


def lines_both(a: Hex, b: Hex) -> tuple[list[Hex], list[Hex]]:
    """The line resolved both ways; the two differ exactly when it runs along hex edges."""
    return line(a, b, 1), line(a, b, -1)


def on_edge(a: Hex, b: Hex) -> bool:
    """Whether the centre-to-centre line from ``a`` to ``b`` runs along an edge somewhere."""
    plus, minus = lines_both(a, b)
    return plus != minus


def between(a: Hex, b: Hex, side: int = 1) -> list[Hex]:
    """The hexes strictly between ``a`` and ``b`` on the line (ends excluded)."""
    return line(a, b, side)[1:-1]


def along_edges(a: Hex, b: Hex) -> bool:
    """Whether the straight line between the centres of ``a`` and ``b`` runs along hex edges: exactly when it points
    along a diagonal (two cube differences equal), as every edge does; other lines only cross edges."""
    dq, dr, ds = b.q - a.q, b.r - a.r, b.s - a.s
    return a != b and (dq == dr or dr == ds or ds == dq)


def point_along(a: Hex, b: Hex, steps_past_b: int, side: int = 1) -> Hex:
    """The hex ``steps_past_b`` hexes beyond ``b`` on the line from ``a`` through ``b`` (negative: back toward ``a``).

    Cube distance is a norm, so the point at parameter ``1 + k / n`` is exactly ``k`` from ``b``; it never falls on
    a corner (a corner's distance from a centre is a whole number and a third or two), but it can fall on the edge
    between two hexes. ``side`` decides there: +1 the hex on the right of the line from ``a`` to ``b`` (map with y
    down), -1 the one on the left. Worked in whole numbers (the point times ``n``), so every such tie is seen: a
    fixed nudge cannot settle the edges it runs along.
    """
    n = distance(a, b)
    if n == 0:
        raise ValueError("a line needs two different hexes")
    if side not in (1, -1):
        raise ValueError("side must be +1 or -1")
    k = steps_past_b
    pq, pr = n * b.q + k * (b.q - a.q), n * b.r + k * (b.r - a.r)
    ps = -pq - pr
    # a hex holds the point when its cube differences from the centre differ pairwise by at most 1 (times n here)
    q0, r0 = (2 * pq + n) // (2 * n), (2 * pr + n) // (2 * n)
    holding = []
    for q in range(q0 - 1, q0 + 2):
        for r in range(r0 - 1, r0 + 2):
            dq, dr, ds = pq - n * q, pr - n * r, ps + n * (q + r)
            if max(abs(dq - dr), abs(dr - ds), abs(ds - dq)) <= n:
                holding.append(_interned(q, r))
    vq, vr = b.q - a.q, b.r - a.r

    def rightness(h: Hex) -> int:
        return vq * (h.r - a.r) - vr * (h.q - a.q)

    return max(holding, key=rightness) if side > 0 else min(holding, key=rightness)


def opposite(center: Hex, x: Hex, y: Hex) -> bool:
    """Whether ``x`` and ``y`` stand on exactly opposite sides of ``center`` (on one straight line through it)."""
    u, v = subtract(x, center), subtract(y, center)
    if length(u) == 0 or length(v) == 0:
        return False
    # antiparallel: u = -k v with k > 0, tested without division
    return u.q * v.r == u.r * v.q and u.q * v.q + u.r * v.r + u.s * v.s < 0


# --- layout: the only part that knows about pixels ---------------------------------------------


class Point(NamedTuple):
    """A point in pixel space."""

    x: float
    y: float


@dataclass(frozen=True)
class Orientation:
    """Forward and inverse matrices of a grid orientation, and the angle of the first corner."""

    f0: float
    """Forward matrix (hex to pixel), row 1 column 1."""
    f1: float
    """Forward matrix, row 1 column 2."""
    f2: float
    """Forward matrix, row 2 column 1."""
    f3: float
    """Forward matrix, row 2 column 2."""
    b0: float
    """Backward matrix (pixel to hex), row 1 column 1."""
    b1: float
    """Backward matrix, row 1 column 2."""
    b2: float
    """Backward matrix, row 2 column 1."""
    b3: float
    """Backward matrix, row 2 column 2."""
    start_angle: float
    """Angle of the first corner, in sixths of a turn."""


SQRT3 = math.sqrt(3.0)
POINTY = Orientation(SQRT3, SQRT3 / 2, 0.0, 3 / 2, SQRT3 / 3, -1 / 3, 0.0, 2 / 3, 0.5)
FLAT = Orientation(3 / 2, 0.0, SQRT3 / 2, SQRT3, 2 / 3, 0.0, -1 / 3, SQRT3 / 3, 0.0)


@dataclass(frozen=True)
class Layout:
    """Orientation, hex size (centre to corner, per axis) and the pixel origin."""

    orientation: Orientation
    """Pointy-top or flat-top."""
    size: Point
    """Size of a hex in pixels (x, y)."""
    origin: Point
    """Pixel position of the centre of hex (0, 0, 0)."""


def to_pixel(layout: Layout, h: Hex) -> Point:
    """Centre of ``h`` in pixels."""
    m = layout.orientation
    x = (m.f0 * h.q + m.f1 * h.r) * layout.size.x
    y = (m.f2 * h.q + m.f3 * h.r) * layout.size.y
    return Point(x + layout.origin.x, y + layout.origin.y)


def from_pixel(layout: Layout, p: Point) -> FractionalHex:
    """The cube point under pixel ``p`` (round it to get the hex)."""
    m = layout.orientation
    pt = Point((p.x - layout.origin.x) / layout.size.x, (p.y - layout.origin.y) / layout.size.y)
    q = m.b0 * pt.x + m.b1 * pt.y
    r = m.b2 * pt.x + m.b3 * pt.y
    return FractionalHex(q, r, -q - r)


def corner_offset(layout: Layout, corner: int) -> Point:
    """Offset of corner ``corner`` (0..5) from a hex centre."""
    angle = 2.0 * math.pi * (layout.orientation.start_angle + corner) / 6
    return Point(layout.size.x * math.cos(angle), layout.size.y * math.sin(angle))


def polygon(layout: Layout, h: Hex) -> list[Point]:
    """The six corners of ``h`` in pixels."""
    c = to_pixel(layout, h)
    return [Point(c.x + o.x, c.y + o.y) for o in (corner_offset(layout, i) for i in range(6))]


# --- offset coordinates (rectangular maps) ------------------------------------------------------

EVEN, ODD = 1, -1


class OffsetCoord(NamedTuple):
    """Column and row of a rectangular map."""

    col: int
    row: int


def qoffset_from_cube(offset: int, h: Hex) -> OffsetCoord:
    """Cube -> offset coordinates for flat-top maps (columns shoved)."""
    return OffsetCoord(h.q, h.r + (h.q + offset * (h.q & 1)) // 2)


def qoffset_to_cube(offset: int, c: OffsetCoord) -> Hex:
    """Offset coordinates of a flat-top map -> cube."""
    q = c.col
    r = c.row - (c.col + offset * (c.col & 1)) // 2
    return Hex(q, r, -q - r)


def roffset_from_cube(offset: int, h: Hex) -> OffsetCoord:
    """Cube -> offset coordinates for pointy-top maps (rows shoved)."""
    return OffsetCoord(h.q + (h.r + offset * (h.r & 1)) // 2, h.r)


def roffset_to_cube(offset: int, c: OffsetCoord) -> Hex:
    """Offset coordinates of a pointy-top map -> cube."""
    q = c.col - (c.row + offset * (c.row & 1)) // 2
    return Hex.axial(q, c.row)


def rectangle(cols: int, rows: int, offset: int = ODD) -> list[Hex]:
    """Every hex of a pointy-top map ``cols`` wide and ``rows`` high (row by row)."""
    return [roffset_to_cube(offset, OffsetCoord(c, r)) for r in range(rows) for c in range(cols)]
