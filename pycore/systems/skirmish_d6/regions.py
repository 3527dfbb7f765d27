"""d6 Skirmish's reading of a map's regions: the light level where the target stands, and brush and dense brush as
partial and total obstacles where the centre line passes through them (each region counted once)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...geometry.hexgrid import Hex
from ...maps import regions as rg
from .tables import LIGHT_LEVELS

KINDS = (*LIGHT_LEVELS, "brush", "dense-brush")
"""The region kinds d6 Skirmish has rules for: the four light levels, brush and dense brush."""


@dataclass(frozen=True)
class RegionReading:
    """What a map's regions say about one attack."""

    light: str | None
    """The light level of the region the target stands in (the one listed last), or None."""
    light_region: str | None
    """That region, by field."""
    brush: tuple[str, ...]
    """The brush regions the centre line passes through, by field: a partial obstacle each."""
    dense: tuple[str, ...]
    """The dense brush regions it passes through, by field: a total obstacle each (ruling ``d6.ruling.dense-brush``)."""

    @property
    def key(self) -> tuple[Any, ...]:
        """What of it an overlay's entry depends on: the light, and how many patches of each kind the line passes."""
        return (self.light, len(self.brush), len(self.dense))


NOTHING = RegionReading(None, None, (), ())
"""The reading of a map without regions."""


def read(battle_map: dict[str, Any], attacker: Hex | tuple[int, int], target: Hex | tuple[int, int]) -> RegionReading:
    """The regions' reading of an attack from ``attacker`` at ``target`` on a validated, checked map."""
    if not battle_map["regions"]:
        return NOTHING
    found = rg.read(battle_map["regions"])
    shapes = rg.shapes(found) if battle_map["grid"] == "square" else None
    lit = [r for r in rg.of_kinds(found, LIGHT_LEVELS) if rg.cell_in(r, target, shapes)]
    brush = rg.crossed(rg.of_kinds(found, ("brush",)), attacker, target, shapes)
    dense = rg.crossed(rg.of_kinds(found, ("dense-brush",)), attacker, target, shapes)
    last = lit[-1] if lit else None
    return RegionReading(last.kind if last else None, last.field if last else None,
                         tuple(r.field for r in brush), tuple(r.field for r in dense))


def read_scenario(scenario: dict[str, Any]) -> RegionReading:
    """The regions' reading of a validated map scenario, with its pieces where the map puts them."""
    m = scenario["map"]
    a, t = m["attacker"], m["target"]
    if m["grid"] == "square":
        return read(m, (a[0], a[1]), (t[0], t[1]))
    return read(m, Hex.axial(*a), Hex.axial(*t))


def obstacles(rr: RegionReading, rulings: dict[str, str]) -> tuple[int, int]:
    """The partial and total obstacles the regions add."""
    if rulings["d6.ruling.dense-brush"] == "partial":
        return len(rr.brush) + len(rr.dense), 0
    return len(rr.brush), len(rr.dense)


def light(rr: RegionReading, other: str, rulings: dict[str, str]) -> str:
    """The light where the target stands: the region's, or ``other`` (the map's lights or the scene's), by ruling
    ``d6.ruling.region-light``."""
    if rr.light is None:
        return other
    if rulings["d6.ruling.region-light"] == "brighter":
        return max(rr.light, other, key=LIGHT_LEVELS.index)
    return rr.light


def used(rr: RegionReading, battle_map: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The rules and rulings the reading relied on."""
    rules: list[str] = []
    rulings: list[str] = []
    if rr.light is not None:
        rules.append("d6.map.light-regions")
        rulings.append("d6.ruling.region-light")
    if rr.brush or rr.dense:
        rules.append("d6.map.brush")
    if rr.dense:
        rulings.append("d6.ruling.dense-brush")
    return rules, rulings


def placement(rr: RegionReading) -> dict[str, Any]:
    """The reading, JSON-ready."""
    return {"light": rr.light, "light_region": rr.light_region, "brush": list(rr.brush), "dense_brush": list(rr.dense)}
