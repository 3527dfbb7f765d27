"""Small formatting helpers shared by the views."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..dice import percent


def signed(n: int) -> str:
    """``+2``, ``-1``, ``0``."""
    return f"+{n}" if n > 0 else str(n)


def chance(result: dict[str, Any]) -> str:
    """The hit chance as a percentage with its exact fraction (``33.3% (1/3)``)."""
    exact = Fraction(result["hit_chance_exact"])
    return f"{percent(exact)} ({exact})" if exact else "none: the attack cannot be made"
