"""Frontier d10's evaluation: the cover, then the roll."""

from __future__ import annotations

from typing import Any

from ...dice import exact
from ...trace import Trace
from .roll import chance, needed
from .tables import COVER, COVER_RULE, NATURAL_ONE, ROLL


def cover_modifier(cover: str, trace: Trace) -> int:
    """The change cover makes to the skill, recorded when there is cover."""
    if cover != "none":
        trace.rule(COVER_RULE)
    return COVER[cover]


def evaluate(clean: dict[str, Any]) -> dict[str, Any]:
    """A checked scenario -> the contract's result."""
    trace = Trace()
    modifier = cover_modifier(clean["target"]["cover"], trace)
    highest = needed(clean["attacker"]["skill"], modifier)
    trace.rule(ROLL)
    if highest < 1:
        trace.ruling(NATURAL_ONE)
    p = chance(highest, clean["rulings"][NATURAL_ONE] == "hits")
    return {"targetable": True, "attack_modifier": modifier, "defense_bonus": 0, "save_bonus": {},
            "roll_at_most": highest, **exact("hit_chance", p), **trace.result()}
