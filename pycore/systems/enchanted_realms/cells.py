"""The Enchanted Realms board: a rectangle of hexes around every piece, drawn by the view and covered by an overlay."""

from __future__ import annotations

import functools

from ...geometry.hexgrid import ODD, Hex, OffsetCoord, roffset_from_cube, roffset_to_cube

MIN_COLS, MIN_ROWS, MARGIN_HEXES = 11, 7, 2
"""The board is at least this wide and high, with this many hexes around every piece."""


def board_cells(hexes: list[Hex]) -> tuple[Hex, ...]:
    """A rectangle of hexes around every piece, with room to place more."""
    offsets = [roffset_from_cube(ODD, h) for h in hexes] or [OffsetCoord(0, 0)]
    c0, c1 = min(o.col for o in offsets) - MARGIN_HEXES, max(o.col for o in offsets) + MARGIN_HEXES
    r0, r1 = min(o.row for o in offsets) - MARGIN_HEXES, max(o.row for o in offsets) + MARGIN_HEXES
    if c1 - c0 + 1 < MIN_COLS:
        c0 -= (MIN_COLS - (c1 - c0 + 1)) // 2
        c1 = c0 + MIN_COLS - 1
    if r1 - r0 + 1 < MIN_ROWS:
        r0 -= (MIN_ROWS - (r1 - r0 + 1)) // 2
        r1 = r0 + MIN_ROWS - 1
    return _rectangle(c0, c1, r0, r1)


@functools.lru_cache(maxsize=8)
def _rectangle(c0: int, c1: int, r0: int, r1: int) -> tuple[Hex, ...]:
    """The hexes of columns c0..c1 and rows r0..r1 (one tuple per rectangle: the drawing caches by it)."""
    return tuple(roffset_to_cube(ODD, OffsetCoord(c, r)) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1))
