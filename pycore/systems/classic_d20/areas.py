"""Classic d20 areas on a map: every piece the area reaches, with its cover from the origin read as if the origin
were the attacker (the corner lines), whether the area affects it (100% cover is no line of effect) and the bonus
cover gives its saving throws."""

from __future__ import annotations

from typing import Any

from ...geometry.hexgrid import Hex
from ...maps import square_cells, square_map
from ...maps.areas import caught, hex_centre, hex_corners, origin_squares, seen_from, shape_of, square_corners, square_point
from ...maps.hex_map import read as read_pieces
from ...rules import ref
from . import square_map as d20_squares
from .hex_map import Board, reading
from .rolls import cover_bonus
from .tables import FEET_PER_HEX, FULL


def pieces(battle_map: dict[str, Any]) -> list[tuple[str, tuple[int, int], str]]:
    """Every piece of a validated map: its field path, its cell and its side."""
    out = [("map.attacker", (battle_map["attacker"][0], battle_map["attacker"][1]), "attacker"),
           ("map.target", (battle_map["target"][0], battle_map["target"][1]), "target")]
    out += [(f"map.creatures.{i}", (c["hex"][0], c["hex"][1]), c["side"]) for i, c in enumerate(battle_map["creatures"])]
    return out


def saves(cover: int, rulings: dict[str, str]) -> dict[str, int]:
    """The bonus cover gives saving throws (ruling ``d20.ruling.cover-saves`` names them), in the common form."""
    bonus = cover_bonus(cover, rulings["d20.ruling.cover-high"]) if cover and cover != FULL else 0
    return {rulings["d20.ruling.cover-saves"]: bonus} if bonus else {}


def area_result(scenario: dict[str, Any]) -> dict[str, Any]:
    """The contract's ``area`` result key of a checked map scenario with an area."""
    m, rulings, area = scenario["map"], scenario["rulings"], scenario["area"]
    square = m["grid"] == "square"
    shape = shape_of(area, FEET_PER_HEX, square_point if square else hex_centre, rulings["d20.ruling.area-cone"])
    inside = rulings["d20.ruling.area-inside"]
    used = ["d20.cover.area", "d20.ruling.area-inside"] + (["d20.ruling.area-cone"] if area["shape"] == "cone" else [])
    everyone = pieces(m)
    cover_of = _on_squares(scenario) if square else _on_hexes(scenario)
    entries = []
    for path, cell, _ in everyone:
        centre = (cell[0] + 0.5, cell[1] + 0.5) if square else hex_centre(*cell)
        corners = square_corners(*cell) if square else hex_corners(*cell)
        if not caught(shape, centre, corners, inside):
            continue
        cover = cover_of(cell, {c: side for p, c, side in everyone if c != cell})
        bonus = saves(cover, rulings)
        rules = used + (["d20.ruling.area-point"] if square else [])
        rules += ["d20.cover.full"] if cover == FULL else ["d20.cover.saves", "d20.ruling.cover-saves"] if bonus else []
        entries.append({"piece": path, "cell": list(cell), "affected": cover != FULL, "cover": cover,
                        "save_bonus": bonus, "rules": [{"id": r, "ref": ref(r)} for r in rules]})
    return {"caught": entries}


def _on_hexes(scenario: dict[str, Any]) -> Any:
    """Cell, other pieces -> the cover percentage from the origin hex on a hex map (its corner lines)."""
    m, rulings = scenario["map"], scenario["rulings"]
    _, _, obstacles, _ = read_pieces(m)
    origin = Hex.axial(int(scenario["area"]["at"][0]), int(scenario["area"]["at"][1]))
    heights = {Hex.axial(*e["hex"]): e["height"] for e in m["elevation"]}

    def cover(cell: tuple[int, int], others: dict[tuple[int, int], str]) -> int:
        here = Hex.axial(*cell)
        if here == origin:
            return 0
        blockers = (frozenset(obstacles) | {Hex.axial(*c) for c in others}) - {origin}
        board = Board(blockers, frozenset(Hex.axial(*c) for c, side in others.items() if side == "target"), heights)
        return reading(origin, here, board, rulings).cover

    return cover


def _on_squares(scenario: dict[str, Any]) -> Any:
    """Cell, other pieces -> the cover percentage from the origin on a square map (ruling ``d20.ruling.area-point``)."""
    m, rulings = scenario["map"], scenario["rulings"]
    sm = square_map.read(m)
    ground = square_cells.heights(m) if m["elevation"] else {}
    starts = origin_squares(scenario["area"]["at"], rulings["d20.ruling.area-point"])

    def cover(cell: tuple[int, int], others: dict[tuple[int, int], str]) -> int:
        found = []
        for origin in starts:
            if origin == cell:
                found.append(0)
                continue
            board = seen_from(sm, origin, others)
            found.append(d20_squares.reading(board, origin, cell, ground, rulings).cover)
        return min(found)

    return cover
