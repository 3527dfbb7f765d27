"""Classic d20 on the site: its home card (``SHOWCASE``) and its quick reference (``sections``), each number read off
the engine's tables."""

from __future__ import annotations

from typing import Any

from pycore.systems import classic_d20 as d20
from rulebook.core import RULINGS, percent
from rulebook.shortcodes.context import Context
from rulebook.showcase import Showcase

SHOWCASE = Showcase(
    "Cover and concealment, higher ground, invisibility and pinpointing: the roll you need and the miss chance.",
    {"attack": {"to_hit": 15}, "target": {"ac": 5, "cover_example": "table"}},
)
"""Its home page card: what it covers, and a typical situation."""


def default(ruling_id: str) -> str:
    """The value a ruling takes by default."""
    return RULINGS[ruling_id].default


def signed(value: int) -> str:
    """A modifier with its sign (``+2``, ``-1``)."""
    return f"{value:+d}"


def sections(context: Context) -> list[dict[str, Any]]:
    """Classic d20 on one sheet: cover and concealment by percentage, protectors, fog, height, invisibility."""
    high = d20.COVER_HIGH[default("d20.ruling.cover-high")]
    concealment = default("d20.ruling.concealment-values")
    steps = [p for p in d20.PERCENTS if 0 < p < d20.FULL]

    def cover(p: int) -> str:
        return signed(d20.COVER_BONUS.get(p) or high[p])

    def conceal(p: int) -> str:
        return signed(d20.CONCEALMENT_BONUS[concealment][p]) if concealment in d20.CONCEALMENT_BONUS else cover(p)

    percent_rows = [{"label": f"{p}%", "cells": [cover(p), conceal(p)]} for p in steps] + [
        {"label": f"{d20.FULL}%", "cells": ["Cannot be attacked at all", "Treated as invisible"]},
    ]
    fog = [{"label": f"Up to {feet} ft away", "cells": [f"{p}% concealment"]} for feet, p in d20.FOG_STEPS] + [
        {"label": f"Beyond {d20.FOG_STEPS[-1][0]} ft", "cells": [f"{d20.FULL}% concealment"]}]
    protectors = [
        {"label": f"{n}{'+' if i == len(d20.PROTECTOR_BONUS) - 1 else ''} protector{'s' if n > 1 else ''}",
         "rule": "d20.cover.protectors", "cells": [f"{signed(bonus)} AC and Dexterity saves"]}
        for i, (n, bonus) in enumerate(d20.PROTECTOR_BONUS)
    ] + [
        {"label": "Missile missing only because of the parries", "rule": "d20.cover.protector-struck",
         "cells": ["May strike a random protector instead"]},
        {"label": "Missiles over a melee (same level)", "rule": "d20.cover.over-melee",
         "cells": [f"{signed(-d20.OVER_MELEE_PENALTY)} to hit"]},
    ]
    voice = {"combat": "in combat", "quiet": "otherwise"}
    terrain = {"ground": "Any higher ground", "cliff": "Vertical cliff face", "severe-slope": "Severe slope"}
    height = [{"label": terrain[t], "rule": d20.ELEVATION_RULE[t],
               "cells": [signed(row["higher"]), signed(row["lower"]) if row["lower"] else "None"]}
              for t, row in d20.ELEVATION_TABLE.items()]
    invisible = [
        {"label": "To hit it", "rule": "d20.invisible.attack-penalty", "cells": [signed(-d20.INVISIBLE_ATTACK_PENALTY)]},
        {"label": "AC against its attacks", "rule": "d20.invisible.ac-penalty",
         "cells": [f"{signed(-d20.UNSEEN_AC_PENALTY)} (never worse than AC {d20.UNSEEN_AC_LIMIT})"]},
        {"label": "Its saves against opponents", "rule": "d20.invisible.saves", "cells": [signed(d20.INVISIBLE_SAVE_BONUS)]},
        {"label": "Surprise", "rule": "d20.invisible.surprise",
         "cells": [f"+{d20.SURPRISE_BONUS_PERCENT}% to surprise; if also unheard, automatic for "
                   f"{d20.AUTO_SURPRISE_SEGMENTS} segment as well"]},
        {"label": "Speaking or casting aloud", "rule": "d20.detect.voice",
         "cells": [" / ".join(f"pinpointed within {ft} ft {voice[when]}" for when, ft in d20.VOICE_RANGE_FT.items())]},
        {"label": f"In melee range more than {d20.ACCIDENTAL_AFTER_ROUNDS} round, unpinpointed", "rule": "d20.melee.accidental",
         "cells": [f"Targeted by accident {percent(d20.ACCIDENTAL_TARGET)}"]},
    ]
    return [
        {"title": "Cover and concealment: bonus to AC", "rule": "d20.cover.percent",
         "head": ["Share hidden", "Cover", "Concealment"], "rows": percent_rows,
         "notes": ["A bonus improves AC: with descending AC, take it off."],
         "see": ["d20.cover.hard-and-soft", "d20.cover.far-side", "d20.cover.saves", "d20.cover.full",
                 "d20.concealment.percent", "d20.concealment.full", "d20.cover.examples", "d20.concealment.examples"]},
        {"title": "Soft cover and missiles", "head": ["Situation", "Effect"], "rows": protectors},
        {"title": "Fog or mist", "rule": "d20.concealment.fog", "head": ["Target", "Concealment"], "rows": fog},
        {"title": "Higher ground (attack roll)", "head": ["Terrain", "Attacker higher", "Attacker lower"], "rows": height,
         "notes": [f"On a hex map: higher by any amount is higher ground; a cliff face needs one combatant at least "
                   f"{d20.CLIFF_STEP_FT} ft above the other as well as a step of {d20.CLIFF_STEP_FT} ft on the line."]},
        {"title": "Invisible creatures", "rule": "d20.invisible.sight", "head": ["Against an invisible creature", "Effect"],
         "rows": invisible},
    ]
