"""How a Classic d20 result is put into words: the answer, what each modifier cost, protectors, who sees whom."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction
from typing import Any

from ..dice import percent
from .common import chance, link, percent_exact, percent_of, signed, summary_line
from .view import View


def headline(result: dict[str, Any]) -> str:
    """``Hits on a natural 14+``, or why there is no number."""
    if not result["targetable"]:
        return f"Cannot be targeted: {result['untargetable_reason']}"
    if result["hit_chance"] is None:
        mod = result["attack_modifier"]
        return f"Effective AC {result['effective_ac']}" + (f", {signed(mod)} to hit" if mod else "")
    needs = result["needs"]
    if needs is None:
        return "Cannot hit: no roll is high enough"
    if needs == 1:
        return "Hits on any roll"
    if needs == 20:
        return "Hits only on a natural 20"
    return f"Hits on a natural {needs}+"


def summary(result: dict[str, Any]) -> str:
    """The headline and the chance (``Hits on a natural 10+ · 55%``); without a to-hit number, that it needs one."""
    if not result["targetable"]:
        return headline(result)
    if result["hit_chance"] is None:
        return summary_line(headline(result), "needs a to-hit number for the chance")
    return summary_line(headline(result), percent_of(result))


def _bonus_of(result: dict[str, Any], rule: str) -> int:
    return sum(step["defense"] for step in result["steps"] if step["rule"] == rule)


def _percent_fact(percent_value: int, bonus: int, full: str) -> str:
    if percent_value == 0:
        return "None"
    if percent_value == 100:
        return f"100%: {full}"
    return f"{percent_value}% ({signed(bonus)} AC)" if bonus else f"{percent_value}% (no AC bonus here)"


def saves_line(saves: dict[str, int]) -> str:
    """``+4 to every save; +2 more to Dexterity saves``."""
    if not saves:
        return "No bonus"
    parts = []
    if "all" in saves:
        parts.append(f"{signed(saves['all'])} to every save")
    if "dexterity" in saves:
        parts.append(f"{signed(saves['dexterity'])}{' more' if 'all' in saves else ''} to Dexterity saves")
    return "; ".join(parts)


def facts(result: dict[str, Any]) -> list[tuple[str, str]]:
    """Effective AC, attack modifier, cover, concealment, saves, chance, surprise, accidental targeting."""
    bonus = result["defense_bonus"]
    harder = f"{bonus} harder to hit" if bonus > 0 else f"{-bonus} easier to hit" if bonus < 0 else "unchanged"
    out = [
        ("Effective AC", f"{result['effective_ac']} (AC {result['base_ac']}, {harder})"),
        ("Attack roll", signed(result["attack_modifier"])),
        ("Cover", _percent_fact(result["cover"], _bonus_of(result, "d20.cover.percent"), "no line of sight or effect")),
        ("Concealment", _percent_fact(result["concealment"], _bonus_of(result, "d20.concealment.percent"),
                                      "treated as invisible")),
        ("Saving throws", saves_line(result["save_bonus"])),
    ]
    if result["hit_chance"] is not None:
        out.append(("Chance to hit", chance(result)))
    surprise = result["surprise"]
    if surprise["bonus_percent"]:
        auto = f"automatic ({surprise['automatic_segments']} segment), " if surprise["automatic_segments"] else ""
        out.append(("Attacker's surprise", f"{auto}+{surprise['bonus_percent']}% to surprise"))
    accidental = result["accidental"]
    if accidental:
        text = f"{percent(Fraction(accidental['chance_exact']))} of attacks aimed elsewhere"
        if accidental["hit_chance_exact"] is not None:
            hit = Fraction(accidental["hit_chance_exact"])
            text += f"; {percent(hit)} ({hit}) that such an attack hits it"
        out.append(("Accidental targeting", text))
    return out


def steps_block(result: dict[str, Any], base: str) -> list[ET.Element]:
    """A table: the chance to hit before and after each modifier, and what each one cost."""
    if not result["steps"] or not result["targetable"]:
        return []
    box = ET.Element("div", {"class": "d20-block d20-steps", "data-block": "steps"})
    ET.SubElement(box, "p", {"class": "calc-subhead"}).text = "What each modifier does"
    known = result["base_hit_chance_exact"] is not None
    table = ET.SubElement(box, "table")
    head = ET.SubElement(ET.SubElement(table, "thead"), "tr")
    for title in ("Modifier", "Change", *(("Chance to hit", "Cost") if known else ())):
        ET.SubElement(head, "th", {"scope": "col"}).text = title
    body = ET.SubElement(table, "tbody")
    if known:
        row = ET.SubElement(body, "tr")
        ET.SubElement(row, "td").text = "Before any modifier"
        ET.SubElement(row, "td").text = "–"
        ET.SubElement(row, "td").text = percent_exact(result["base_hit_chance_exact"])
        ET.SubElement(row, "td").text = ""
    for step in result["steps"]:
        row = ET.SubElement(body, "tr", {"data-step": step["rule"]})
        link(ET.SubElement(row, "td"), step["rule"], base, step["label"])
        changes = []
        if step["attack"]:
            changes.append(f"{signed(step['attack'])} to hit")
        if step["defense"] or not step["attack"]:
            changes.append(f"{signed(step['defense'])} AC")
        ET.SubElement(row, "td").text = ", ".join(changes)
        if known:
            after, before = Fraction(step["chance_after"]), Fraction(step["chance_before"])
            ET.SubElement(row, "td").text = percent_exact(step["chance_after"])
            points = round(float(after - before) * 100, 1)
            ET.SubElement(row, "td").text = f"{points:+g} points" if points else "nothing"
    return [box]


def protectors_block(result: dict[str, Any], base: str) -> list[ET.Element]:
    """Which rolls miss only because of the protectors, and each protector's chance to be struck instead."""
    data = result["protectors"]
    if not data:
        return []
    box = ET.Element("div", {"class": "d20-block d20-protectors", "data-block": "protectors"})
    ET.SubElement(box, "p", {"class": "calc-subhead"}).text = "Missiles that may strike a protector"
    para = ET.SubElement(box, "p")
    saved = data["saved_rolls"]
    if saved:
        para.text = ("Rolls that miss only because of the protectors' parries: "
                     + ", ".join(str(r) for r in saved) + ". On such a roll one protector, chosen at random, "
                     "is struck if the roll would hit that protector. ")
    else:
        para.text = "No roll misses only because of the protectors' parries here, so no protector can be struck. "
    link(para, "d20.cover.protector-struck", base, "Rule")
    items = ET.SubElement(box, "ul")
    for p in data["struck"]:
        rolls = ", ".join(str(r) for r in p["rolls"]) or "none"
        exact = Fraction(p["chance_exact"])
        ET.SubElement(items, "li", {"data-protector": str(p["protector"])}).text = (
            f"Protector {p['protector']} (AC {p['ac']}): struck on {rolls}; chance {percent(exact)} ({exact})")
    any_struck = Fraction(data["any_struck_exact"])
    ET.SubElement(box, "p").text = f"Chance that some protector is struck: {percent(any_struck)} ({any_struck})."
    return [box]


def invisibility_block(result: dict[str, Any], base: str) -> list[ET.Element]:
    """Who cannot see whom, step by step: sight, pinpointing, targeting, what follows."""
    panels = result["invisibility"]
    if not panels["target"] and not panels["attacker"]:
        return []
    box = ET.Element("div", {"class": "d20-block d20-invisibility", "data-block": "invisibility"})
    for side, heading in (("target", "The unseen target"), ("attacker", "The unseen attacker")):
        panel = panels[side]
        if not panel:
            continue
        ET.SubElement(box, "p", {"class": "calc-subhead"}).text = heading
        steps = ET.SubElement(box, "ol", {"class": "d20-panel", "data-panel": side})
        for step in panel["steps"]:
            item = ET.SubElement(steps, "li")
            ET.SubElement(item, "strong").text = step["question"]
            answer = ET.SubElement(item, "span")
            answer.text = " " + step["answer"] + " "
            link(item, step["rule"], base, "rule", css="calc-rule-link")
    return [box]


def blocks(result: dict[str, Any], base: str) -> list[ET.Element]:
    """The steps table, then the invisibility panel, then the protectors."""
    return [*steps_block(result, base), *invisibility_block(result, base), *protectors_block(result, base)]


VIEW = View(headline, facts, blocks, summary=summary)
"""Classic d20's view (no board)."""
