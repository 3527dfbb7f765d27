"""Exact dice probabilities with ``fractions.Fraction``: no sampling, no floats inside."""

from __future__ import annotations

from fractions import Fraction

D6_ALWAYS = 6
"""A natural 6 always succeeds."""
D6_NEVER = 1
"""A natural 1 always fails."""


def d6_target(base: int, modifier: int) -> int:
    """Final d6 target number for ``base``+ with ``modifier`` added to the roll, limited to 2..6."""
    return min(D6_ALWAYS, max(D6_NEVER + 1, base - modifier))


def d6_chance(target: int) -> Fraction:
    """Chance that one d6 rolls ``target`` or more (2..6)."""
    if not D6_NEVER < target <= D6_ALWAYS:
        raise ValueError(f"d6 target must be 2..6, got {target}")
    return Fraction(D6_ALWAYS - target + 1, 6)


def percent(p: Fraction) -> str:
    """A probability as a percentage with one decimal (``2/3`` -> ``66.7%``)."""
    value = round(float(p) * 100, 1)
    return f"{value:g}%"
