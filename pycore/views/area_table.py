"""The result panel's parts every system shares for what the map holds: a table of everyone an area caught (cover
from the blast, affected or not, each save's bonus, the rules) and what each marked region did."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from .common import link, signed

COVER_KEYS = {"cover": "cover", "cover_level": "cover level"}
"""The systems' keys for a caught piece's cover, and how its value is introduced."""
PIECE_WORDS = {"map.attacker": "Attacker", "map.target": "Target", "attacker": "Attacker", "target": "Target"}
"""A caught piece's name by its field path, where it has one of its own."""
SAVE_WORDS = {"all": "every save"}
"""A save's name in words where the key is not one."""


def piece_name(path: str, scenario: dict[str, Any] | None) -> str:
    """``Target``, ``Creature 3``, or a bystander's own name given in the scenario (``others.1`` -> ``Bram``)."""
    if path in PIECE_WORDS:
        return PIECE_WORDS[path]
    head, _, index = path.rpartition(".")
    if not index.isdigit():
        return path
    item: Any = scenario
    for key in head.split("."):
        item = item.get(key) if isinstance(item, dict) else None
    named = item[int(index)].get("name") if isinstance(item, list) and int(index) < len(item) and isinstance(
        item[int(index)], dict) else None
    if isinstance(named, str) and named:
        return named
    return f"{'Bystander' if head == 'others' else 'Creature'} {int(index) + 1}"


def cover_words(entry: dict[str, Any]) -> str:
    """The caught piece's cover from the origin, as the system gives it (``90%``, ``level 1``, ``total``,
    ``partial``)."""
    if "cover" in entry:
        value = entry["cover"]
        return f"{value}%" if isinstance(value, int) and not isinstance(value, bool) else str(value)
    if "cover_level" in entry:
        level = entry["cover_level"]
        return f"level {level}" if isinstance(level, int) else str(level)  # ("total": no level's number)
    return "—"


def saves_words(bonus: dict[str, int]) -> str:
    """``+4 to dexterity``, ``+5 to agility``; ``none``."""
    if not bonus:
        return "none"
    return ", ".join(f"{signed(value)} to {SAVE_WORDS.get(save, save)}" for save, value in bonus.items())


def area_block(result: dict[str, Any], base: str, scenario: dict[str, Any] | None = None) -> list[ET.Element]:
    """The table of everyone the area caught, or nothing when the result has no area."""
    area = result.get("area")
    if not area:
        return []
    box = ET.Element("div", {"class": "calc-area", "data-block": "area"})
    caught = area["caught"]
    ET.SubElement(box, "p", {"class": "calc-subhead"}).text = (
        f"Caught by the area: {len(caught)}" if caught else "The area catches no one")
    if not caught:
        return [box]
    table = ET.SubElement(box, "table", {"class": "calc-area-table"})
    head = ET.SubElement(ET.SubElement(table, "thead"), "tr")
    for title in ("Piece", "Cell", "Cover from the blast", "Affected", "Save bonus"):
        ET.SubElement(head, "th", {"scope": "col"}).text = title
    body = ET.SubElement(table, "tbody")
    for entry in caught:
        row = ET.SubElement(body, "tr", {"data-piece": entry["piece"], "data-affected": str(entry["affected"]).lower()})
        ET.SubElement(row, "th", {"scope": "row"}).text = piece_name(entry["piece"], scenario)
        ET.SubElement(row, "td").text = ", ".join(str(v) for v in entry["cell"])
        ET.SubElement(row, "td", {"data-key": "cover"}).text = cover_words(entry)
        ET.SubElement(row, "td", {"data-key": "affected"}).text = "yes" if entry["affected"] else "no"
        ET.SubElement(row, "td", {"data-key": "save_bonus"}).text = saves_words(entry["save_bonus"])
        # the rules on a row of their own under the piece's: a phone's narrow table keeps its columns readable
        cell = ET.SubElement(ET.SubElement(body, "tr", {"class": "calc-area-rules", "data-rules-for": entry["piece"]}),
                             "td", {"colspan": "5"})
        cell.text = "Rules: "
        for i, rule in enumerate(entry["rules"]):
            anchor = link(cell, rule["id"], base)
            anchor.tail = ", " if i < len(entry["rules"]) - 1 else ""
    return [box]


def _listed(paths: list[str]) -> str:
    """``regions 1 and 3`` from field paths ``map.regions.0``, ``map.regions.2``."""
    numbers = [str(int(p.rsplit(".", 1)[1]) + 1) for p in paths]
    if len(numbers) == 1:
        return f"region {numbers[0]}"
    return "regions " + ", ".join(numbers[:-1]) + " and " + numbers[-1]


def region_lines(reading: dict[str, Any]) -> list[str]:
    """What the map's regions did, one line each, from the result's ``map.regions`` (any system's keys)."""
    out = []
    if reading.get("fog"):
        out.append(f"Fog ({_listed(reading['fog'])}): the line runs {reading['fog_ft']:g} ft through it")
    if reading.get("screens"):
        out.append(f"Bushes or screens ({_listed(reading['screens'])}): {reading['concealment']}% concealment")
    if reading.get("openings"):
        at = "at the opening, " if reading.get("at_opening") else ""
        out.append(f"Openings ({_listed(reading['openings'])}): {at}{reading['opening_cover']}% cover")
    if reading.get("light_region"):
        out.append(f"Light ({_listed([reading['light_region']])}): the target stands in {reading['light']} light")
    if reading.get("brush"):
        out.append(f"Brush ({_listed(reading['brush'])}): a partial obstacle each")
    if reading.get("dense_brush"):
        out.append(f"Dense brush ({_listed(reading['dense_brush'])}): a total obstacle each")
    if reading.get("obscured"):
        blind = "; a blind shot" if reading.get("blind") else ""
        out.append(f"Obscured ground ({_listed(reading['obscured'])}): minus {reading['penalty']}{blind}")
    return out


def regions_block(result: dict[str, Any]) -> list[ET.Element]:
    """What each marked region did, or nothing when the map's regions did nothing."""
    reading = (result.get("map") or {}).get("regions")
    lines = region_lines(reading) if isinstance(reading, dict) else []
    if not lines:
        return []
    box = ET.Element("div", {"class": "calc-regions", "data-block": "regions"})
    ET.SubElement(box, "p", {"class": "calc-subhead"}).text = "What the map's regions did"
    items = ET.SubElement(box, "ul")
    for line in lines:
        ET.SubElement(items, "li").text = line
    return [box]
