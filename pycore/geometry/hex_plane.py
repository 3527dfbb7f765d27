"""Hexes in the exact plane: whole-number corners, and whether a segment runs through a hex."""

from __future__ import annotations

import functools
from fractions import Fraction

from .hexgrid import Hex, along_edges, line, neighbors
from .plane import M, Vec

# --- the exact plane: hexes with whole-number corners ---------------------------------------------
# Geometry is done in an affine image of the plane where hex corners have integer coordinates:
# centre (3q, 3r) * M and corners at the offsets below times M. Lines, convexity and "passes
# through the interior" survive affine maps, so the answers are exact with integers and Fractions.
#
# An obstacle is a closed hexagon: a line that touches it, even at one corner or along an edge,
# is broken. That is decided exactly for obstacles grown by one part in M = 10**6 around their
# centre (a line with less clearance than that counts as touching), which turns "touches the
# closed hexagon" into "enters the interior of the grown one". Line of sight between whole hexes
# (``clearance.clear_line``) and the corner lines of Classic d20 (``runs_through`` below) are decided in this plane.

CORNER_OFFSETS = ((2, -1), (1, -2), (-1, -1), (-2, 1), (-1, 2), (1, 1))
"""Corner offsets of a hex in the scaled axial plane, counter-clockwise."""
Edge = tuple[int, int, int, int]
"""A polygon edge as (ax, ay, ex, ey): start point and edge vector."""


def corners(h: Hex, grow: int = 0) -> list[Vec]:
    """The six corners of ``h`` in the exact plane, pushed out by ``grow``/M of the hex size."""
    cx, cy, k = 3 * h.q * M, 3 * h.r * M, M + grow
    return [(cx + k * dx, cy + k * dy) for dx, dy in CORNER_OFFSETS]


Chord = tuple[int, int, int, int]
"""Where a line ``p + t d`` runs inside a polygon: ``t`` from ``n0 / d0`` to ``n1 / d1`` (denominators positive),
as ``(n0, d0, n1, d1)``: exact, and compared by cross-multiplying without building fractions."""


def _edges(poly: list[Vec]) -> list[Edge]:
    """Each edge of a CCW polygon as (ax, ay, ex, ey): start point and edge vector."""
    n = len(poly)
    return [(poly[i][0], poly[i][1], poly[(i + 1) % n][0] - poly[i][0], poly[(i + 1) % n][1] - poly[i][1]) for i in range(n)]


def _chord(p: Vec, d: Vec, edges: list[Edge], strict: bool) -> Chord | None:
    """Parameter interval of the line ``p + t d`` inside a convex CCW polygon (open if ``strict``)."""
    px, py = p
    dx, dy = d
    lo_n = lo_d = hi_n = hi_d = 0  # a denominator of 0: no bound yet
    for ax, ay, ex, ey in edges:
        # inside means cross(edge, x - a) >= 0 (CCW); along the line: c0 + t * c1
        c0 = ex * (py - ay) - ey * (px - ax)
        c1 = ex * dy - ey * dx
        if c1 == 0:
            if c0 < 0 or (strict and c0 == 0):
                return None
        elif c1 > 0:  # t >= -c0 / c1
            if lo_d == 0 or lo_n * c1 < -c0 * lo_d:
                lo_n, lo_d = -c0, c1
        elif hi_d == 0 or c0 * hi_d < hi_n * -c1:  # t <= c0 / -c1
            hi_n, hi_d = c0, -c1
    if lo_d == 0 or hi_d == 0:
        return None
    if hi_n * lo_d < lo_n * hi_d or (strict and not lo_n * hi_d < hi_n * lo_d):
        return None
    return lo_n, lo_d, hi_n, hi_d


def _ccw(poly: list[Vec]) -> list[Vec]:
    n = len(poly)
    area = sum(poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1] for i in range(n))
    return poly if area > 0 else list(reversed(poly))


@functools.lru_cache(maxsize=4096)
def _outline(h: Hex) -> list[Edge]:
    """The closed outline of ``h`` as counter-clockwise edges (cached: a map's blockers are asked about again and
    again)."""
    return _edges(_ccw(corners(h)))


def runs_through(p: Vec, q: Vec, h: Hex) -> bool:
    """Whether the segment ``p``-``q`` of the exact plane runs through the closed hex ``h`` for some length
    between its two ends: through its inside or along an edge. Grazing one corner, or meeting it only at an
    end, does not count."""
    d = (q[0] - p[0], q[1] - p[1])
    if d == (0, 0):
        return False
    span = _chord(p, d, _outline(h), strict=False)
    if span is None:
        return False
    n0, d0, n1, d1 = span
    # a stretch of positive length inside both the hex and the open segment: lo < hi, lo < 1 and hi > 0
    return n0 * d1 < n1 * d0 and n0 < d0 and n1 > 0


def straight_line(a: Hex, b: Hex, side: int = 1) -> list[Hex]:
    """The hexes the straight segment from the centre of ``a`` to the centre of ``b`` passes through for some length,
    in order, ends included; a hex it only meets at one corner is not among them.

    Where the segment runs along edges (``along_edges``) it passes through the hexes of ``line``, both hexes beside an
    edge it runs on, and ``side`` picks one of each pair as ``line`` does. Otherwise it crosses each hex's inside,
    and those hexes can be more than ``line`` samples (one per step): a slant crosses two hexes in some steps.
    Each lies next to a hex of ``line``, and is decided exactly in the integer plane (``runs_through``).
    """
    if a == b or along_edges(a, b):
        return line(a, b, side)
    p, q = (3 * a.q * M, 3 * a.r * M), (3 * b.q * M, 3 * b.r * M)
    d = (q[0] - p[0], q[1] - p[1])
    near = {x for h in line(a, b, side)[1:-1] for x in (h, *neighbors(h))} - {a, b}
    entered: list[tuple[int, int, Hex]] = []  # where the segment enters each hex, as a fraction n0 / d0 of the way
    for h in near:
        span = _chord(p, d, _outline(h), strict=False)
        if span is not None:
            n0, d0, n1, d1 = span
            if n0 * d1 < n1 * d0 and n0 < d0 and n1 > 0:  # as runs_through: some length inside the segment
                entered.append((n0, d0, h))
    entered.sort(key=lambda e: Fraction(e[0], e[1]))
    return [a, *(h for _, _, h in entered), b]
