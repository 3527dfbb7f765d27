"""d6 Skirmish on the site: its home card (``SHOWCASE``) and its quick reference (``sections``), each number read off
the engine's tables or answers."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from markupsafe import Markup
from mkdocs.exceptions import PluginError

from pycore.systems import skirmish_d6 as d6
from rulebook.core import RULINGS, evaluate, percent
from rulebook.shortcodes.context import Context
from rulebook.shortcodes.tables import light_table, size_table
from rulebook.showcase import Showcase

SHOWCASE = Showcase(
    "Levels of cover from obstacles, light and sight, size, height and conditions, capped at two, read off a hex map.",
    {"map": {"cols": 8, "rows": 4, "attacker": [0, 1], "target": [5, 1], "obstacles": [{"hex": [2, 1], "kind": "partial"}]},
     "light": "dim", "attack": {"hits_on": 4}},
)
"""Its home page card: what it covers, and a typical situation."""


def modifier(rule: str, **situation: Any) -> str:
    """The signed modifier the d6 engine applies under ``rule`` in ``situation``; the build fails if it applies none."""
    result = evaluate({"system": d6.SYSTEM, **situation})
    values = [m["value"] for m in result["modifiers"] if m["rule"] == rule]
    if len(values) != 1:
        raise PluginError(f"quick reference: the engine applies no single {rule} modifier in {situation}")
    return f"{values[0]:+d}"


def sections(context: Context) -> list[dict[str, Any]]:
    """d6 Skirmish on one sheet: cover, hits after cover, light against vision, size."""
    counting = RULINGS["d6.ruling.light-and-obstacles"]
    combine = next(c.label for c in counting.choices if c.value == counting.default)
    levels = sorted(d6.COVER_EFFECT)
    cover_rows = [{"label": "No cover", "cells": ["No modifier"]}] + [
        {"label": f"Level {level}", "rule": f"d6.cover.level-{level}",
         "cells": [f"{d6.COVER_EFFECT[level]:+d} to the attack roll"]}
        for level in levels if level
    ] + [
        {"label": f"Level {d6.TOTAL_LEVEL}: total cover", "rule": "d6.cover.total",
         "cells": ["Cannot be targeted by [ATTACK] or [TARGET]"]},
        {"label": "Area effects", "rule": "d6.cover.area-effect",
         "cells": ["Total cover does not protect; levels 1 and 2 per the ruling below"]},
    ]
    counting_rows = [
        {"label": "Each partial obstacle", "rule": "d6.cover.partial-obstacle", "cells": ["+1 level"]},
        {"label": "Any total obstacle", "rule": "d6.cover.total-obstacle", "cells": ["Total cover"]},
        {"label": "Light against vision", "rule": "d6.light.vision",
         "cells": [f"+ levels from the light table ({combine.lower()})"]},
    ]
    hits = d6.INPUTS.field("attack.hits_on")
    hit_rows = []
    if hits.minimum is None or hits.maximum is None:
        raise PluginError("d6 quick reference: attack.hits_on has no range to tabulate")
    for base in range(int(hits.minimum), int(hits.maximum) + 1):
        cells = []
        for level in levels:
            result = evaluate({"system": d6.SYSTEM, "obstacles": {"partial": level}, "attack": {"hits_on": base}})
            cells.append(f"{result['hits_on']}+ · {percent(Fraction(result['hit_chance_exact']))}")
        hit_rows.append({"label": f"{base}+", "cells": cells})
    blind = [f"{d6.LIGHT_LABELS[light]} light, {d6.VISION_LABELS[vision].lower()}"
             for light in d6.LIGHT_LEVELS for vision in d6.VISIONS if d6.LIGHT_TABLE[light][vision] == d6.TOTAL]
    return [
        {"title": "Cover levels", "head": ["Cover", "Effect"], "rows": cover_rows},
        {"title": "Counting cover", "head": ["What is in the way", "Cover"], "rows": counting_rows},
        {"title": "Hits on, after cover", "rule": "d6.limits.natural",
         "head": ["Base", "No cover"] + [f"Level {level} ({d6.COVER_EFFECT[level]:+d})" for level in levels if level],
         "rows": hit_rows, "notes": ["A 6 always hits and a 1 always misses."]},
        {"title": "Light against vision", "rule": "d6.light.vision",
         "html": Markup(context.render("partials/table-light.html", **light_table())),
         "notes": [f"Sanity damage: the attacker is vulnerable when the light alone gives total cover ({'; '.join(blind)})."],
         "note_rule": "d6.light.sanity"},
        {"title": "Height, size and conditions", "head": ["Situation", "Modifier"], "rows": _situation_rows()},
        {"title": "On a hex map (1 hex = 1 inch)", "head": ["On the line", "Counts as"], "rows": [
            {"label": "Partial obstacle or any creature", "rule": "d6.map.line", "cells": ["1 level"]},
            {"label": "Total obstacle some unbroken line gets past", "rule": "d6.cover.seen-past", "cells": ["1 level"]},
            {"label": "Line exactly along a hex edge", "rule": "d6.map.edge", "cells": ["Both paths shown; the ruling picks"]},
        ], "notes": ["The line runs straight from centre to centre: every hex it passes through counts, even for a "
                     "sliver; one it only touches at a corner does not."]},
        {"title": "Creature size", "rule": "d6.size.table",
         "html": Markup(context.render("partials/table-size.html", **size_table())),
         "notes": ["Each size beyond large: every effect one step stronger."], "note_rule": "d6.size.beyond-large"},
    ]


def _situation_rows() -> list[dict[str, Any]]:
    """The quick reference's height, size and condition rows, each modifier worked out by the engine."""
    return [
        {"label": "Attacking from above", "rule": "d6.height.above",
         "cells": [modifier("d6.height.above", attacker={"elevation": "above"})]},
        {"label": "Attacking from below", "rule": "d6.height.below",
         "cells": [modifier("d6.height.below", attacker={"elevation": "below"})]},
        {"label": "Target smaller than the attacker", "rule": "d6.height.smaller-target",
         "cells": [modifier("d6.height.smaller-target", target={"size": "small"}) + " (height advantage)"]},
        {"label": "Melee against a prone target", "rule": "d6.conditions.prone-target",
         "cells": [modifier("d6.conditions.prone-target", attack={"kind": "melee"}, target={"prone": True})]},
        {"label": "Prone attacker", "rule": "d6.conditions.prone-attacker",
         "cells": [modifier("d6.conditions.prone-attacker", attacker={"prone": True})]},
        {"label": "Surrounded target (enemies on opposite sides)", "rule": "d6.conditions.surrounded",
         "cells": [modifier("d6.conditions.surrounded", target={"surrounded": True})]},
        {"label": "Invisible attacker, target cannot see it", "rule": "d6.conditions.invisible-attacker",
         "cells": [modifier("d6.conditions.invisible-attacker", attacker={"invisible": True},
                               target={"can_see_attacker": False})]},
        {"label": "Blinded attacker", "rule": "d6.conditions.blinded",
         "cells": [f"Only within {d6.MELEE_REACH}″; hits on {d6.ONLY_SIX} only"]},
        {"label": "Invisible target", "rule": "d6.conditions.invisible-target",
         "cells": [f"No attack beyond {d6.MELEE_REACH}″, never [TARGET]; "
                   f"within {d6.MELEE_REACH}″ hits on {d6.ONLY_SIX} only"]},
        {"label": "Invisible creature's Stealth", "rule": "d6.conditions.invisible-stealth", "cells": ["Reroll 2s"]},
        {"label": "More than two modifiers", "rule": "d6.limits.two-modifiers",
         "cells": ["Keep only the largest penalty and the largest bonus"]},
    ]
