"""Classic d20's small rules: bonuses by percentage, fog, higher ground, the AC conventions and the d20 roll."""

from __future__ import annotations

from fractions import Fraction

from ...dice import D20, d20_chance
from .tables import (
    CONCEALMENT_BONUS,
    COVER_BONUS,
    COVER_HIGH,
    ELEVATION_TABLE,
    FOG_STEPS,
    FULL,
    PROTECTOR_BONUS,
    UNSEEN_AC_LIMIT,
    UNSEEN_AC_PENALTY,
)


def cover_bonus(percent: int, high: str) -> int:
    """AC bonus of cover at ``percent`` (25..90), per ruling ``d20.ruling.cover-high`` for 75% and 90%."""
    return COVER_BONUS.get(percent) or COVER_HIGH[high].get(percent, 0)


def concealment_bonus(percent: int, values: str, high: str) -> int:
    """AC bonus of concealment at ``percent`` (25..90), per ruling ``d20.ruling.concealment-values``."""
    if values == "as-cover":
        return cover_bonus(percent, high)
    return CONCEALMENT_BONUS[values].get(percent, 0)


def protector_bonus(protectors: int) -> int:
    """+2 for one protector, +4 for two or more."""
    bonus = 0
    for at_least, value in PROTECTOR_BONUS:
        if protectors >= at_least:
            bonus = value
    return bonus


def fog_concealment(distance_ft: float) -> int:
    """Concealment of a creature seen through ``distance_ft`` of typical fog or mist."""
    for up_to, percent in FOG_STEPS:
        if distance_ft <= up_to:
            return percent
    return FULL


def elevation_modifier(elevation: str, terrain: str) -> int:
    """Attack roll modifier for the attacker's position relative to the target."""
    return ELEVATION_TABLE[terrain][elevation]


def unseen_ac_penalty(ac: int, convention: str) -> int:
    """How much easier to hit (as a negative bonus) a target becomes against an unseen attacker, never past AC 10."""
    room = UNSEEN_AC_LIMIT - ac if convention == "descending" else ac - UNSEEN_AC_LIMIT
    return -min(UNSEEN_AC_PENALTY, max(0, room))


def effective_ac(ac: int, bonus: int, convention: str) -> int:
    """The AC number after ``bonus`` (positive = harder to hit), in the scenario's convention."""
    return ac - bonus if convention == "descending" else ac + bonus


def needed_roll(convention: str, to_hit: int, modifier: int, ac: int) -> int:
    """Lowest natural d20 that hits before natural-roll handling (may be below 1 or above 20)."""
    if convention == "descending":
        return to_hit - ac - modifier  # d20 + modifier >= THAC0 - AC
    return ac - to_hit - modifier  # d20 + bonus + modifier >= AC


def roll_hits(roll: int, needed: int, natural: str) -> bool:
    """Whether a natural ``roll`` hits, per ruling ``d20.ruling.natural-rolls``."""
    if natural == "auto" and roll in (1, 20):
        return roll == 20
    return roll >= needed


def hit_rolls(needed: int, natural: str) -> tuple[int, ...]:
    """Every natural d20 roll that hits."""
    return tuple(r for r in D20 if roll_hits(r, needed, natural))


def chance_of(rolls: tuple[int, ...] | list[int]) -> Fraction:
    """Probability of rolling one of ``rolls`` on a d20."""
    return d20_chance(rolls)


def lowest_hit(needed: int, natural: str) -> int | None:
    """The lowest natural roll that hits, or None when none does."""
    rolls = hit_rolls(needed, natural)
    return rolls[0] if rolls else None
