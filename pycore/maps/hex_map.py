"""Hex maps shared by the systems: the board's hexes (sized, or drawn around the pieces), which hexes are on it,
and the pieces read off a validated map."""

from __future__ import annotations

import functools
from typing import Any

from ..errors import FieldError, ScenarioError
from ..geometry import hexgrid as hg
from ..geometry.hexgrid import ODD, Hex, OffsetCoord, roffset_from_cube, roffset_to_cube
from ..memo import recent_calls

DEFAULT_COLS, DEFAULT_ROWS = 12, 9
"""Without a board size, the drawing is at least this board (columns 0-11, rows 0-8) ..."""
MARGIN_HEXES = 2
"""... grown to leave this many hexes around every piece ..."""
MAX_SPAN = 100
"""... but never more than this many hexes across or down."""


@functools.lru_cache(maxsize=8)
def _rectangle(c0: int, c1: int, r0: int, r1: int) -> tuple[Hex, ...]:
    """The hexes of columns c0..c1 and rows r0..r1, row by row (one tuple per rectangle: the drawing caches by it)."""
    return tuple(roffset_to_cube(ODD, OffsetCoord(c, r)) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1))


def _span(low: int, high: int, centre: int) -> tuple[int, int]:
    """``low..high``, or the ``MAX_SPAN`` hexes around ``centre`` when it is longer."""
    if high - low + 1 <= MAX_SPAN:
        return low, high
    start = min(max(low, centre - MAX_SPAN // 2), high - MAX_SPAN + 1)
    return start, start + MAX_SPAN - 1


def unbounded_cells(hexes: list[Hex]) -> tuple[Hex, ...]:
    """The drawing of a map without a size: the default board, grown to cover every piece with a margin (at most
    ``MAX_SPAN`` hexes each way, around the first piece, so a far-flung map stays drawable)."""
    offsets = [roffset_from_cube(ODD, h) for h in hexes]
    c0 = min([0, *(o.col - MARGIN_HEXES for o in offsets)])
    c1 = max([DEFAULT_COLS - 1, *(o.col + MARGIN_HEXES for o in offsets)])
    r0 = min([0, *(o.row - MARGIN_HEXES for o in offsets)])
    r1 = max([DEFAULT_ROWS - 1, *(o.row + MARGIN_HEXES for o in offsets)])
    first = offsets[0] if offsets else OffsetCoord(0, 0)
    (c0, c1), (r0, r1) = _span(c0, c1, first.col), _span(r0, r1, first.row)
    return _rectangle(c0, c1, r0, r1)


@functools.lru_cache(maxsize=8)
def board_cells(cols: int, rows: int) -> tuple[Hex, ...]:
    """Every hex of a ``cols`` x ``rows`` pointy-top board (odd rows shoved right); cached, as a map keeps
    its size while pieces move."""
    return tuple(hg.rectangle(cols, rows, hg.ODD))


@functools.lru_cache(maxsize=8)
def _on_board(cols: int, rows: int) -> frozenset[Hex]:
    return frozenset(board_cells(cols, rows))


def on_board(h: Hex, cols: int | None, rows: int | None) -> bool:
    """Whether ``h`` is on a ``cols`` x ``rows`` board; without a size every hex is (the map is unbounded)."""
    return cols is None or rows is None or h in _on_board(cols, rows)


def read(battle_map: dict[str, Any]) -> tuple[Hex, Hex, dict[Hex, str], dict[Hex, str]]:
    """Attacker, target, obstacles (hex -> kind) and creatures (hex -> side) from a validated map; errors name the field."""
    cols, rows = battle_map["cols"], battle_map["rows"]
    obstacles, creatures, taken = _placed(battle_map["obstacles"], battle_map["creatures"], cols, rows)
    attacker, target = battle_map["attacker"], battle_map["target"]
    if taken is not None and attacker is not None and target is not None:
        a, t = Hex.axial(*attacker), Hex.axial(*target)
        if a != t and on_board(a, cols, rows) and on_board(t, cols, rows) and a not in taken and t not in taken:
            return a, t, obstacles, creatures
    return _read_slowly(battle_map)


@recent_calls(2)
def _placed(obstacles: list[dict[str, Any]], creatures: list[dict[str, Any]], cols: int | None,
            rows: int | None) -> tuple[dict[Hex, str], dict[Hex, str], frozenset[Hex] | None]:
    """Obstacles and creatures by hex, and every hex they take (None if any is off the board or shares a
    hex): remembered, as they stay put while the attacker and the target move."""
    placed_obstacles = {Hex.axial(*item["hex"]): item["kind"] for item in obstacles}
    placed_creatures = {Hex.axial(*item["hex"]): item["side"] for item in creatures}
    taken = placed_obstacles.keys() | placed_creatures.keys()
    sized = cols is not None and rows is not None
    if len(taken) != len(obstacles) + len(creatures) or (sized and not taken <= _on_board(cols, rows)):
        return placed_obstacles, placed_creatures, None
    return placed_obstacles, placed_creatures, frozenset(taken)


def _read_slowly(battle_map: dict[str, Any]) -> tuple[Hex, Hex, dict[Hex, str], dict[Hex, str]]:
    """``read`` piece by piece, in the order that names a clash after the piece placed first."""
    cols, rows = battle_map["cols"], battle_map["rows"]
    errors: list[FieldError] = []
    taken: dict[Hex, str] = {}

    def place(path: str, qr: list[int] | None) -> Hex | None:
        if qr is None:
            errors.append(FieldError(path, "is required on a map: place it on the board"))
            return None
        h = Hex.axial(qr[0], qr[1])
        if not on_board(h, cols, rows):
            errors.append(FieldError(path, f"hex {qr[0]}, {qr[1]} is off the {cols} x {rows} board"))
        elif h in taken:
            errors.append(FieldError(path, f"hex {qr[0]}, {qr[1]} is already taken by {taken[h]}"))
        else:
            taken[h] = path
        return h

    attacker = place("map.attacker", battle_map["attacker"])
    target = place("map.target", battle_map["target"])
    obstacles = {}
    for i, item in enumerate(battle_map["obstacles"]):
        h = place(f"map.obstacles.{i}.hex", item["hex"])
        if h is not None:
            obstacles[h] = item["kind"]
    creatures = {}
    for i, item in enumerate(battle_map["creatures"]):
        h = place(f"map.creatures.{i}.hex", item["hex"])
        if h is not None:
            creatures[h] = item["side"]
    if errors:
        raise ScenarioError(errors)
    assert attacker is not None and target is not None
    return attacker, target, obstacles, creatures


