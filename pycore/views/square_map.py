"""What a half-typed square map draws (boards are drawn even while the form has errors): its squares, its pieces, and
its walls, doors and lights as the board's lines, shared by the views of the systems that take square maps."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any

from ..geometry.squaregrid import Square, rectangle
from ..maps.square_map import MOST_SQUARES
from ..memo import recent_calls
from .board_spec import BoardSpec
from .common import board_size, map_pieces
from .drawing import Light, Piece, Wall

WALL_WORDS = {"wall": "wall", "object": "outline of an object", "low": "low wall", "window": "window",
              "slit": "arrow slit"}
"""What each kind of line is called in a board's words."""
DEFAULT_COLS, DEFAULT_ROWS, AROUND, MOST = 12, 9, 2, 100
"""A square map without a size: the squares drawn are 12 x 9 from [0, 0], grown to leave 2 around every piece, at
most 100 each way."""


def square_of(value: Any) -> Square | None:
    """A square from a possibly invalid ``[col, row]``."""
    if (isinstance(value, (list, tuple)) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        return (value[0], value[1])
    return None


def square_pieces(battle_map: dict[str, Any], spec: BoardSpec, pieces: Mapping[str, Piece],
                  obstacle_kind: Callable[[dict[str, Any]], str]) -> dict[Square, Piece]:
    """Everything placed on a possibly invalid square map, as ``map_pieces`` reads it (the map's ``[a, b]`` pairs
    name squares here)."""
    return {(h.q, h.r): piece for h, piece in map_pieces(battle_map, spec, pieces, obstacle_kind).items()}


@functools.lru_cache(maxsize=8)
def _sized(cols: int, rows: int) -> tuple[Square, ...]:
    """The squares of a sized board: one shared tuple per size (the drawing finds its layout by identity)."""
    return rectangle(cols, rows)


@functools.lru_cache(maxsize=8)
def _around(low_col: int, high_col: int, low_row: int, high_row: int) -> tuple[Square, ...]:
    """The squares of a rectangle, row by row: one shared tuple per rectangle."""
    return tuple((c, r) for r in range(low_row, high_row + 1) for c in range(low_col, high_col + 1))


def square_cells(battle_map: dict[str, Any], placed: list[Square]) -> tuple[Square, ...]:
    """The squares of the drawn board: the sized board, or 12 x 9 grown to leave two squares around every piece (at
    most 100 each way, from the first piece)."""
    cols, rows = board_size(battle_map.get("cols"), MOST_SQUARES), board_size(battle_map.get("rows"), MOST_SQUARES)
    if cols and rows:
        return _sized(cols, rows)
    spans = []
    for axis, most in ((0, DEFAULT_COLS - 1), (1, DEFAULT_ROWS - 1)):
        values = [s[axis] for s in placed]
        low = min([0, *(v - AROUND for v in values)])
        high = max([most, *(v + AROUND for v in values)])
        if high - low + 1 > MOST:
            centre = placed[0][axis]
            low = min(max(low, centre - MOST // 2), high - MOST + 1)
            high = low + MOST - 1
        spans.append((low, high))
    return _around(spans[0][0], spans[0][1], spans[1][0], spans[1][1])


def picture_size(battle_map: dict[str, Any]) -> tuple[int, int] | None:
    """A sized square map's ``(cols, rows)``: the squares a picture imported with it covers (None when unsized)."""
    cols, rows = board_size(battle_map.get("cols"), MOST_SQUARES), board_size(battle_map.get("rows"), MOST_SQUARES)
    return (cols, rows) if cols and rows else None


def _polyline(value: Any) -> tuple[tuple[float, float], ...] | None:
    """A line's points from a possibly invalid ``[[x, y], ...]`` (at least two numbers pairs), or None."""
    if not isinstance(value, list) or len(value) < 2:
        return None
    out = []
    for p in value:
        if not (isinstance(p, list) and len(p) == 2
                and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in p)):
            return None
        out.append((float(p[0]), float(p[1])))
    return tuple(out)


@recent_calls(2)
def square_walls(walls: Any, doors: Any, rule: str) -> tuple[Wall, ...]:
    """The walls and doors of a possibly invalid map as the board's lines (an item that is not one is left out),
    remembered: they stay put while the pieces move, and the drawing finds the same tuple again at once."""
    out: list[Wall] = []
    for i, item in enumerate(walls if isinstance(walls, list) else []):
        points = _polyline(item.get("points")) if isinstance(item, dict) else None
        kind = item.get("kind", "wall") if isinstance(item, dict) else None
        if points is not None and kind in WALL_WORDS:
            out.append(Wall(kind, points, f"{WALL_WORDS[kind]} {i + 1}", i, rule=rule))
    for i, item in enumerate(doors if isinstance(doors, list) else []):
        points = _polyline(item.get("points")) if isinstance(item, dict) else None
        if points is not None:
            is_open = item.get("open") is True
            out.append(Wall("door", points, f"door {i + 1}, {'open' if is_open else 'closed'}", i, is_open, rule))
    return tuple(out)


@recent_calls(2)
def square_lights(lights: Any) -> tuple[Light, ...]:
    """The lights of a possibly invalid map (an item that is not one is left out)."""
    out: list[Light] = []
    for i, item in enumerate(lights if isinstance(lights, list) else []):
        at = _polyline([item.get("at"), item.get("at")]) if isinstance(item, dict) else None
        reach = item.get("range") if isinstance(item, dict) else None
        if at is not None and isinstance(reach, (int, float)) and not isinstance(reach, bool) and reach >= 0:
            out.append(Light(at[0], float(reach), f"light {i + 1}, reaching {reach:g} squares"))
    return tuple(out)


def lines_words(walls: tuple[Wall, ...], lights: tuple[Light, ...]) -> str:
    """The walls, doors and lights counted in words (``3 walls, 2 doors (1 open) and 1 light``)."""
    doors = [w for w in walls if w.kind == "door"]
    parts = [f"{len(walls) - len(doors)} wall line(s)"]
    if doors:
        parts.append(f"{len(doors)} door(s) ({sum(d.open for d in doors)} open)")
    if lights:
        parts.append(f"{len(lights)} light(s)")
    return ", ".join(parts)


LINES_LEGEND = (("━", "wall", "wall"), ("┅", "outline of an object", "object"), ("╌", "low wall", "low"),
                ("┣┫", "window: an opening a line may pass through", "window"),
                ("╟╢", "arrow slit: a narrow opening", "slit"),
                ("▭", "door: tap to open or close it", "door"), ("◯", "light and its reach", "light"))
"""The key of a square map's lines: symbol, meaning and the kind of line it stands for (``light``: the lights)."""


def lines_legend(walls: tuple[Wall, ...], lights: tuple[Light, ...]) -> tuple[tuple[str, str], ...]:
    """The key's entries for the kinds of line the map has."""
    kinds = {w.kind for w in walls} | ({"light"} if lights else set())
    return tuple((symbol, meaning) for symbol, meaning, kind in LINES_LEGEND if kind in kinds)


Point2 = tuple[float, float]
"""A point in grid units."""
NEAR = 1e-9
"""How close, in grid units, a drawn piece may pass the line and still be said to meet it (drawing only: the
engine decides what counts exactly)."""


def _side(o: Point2, a: Point2, b: Point2) -> float:
    """Which side of the line ``o``-``a`` the point ``b`` is on (twice the signed area)."""
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def meeting_pieces(points: tuple[Point2, ...], p: Point2, q: Point2) -> list[tuple[Point2, Point2]]:
    """The pieces of the polyline ``points`` (a single point as a piece of no length) that the segment ``p``-``q``
    meets: crosses, touches or runs along."""
    pieces = list(zip(points, points[1:])) or [(points[0], points[0])]
    out = []
    for a, b in pieces:
        d1, d2, d3, d4 = _side(p, q, a), _side(p, q, b), _side(a, b, p), _side(a, b, q)
        if a == b:
            meets = abs(d1) <= NEAR and min(p[0], q[0]) - NEAR <= a[0] <= max(p[0], q[0]) + NEAR \
                and min(p[1], q[1]) - NEAR <= a[1] <= max(p[1], q[1]) + NEAR
        elif abs(d1) <= NEAR and abs(d2) <= NEAR:
            meets = max(min(a[0], b[0]), min(p[0], q[0])) <= min(max(a[0], b[0]), max(p[0], q[0])) + NEAR \
                and max(min(a[1], b[1]), min(p[1], q[1])) <= min(max(a[1], b[1]), max(p[1], q[1])) + NEAR
        else:
            meets = d1 * d2 <= NEAR and d3 * d4 <= NEAR
        if meets:
            out.append((a, b))
    return out
