"""Enchanted Realms areas on hexes: every creature the area reaches (the attacker, the target, the others), each
with the cover its inputs give against the area: partial and three-quarters +3, full +5 to Agility saves, and full
cover is still caught."""

from __future__ import annotations

from typing import Any

from ...maps.areas import caught, hex_centre, hex_corners, shape_of
from ...rules import ref
from ...trace import Trace
from .tables import HEX_FEET


def area_result(scenario: dict[str, Any], cover_effects: Any) -> dict[str, Any]:
    """The contract's ``area`` result key of a checked scenario with an area (``cover_effects``: the evaluation's
    reading of one target's cover, asked of each creature as the target of an area attack)."""
    rulings, area = scenario["rulings"], scenario["area"]
    shape = shape_of(area, HEX_FEET, hex_centre, rulings["er.ruling.area-cone"])
    used = ["er.cover.area-caught", "er.ruling.area-inside"] + (["er.ruling.area-cone"] if area["shape"] == "cone"
                                                                 else [])
    attacker, target = scenario["attacker"], scenario["target"]
    pieces = [("attacker", attacker["hex"], "none"), ("target", target["hex"], target["cover"])]
    pieces += [(f"others.{i}", o["hex"], o["cover"]) for i, o in enumerate(scenario["others"])]
    entries = []
    for path, cell, cover in pieces:
        if not caught(shape, hex_centre(*cell), hex_corners(*cell), rulings["er.ruling.area-inside"]):
            continue
        trace = Trace()
        _, _, saves = cover_effects({**scenario, "attack": {**scenario["attack"], "kind": "area"},
                                     "target": {**scenario["target"], "cover": cover}}, trace)
        rules = list(dict.fromkeys(used + trace.rules + trace.used))
        entries.append({"piece": path, "cell": list(cell), "affected": True, "cover": cover, "save_bonus": saves,
                        "rules": [{"id": r, "ref": ref(r)} for r in rules]})
    return {"caught": entries}
