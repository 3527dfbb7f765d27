"""A square map's cells beyond its walls: the squares of the drawn board, their heights, and whether a light reaches
the centre of one."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from ..errors import FieldError, ScenarioError
from ..geometry import squaregrid as sq
from ..geometry.crossings import CROSS, exact, places
from ..geometry.plane import Exact, Plane
from ..geometry.squaregrid import Square
from . import square_map
from .square_map import Light, SquareMap, WallLine


def cells(battle_map: dict[str, Any], placed: Sequence[Square]) -> tuple[Square, ...]:
    """The squares of the drawn board: the sized board, or the default 12 x 9 grown to leave two squares around every
    piece (at most 100 each way)."""
    if battle_map["cols"] is not None and battle_map["rows"] is not None:
        return sq.rectangle(battle_map["cols"], battle_map["rows"])
    xs, ys = [s[0] for s in placed], [s[1] for s in placed]
    c0, c1 = min([0, *(x - 2 for x in xs)]), max([11, *(x + 2 for x in xs)])
    r0, r1 = min([0, *(y - 2 for y in ys)]), max([8, *(y + 2 for y in ys)])
    first = placed[0] if placed else (0, 0)
    c0, c1 = _span(c0, c1, first[0])
    r0, r1 = _span(r0, r1, first[1])
    return tuple((c, r) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1))


def _span(low: int, high: int, centre: int, most: int = 100) -> tuple[int, int]:
    """``low..high``, or the ``most`` squares around ``centre`` when it is longer."""
    if high - low + 1 <= most:
        return low, high
    start = min(max(low, centre - most // 2), high - most + 1)
    return start, start + most - 1


def heights(battle_map: dict[str, Any]) -> dict[Square, Fraction]:
    """Square -> height from a validated ``map.elevation`` (its ``hex`` keys name squares on a square map); a square
    listed twice or off the board is an error naming the item."""
    out: dict[Square, Fraction] = {}
    errors: list[FieldError] = []
    for i, item in enumerate(battle_map["elevation"]):
        s = (item["hex"][0], item["hex"][1])
        if not sq.on_board(s, battle_map["cols"], battle_map["rows"]):
            errors.append(FieldError(f"map.elevation.{i}.hex", f"square {s[0]}, {s[1]} is off the {battle_map['cols']} x "
                                     f"{battle_map['rows']} board"))
        elif s in out:
            errors.append(FieldError(f"map.elevation.{i}.hex", f"square {s[0]}, {s[1]} already has a height: give "
                                     "each square once"))
        else:
            out[s] = exact(item["height"])
    if errors:
        raise ScenarioError(errors)
    return out


def reaches(light: Light, square: Square) -> bool:
    """Whether the centre of ``square`` lies within ``light``'s range (worked in whole numbers, ``Light.whole``)."""
    d, x, y, reach = light.whole
    dx, dy = (2 * square[0] + 1) * d // 2 - x, (2 * square[1] + 1) * d // 2 - y
    return dx * dx + dy * dy <= reach


def lit(light: Light, square: Square, walls: Sequence[WallLine], plane: Plane | None = None) -> bool:
    """Whether ``light`` reaches the centre of ``square``: within its range, and the straight line from it crossing none of
    ``walls`` (``crossings.places``: walls drawn end to end taken together, and a line running along a wall and coming out
    on its other side crosses it; one that only touches a wall or runs along it still lights). With the map's
    ``plane`` the same test runs in its whole numbers (the walls' ``path``), the same answer without fractions, when
    the light stands on a point of it (the plane is scaled for the walls' points, not the lights')."""
    if not reaches(light, square):
        return False
    if plane is not None and all(plane.scale % v.denominator == 0 for v in light.at):
        found = places(plane.vec(light.at), plane.centre(square), [w.path for w in walls])
    else:
        found = places(light.at, sq.centre(square), [w.points for w in walls])
    return all(place.how != CROSS for place in found)


def by_segment(square_board: SquareMap, p: Exact, q: Exact) -> list[WallLine]:
    """The lines by the segment ``p``-``q`` (grid units): a superset of those it meets, in the order of ``sm.lines``; only
    those whose rectangle meets the segment's (``WallLine.box``, in the plane: the segment's own is widened to whole
    units of it)."""
    k = square_board.plane.scale
    (px, pxd), (qx, qxd) = _scaled(p[0], k), _scaled(q[0], k)
    (py, pyd), (qy, qyd) = _scaled(p[1], k), _scaled(q[1], k)
    x0, x1 = min(px, qx), max(pxd, qxd)
    y0, y1 = min(py, qy), max(pyd, qyd)

    def meets(line: WallLine) -> bool:
        return line.box[0] <= x1 and x0 <= line.box[2] and line.box[1] <= y1 and y0 <= line.box[3]

    if len(square_board.lines) <= square_map.NEAR_SCAN:
        return [line for line in square_board.lines if meets(line)]
    lines = square_board.lines
    return [lines[i] for i in square_map.lines_near(square_board, (float(p[0]), float(p[1])), (float(q[0]), float(q[1])), 0)
            if meets(lines[i])]


def _scaled(v: Fraction, k: int) -> tuple[int, int]:
    """``v`` times ``k`` rounded down and up (whole-number work, no ``Fraction`` arithmetic)."""
    n = v.numerator * k
    return n // v.denominator, -(-n // v.denominator)
