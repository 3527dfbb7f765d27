"""d6 Skirmish overlays: the answer with the target or the attacker moved to each free hex of the drawn map.

Shared work: the map is read once (pieces, total obstacles, heights), each hex gets only its own line reading
(``map.cover_between``, the very function a single evaluation uses), and the rest of the evaluation runs once per
distinct reading: an answer depends on the map only through the cover levels, whether the distance is beyond
1 inch, whether the target is surrounded and who stands higher, so hexes that read the same share one answer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...hexgrid import Hex
from ...overlay import entry, overlay_result, standing_hexes
from ...views.skirmish_d6 import unbounded_cells
from . import map as board
from .inputs import BOARD_COORD
from .tables import MELEE_REACH, TOTAL

COVER_KEY = ("cover_level", "hits_on")
"""The system's cover key in each entry, and the final target number beside it."""

Answer = Callable[[dict[str, Any], "board.MapCover | None"], dict[str, Any]]
"""The evaluation after the map is read (``evaluation.answer``)."""


def drawn_cells(m: dict[str, Any], placed: list[Hex]) -> tuple[Hex, ...]:
    """The hexes of the drawn map: the sized board, or the board grown around the pieces (as the view draws it)."""
    if m["cols"] is not None and m["rows"] is not None:
        return board.board_cells(m["cols"], m["rows"])
    return unbounded_cells(placed)


def pieces(m: dict[str, Any]) -> list[Hex]:
    """Every piece's hex in drawing order: attacker, target, obstacles, creatures."""
    return [Hex.axial(*m["attacker"]), Hex.axial(*m["target"]),
            *(Hex.axial(*o["hex"]) for o in m["obstacles"]), *(Hex.axial(*c["hex"]) for c in m["creatures"])]


def moved(s: dict[str, Any], moving: str, h: Hex) -> dict[str, Any]:
    """The validated scenario without its overlay, with ``moving`` at ``h``."""
    return {**s, "overlay": "none", "map": {**s["map"], moving: list(h.qr)}}


def reading_key(mc: board.MapCover) -> tuple[Any, ...]:
    """What of a map reading an answer's entry depends on (see the module's docstring)."""
    higher = None if mc.heights is None else (mc.heights[0] > mc.heights[1]) - (mc.heights[0] < mc.heights[1])
    return (mc.partial, mc.total, mc.distance > MELEE_REACH, mc.surrounded_by is not None, higher)


def overlay(s: dict[str, Any], answer: Answer) -> dict[str, Any]:
    """The ``overlay`` result key of a validated map scenario that asks for one (its map already read once)."""
    moving, m, rulings = s["overlay"], s["map"], s["rulings"]
    placed = pieces(m)
    here = placed[0] if moving == "attacker" else placed[1]
    hexes = standing_hexes(drawn_cells(m, placed), (h for h in placed if h != here), BOARD_COORD)
    attacker, target, obstacles, creatures = board.read(m)
    ground = board.ground_of(m)
    ridge = rulings["d6.ruling.height-blocks"] == "ridge"
    totals = [h for h, kind in obstacles.items() if kind == TOTAL]
    edge, surround = rulings["d6.ruling.edge-line"], rulings["d6.ruling.surround"]
    answers: dict[tuple[Any, ...], dict[str, Any]] = {}
    entries = []
    for h in hexes:
        a, t = (h, target) if moving == "attacker" else (attacker, h)
        mc = board.cover_between(a, t, obstacles, creatures, ground, edge, surround, ridge, totals)
        key = reading_key(mc)
        if key not in answers:
            answers[key] = answer(moved(s, moving, h), mc)
        entries.append(entry(h, answers[key], COVER_KEY))
    return overlay_result(moving, entries)
