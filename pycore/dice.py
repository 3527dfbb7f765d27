"""Exact dice probabilities with ``fractions.Fraction``: no sampling, no floats inside.

A chance leaves the engine as a pair of keys (``exact``): a float for plotting and sorting, and the
exact fraction as a string (``"7/20"``) for anything that must not round.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from math import comb
from typing import Any

D6_ALWAYS = 6
"""A natural 6 always succeeds."""
D6_NEVER = 1
"""A natural 1 always fails."""

D20_SIDES = 20
"""A d20 has 20 faces."""
D20 = range(1, D20_SIDES + 1)
"""The faces of a d20, 1..20."""


def d6_target(base: int, modifier: int) -> int:
    """Final d6 target number for ``base``+ with ``modifier`` added to the roll, limited to 2..6."""
    return min(D6_ALWAYS, max(D6_NEVER + 1, base - modifier))


def d6_chance(target: int) -> Fraction:
    """Chance that one d6 rolls ``target`` or more (2..6)."""
    if not D6_NEVER < target <= D6_ALWAYS:
        raise ValueError(f"d6 target must be 2..6, got {target}")
    return Fraction(D6_ALWAYS - target + 1, 6)


def d20_chance(faces: Sequence[int] | int) -> Fraction:
    """Chance that one d20 shows one of ``faces`` (or any of that many faces)."""
    count = faces if isinstance(faces, int) else len(faces)
    return Fraction(count, D20_SIDES)


def binomial(n: int, p: Fraction) -> list[Fraction]:
    """Chance of exactly k successes out of n independent trials of chance p, for k = 0..n."""
    return [comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]


def convolve(a: list[Fraction], b: list[Fraction]) -> list[Fraction]:
    """The distribution of the sum of two independent counts."""
    out = [Fraction(0)] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return out


def mean(dist: list[Fraction]) -> Fraction:
    """Expected value of a count distribution."""
    return sum((k * p for k, p in enumerate(dist)), Fraction(0))


def product(xs: Iterable[Fraction]) -> Fraction:
    """The product of exact numbers (1 for none)."""
    out = Fraction(1)
    for x in xs:
        out *= x
    return out


def exact(name: str, p: Fraction | None) -> dict[str, Any]:
    """A chance as the contract writes it: ``{name: float, name + "_exact": "n/d"}``; None stays None in both."""
    if p is None:
        return {name: None, f"{name}_exact": None}
    return {name: float(p), f"{name}_exact": str(p)}


def percent(p: Fraction) -> str:
    """A probability as a percentage with one decimal (``2/3`` -> ``66.7%``)."""
    value = round(float(p) * 100, 1)
    return f"{value:g}%"
