"""How a d6 Skirmish result is put into words."""

from __future__ import annotations

from typing import Any

from .common import chance, signed

SIZE_WORDS = (("movement", "movement", "″"), ("dodge_dc", "Dodge DC", ""), ("health_dc", "Health DC", ""),
              ("melee_damage", "melee damage", ""), ("rend", "[REND]", ""), ("melee_range", "melee range", "″"))


def headline(result: dict[str, Any]) -> str:
    """``Hits on 5+``, or why there is no number."""
    if not result["targetable"]:
        return "Cannot be targeted: total cover"
    if result["hits_on"] is None:
        mod = result["attack_modifier"]
        return f"Attack modifier {signed(mod)}" if mod else "No modifier"
    return f"Hits on {result['hits_on']}+"


def _size_line(effects: dict[str, int]) -> str:
    return ", ".join(f"{name} {signed(effects[key])}{unit}" for key, name, unit in SIZE_WORDS if effects[key])


def facts(result: dict[str, Any]) -> list[tuple[str, str]]:
    """Cover level and where it came from, modifier, chance, sanity, size effects."""
    cover = result["cover"]
    level = result["cover_level"]
    if level == "total":
        shown = "Total (level 3)"
    elif level:
        shown = f"Level {level} ({signed(-level)} to attacks)"
    else:
        shown = "None"
    light = cover["light_levels"]
    out = [
        ("Cover", shown),
        ("From obstacles", f"{cover['obstacle_levels']} partial, {cover['total_obstacles']} total"),
        ("From light and vision", "total cover" if light == "total" else f"{light} level{'s' if light != 1 else ''}"),
        ("Attack modifier", signed(result["attack_modifier"])),
    ]
    if result["hit_chance"] is not None:
        out.append(("Chance to hit", chance(result)))
    out.append(("Sanity", "vulnerable to Sanity damage" if result["sanity_vulnerable"] else "not vulnerable"))
    for who in ("attacker", "target"):
        effects = result["size"][who]
        if any(effects.values()):
            out.append((f"{who.capitalize()}'s size", _size_line(effects)))
    return out
