"""Frontier d10's declared inputs; it has no cross-field checks."""

from __future__ import annotations

from typing import Any

from ...errors import FieldError
from ...schema import Field, Inputs
from .tables import COVER_RULE, D10_SIDES, ROLL, RULINGS, SYSTEM

INPUTS = Inputs(SYSTEM, (
    Field("attacker.skill", "int", "Skill", default=6, minimum=1, maximum=D10_SIDES, rule=ROLL,
          help="The roll must be at or under it."),
    Field("target.cover", "choice", "Cover", default="none",
          choices=(("none", "None"), ("light", "Light (-1)"), ("heavy", "Heavy (-3)")), rule=COVER_RULE),
), RULINGS)


def check(clean: dict[str, Any]) -> list[FieldError]:
    """No cross-field checks: every valid input can be evaluated."""
    return []
