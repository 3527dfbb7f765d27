"""The hand-drawn export ``tests/maps/room.dd2vtt`` as a map, and scenarios on it (shared by the square-map tests).

The room, in squares (origin at its top left corner, y down): outer walls around 10 x 6; an inner wall along x = 5
from y = 0 to 2 and from 3 to 6, with a door between (5, 2) and (5, 3), closed; a pillar (an object's outline) on
square [7, 1]; a light at (8, 4) reaching 2 squares. A low "window" wall from (3, 3) to (3, 6) is added here (the
export format has no low walls)."""

import copy
import pathlib

from pycore import uvtt

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
