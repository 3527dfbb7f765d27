"""The rules and rulings a Classic d20 map's reading rests on, on hexes and squares alike."""

from __future__ import annotations

from typing import Any


def reading_rules(line_through: bool, protected: bool, elevation: str) -> tuple[list[str], list[str]]:
    """What any map's reading relied on after its own cover rule: a line got through at 100%, the protectors
    (always ruled on, a rule when some protect), the heights when the two do not stand level."""
    rules: list[str] = []
    rulings = ["d20.ruling.map-line-through"] if line_through else []
    if protected:
        rules.append("d20.map.protectors")
    rulings.append("d20.ruling.map-protectors")
    if elevation != "level":
        rules.append("d20.map.heights")
        rulings.append("d20.ruling.map-terrain")
    return rules, rulings


def map_first(result: dict[str, Any], rules: list[str], rulings: list[str]) -> dict[str, Any]:
    """``result`` with the map's rules and rulings first, each listed once."""
    result["rules"] = [*rules, *(x for x in result["rules"] if x not in rules)]
    result["rulings_used"] = [*rulings, *(x for x in result["rulings_used"] if x not in rulings)]
    return result
