"""Classic d20's reading of a map's regions and openings: fog by the feet of it the centre line runs through, thick
bushes and translucent screens as concealment where the line passes them, and the cover of a high narrow window or
an arrow slit to a creature at it, against attacks through it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...geometry import squaregrid as sq
from ...geometry.crossings import ALONG, CROSS, TOUCH, meeting, point
from ...geometry.hexgrid import Hex
from ...maps import regions as rg
from ...maps.square_map import LineTable, SquareMap, WallLine
from .rolls import fog_concealment
from .tables import CONCEALMENT_EXAMPLES, FEET_PER_HEX, NO_EXAMPLE

SOFT = {"brush": 50, "screen": 25}
"""Concealment of a creature behind thick bushes (half the body) and behind a translucent screen."""
OPENINGS = {"window": 75, "slit": 90}
"""Cover of a creature sniping from a high narrow window and from an arrow slit."""

@dataclass(frozen=True)
class RegionReading:
    """What a map's regions and openings say about one attack."""

    fog_ft: float | None
    """Feet of fog the centre line runs through; None when the map marks no fog."""
    fog: tuple[str, ...]
    """The fog regions it runs through, by field."""
    soft: int
    """Concealment of the bushes and screens it passes (the largest; 0 for none)."""
    soft_regions: tuple[str, ...]
    """The bushes and screens it passes, by field."""
    opening: int
    """Cover of the windows and slits it passes that count (the largest; 0 for none)."""
    openings: tuple[str, ...]
    """The windows and slits it passes through, by field."""
    at_opening: bool
    """Whether the target is at one of ``openings``."""

    @property
    def key(self) -> tuple[Any, ...]:
        """What of it an overlay's entry depends on: the fog's concealment step (not its feet), whether a line through
        fog counts at all, the bushes' concealment and the opening's cover."""
        fogged = fog_concealment(self.fog_ft) if self.fog and self.fog_ft is not None else None
        return (self.fog_ft is not None, fogged, self.soft, self.opening)


NOTHING = RegionReading(None, (), 0, (), 0, (), False)
"""The reading of a map with no regions and no openings."""


def read(battle_map: dict[str, Any], square_board: SquareMap | None, attacker: Hex | sq.Square, target: Hex | sq.Square,
         rulings: dict[str, str]) -> RegionReading:
    """The regions' and openings' reading of an attack from ``attacker`` at ``target`` on a validated map (``square_board``:
    the square map read, on squares)."""
    found = rg.read(battle_map["regions"]) if battle_map["regions"] else ()
    openings = _openings_of(square_board) if square_board is not None and square_board.table.kinds & OPENINGS.keys() else []
    if not found and not openings:
        return NOTHING
    shapes = rg.shapes(found) if found and square_board is not None else None
    fogs = rg.of_kinds(found, ("fog",))
    fog_ft: float | None = None
    fogged: tuple[rg.Region, ...] = ()
    if fogs:
        fog_ft = rg.cells_inside(fogs, attacker, target, shapes) * FEET_PER_HEX
        fogged = rg.crossed(fogs, attacker, target, shapes) if fog_ft else ()
    soft = rg.crossed(rg.of_kinds(found, SOFT), attacker, target, shapes)
    through, cover, at = _openings(square_board, openings, attacker, target, rulings) if openings else ((), 0, False)
    return RegionReading(fog_ft, tuple(r.field for r in fogged), max((SOFT[r.kind] for r in soft), default=0),
                         tuple(r.field for r in soft), cover, through, at)


_LAST_OPENINGS: list[tuple[LineTable, list[WallLine]]] = []
"""The last map's lines (by identity: the same table serves every reading of one map) and its windows and slits."""


def _openings_of(square_board: SquareMap) -> list[WallLine]:
    """The map's windows and slits, remembered for its lines: an overlay asks on every square."""
    if _LAST_OPENINGS and _LAST_OPENINGS[0][0] is square_board.table:
        return _LAST_OPENINGS[0][1]
    found = [line for line in square_board.lines if line.kind in OPENINGS]
    _LAST_OPENINGS[:] = [(square_board.table, found)]
    return found


def _openings(square_board: SquareMap | None, openings: list[WallLine], attacker: Any, target: Any,
              rulings: dict[str, str]) -> tuple[tuple[str, ...], int, bool]:
    """The windows and slits the centre line passes through (crossing or touching), the largest cover of those the
    rulings let count, and whether the target is at one of them."""
    assert square_board is not None
    ca, ct = sq.centre(attacker), sq.centre(target)
    through = [line for line in openings if meeting(ca, ct, line.points) in (CROSS, TOUCH)]
    at = [line for line in through if _at(line, target, rulings["d20.ruling.opening-at"])]
    counted = at if rulings["d20.ruling.opening-far"] == "none" else through
    return (tuple(line.field for line in through), max((OPENINGS[line.kind] for line in counted), default=0),
            bool(at))


def _at(line: WallLine, square: sq.Square, choice: str) -> bool:
    """Whether a creature on ``square`` is at the opening ``line`` (ruling ``d20.ruling.opening-at``)."""
    col, row = square
    corners = [point(c) for c in ((col, row), (col + 1, row), (col + 1, row + 1), (col, row + 1))]
    sides = list(zip(corners, corners[1:] + corners[:1]))
    if choice == "side":
        return any(meeting(p, q, line.points) == ALONG for p, q in sides)
    inside = any(square[0] <= x <= square[0] + 1 and square[1] <= y <= square[1] + 1 for x, y in line.points)
    return inside or any(meeting(p, q, line.points) is not None for p, q in sides)


def applied(scenario: dict[str, Any], rr: RegionReading) -> dict[str, Any]:
    """The scenario with what the regions and openings decide filled in: the feet of fog, the concealment and the
    cover (the map's cover from the corner lines already in ``target.cover``)."""
    if rr is NOTHING:
        return scenario
    out = dict(scenario)
    if rr.fog_ft is not None:
        given = scenario["fog_distance_ft"]
        own = rr.fog_ft if rr.fog else None
        if scenario["rulings"]["d20.ruling.map-fog"] == "longer" and given is not None:
            own = given if own is None else max(own, given)
        out["fog_distance_ft"] = own
    tgt = dict(scenario["target"])
    if rr.soft:
        example = next((e for e in CONCEALMENT_EXAMPLES if e.value == tgt["concealment_example"]), None)
        percent = tgt["concealment"] if example is None else example.percent
        if scenario["rulings"]["d20.ruling.map-soft"] == "map" or rr.soft > percent:
            tgt["concealment"], tgt["concealment_example"] = rr.soft, NO_EXAMPLE
    if rr.opening > tgt["cover"]:
        tgt["cover"] = rr.opening
    out["target"] = tgt
    return out


def used(rr: RegionReading, battle_map: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The rules and rulings the reading relied on."""
    rules: list[str] = []
    rulings: list[str] = []
    if any(item["kind"] == "fog" for item in battle_map["regions"]):
        rules.append("d20.map.fog")
        rulings.append("d20.ruling.map-fog")
    if rr.soft_regions:
        rules.append("d20.map.brush")
        rulings.append("d20.ruling.map-soft")
    if rr.openings:
        rules.append("d20.map.openings")
        rulings.extend(("d20.ruling.opening-at", "d20.ruling.opening-far"))
    return rules, rulings


def placement(rr: RegionReading) -> dict[str, Any]:
    """The reading, JSON-ready."""
    return {"fog_ft": rr.fog_ft, "fog": list(rr.fog), "concealment": rr.soft, "screens": list(rr.soft_regions),
            "opening_cover": rr.opening, "openings": list(rr.openings), "at_opening": rr.at_opening}
