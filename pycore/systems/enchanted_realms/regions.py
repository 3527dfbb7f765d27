"""Enchanted Realms' reading of a map's obscured regions: the minus X on the one acting into one, and a blind shot,
with friendly fire, into one where nothing can be seen."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...geometry.hexgrid import Hex
from ...maps import regions as rg

KINDS = ("obscured",)
"""The region kinds Enchanted Realms has rules for."""


@dataclass(frozen=True)
class RegionReading:
    """What a map's obscured regions say about one attack."""

    regions: tuple[str, ...]
    """The obscured regions the attack is made into (ruling ``er.ruling.region-into``), by field."""
    penalty: int
    """The largest of their penalties."""
    blind: bool
    """Whether one of them is ``blind``: a blind shot."""

    @property
    def key(self) -> tuple[Any, ...]:
        """What of it an overlay's entry depends on: whether the attack is into obscured ground, its penalty, blindness."""
        return (bool(self.regions), self.penalty, self.blind)


NOTHING = RegionReading((), 0, False)
"""The reading of a map without obscured regions, or of an attack into none."""


def read(scenario: dict[str, Any]) -> RegionReading:
    """The obscured regions' reading of a validated, checked scenario."""
    items = scenario["map"]["regions"]
    if not items:
        return NOTHING
    found = rg.read(items)
    a, t = Hex.axial(*scenario["attacker"]["hex"]), Hex.axial(*scenario["target"]["hex"])
    if scenario["rulings"]["er.ruling.region-into"] == "line":
        into = rg.crossed(found, a, t, None)
    else:
        into = tuple(r for r in found if t in r.hexes)
    if not into:
        return NOTHING
    return RegionReading(tuple(r.field for r in into), max(r.penalty for r in into), any(r.blind for r in into))


def applied(scenario: dict[str, Any], rr: RegionReading) -> dict[str, Any]:
    """The scenario with the regions' penalty (ruling ``er.ruling.region-penalty``) and blind shot filled in."""
    if rr is NOTHING:
        return scenario
    given = scenario["attack"]["penalty"]
    combine = scenario["rulings"]["er.ruling.region-penalty"]
    penalty = given + rr.penalty if combine == "add" else max(given, rr.penalty)
    return {**scenario, "attack": {**scenario["attack"], "penalty": penalty}, "blind_shot": scenario["blind_shot"] or rr.blind}


def used(rr: RegionReading) -> tuple[list[str], list[str]]:
    """The rules and rulings the reading relied on."""
    if rr is NOTHING:
        return [], []
    rules = ["er.obscurement.regions", *(["er.ff.blind-region"] if rr.blind else [])]
    return rules, ["er.ruling.region-into", "er.ruling.region-penalty"]


def placement(rr: RegionReading) -> dict[str, Any]:
    """The reading, JSON-ready."""
    return {"obscured": list(rr.regions), "penalty": rr.penalty, "blind": rr.blind}
