"""Everyone against everyone: each creature on one side against each on the other, as a sortable table."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..dice import percent
from ..fragment import encode_fragment
from .view import Answer

MAX_PAIRINGS = 64
"""Most pairings worked out on one change (8 against 8); beyond that the table says how many it left out."""


@dataclass(frozen=True)
class Side:
    """One creature that can take part in a pairing."""

    label: str
    """Who it is, in words (``"Attacker at 0, 0"``)."""
    key: str
    """What the scenario calls it, for the table's data (``"attacker"``, ``"creatures.2"``)."""


@dataclass(frozen=True)
class Pairing:
    """One shooter against one target, as its own scenario."""

    shooter: Side
    """The creature that attacks."""
    target: Side
    """The creature attacked."""
    scenario: dict[str, Any]
    """The scenario with these two as attacker and target (everyone else standing where they stood)."""


def table(pairings: list[Pairing], total: int, base: str, calculator: str,
          cover: Callable[[dict[str, Any]], tuple[str, int]], answer: Answer) -> list[ET.Element]:
    """The table of pairings, each row ``answer``'s result for it and a link to its own calculator; sortable by column.
    ``cover`` gives a result's cover in words and as a number that sorts it (more cover, higher)."""
    if len(pairings) < 2:
        return []
    box = ET.Element("div", {"class": "pairings", "data-role": "pairings"})
    grid = ET.SubElement(box, "table", {"class": "pairings-table", "data-sortable": ""})
    caption = "Everyone against everyone: each creature on the attacker's side against each on the target's"
    if total > len(pairings):
        caption += f" (the first {len(pairings)} of {total} pairings)"
    ET.SubElement(grid, "caption").text = caption
    head = ET.SubElement(ET.SubElement(grid, "thead"), "tr")
    for column, text in enumerate(("Attacker", "Target", "Cover", "Chance to hit", "Open")):
        th = ET.SubElement(head, "th", {"scope": "col"})
        if text == "Open":
            th.text = text
            continue
        ET.SubElement(th, "button", {"type": "button", "class": "pairings-sort", "data-sort-column": str(column)}).text = text
    body = ET.SubElement(grid, "tbody")
    for pairing in pairings:
        result = answer(pairing.scenario)
        if result is None:
            continue
        row = ET.SubElement(body, "tr", {"data-shooter": pairing.shooter.key, "data-target": pairing.target.key})
        ET.SubElement(row, "th", {"scope": "row", "data-sort": pairing.shooter.label}).text = pairing.shooter.label
        ET.SubElement(row, "td", {"data-sort": pairing.target.label}).text = pairing.target.label
        words, rank = cover(result)
        ET.SubElement(row, "td", {"data-sort": str(rank)}).text = words
        exact = result.get("hit_chance_exact")
        chance = Fraction(exact) if exact is not None and result["targetable"] else None
        cell = ET.SubElement(row, "td", {"data-sort": f"{float(chance):.6f}" if chance is not None else "-1"})
        cell.text = (percent(chance) if chance is not None
                     else "cannot be targeted" if not result["targetable"] else "not known (no base number)")
        link = ET.SubElement(ET.SubElement(row, "td"), "a", {
            "href": f"{base}{calculator}#s={encode_fragment(pairing.scenario)}", "class": "pairings-open"})
        link.text = "Open"
        ET.SubElement(link, "span", {"class": "visually-hidden"}).text = (
            f" {pairing.shooter.label} against {pairing.target.label} in the calculator")
    ET.SubElement(box, "p", {"class": "overlay-help"}).text = (
        "Sort by a column with its header button; each row's link opens that pairing in the calculator.")
    return [box]


def map_sides(battle_map: dict[str, Any]) -> tuple[list[tuple[Side, Any]], list[tuple[Side, Any]]]:
    """Who stands on each side of a map, with their hexes: the attacker and its allies, the target and its allies."""
    at = battle_map["attacker"]
    shooters = [(Side(f"Attacker at {at[0]}, {at[1]}", "attacker"), at)]
    targets = [(Side(f"Target at {battle_map['target'][0]}, {battle_map['target'][1]}", "target"), battle_map["target"])]
    for i, item in enumerate(battle_map.get("creatures") or []):
        side = item.get("side", "attacker")
        who = "Attacker's ally" if side == "attacker" else "Target's ally"
        entry = (Side(f"{who} at {item['hex'][0]}, {item['hex'][1]}", f"creatures.{i}"), item["hex"])
        (shooters if side == "attacker" else targets).append(entry)
    return shooters, targets


def moved(scenario: dict[str, Any], shooter: Any, target: Any) -> dict[str, Any]:
    """The scenario with ``shooter`` as the attacker and ``target`` as the target; the attacker and the target it
    replaces stay on the map as allies of their sides (each creature keeps what else it had), and no overlay is
    asked for."""
    battle_map = scenario["map"]
    creatures = [c for c in battle_map.get("creatures") or [] if c["hex"] not in (shooter, target)]
    if shooter != battle_map["attacker"]:
        creatures.append({"hex": battle_map["attacker"], "side": "attacker"})
    if target != battle_map["target"]:
        creatures.append({"hex": battle_map["target"], "side": "target"})
    pairing = {k: v for k, v in scenario.items() if k != "overlay"}
    pairing["map"] = {**battle_map, "attacker": shooter, "target": target, "creatures": creatures}
    return pairing


def map_table(scenario: dict[str, Any], base: str, calculator: str,
              cover: Callable[[dict[str, Any]], tuple[str, int]], answer: Answer) -> list[ET.Element]:
    """Asked for (``pairings``) on a map with creatures, each attacker-side creature against each target-side one
    (each pairing is a whole evaluation, so the table is worked out only when asked for)."""
    battle_map = scenario.get("map")
    if (scenario.get("pairings") is not True or not isinstance(battle_map, dict) or not battle_map.get("creatures")
            or battle_map.get("attacker") is None or battle_map.get("target") is None):
        return []
    shooters, targets = map_sides(battle_map)
    every = [(s, t) for s in shooters for t in targets]
    chosen = [Pairing(s, t, moved(scenario, sh, th)) for (s, sh), (t, th) in every[:MAX_PAIRINGS]]
    return table(chosen, len(every), base, calculator, cover, answer)
