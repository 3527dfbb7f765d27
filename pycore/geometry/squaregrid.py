"""Square grids: squares ``[col, row]``, distance with a diagonal rule, neighbours, and the squares a line passes.

Square ``(c, r)`` covers the points ``x`` in ``[c, c + 1]``, ``y`` in ``[r, r + 1]`` (grid units, y down, as Universal
VTT files count them); its centre is ``(c + 1/2, r + 1/2)``. Work is done in whole numbers: a point is kept as twice
its grid coordinates where that is enough (centres and corners), and as a ``Fraction`` where a wall's point may be
any decimal.
"""

from __future__ import annotations

import functools
from fractions import Fraction

Square = tuple[int, int]
"""A square as ``(col, row)``."""

DIAGONALS = ("one", "alternate")
"""How a diagonal step counts: ``one`` square each, or every second one two (1, 2, 1, 2 ...)."""

STEPS: tuple[Square, ...] = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
"""The eight neighbours' offsets, east first and clockwise on the page (y down)."""


def distance(a: Square, b: Square, diagonal: str) -> int:
    """Squares from ``a`` to ``b`` moving one square at a time, a diagonal step counted as ``diagonal`` says."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    straight, slant = max(dx, dy) - min(dx, dy), min(dx, dy)
    if diagonal == "one":
        return straight + slant
    if diagonal == "alternate":
        return straight + slant + slant // 2
    raise ValueError(f"unknown diagonal rule {diagonal!r}: must be one of {', '.join(DIAGONALS)}")


def adjacent(a: Square, b: Square) -> bool:
    """Whether ``b`` is one of the eight squares around ``a`` (edge or corner)."""
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def opposite(centre: Square, x: Square, y: Square) -> bool:
    """Whether ``x`` and ``y`` stand on exactly opposite sides of ``centre`` (on one straight line through it)."""
    ux, uy, vx, vy = x[0] - centre[0], x[1] - centre[1], y[0] - centre[0], y[1] - centre[1]
    if (ux, uy) == (0, 0) or (vx, vy) == (0, 0):
        return False
    return ux * vy == uy * vx and ux * vx + uy * vy < 0


def corners(square: Square) -> tuple[tuple[int, int], ...]:
    """The four corners of ``square`` in grid units, clockwise on the page from the top left."""
    c, r = square
    return ((c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1))


def centre(square: Square) -> tuple[Fraction, Fraction]:
    """The centre of ``square`` in grid units."""
    return Fraction(2 * square[0] + 1, 2), Fraction(2 * square[1] + 1, 2)


@functools.lru_cache(maxsize=4096)
def passed(a: Square, b: Square) -> tuple[Square, ...]:
    """The squares the straight segment from the centre of ``a`` to the centre of ``b`` runs through for some length,
    in order, ends included; a square it only meets at a corner is not among them.

    A centre-to-centre segment never runs along a grid line (centres sit at halves, grid lines at whole numbers), so
    every square it enters it crosses; where it passes exactly through a grid corner it goes from one square into the
    one diagonally across, and the two squares beside that corner are only touched. Worked in whole numbers: the
    segment is followed in units of ``1 / (2 |dx| |dy|)`` of its length, where each grid line it crosses lies."""
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    if dx == 0 and dy == 0:
        return (a,)
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    nx, ny = abs(dx), abs(dy)
    out = [a]
    cx, cy = ax, ay
    # the k-th vertical grid line crossed lies (2k - 1) / (2 nx) of the way, the k-th horizontal one (2k - 1) / (2 ny)
    i = j = 1
    while i <= nx or j <= ny:
        # compare (2i - 1) / nx with (2j - 1) / ny without dividing
        tx = (2 * i - 1) * ny if i <= nx else None
        ty = (2 * j - 1) * nx if j <= ny else None
        if ty is None or (tx is not None and tx < ty):
            cx += sx
            i += 1
        elif tx is None or ty < tx:
            cy += sy
            j += 1
        else:  # through a grid corner: straight into the square diagonally across
            cx += sx
            cy += sy
            i += 1
            j += 1
        out.append((cx, cy))
    return tuple(out)


def between(a: Square, b: Square) -> tuple[Square, ...]:
    """The squares strictly between ``a`` and ``b`` on the centre line (``passed`` without its ends)."""
    return passed(a, b)[1:-1]


def rectangle(cols: int, rows: int) -> tuple[Square, ...]:
    """Every square of a ``cols`` x ``rows`` board, row by row."""
    return tuple((c, r) for r in range(rows) for c in range(cols))


def on_board(square: Square, cols: int | None, rows: int | None) -> bool:
    """Whether ``square`` is on a ``cols`` x ``rows`` board; without a size every square is."""
    return cols is None or rows is None or (0 <= square[0] < cols and 0 <= square[1] < rows)
