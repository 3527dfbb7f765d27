"""Enchanted Realms' single dice and the exact odds of a stray shot striking someone."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from math import comb

from ...dice import D20_SIDES
from .tables import FORWARD, NATURAL_HIT, NATURAL_MISS, STRAY_DIE


def die_hits(raw: int, modifier: int, penalty: int, defense: int) -> bool:
    """Whether one die hits: a natural 20 always, a natural 1 never, otherwise die + modifier - penalty >= Defense."""
    if raw == NATURAL_HIT:
        return True
    if raw == NATURAL_MISS:
        return False
    return raw + modifier - penalty >= defense


def roll_forward(raw: int) -> int:
    """A raw die rolled forward by 2 for friendly fire: 18 and 19 become a natural 20, a 1 becomes a raw 3."""
    return min(raw + FORWARD, NATURAL_HIT)


def forward_hits(raw: int, modifier: int, penalty: int, defense: int) -> bool:
    """Whether a die that strayed strikes a creature of ``defense``: the forward value, never a natural 1."""
    return die_hits(roll_forward(raw), modifier, penalty, defense)


def faces_needed(faces: Iterable[int]) -> int | None:
    """The lowest raw face in a set of hitting faces (they always run from there up to 20), or None."""
    faces = list(faces)
    return min(faces) if faces else None


# --- exact distributions ---------------------------------------------------------------------------


def stray_hits(group: int, miss: int, strikes: int) -> list[Fraction]:
    """Hits on one creature in a stray hex from one attack of ``group`` dice, k = 0..group.

    ``miss`` faces miss the target and ``strikes`` of them strike the creature once rolled forward.
    All dice must miss (each uniform on the miss faces, independently), then the d10 must land on
    that creature's hex (1 in 10); the dice are then checked against it.
    """
    out = [Fraction(0)] * (group + 1)
    slot = Fraction(1, STRAY_DIE)
    for k in range(1, group + 1):
        out[k] = slot * comb(group, k) * Fraction(strikes, D20_SIDES) ** k * Fraction(miss - strikes, D20_SIDES) ** (group - k)
    out[0] = 1 - sum(out[1:], Fraction(0))
    return out

