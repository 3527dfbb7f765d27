"""The ``systems`` shortcode: the home page's card per system, each with a typical situation (its ``SHOWCASE``) worked
out at build time."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from markupsafe import Markup

from rulebook.core import SYSTEMS, VIEWS, board_svg, encode_fragment, evaluate, percent
from rulebook.shortcodes.context import Context
from rulebook.systems import SITE


def card(system: Any, base: str) -> dict[str, Any]:
    """One system's card: links, summary, and its typical situation's headline, hit chance and map (None when it has none)."""
    showcase = SITE[system.id].showcase
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
    return context.render("partials/systems.html", cards=[card(s, context.base) for s in SYSTEMS.values()])

