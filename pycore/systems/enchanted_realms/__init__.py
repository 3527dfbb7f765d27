"""Enchanted Realms: cover, obscurement and friendly fire with pools of d20s (source: rule text 000).

Every chance is exact (``fractions.Fraction``). A die is compared on its own with the target's
Defense; when friendly fire applies and every die of an attack misses, the d10 picks one of eight
stray hexes and the whole pool, rolled forward by 2, is checked against whoever stands there.

``tables`` holds the printed numbers, rules and rulings; ``inputs`` the declared inputs and cross-field
checks; ``odds`` single dice and stray odds; ``strays`` the stray hexes; ``evaluation`` and ``resolution``
answer a scenario and follow a real throw.
"""

from __future__ import annotations

from ...system import System
from .evaluation import evaluate
from .inputs import INPUTS, check
from .odds import die_hits, forward_hits, roll_forward, stray_hits
from .strays import Slot, StrayLayout, stray_layout
from .tables import (
    ATTACK_PAGE,
    COVER_PAGE,
    EMPTY_FACES,
    FORWARD,
    FRIENDLY_FIRE_PAGE,
    FULL_AGILITY,
    HEX_FEET,
    NATURAL_HIT,
    NATURAL_MISS,
    OBSCUREMENT_PAGE,
    PARTIAL_AGILITY,
    PARTIAL_DEFENSE,
    RULES,
    RULINGS,
    STRAY_DIE,
    STRAY_REACH,
    STRAY_REACH_FEET,
    STRAY_SLOTS,
    SYSTEM,
    TITLE,
)

__all__ = [
    "ATTACK_PAGE", "COVER_PAGE", "DEFINITION", "EMPTY_FACES", "FORWARD", "FRIENDLY_FIRE_PAGE", "FULL_AGILITY",
    "HEX_FEET", "INPUTS", "NATURAL_HIT", "NATURAL_MISS", "OBSCUREMENT_PAGE", "PARTIAL_AGILITY", "PARTIAL_DEFENSE",
    "RULES", "RULINGS", "STRAY_DIE", "STRAY_REACH", "STRAY_REACH_FEET", "STRAY_SLOTS", "SYSTEM", "TITLE", "Slot",
    "StrayLayout", "check", "die_hits", "evaluate", "forward_hits", "roll_forward", "stray_hits", "stray_layout",
]

DEFINITION = System(SYSTEM, TITLE, RULES, RULINGS, INPUTS, check, evaluate)
"""Enchanted Realms as the registry holds it."""
