"""The exact plane shared by hexes and squares: whole-number points at one scale, and blockers grown by one part in it.

A line with less clearance than 1/M of a cell counts as touching what it passes; growing every blocker by that much
turns "touches the closed shape" into "enters the interior of the grown one", which integers and Fractions decide
exactly."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from .squaregrid import Square

M = 10**6
"""Scale of the exact plane: a cell's size is M units, and blockers grow by 1/M of it."""

Vec = tuple[int, int]
"""A point or direction in the exact plane."""

Exact = tuple[Fraction, Fraction]
"""A point in grid units, exact."""


def nudged(p: Vec, towards: Vec) -> Vec:
    """``p`` moved ``1/M`` of the way to ``towards`` (points of a plane where that is a whole number: a corner and its
    square's centre): a line's end on a wall taken to its own side of it."""
    dx, dy = towards[0] - p[0], towards[1] - p[1]
    assert dx % M == 0 and dy % M == 0, "a nudge off the plane's grid"
    return p[0] + dx // M, p[1] + dy // M


Shape = tuple[Vec, ...]
"""A convex polygon of the scaled plane, its corners in order around it."""


@dataclass(frozen=True)
class Plane:
    """The scaled plane of one map: grid units times ``scale``, a whole number; blockers grow by ``grow``."""

    scale: int
    """Plane units per grid unit."""
    grow: int
    """How far a blocker grows, in plane units (``scale / M``)."""

    def vec(self, p: Exact) -> Vec:
        """A grid point in the plane (exact: ``scale`` is a multiple of every denominator)."""
        x, y = p[0] * self.scale, p[1] * self.scale
        assert x.denominator == 1 and y.denominator == 1, "the plane's scale misses a denominator"
        return int(x), int(y)

    def centre(self, square: Square) -> Vec:
        """The centre of square ``square`` (``scale`` is even)."""
        half = self.scale // 2
        return square[0] * self.scale + half, square[1] * self.scale + half

    def square(self, square: Square, grow: int = 0) -> Shape:
        """The corners of square ``square``, pushed out by ``grow`` plane units."""
        k = self.scale
        x0, y0, x1, y1 = square[0] * k - grow, square[1] * k - grow, (square[0] + 1) * k + grow, (square[1] + 1) * k + grow
        return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))

    def wall(self, a: Exact, b: Exact) -> Shape:
        """The grown wall from ``a`` to ``b``: the hull of its ends moved ``grow`` each way along both axes."""
        g = self.grow
        ends = (self.vec(a), self.vec(b))
        return hull([(x + sx * g, y + sy * g) for x, y in ends for sx in (-1, 1) for sy in (-1, 1)])


def plane_for(points: Iterable[Exact]) -> Plane:
    """The plane in which every one of ``points``, every square's corners and centre, and every corner moved ``1/M`` of
    the way to its square's centre (``nudged``) have whole-number coordinates."""
    common = 2
    for x, y in points:
        common = math.lcm(common, x.denominator, y.denominator)
    return Plane(scale=common * M, grow=common)


def hull(points: Iterable[Vec]) -> Shape:
    """The convex hull, corners counter-clockwise in (x, y) (Andrew's monotone chain), without collinear points."""
    pts = sorted(set(points))
    if len(pts) <= 2:
        return tuple(pts)

    def cross(o: Vec, a: Vec, b: Vec) -> int:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[Vec] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[Vec] = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return tuple(lower[:-1] + upper[:-1])
