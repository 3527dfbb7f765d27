"""Where to stand on a Classic d20 map: the attack with the target (or the attacker) moved to each free hex."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ...geometry import hexgrid as hg
from ...geometry.clearance import Clearance
from ...geometry.hexgrid import Hex
from ...maps.hex_map import board_cells, unbounded_cells
from ...maps.overlay import standing_hexes
from ...progress import counted
from . import regions
from .corner_lines import Lines
from .hex_map import Board, MapReading, board_of, cover_of, elevation_of, reading
from .inputs import BOARD_COORD
from .tables import FEET_PER_HEX

Answer = Callable[[dict[str, Any], MapReading], dict[str, Any]]
"""How a scenario and its map reading become a result (``evaluation.on_map``)."""

Key = tuple[Any, ...]
"""What of a map reading the numbers depend on (``key``)."""


def drawn_cells(battle_map: dict[str, Any], attacker: Hex, target: Hex) -> tuple[Hex, ...]:
    """The hexes of the drawn board: the sized rectangle, or the drawing around the pieces (as the view draws it)."""
    if battle_map["cols"] is not None and battle_map["rows"] is not None:
        return board_cells(battle_map["cols"], battle_map["rows"])
    pieces = [attacker, target, *(Hex.axial(*o["hex"]) for o in battle_map["obstacles"]),
              *(Hex.axial(*c["hex"]) for c in battle_map["creatures"])]
    return unbounded_cells(list(dict.fromkeys(pieces)))


def guarding(board: Board) -> Counter[Hex]:
    """Hex -> how many creatures of the target's side stand next to it."""
    return Counter(n for h in board.target_side for n in hg.neighbors(h))


def key_of(a: Hex, t: Hex, board: Board, rulings: dict[str, str], lines: Lines, speaking: bool,
           guarded: Counter[Hex], clearance: Clearance | None = None) -> Key:
    """What of the reading of an attack from ``a`` at ``t`` the numbers depend on (``key``), without the reading;
    ``guarded`` is ``guarding(board)``, ``clearance`` the blockers seen from the piece that stays, if at hand."""
    cover = cover_of(a, t, board, lines.count(a, t), rulings, clearance)[0]
    protectors = guarded[t] if rulings["d20.ruling.map-protectors"] != "none" else 0
    elevation, terrain = ("level", "ground")
    if board.heights:
        elevation, terrain, _ = elevation_of(a, t, board, rulings["d20.ruling.map-terrain"])
    return (cover, protectors, elevation, terrain, hg.distance(a, t) * FEET_PER_HEX if speaking else None)


def key(r: MapReading, speaking: bool) -> Key:
    """What of a map reading the numbers depend on: the distance only through a voice giving a speaker away."""
    return (r.cover, len(r.protectors), r.elevation, r.terrain, r.distance_ft if speaking else None)


def overlay(scenario: dict[str, Any], moving: str, answer: Answer) -> dict[str, Any]:
    """One entry per free hex, equal to the answer with the ``moving`` piece standing there.

    Shared work: the fixed pieces are read once, each hex gets only its key (``key_of``; a corner line's test against
    a blocker is made once for every hex whose lines share it), and the first hex of each key is read in full and
    evaluated.
    """
    attacker, target, board = board_of(scenario["map"])
    stays = target if moving == "attacker" else attacker
    lines = Lines(board.blockers, stays)
    clearance = Clearance(stays, board.blockers)
    speaking = scenario["target"]["speaking"] or scenario["attacker"]["speaking"]
    rulings = scenario["rulings"]
    answers: dict[Key, dict[str, Any]] = {}
    guarded = guarding(board)
    here = target if moving == "target" else attacker
    taken = (board.blockers | {attacker, target}) - {here}
    hexes = []
    for h in counted(standing_hexes(drawn_cells(scenario["map"], attacker, target), taken, BOARD_COORD)):
        a, t = (attacker, h) if moving == "target" else (h, target)
        k = key_of(a, t, board, rulings, lines, speaking, guarded, clearance)
        if scenario["map"]["regions"]:  # the fog, bushes and screens on this line
            k = (*k, regions.read(scenario["map"], None, a, t, rulings).key)
        result = answers.get(k)
        if result is None:
            result = answers[k] = answer(scenario, reading(a, t, board, rulings, lines))
        hexes.append({"hex": list(h.qr), "targetable": result["targetable"], "hit_chance": result["hit_chance"],
                      "hit_chance_exact": result["hit_chance_exact"], "cover": result["cover"]})
    return {"moving": moving, "hexes": hexes}
