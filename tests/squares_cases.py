"""The hand-drawn export ``tests/maps/room.dd2vtt`` as a map, and scenarios on it (shared by the square-map tests).

The room, in squares (origin at its top left corner, y down): outer walls around 10 x 6; an inner wall along x = 5
from y = 0 to 2 and from 3 to 6, with a door between (5, 2) and (5, 3), closed; a pillar (an object's outline) on
square [7, 1]; a light at (8, 4) reaching 2 squares. A low "window" wall from (3, 3) to (3, 6) is added here (the
export format has no low walls)."""

import copy
import pathlib

from pycore.maps import uvtt

ROOM = pathlib.Path(__file__).parent / "maps" / "room.dd2vtt"
LOW_WALL = {"points": [[3, 3], [3, 6]], "kind": "low"}


def room(door_open: bool = False) -> dict:
    """The converted room with the low wall, the door open or closed."""
    m = copy.deepcopy(uvtt.convert(ROOM.read_text()))
    m["walls"].append(dict(LOW_WALL))
    m["doors"][0]["open"] = door_open
    return m


def on_room(system: str, at: list[int], to: list[int], door_open: bool = False, **extra) -> dict:
    """A scenario on the room: the attacker on square ``at``, the target on ``to``, ``extra`` keys beside the map."""
    rulings = extra.pop("rulings", {})
    m = {**room(door_open), "attacker": at, "target": to, **extra.pop("map", {})}
    scenario = {"system": system, "map": m, **extra}
    if rulings:
        scenario["rulings"] = rulings
    return scenario


def rooms() -> dict:
    """A 15 x 15 map of nine 5 x 5 rooms, with more lines than the engine scans one by one (so its lookups by square
    are used): the outer wall one closed polyline; the inner walls one segment a square, drawn end to end, with a gap
    left in two of them and four doors (two open); a slanting wall, a low wall and a pillar's outline in the middle
    room; a light in the corner room."""
    walls = [{"points": [[0, 0], [15, 0], [15, 15], [0, 15], [0, 0]], "kind": "wall"}]
    doors = []
    gaps = {((5, 7), "v"), ((11, 10), "h")}
    door_at = [((5, 2), "v", False), ((10, 12), "v", True), ((7, 5), "h", True), ((12, 10), "h", False)]
    for line in (5, 10):
        for step in range(15):
            for (start, stop), axis in ((((line, step), (line, step + 1)), "v"), (((step, line), (step + 1, line)), "h")):
                if (start, axis) in gaps:
                    continue
                door = next((is_open for at, way, is_open in door_at if (at, way) == (start, axis)), None)
                if door is not None:
                    doors.append({"points": [list(start), list(stop)], "open": door})
                else:
                    walls.append({"points": [list(start), list(stop)], "kind": "wall"})
    walls.append({"points": [[6, 6], [7.5, 8.5]], "kind": "wall"})
    walls.append({"points": [[8, 6], [8, 9]], "kind": "low"})
    walls.append({"points": [[9, 8], [10, 8], [10, 9], [9, 9], [9, 8]], "kind": "object"})
    return {"grid": "square", "cols": 15, "rows": 15, "walls": walls, "doors": doors,
            "lights": [{"at": [12.5, 12.5], "range": 2}], "obstacles": [], "creatures": []}


def every_line() -> list:
    """One line of each kind a map holds, a door both closed and open (for checks that run over every kind)."""
    from fractions import Fraction

    from pycore.maps.square_map import WallLine

    points = ((Fraction(0), Fraction(0)), (Fraction(1), Fraction(0)))
    return [WallLine(kind, points, 0, is_open) for kind in ("wall", "object", "low", "door")
            for is_open in ((False, True) if kind == "door" else (False,))]
