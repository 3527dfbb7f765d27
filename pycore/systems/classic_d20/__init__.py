"""Classic d20: cover, concealment, higher ground and invisibility (source: rule text 001).

``tables`` holds the printed numbers, rules and rulings; ``inputs`` the declared inputs and cross-field checks;
``rolls`` the small rules; ``sight`` who sees whom; ``steps`` the ordered modifiers; ``panels`` the unseen
sides question by question; ``evaluation`` puts them together.
"""

from __future__ import annotations

from ...system import System
from .evaluation import evaluate
from .inputs import INPUTS, check
from .rolls import (
    concealment_bonus,
    cover_bonus,
    effective_ac,
    elevation_modifier,
    fog_concealment,
    needed_roll,
    protector_bonus,
    roll_hits,
    unseen_ac_penalty,
)
from .rulings import RULINGS
from .tables import (
    ACCIDENTAL_AFTER_ROUNDS,
    ACCIDENTAL_TARGET,
    AUTO_SURPRISE_SEGMENTS,
    CLIFF_STEP_FT,
    CONCEALMENT_BONUS,
    CONCEALMENT_EXAMPLES,
    COVER_BONUS,
    COVER_EXAMPLES,
    COVER_HIGH,
    ELEVATION_RULE,
    ELEVATION_TABLE,
    FOG_STEPS,
    FULL,
    INVISIBLE_ATTACK_PENALTY,
    INVISIBLE_SAVE_BONUS,
    NO_EXAMPLE,
    OVER_MELEE_PENALTY,
    PERCENTS,
    PROTECTOR_BONUS,
    RULES,
    SURPRISE_BONUS_PERCENT,
    SYSTEM,
    TITLE,
    UNSEEN_AC_LIMIT,
    UNSEEN_AC_PENALTY,
    VOICE_RANGE_FT,
)

__all__ = [
    "ACCIDENTAL_AFTER_ROUNDS",
    "ACCIDENTAL_TARGET",
    "AUTO_SURPRISE_SEGMENTS",
    "CLIFF_STEP_FT",
    "CONCEALMENT_BONUS",
    "CONCEALMENT_EXAMPLES",
    "COVER_BONUS",
    "COVER_EXAMPLES",
    "COVER_HIGH",
    "DEFINITION",
    "ELEVATION_RULE",
    "ELEVATION_TABLE",
    "FOG_STEPS",
    "FULL",
    "INPUTS",
    "INVISIBLE_ATTACK_PENALTY",
    "INVISIBLE_SAVE_BONUS",
    "NO_EXAMPLE",
    "OVER_MELEE_PENALTY",
    "PERCENTS",
    "PROTECTOR_BONUS",
    "RULES",
    "RULINGS",
    "SURPRISE_BONUS_PERCENT",
    "SYSTEM",
    "TITLE",
    "UNSEEN_AC_LIMIT",
    "UNSEEN_AC_PENALTY",
    "VOICE_RANGE_FT",
    "check",
    "concealment_bonus",
    "cover_bonus",
    "effective_ac",
    "elevation_modifier",
    "evaluate",
    "fog_concealment",
    "needed_roll",
    "protector_bonus",
    "roll_hits",
    "unseen_ac_penalty",
]

DEFINITION = System(SYSTEM, TITLE, RULES, RULINGS, INPUTS, check, evaluate)
"""Classic d20 as the registry holds it."""
