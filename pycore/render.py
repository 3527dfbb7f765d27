"""One HTML rendering of a result, used at build time and by the engine in the browser."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any, Callable

from .dice import percent
from .systems import RULES, RULINGS

Facts = list[tuple[str, str]]


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _headline_d6(result: dict[str, Any]) -> str:
    if not result["targetable"]:
        return "Cannot be targeted: total cover"
    if result["hits_on"] is None:
        mod = result["attack_modifier"]
        return f"Attack modifier {_signed(mod)}" if mod else "No modifier"
    return f"Hits on {result['hits_on']}+"


def _facts_d6(result: dict[str, Any]) -> Facts:
    cover = result["cover"]
    level = result["cover_level"]
    if level == "total":
        shown = "Total (level 3)"
    elif level:
        shown = f"Level {level} ({_signed(-level)} to attacks)"
    else:
        shown = "None"
    light = cover["light_levels"]
    facts: Facts = [
        ("Cover", shown),
        ("From obstacles", f"{cover['obstacle_levels']} partial, {cover['total_obstacles']} total"),
        ("From light and vision", "total cover" if light == "total" else f"{light} level{'s' if light != 1 else ''}"),
        ("Attack modifier", _signed(result["attack_modifier"]) if result["attack_modifier"] else "0"),
    ]
    if result["hit_chance"] is not None:
        facts.append(("Chance to hit", f"{percent_of(result)} ({result['hit_chance_exact']})"))
    facts.append(("Sanity", "vulnerable to Sanity damage" if result["sanity_vulnerable"] else "not vulnerable"))
    for who in ("attacker", "target"):
        effects = result["size"][who]
        if any(effects.values()):
            facts.append((f"{who.capitalize()}'s size", _size_line(effects)))
    return facts


SIZE_WORDS = (("movement", "movement", "″"), ("dodge_dc", "Dodge DC", ""), ("health_dc", "Health DC", ""),
              ("melee_damage", "melee damage", ""), ("rend", "[REND]", ""), ("melee_range", "melee range", "″"))


def _size_line(effects: dict[str, int]) -> str:
    return ", ".join(f"{name} {_signed(effects[key])}{unit}" for key, name, unit in SIZE_WORDS if effects[key])


def percent_of(result: dict[str, Any]) -> str:
    """The hit chance as a percentage, from the exact fraction."""
    from fractions import Fraction

    return percent(Fraction(result["hit_chance_exact"]))


HEADLINES: dict[str, Callable[[dict[str, Any]], str]] = {"skirmish-d6": _headline_d6}
FACTS: dict[str, Callable[[dict[str, Any]], Facts]] = {"skirmish-d6": _facts_d6}


def result_element(result: dict[str, Any], base: str = "") -> ET.Element:
    """The result panel as an element tree; ``base`` prefixes site-relative links."""
    system = result["system"]
    root = ET.Element("div", {"class": "calc-result", "data-system": system})
    head = ET.SubElement(root, "p", {"class": "calc-headline"})
    strong = ET.SubElement(head, "strong", {"data-key": "headline"})
    strong.text = HEADLINES[system](result)
    if result.get("hit_chance") is not None and result["targetable"]:
        span = ET.SubElement(head, "span", {"class": "calc-chance", "data-key": "hit_chance"})
        span.text = f" · {percent_of(result)} chance to hit"
    facts = ET.SubElement(root, "dl", {"class": "calc-facts"})
    for term, value in FACTS[system](result):
        ET.SubElement(facts, "dt").text = term
        ET.SubElement(facts, "dd").text = value
    if result["notes"]:
        notes = ET.SubElement(root, "ul", {"class": "calc-notes"})
        for note in result["notes"]:
            ET.SubElement(notes, "li").text = note
    ET.SubElement(root, "p", {"class": "calc-subhead"}).text = "Rules applied"
    rules = ET.SubElement(root, "ol", {"class": "calc-rules"})
    for rule in result["rules"]:
        item = ET.SubElement(rules, "li")
        link = ET.SubElement(item, "a", {"href": base + rule["ref"], "data-rule": rule["id"]})
        link.text = RULES[rule["id"]].title
        code = ET.SubElement(item, "code")
        code.text = rule["id"]
        code.tail = ""
    if result["rulings_used"]:
        ET.SubElement(root, "p", {"class": "calc-subhead"}).text = "Rulings this depends on"
        used = ET.SubElement(root, "ul", {"class": "calc-rulings-used"})
        for rid in result["rulings_used"]:
            ruling = RULINGS[rid]
            item = ET.SubElement(used, "li")
            link = ET.SubElement(item, "a", {"href": base + ruling.ref, "data-rule": rid})
            link.text = ruling.title
    return root


def result_html(result: dict[str, Any], base: str = "") -> str:
    """The result panel as an HTML string."""
    return ET.tostring(result_element(result, base), encoding="unicode", method="html")
