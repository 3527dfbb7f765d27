"""Enchanted Realms on the site: its home card (``SHOWCASE``) and its quick reference (``sections``), each number read off
the engine's constants."""

from __future__ import annotations

from typing import Any

from pycore.systems import enchanted_realms as er
from rulebook.shortcodes.context import Context
from rulebook.showcase import Showcase

SHOWCASE = Showcase(
    "Cover and obscurement on the defense, blind shots, and the odds that a miss strikes a friend near the target.",
    {"attack": {"dice": 2, "modifier": 3}, "target": {"defense": 13, "cover": "three-quarters"},
     "others": [{"name": "Bram", "hex": [3, 0], "defense": 12}]},
)
"""Its home page card: what it covers, and a typical situation."""


def sections(context: Context) -> list[dict[str, Any]]:
    """Enchanted Realms on one sheet: the dice pool, cover, obscurement and friendly fire."""
    turn_natural = ", ".join(str(face) for face in range(er.NATURAL_HIT - er.FORWARD, er.NATURAL_HIT))
    cover = [
        {"label": "Partial (at least half the body)", "rule": "er.cover.partial",
         "cells": [f"{er.PARTIAL_DEFENSE:+d}", f"{er.PARTIAL_AGILITY:+d}", ""]},
        {"label": "Three-quarters", "rule": "er.cover.three-quarters",
         "cells": [f"{er.PARTIAL_DEFENSE:+d}", f"{er.PARTIAL_AGILITY:+d}", "Friendly fire if others are near"]},
        {"label": "Full", "rule": "er.cover.full",
         "cells": ["Cannot be targeted", f"{er.FULL_AGILITY:+d}", "Cannot act towards the cover"]},
    ]
    pool = [
        {"label": "Each die", "rule": "er.attack.pool", "cells": ["Compared on its own with the Defense"]},
        {"label": f"Natural {er.NATURAL_HIT} / natural {er.NATURAL_MISS}", "rule": "er.attack.natural",
         "cells": ["Always hits / always misses"]},
        {"label": "Split dice", "rule": "er.attack.split", "cells": ["Separate attacks"]},
        {"label": "Obscurement, poor light", "rule": "er.obscurement.penalty", "cells": ["A penalty off every die of the actor"]},
    ]
    ff = [
        {"label": "Used for", "rule": "er.ff.when",
         "cells": [("Blind shots, blinded attacker, invisible target, three-quarters cover with others near, "
                    "firing at full cover")]},
        {"label": "Not for sight spells at an unseen target", "rule": "er.cover.unseen",
         "cells": ["No viable target: nothing is cast, nothing strays"]},
        {"label": "Strays only if", "rule": "er.ff.whole-pool", "cells": ["Every die misses; one alternate target"]},
        {"label": "Where", "rule": "er.ff.stray-hexes",
         "cells": [f"{er.STRAY_SLOTS} hexes: around the target, {er.STRAY_REACH_FEET} ft in front and behind"]},
        {"label": f"Roll a d{er.STRAY_DIE}", "rule": "er.ff.d10",
         "cells": [(f"1–{er.STRAY_SLOTS} a hex, {'–'.join(str(f) for f in (er.EMPTY_FACES[0], er.EMPTY_FACES[-1]))} "
                    f"nothing: each creature 1 in {er.STRAY_DIE}")]},
        {"label": f"Against it: raw dice +{er.FORWARD}", "rule": "er.ff.forward",
         "cells": [f"Raw {turn_natural} become natural {er.NATURAL_HIT}; no automatic miss"]},
    ]
    return [
        {"title": "Attacks", "head": ["Dice", "Rule"], "rows": pool, "see": ["er.obscurement.lighting"]},
        {"title": "Cover", "head": ["Cover", "Defense", "Agility saves (area)", "Also"], "rows": cover,
         "see": ["er.cover.partial-saves", "er.cover.full-area", "er.cover.full-acting", "er.cover.fire-anyway"]},
        {"title": "Friendly fire", "head": ["Step", "Rule"], "rows": ff},
    ]
