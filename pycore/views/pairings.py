"""Everyone against everyone: each creature on one side against each on the other, as a sortable table."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..dice import percent

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
          cover: Callable[[dict[str, Any]], tuple[str, int]]) -> list[ET.Element]:
    """The table of pairings, each row evaluated and linking to its own calculator; sortable by column.
    ``cover`` gives a result's cover in words and as a number that sorts it (more cover, higher)."""
    from .. import ScenarioError, evaluate
    from ..browser import encode_fragment

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
        try:
            result = evaluate(pairing.scenario)
        except ScenarioError:
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
