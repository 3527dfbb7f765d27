"""Enchanted Realms overlays: the answer with the target or the attacker moved to each hex of the board, or the
chance that a bystander standing in each hex is struck by a stray shot."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...geometry.hexgrid import Hex, distance
from ...maps.overlay import entry, overlay_result, standing_hexes
from . import regions
from .cells import board_cells
from .inputs import HEX_RANGE
from .tables import STRAY_REACH

COVER_KEY = ("cover",)
"""The system's cover key in each entry (the target's cover, an input)."""


def pieces(scenario: dict[str, Any]) -> list[Hex]:
    """Every piece's hex in drawing order: attacker, target, the others."""
    return [Hex.axial(*scenario["attacker"]["hex"]), Hex.axial(*scenario["target"]["hex"]),
            *(Hex.axial(*o["hex"]) for o in scenario["others"])]


def bystander_name(scenario: dict[str, Any]) -> str:
    """A name for the bystander that no other creature has."""
    names = {o["name"] for o in scenario["others"]}
    return next(n for n in (f"bystander {i}" if i else "bystander" for i in range(len(names) + 1)) if n not in names)


def moved(scenario: dict[str, Any], moving: str, h: Hex) -> dict[str, Any]:
    """The validated scenario without its overlay, with ``moving`` at ``h`` (a bystander: one more creature there)."""
    out = {**scenario, "overlay": "none", "overlay_defense": None}
    if moving == "bystander":
        bystander = {"name": bystander_name(scenario), "hex": list(h.qr), "defense": scenario["overlay_defense"]}
        out["others"] = [*scenario["others"], bystander]
    else:
        out[moving] = {**scenario[moving], "hex": list(h.qr)}
    return out


def bystander_entry(result: dict[str, Any], name: str) -> dict[str, Any]:
    """The answer with a bystander added, as a bystander overlay entry: the bystander's chance to be struck."""
    creature = next(c for c in result["friendly_fire"]["creatures"] if c["name"] == name)
    return {**result, "hit_chance": creature["struck_chance"], "hit_chance_exact": creature["struck_chance_exact"]}


def overlay(scenario: dict[str, Any], evaluate: Callable[[dict[str, Any]], dict[str, Any]]) -> dict[str, Any]:
    """The ``overlay`` result key of a validated scenario that asks for one.

    Shared work: cover is an input and the odds do not depend on where anyone stands, so one answer serves every
    hex (on a map with obscured regions, one answer for each reading of the regions, ``regions.read``); a bystander
    can only be struck on the eight stray hexes, which alone are evaluated with it there. Where a
    hex could change the answer into an error (ruling ``er.ruling.attacker-hex`` lets the attacker be struck and its
    Defense is missing), those hexes are evaluated one by one.
    """
    moving = scenario["overlay"]
    placed = pieces(scenario)
    here = {"attacker": placed[0], "target": placed[1]}.get(moving)
    hexes = standing_hexes(board_cells(placed), (h for h in placed if h != here), HEX_RANGE)
    base = evaluate({**scenario, "overlay": "none", "overlay_defense": None})
    risky = scenario["rulings"]["er.ruling.attacker-hex"] == "struck" and scenario["attacker"]["defense"] is None
    if moving == "bystander":
        name = bystander_name(scenario)
        strays = {tuple(slot["hex"]) for slot in base["friendly_fire"]["slots"]}
        if risky and any(slot["hex"] == scenario["attacker"]["hex"] for slot in base["friendly_fire"]["slots"]):
            strays = {h.qr for h in hexes}
        missed = {**base, "hit_chance": 0.0, "hit_chance_exact": "0"}
        entries = [entry(h, bystander_entry(evaluate(moved(scenario, moving, h)), name) if h.qr in strays else missed, COVER_KEY)
                   for h in hexes]
    else:
        fixed = placed[1] if moving == "attacker" else placed[0]
        by_region: dict[tuple[Any, ...], dict[str, Any]] = {}

        def standing(h: Hex) -> dict[str, Any]:
            """The answer with the piece at ``h``: ``base``, unless the obscured ground it brings changes it."""
            if risky and distance(h, fixed) <= STRAY_REACH:
                return evaluate(moved(scenario, moving, h))
            if not scenario["map"]["regions"]:
                return base
            there = moved(scenario, moving, h)
            key = regions.read(there).key
            if key not in by_region:
                by_region[key] = evaluate(there)
            return by_region[key]

        entries = [entry(h, standing(h), COVER_KEY) for h in hexes]
    return overlay_result(moving, entries)
