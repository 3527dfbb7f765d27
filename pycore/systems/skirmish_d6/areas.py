"""d6 Skirmish areas on a map: every piece the area reaches, with its cover from the origin read as if the origin
were the attacker; total cover and invisibility do not protect from an area, and the text gives no save bonus."""

from __future__ import annotations

from typing import Any

from ...geometry.hexgrid import Hex
from ...maps import square_cells, square_map
from ...maps.areas import caught, hex_centre, hex_corners, origin_squares, seen_from, shape_of, square_corners, square_point
from ...maps.hex_map import read
from ...rules import ref
from . import hex_map
from . import square_map as d6_squares
from .modifiers import combine_cover, light_levels
from .tables import TOTAL

RANK = {0: 0, 1: 1, 2: 2, TOTAL: 3}
"""Cover levels from least to most, for the least of several readings (ruling ``d6.ruling.area-point``)."""


def pieces(battle_map: dict[str, Any]) -> list[tuple[str, tuple[int, int], str]]:
    """Every piece of a validated map: its field path, its cell and its side."""
    out = [("map.attacker", (battle_map["attacker"][0], battle_map["attacker"][1]), "attacker"),
           ("map.target", (battle_map["target"][0], battle_map["target"][1]), "target")]
    out += [(f"map.creatures.{i}", (c["hex"][0], c["hex"][1]), c["side"]) for i, c in enumerate(battle_map["creatures"])]
    return out


def area_result(scenario: dict[str, Any]) -> dict[str, Any]:
    """The contract's ``area`` result key of a checked map scenario with an area."""
    m, rulings, area = scenario["map"], scenario["rulings"], scenario["area"]
    square = m["grid"] == "square"
    shape = shape_of(area, 1, square_point if square else hex_centre, rulings["d6.ruling.area-cone"])
    inside = rulings["d6.ruling.area-inside"]
    used = ["d6.cover.area-effect", "d6.ruling.area-inside"] + (["d6.ruling.area-cone"] if area["shape"] == "cone"
                                                                 else [])
    everyone = pieces(m)
    entries = []
    level_of = _on_squares(scenario) if square else _on_hexes(scenario)
    for path, cell, _ in everyone:
        centre = (cell[0] + 0.5, cell[1] + 0.5) if square else hex_centre(*cell)
        corners = square_corners(*cell) if square else hex_corners(*cell)
        if not caught(shape, centre, corners, inside):
            continue
        level = level_of(cell, {c: side for p, c, side in everyone if c != cell})
        rules = used + (["d6.ruling.area-point"] if square else []) + (["d6.cover.total"] if level == TOTAL else [])
        entries.append({"piece": path, "cell": list(cell), "affected": True, "cover_level": level, "save_bonus": {},
                        "rules": [{"id": r, "ref": ref(r)} for r in rules]})
    return {"caught": entries}


def _level(partial: int, total: int, light: str, scenario: dict[str, Any]) -> int | str:
    """The cover level the counted obstacles and the light make, as a single answer makes it."""
    lit = light_levels(light, scenario["attacker"]["vision"])
    return combine_cover(partial, total, lit, scenario["rulings"]["d6.ruling.light-and-obstacles"]).level


def _on_hexes(scenario: dict[str, Any]) -> Any:
    """Cell, other pieces -> the cover level from the origin hex on a hex map."""
    m, rulings = scenario["map"], scenario["rulings"]
    _, _, obstacles, _ = read(m)
    origin = Hex.axial(int(scenario["area"]["at"][0]), int(scenario["area"]["at"][1]))
    ground = hex_map.ground_of(m)
    standing = {h: kind for h, kind in obstacles.items() if h != origin}

    def level(cell: tuple[int, int], others: dict[tuple[int, int], str]) -> int | str:
        here = Hex.axial(*cell)
        if here == origin:
            return 0
        creatures = {Hex.axial(*c): side for c, side in others.items() if Hex.axial(*c) != origin}
        mc = hex_map.cover_between(origin, here, standing, creatures, ground, rulings["d6.ruling.edge-line"],
                                   rulings["d6.ruling.surround"], rulings["d6.ruling.height-blocks"] == "ridge")
        return _level(mc.partial, mc.total, scenario["light"], scenario)

    return level


def _on_squares(scenario: dict[str, Any]) -> Any:
    """Cell, other pieces -> the cover level from the origin on a square map (ruling ``d6.ruling.area-point``)."""
    m, rulings = scenario["map"], scenario["rulings"]
    sm = square_map.read(m)
    ground = square_cells.heights(m) if m["elevation"] else {}
    starts = origin_squares(scenario["area"]["at"], rulings["d6.ruling.area-point"])

    def level(cell: tuple[int, int], others: dict[tuple[int, int], str]) -> int | str:
        found: list[int | str] = []
        for origin in starts:
            if origin == cell:
                found.append(0)
                continue
            board = seen_from(sm, origin, others)
            mc = d6_squares.cover_between(board, origin, cell, ground, rulings, scenario["light"])
            found.append(_level(mc.partial, mc.total, mc.light or scenario["light"], scenario))
        return min(found, key=RANK.__getitem__)

    return level
