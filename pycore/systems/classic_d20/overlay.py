"""Where to stand on a Classic d20 map: the attack with the target (or the attacker) moved to each free hex."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...hexgrid import Hex
from ...views.skirmish_d6 import unbounded_cells
from ..skirmish_d6.map import board_cells
from .corner_lines import Lines
from .map import MapReading, board_of, reading

Answer = Callable[[dict[str, Any], MapReading], dict[str, Any]]
"""How a scenario and its map reading become a result (``evaluation.on_map``)."""


def drawn_cells(m: dict[str, Any], attacker: Hex, target: Hex) -> tuple[Hex, ...]:
    """The hexes of the drawn board: the sized rectangle, or the drawing around the pieces (as the view draws it)."""
    if m["cols"] is not None and m["rows"] is not None:
        return board_cells(m["cols"], m["rows"])
    pieces = [attacker, target, *(Hex.axial(*o["hex"]) for o in m["obstacles"]),
              *(Hex.axial(*c["hex"]) for c in m["creatures"])]
    return unbounded_cells(list(dict.fromkeys(pieces)))


def overlay(s: dict[str, Any], moving: str, answer: Answer) -> dict[str, Any]:
    """One entry per free hex, equal to the answer with the ``moving`` piece standing there.

    Shared work: the fixed pieces are read once, a corner line's test against a blocker is made once for every
    hex whose lines share it, and hexes whose readings lead to the same numbers share one evaluation.
    """
    attacker, target, board = board_of(s["map"])
    lines = Lines(board.blockers, target if moving == "attacker" else attacker)
    speaking = s["target"]["speaking"] or s["attacker"]["speaking"]
    answers: dict[tuple[Any, ...], dict[str, Any]] = {}
    taken = board.blockers | {attacker, target}
    hexes = []
    for h in drawn_cells(s["map"], attacker, target):
        if h in taken and h != (target if moving == "target" else attacker):
            continue
        a, t = (attacker, h) if moving == "target" else (h, target)
        r = reading(a, t, board, s["rulings"], lines)
        # the distance changes the answer only through a voice giving a speaker away
        key = (r.cover, len(r.protectors), r.elevation, r.terrain, r.distance_ft if speaking else None)
        result = answers.get(key)
        if result is None:
            result = answers[key] = answer(s, r)
        hexes.append({"hex": list(h.qr), "targetable": result["targetable"], "hit_chance": result["hit_chance"],
                      "hit_chance_exact": result["hit_chance_exact"], "cover": result["cover"]})
    return {"moving": moving, "hexes": hexes}
