"""The ``table`` shortcode: rules tables generated from the engine's own data (d6 Skirmish's light and size)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pycore.systems import skirmish_d6 as d6
from rulebook.shortcodes.context import Context

SIZE_LABELS = {
    "movement": "Movement", "dodge_dc": "Dodge check DC", "health_dc": "Health check DC",
    "melee_damage": "Melee attack damage", "rend": "[REND] on melee attacks", "melee_range": "Melee range",
}
"""Row labels of the size table, by size effect."""
SIZE_INCHES = {"movement", "melee_range"}
"""Size effects measured in inches."""


def light_table() -> dict[str, Any]:
    """Light level against vision: the cover levels of the engine's LIGHT_TABLE."""
    cells = {
        light: [{"value": d6.LIGHT_TABLE[light][vision], "vision": vision} for vision in d6.VISIONS]
        for light in d6.LIGHT_LEVELS
    }
    return {"rows": cells, "lights": d6.LIGHT_LABELS, "visions": [d6.VISION_LABELS[v] for v in d6.VISIONS]}


def size_table() -> dict[str, Any]:
    """Every size's effects, a row per effect."""
    return {
        "sizes": list(d6.SIZES),
        "rows": [
            {"label": SIZE_LABELS[k], "values": [d6.size_effects(s)[k] for s in d6.SIZES],
             "unit": "″" if k in SIZE_INCHES else ""}
            for k in d6.SIZE_EFFECTS
        ],
    }


TABLES: dict[str, tuple[str, Callable[[], dict[str, Any]]]] = {
    "d6.light": ("partials/table-light.html", light_table),
    "d6.size": ("partials/table-size.html", size_table),
}
"""Table id -> its partial and the data that fills it."""


def render(context: Context, words: list[str], options: dict[str, str]) -> str:
    """A rules table by id (``{{ table d6.light }}``)."""
    if len(words) != 1 or words[0] not in TABLES or options:
        raise context.error(f"unknown table {words}")
    template, data = TABLES[words[0]]
    return context.render(template, **data())
