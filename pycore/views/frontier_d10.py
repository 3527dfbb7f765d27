"""Frontier d10's view: the face to roll at or under and the chance."""

from __future__ import annotations

from typing import Any

from ..systems.frontier_d10.tables import D10_SIDES
from .common import percent_of, percent_with_fraction, signed, summary_line
from .view import Facts, View


def headline(result: dict[str, Any]) -> str:
    """``Hits on 5 or under``, or that only a 1 (or nothing) hits."""
    highest = result["roll_at_most"]
    if highest >= D10_SIDES:
        return "Hits on any roll"
    if highest >= 1:
        return f"Hits on {highest} or under"
    return "Hits only on a 1" if result["hit_chance_exact"] != "0" else "Cannot hit"


def facts(result: dict[str, Any]) -> Facts:
    """The cover's change and the chance."""
    return [("Cover", signed(result["attack_modifier"])),
            ("Hit chance", percent_with_fraction(result["hit_chance_exact"]))]


def summary(result: dict[str, Any]) -> str:
    """The headline and the chance in one line."""
    return summary_line(headline(result), percent_of(result))


VIEW = View(headline, facts, summary=summary)
