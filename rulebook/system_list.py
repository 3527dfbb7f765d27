"""The ``systems`` shortcode: the home page's card per system, each with a typical situation worked out at build time."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from markupsafe import Markup

from rulebook.context import Context
from rulebook.core import SYSTEMS, VIEWS, board_svg, encode_fragment, evaluate, percent


@dataclass(frozen=True)
class Showcase:
    """What a system's card says about it besides its links."""

    summary: str
    """One sentence: what the system's rules and calculator cover."""
    scenario: dict[str, Any]
    """A typical situation (without its system): its answer's headline, and its map when the system draws one."""


SHOWCASES: dict[str, Showcase] = {
    "skirmish-d6": Showcase(
        "Levels of cover from obstacles, light and sight, size, height and conditions, capped at two, read off a hex map.",
        {"map": {"cols": 8, "rows": 4, "attacker": [0, 1], "target": [5, 1], "obstacles": [{"hex": [2, 1], "kind": "partial"}]},
         "light": "dim", "attack": {"hits_on": 4}}),
    "enchanted-realms": Showcase(
        "Cover and obscurement on the defense, blind shots, and the odds that a miss strikes a friend near the target.",
        {"attack": {"dice": 2, "modifier": 3}, "target": {"defense": 13, "cover": "three-quarters"},
         "others": [{"name": "Bram", "hex": [3, 0], "defense": 12}]}),
    "classic-d20": Showcase(
        "Cover and concealment, higher ground, invisibility and pinpointing: the roll you need and the miss chance.",
        {"attack": {"to_hit": 15}, "target": {"ac": 5, "cover_example": "table"}}),
}
"""System id -> its card's summary and typical situation; every system in the registry has one."""


def card(system: Any, base: str) -> dict[str, Any]:
    """One system's card: links, summary, and its typical situation's headline, hit chance and map (None when it has none)."""
    showcase = SHOWCASES[system.id]
    scenario = {"system": system.id, **showcase.scenario}
    result = evaluate(scenario)
    view = VIEWS[system.id]
    drawing = view.board(scenario, result) if view.board else None
    if drawing is not None and not drawing.pieces:
        drawing = None  # a situation not placed on a map (Classic d20 counting its cover) shows no empty board
    chance = result.get("hit_chance") is not None and result["targetable"]
    return {
        "id": system.id,
        "title": system.title,
        "summary": showcase.summary,
        "rules": base + system.rules[0].page,
        "calculator": base + system.calculator,
        "reference": f"{base}reference/{system.id}/",
        "headline": view.headline(result),
        "chance": percent(Fraction(result["hit_chance_exact"])) if chance else None,
        "open": base + system.calculator + "#s=" + encode_fragment(scenario),
        "svg": Markup(board_svg(drawing, ident=f"home-{system.id}")) if drawing else None,
        "desc": drawing.desc if drawing else "",
    }


def render(context: Context, words: list[str], options: dict[str, str]) -> str:
    """A one-tap row of calculators, then each system's card with its rules, calculator and quick reference."""
    if words or options:
        raise context.error(f"systems takes no arguments, got {words} {sorted(options)}")
    missing = sorted(set(SYSTEMS) - set(SHOWCASES))
    if missing:
        raise context.error(f"systems: no showcase in rulebook/system_list.py for {missing}")
    return context.render("partials/systems.html", cards=[card(s, context.base) for s in SYSTEMS.values()])

