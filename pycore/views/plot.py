"""Where a board's cells are drawn, in SVG user units: the sizes, a cell's centre and outline, the frame around the
cells, and numbers written as stable text."""

from __future__ import annotations

import functools
import hashlib

from ..geometry.hexgrid import POINTY, Hex, Layout, Point, corner_offset, polygon, to_pixel
from .drawing import Plot, Spot, SquareLayout

HEX_SIZE = 20.0
"""Centre-to-corner size of one hex, in SVG user units."""


MARGIN = 6.0


SQUARE_SIZE = 34.0
"""Side of one square, in SVG user units: about a hex's width (``HEX_SIZE`` times the square root of 3)."""


DOOR_REACH = SQUARE_SIZE / 2
"""How far around a door a tap still finds it, in SVG user units: half a square each way, so a door's handle is a
whole square across, as large as a cell to a finger."""


LIGHT_DOT = 4.0
"""Radius of a light's dot, in SVG user units (its reach is drawn to scale around it)."""


def fmt(x: float) -> str:
    """Coordinates with two decimals, no trailing zeros: stable bytes across platforms."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@functools.lru_cache(maxsize=8)
def frame_of(cells: tuple[Spot, ...]) -> tuple[Plot, float, float, str]:
    """A layout (pointy-top hexes, or squares) whose top-left drawn corner sits at the margin, the picture size,
    and a key naming this set of cells and their kind (cached: a board keeps its cells while its pieces change)."""
    squares = not isinstance(cells[0], Hex)
    base: Plot = (SquareLayout(SQUARE_SIZE, Point(0.0, 0.0)) if squares
                  else Layout(POINTY, Point(HEX_SIZE, HEX_SIZE), Point(0.0, 0.0)))
    xs = [p.x for h in cells for p in cell_outline(base, h)]
    ys = [p.y for h in cells for p in cell_outline(base, h)]
    origin = Point(MARGIN - min(xs), MARGIN - min(ys))
    layout: Plot = SquareLayout(SQUARE_SIZE, origin) if squares else Layout(POINTY, Point(HEX_SIZE, HEX_SIZE), origin)
    named = ("square " if squares else "") + " ".join(hex_key(h) for h in cells)
    key = hashlib.sha256(named.encode("ascii")).hexdigest()[:16]
    return layout, max(xs) - min(xs) + 2 * MARGIN, max(ys) - min(ys) + 2 * MARGIN, key


def centre_of(layout: Plot, h: Spot) -> Point:
    """The centre of a hex or a square, in SVG user units."""
    if isinstance(layout, SquareLayout):
        assert not isinstance(h, Hex)
        return Point(layout.origin.x + (h[0] + 0.5) * layout.size, layout.origin.y + (h[1] + 0.5) * layout.size)
    assert isinstance(h, Hex)
    return to_pixel(layout, h)


def cell_outline(layout: Plot, h: Spot) -> list[Point]:
    """The corners of a hex (six) or a square (four, clockwise from the top left), in SVG user units."""
    if isinstance(layout, SquareLayout):
        c = centre_of(layout, h)
        half = layout.size / 2
        return [Point(c.x + dx * half, c.y + dy * half) for dx, dy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
    assert isinstance(h, Hex)
    return polygon(layout, h)


def at(layout: Plot, x: float, y: float) -> Point:
    """A point of a square map (grid units) in SVG user units."""
    assert isinstance(layout, SquareLayout)
    return Point(layout.origin.x + x * layout.size, layout.origin.y + y * layout.size)


_last_frame: list[tuple[tuple[Spot, ...], tuple[Plot, float, float, str]]] = []


def frame(cells: tuple[Spot, ...]) -> tuple[Plot, float, float, str]:
    """``frame_of``, remembered for the very tuple last asked about (a map's cells are one cached tuple, and
    hashing 1,600 hexes for the cache on every change is time a click does not have)."""
    if _last_frame and _last_frame[0][0] is cells:
        return _last_frame[0][1]
    value = frame_of(cells)
    _last_frame[:] = [(cells, value)]
    return value


@functools.lru_cache(maxsize=4)
def corner_offsets(layout: Plot) -> tuple[Point, ...]:
    """The corner offsets from a cell's centre (the same for every cell of a layout): six for a hex, four for a
    square."""
    if isinstance(layout, SquareLayout):
        half = layout.size / 2
        return tuple(Point(dx * half, dy * half) for dx, dy in ((-1, -1), (1, -1), (1, 1), (-1, 1)))
    return tuple(corner_offset(layout, i) for i in range(6))


def hex_key(h: Spot) -> str:
    """``"q,r"`` for a hex, ``"col,row"`` for a square: the key used in ``data-hex`` attributes."""
    return f"{h.q},{h.r}" if isinstance(h, Hex) else f"{h[0]},{h[1]}"
