"""The roll: a d10 at or under the skill after cover."""

from __future__ import annotations

from fractions import Fraction

from .tables import D10_SIDES


def needed(skill: int, modifier: int) -> int:
    """The highest face that hits: the skill with the cover's change, at most 10 (may be below 1)."""
    return min(D10_SIDES, skill + modifier)


def chance(highest: int, one_hits: bool) -> Fraction:
    """Chance that a d10 shows ``highest`` or less; a 1 still hits below 1 when ``one_hits``."""
    faces = max(highest, 1 if one_hits else 0)
    return Fraction(faces, D10_SIDES)
