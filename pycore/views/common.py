"""Helpers shared by the views: signs, percentages with their fractions, hexes, rule links, and what a
half-typed map holds (boards are drawn even while the form has errors)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from ..dice import percent
from ..geometry.hexgrid import Hex
from ..maps.square_map import MOST_HEXES
from ..memo import recent_calls
from ..rules import entry
from .board_spec import BoardSpec
from .drawing import Piece


def signed(n: int) -> str:
    """``+2``, ``-1``, ``0``."""
    return f"+{n}" if n > 0 else str(n)


def percent_exact(exact: str | None) -> str:
    """An exact chance (``"1/3"``) as a percentage (``33.3%``); ``""`` for None."""
    return "" if exact is None else percent(Fraction(exact))


def percent_with_fraction(exact: str) -> str:
    """``33.3% (1/3)``; a chance of exactly 0 or 1 without the fraction."""
    p = Fraction(exact)
    return percent(p) if p in (0, 1) else f"{percent(p)} ({p})"


def percent_of(result: dict[str, Any]) -> str:
    """The hit chance as a percentage, from the exact fraction."""
    return percent_exact(result["hit_chance_exact"])


def chance(result: dict[str, Any]) -> str:
    """The hit chance as a percentage with its exact fraction (``33.3% (1/3)``)."""
    exact = Fraction(result["hit_chance_exact"])
    return f"{percent(exact)} ({exact})" if exact else "none: the attack cannot be made"


SEPARATOR = " · "
"""Between the parts of a one-line summary."""


def summary_line(*parts: str) -> str:
    """The non-empty parts of a summary joined into one line (``Hits on 5+ · 33.3%``)."""
    return SEPARATOR.join(part for part in parts if part)


def hex_of(value: Any) -> Hex | None:
    """A hex from a possibly invalid ``[q, r]`` (boards are drawn even while the form has errors)."""
    if (isinstance(value, (list, tuple)) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        return Hex.axial(value[0], value[1])
    return None


MIN_SIZE, MAX_SIZE = 3, MOST_HEXES
"""A hex board's width or height, as the map fields and their checks allow."""


def board_size(value: Any, most: int = MAX_SIZE) -> int | None:
    """A board width or height as given, or None when it is missing or not a valid size (at most ``most``: a hex
    board's, or a square map's)."""
    valid = isinstance(value, int) and not isinstance(value, bool) and MIN_SIZE <= value <= most
    return value if valid else None


def map_of(scenario: dict[str, Any]) -> dict[str, Any]:
    """The scenario's map, or an empty one when it has none (or not a mapping)."""
    battle_map = scenario.get("map")
    return battle_map if isinstance(battle_map, dict) else {}


def creature_kind(item: dict[str, Any]) -> str:
    """A map creature's slot kind: the target's ally on the target's side, else the attacker's."""
    return "ally-target" if item.get("side") == "target" else "ally-attacker"


@recent_calls(2)
def _listed(obstacles: Any, creatures: Any, obstacle_kind: Callable[[dict[str, Any]], str],
            pieces: Mapping[str, Piece]) -> tuple[tuple[Hex, Piece], ...]:
    """The obstacles' and creatures' pieces in drawing precedence (the first on a hex wins), from possibly
    invalid lists; remembered, as they stay put while the attacker and the target move (``memo``)."""
    placed: dict[Hex, Piece] = {}
    for items, kind in ((obstacles, obstacle_kind), (creatures, creature_kind)):
        for item in items if isinstance(items, list) else []:
            h = hex_of(item.get("hex")) if isinstance(item, dict) else None
            if h is not None and h not in placed:
                placed[h] = pieces[kind(item)]
    return tuple(placed.items())


def map_pieces(battle_map: dict[str, Any], spec: BoardSpec, pieces: Mapping[str, Piece],
               obstacle_kind: Callable[[dict[str, Any]], str]) -> dict[Hex, Piece]:
    """Everything placed on a possibly invalid map: the single pieces (attacker, target) first, then the
    obstacles (``obstacle_kind`` names an item's slot) and the creatures, the first piece on a hex winning."""
    placed: dict[Hex, Piece] = {}
    for slot in spec.slots:
        h = hex_of(battle_map.get(slot.path.split(".")[1])) if slot.single else None
        if h is not None and h not in placed:
            placed[h] = pieces[slot.kind]
    for h, piece in _listed(battle_map.get("obstacles"), battle_map.get("creatures"), obstacle_kind, pieces):
        placed.setdefault(h, piece)
    return placed


def pieces_legend(spec: BoardSpec, pieces: Mapping[Any, Piece]) -> tuple[tuple[str, str], ...]:
    """The legend's lines for the kinds of piece the board shows, in the order of the board's slots."""
    shown = {p.symbol for p in pieces.values()}
    return tuple((s.symbol, s.label) for s in spec.slots if s.symbol in shown)


def link(parent: ET.Element, rule_id: str, base: str, text: str | None = None, *, css: str = "",
         tagged: bool = True) -> ET.Element:
    """A link to a rule or ruling's anchor: its title unless ``text``; ``data-rule`` unless not ``tagged`` (an
    element around it names the rule), then ``data-engine-link``: either way the build leaves it as it is."""
    attrs = {"href": base + entry(rule_id).ref}
    if tagged:
        attrs["data-rule"] = rule_id
    else:
        attrs["data-engine-link"] = ""
    if css:
        attrs["class"] = css
    anchor = ET.SubElement(parent, "a", attrs)
    anchor.text = text or entry(rule_id).title
    return anchor
