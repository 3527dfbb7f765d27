"""d6 Skirmish: cover, light against vision, height, size, conditions and the two-modifier cap (source: rule text 003).

``tables`` holds the printed numbers, rules and rulings; ``inputs`` the declared inputs and cross-field checks;
``modifiers`` sizes, cover levels and the two-modifier cap; ``map`` reads cover off a hex map; ``evaluation``
puts them together.
"""

from __future__ import annotations

from ...system import System
from .evaluation import evaluate
from .inputs import INPUTS, check
from .modifiers import Cover, Modifier, cap_modifiers, combine_cover, light_levels, size_effects
from .tables import (
    COVER_EFFECT,
    LIGHT_LABELS,
    LIGHT_LEVELS,
    LIGHT_TABLE,
    MELEE_REACH,
    ONLY_SIX,
    RULES,
    RULINGS,
    SIZE_EFFECTS,
    SIZE_TABLE,
    SIZES,
    SYSTEM,
    TITLE,
    TOTAL,
    TOTAL_LEVEL,
    VISION_LABELS,
    VISIONS,
)

__all__ = [
    "COVER_EFFECT", "DEFINITION", "INPUTS", "LIGHT_LABELS", "LIGHT_LEVELS", "LIGHT_TABLE", "MELEE_REACH", "ONLY_SIX",
    "RULES", "RULINGS", "SIZES", "SIZE_EFFECTS", "SIZE_TABLE", "SYSTEM", "TITLE", "TOTAL", "TOTAL_LEVEL",
    "VISIONS", "VISION_LABELS", "Cover", "Modifier", "cap_modifiers", "check", "combine_cover", "evaluate",
    "light_levels", "size_effects",
]

DEFINITION = System(SYSTEM, TITLE, RULES, RULINGS, INPUTS, check, evaluate)
"""d6 Skirmish as the registry holds it."""
