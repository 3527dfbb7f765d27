"""d6 Skirmish overlays: the answer with the target or the attacker moved to each free hex of the drawn map."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...hexgrid import Hex
from ...overlay import each_hex, overlay_result, standing_hexes
from ...views.skirmish_d6 import unbounded_cells
from .inputs import BOARD_COORD
from .map import board_cells

COVER_KEY = ("cover_level", "hits_on")
"""The system's cover key in each entry, and the final target number beside it."""


def drawn_cells(m: dict[str, Any], placed: list[Hex]) -> tuple[Hex, ...]:
    """The hexes of the drawn map: the sized board, or the board grown around the pieces (as the view draws it)."""
    if m["cols"] is not None and m["rows"] is not None:
        return board_cells(m["cols"], m["rows"])
    return unbounded_cells(placed)


def pieces(m: dict[str, Any]) -> list[Hex]:
    """Every piece's hex in drawing order: attacker, target, obstacles, creatures."""
    return [Hex.axial(*m["attacker"]), Hex.axial(*m["target"]),
            *(Hex.axial(*o["hex"]) for o in m["obstacles"]), *(Hex.axial(*c["hex"]) for c in m["creatures"])]


def moved(s: dict[str, Any], moving: str, h: Hex) -> dict[str, Any]:
    """The validated scenario without its overlay, with ``moving`` at ``h``."""
    return {**s, "overlay": "none", "map": {**s["map"], moving: list(h.qr)}}


def overlay(s: dict[str, Any], evaluate: Callable[[dict[str, Any]], dict[str, Any]]) -> dict[str, Any]:
    """The ``overlay`` result key of a validated map scenario that asks for one (its pieces already read)."""
    moving = s["overlay"]
    placed = pieces(s["map"])
    here = placed[0] if moving == "attacker" else placed[1]
    hexes = standing_hexes(drawn_cells(s["map"], placed), (h for h in placed if h != here), BOARD_COORD)
    return overlay_result(moving, each_hex(hexes, lambda h: evaluate(moved(s, moving, h)), COVER_KEY))
