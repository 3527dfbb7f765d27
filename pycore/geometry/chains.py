"""Chains of wall segments across the gap between two squares: a quick, exact proof that no line joins them.

A wall's segments joined end to end inside the hull of two squares, from one of its sides between the squares to the
other, and meeting neither square, part the hull in two: every segment from one square to the other meets the chain,
at a point inside the blockers grown from it (``walls``). A curved cave wall is many short segments on as many lines,
which no single line of them seals; the chain proves it at the cost of one pass over them.
"""

from __future__ import annotations

from collections.abc import Sequence

from .plane import Shape, Vec, box


def chained_apart(ends: tuple[Shape, Shape], band: Shape, around: tuple[int, int, int, int],
                   spines: Sequence[tuple[Vec, Vec]]) -> bool:
    """Whether spines joined end to end inside ``band`` (the hull of the two squares) run from one of its sides
    between the squares to the other without meeting either square: a curved wall across the gap. Such a chain is
    a connected closed set joining the two sides, so it parts the band into the first square's side and the
    second's, and every segment from one square to the other meets it, at a point inside a blocker grown from it: no
    line gets through. Spines meeting a square are left out (what remains, if it still joins the sides, still
    parts them)."""
    sides = _between_sides(ends, band)
    if len(sides) != 2:
        return False
    parent: dict[Vec, Vec] = {}
    touches: dict[Vec, set[int]] = {}

    def root(p: Vec) -> Vec:
        while parent.setdefault(p, p) != p:
            parent[p] = parent[parent[p]]
            p = parent[p]
        return p

    ax0, ay0, ax1, ay1 = around
    squares = [(box(square), square) for square in ends]
    for p, q in spines:
        (px, py), (qx, qy) = p, q
        x0, x1 = (px, qx) if px <= qx else (qx, px)
        y0, y1 = (py, qy) if py <= qy else (qy, py)
        if p == q or x1 < ax0 or ax1 < x0 or y1 < ay0 or ay1 < y0:  # of no length, or off the two squares' box
            continue
        clipped = _clip(p, q, band)
        if clipped is None or any(x0 <= sx1 and sx0 <= x1 and y0 <= sy1 and sy0 <= y1 and _clip(p, q, square) is not None
                                  for (sx0, sy0, sx1, sy1), square in squares):
            continue
        inner = [x for x, edge in zip((p, q), clipped) if edge is None]
        met = {sides.index(edge) for edge in clipped if edge in sides} | {
            n for x in inner for n, (u, v) in enumerate(sides) if _on_segment(x, u, v)}
        if len(met) == 2:
            return True
        if not inner:
            continue
        top = root(inner[0])
        if len(inner) == 2:
            other = root(inner[1])
            if other != top:
                parent[other] = top
                touches.setdefault(top, set()).update(touches.pop(other, set()))
        found = touches.setdefault(top, set())
        found.update(met)
        if len(found) == 2:
            return True
    return False


def _between_sides(ends: tuple[Shape, Shape], band: Shape) -> list[tuple[Vec, Vec]]:
    """The edges of the band running from a corner of one square to a corner of the other."""
    first, second = set(ends[0]), set(ends[1])
    n = len(band)
    return [(band[i], band[(i + 1) % n]) for i in range(n)
            if (band[i] in first and band[(i + 1) % n] in second) or (band[i] in second and band[(i + 1) % n] in first)]


def _clip(p: Vec, q: Vec, shape: Shape) -> tuple[tuple[Vec, Vec] | None, tuple[Vec, Vec] | None] | None:
    """Where segment ``p``-``q`` lies in the closed convex polygon (corners counter-clockwise): None when nowhere,
    else for each end of the piece inside, None where it is the segment's own end, or the edge it leaves by."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    lo: tuple[int, int] = (0, 1)
    hi: tuple[int, int] = (1, 1)
    lo_edge: tuple[Vec, Vec] | None = None
    hi_edge: tuple[Vec, Vec] | None = None
    n = len(shape)
    for i in range(n):
        u, v = shape[i], shape[(i + 1) % n]
        ex, ey = v[0] - u[0], v[1] - u[1]
        a = ex * (p[1] - u[1]) - ey * (p[0] - u[0])  # p's side of the edge: >= 0 inside
        b = ex * dy - ey * dx
        if b == 0:
            if a < 0:
                return None
            continue
        t = (-a, b) if b > 0 else (a, -b)  # the parameter where it crosses the edge's line, denominator > 0
        if b > 0 and t[0] * lo[1] > lo[0] * t[1]:
            lo, lo_edge = t, (u, v)
        elif b < 0 and t[0] * hi[1] < hi[0] * t[1]:
            hi, hi_edge = t, (u, v)
    if lo[0] * hi[1] > hi[0] * lo[1]:
        return None
    return lo_edge, hi_edge


def _on_segment(x: Vec, u: Vec, v: Vec) -> bool:
    """Whether point ``x`` lies on the closed segment ``u``-``v``."""
    cross = (v[0] - u[0]) * (x[1] - u[1]) - (v[1] - u[1]) * (x[0] - u[0])
    return cross == 0 and min(u[0], v[0]) <= x[0] <= max(u[0], v[0]) and min(u[1], v[1]) <= x[1] <= max(u[1], v[1])
