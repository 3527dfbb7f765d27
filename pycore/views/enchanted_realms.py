"""How an Enchanted Realms result is put into words: per-die odds, the pool, friendly fire, a real throw."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction
from typing import Any

from ..dice import percent
from ..systems.enchanted_realms import COVER_WORDS, RULE_BY_ID, RULING_BY_ID, STRAY_DIE
from .common import signed

PLACE_WORDS = {"front": "10 ft in front", "behind": "10 ft behind", "adjacent": "next to the target"}
BLOCKED_WORDS = {"attacker": "the attacker's hex: counts as empty", "behind-shooter": "behind the attacker: counts as empty"}


def _pct(exact: str) -> str:
    """``33.3% (1/3)``; a chance of exactly 0 or 1 without the fraction."""
    p = Fraction(exact)
    return percent(p) if p in (0, 1) else f"{percent(p)} ({p})"


def _exact_cell(row: ET.Element, exact: str, attrs: dict[str, str], as_percent: bool = True) -> None:
    """A table cell with the value (a percentage, or a decimal) and its exact fraction under it."""
    value = Fraction(exact)
    cell = ET.SubElement(row, "td", attrs)
    cell.text = percent(value) if as_percent else f"{float(value):.3g}"
    if value.denominator != 1:
        ET.SubElement(cell, "br").tail = str(value)


def _dice(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


def _needs(needs: int | None) -> str:
    if needs is None:
        return "never hits"
    if needs == 20:
        return "hits only on a natural 20"
    return f"hits on a roll of {needs}+"


def headline(result: dict[str, Any]) -> str:
    """``Each die hits on a roll of 13+``, or why there is no roll at all."""
    ff = result["friendly_fire"]
    if not result["targetable"]:
        if ff["applies"]:
            return "Cannot be struck in full cover: every die strays (friendly fire)"
        return f"Cannot be targeted: full cover stops {'a ranged attack' if result['kind'] == 'ranged' else 'a sight spell'}"
    pool = "Each die" if result["dice"] > 1 else "The die"
    return f"{pool} {_needs(result['needs'])}"


def facts(result: dict[str, Any]) -> list[tuple[str, str]]:
    """Defense, the roll, per-die and pool odds, saves, friendly fire."""
    ff = result["friendly_fire"]
    out: list[tuple[str, str]] = []
    base = result["defense"] - result["defense_bonus"]
    cover = COVER_WORDS.get(result["cover"])
    if result["targetable"]:
        shown = str(result["defense"])
        if result["defense_bonus"]:
            shown += f" ({base} {signed(result['defense_bonus'])} {cover})"
        out.append(("Defense", shown))
        mod = result["attack_modifier"]
        out.append(("Each die", f"{signed(mod)} to the roll; natural 20 hits, natural 1 misses" if mod
                    else "no modifier; natural 20 hits, natural 1 misses"))
        out.append(("Chance per die", _pct(result["die_hit_chance_exact"])))
        groups = result["groups"]
        split = f" (split {' + '.join(map(str, groups))})" if len(groups) > 1 else ""
        out.append(("Dice", f"{result['dice']}{split}"))
        out.append(("At least one hit", _pct(result["hit_chance_exact"])))
        if result["dice"] > 1:
            out.append(("Expected hits", f"{float(Fraction(result['expected_hits_exact'])):.3g} ({result['expected_hits_exact']})"))
    elif cover:
        out.append(("Cover", cover.capitalize()))
    saves = result["save_bonus"]
    if saves:
        out.append(("Agility saves", f"{signed(saves['agility'])} against this area effect; other saves unchanged"))
    reason = ff["reason"].rstrip(".")
    for prefix in ("Friendly fire applies: ", "No friendly fire: "):
        reason = reason.removeprefix(prefix)
    out.append(("Friendly fire", f"applies: {reason}" if ff["applies"] else f"does not apply: {reason}"))
    if ff["applies"]:
        out.append(("Chance the shot strays", _pct(ff["stray_chance_exact"])))
    return out


def _link(parent: ET.Element, rule: str, base: str, text: str) -> ET.Element:
    item = RULE_BY_ID.get(rule) or RULING_BY_ID[rule]
    link = ET.SubElement(parent, "a", {"href": base + item.ref, "data-rule": rule, "class": "calc-rule-link"})
    link.text = text
    return link


def distribution_block(result: dict[str, Any], base: str) -> list[ET.Element]:
    """How many dice hit the target: 0..n, each with its exact chance."""
    if not result["targetable"] or result["dice"] < 2:
        return []
    box = ET.Element("div", {"class": "er-block", "data-block": "distribution"})
    head = ET.SubElement(box, "p", {"class": "calc-subhead"})
    head.text = "Dice hitting the target "
    _link(head, "er.attack.pool", base, "rule")
    body = _table(box, ("Hits", "Chance", "Exact"))
    for entry in result["hits_distribution"]:
        row = ET.SubElement(body, "tr", {"data-hits": str(entry["hits"])})
        ET.SubElement(row, "td").text = str(entry["hits"])
        ET.SubElement(row, "td").text = percent(Fraction(entry["chance_exact"]))
        ET.SubElement(row, "td").text = entry["chance_exact"]
    return [box]


def _table(parent: ET.Element, headers: tuple[str, ...]) -> ET.Element:
    """A table in Material's own wrappers (it scrolls sideways instead of overflowing); returns its body."""
    wrap = ET.SubElement(ET.SubElement(parent, "div", {"class": "md-typeset__scrollwrap"}), "div", {"class": "md-typeset__table"})
    table = ET.SubElement(wrap, "table")
    row = ET.SubElement(ET.SubElement(table, "thead"), "tr")
    for title in headers:
        ET.SubElement(row, "th", {"scope": "col"}).text = title
    return ET.SubElement(table, "tbody")


def friendly_fire_block(result: dict[str, Any], base: str) -> list[ET.Element]:
    """The eight stray hexes, who stands in each and the chance each is struck."""
    ff = result["friendly_fire"]
    if not ff["applies"]:
        return []
    box = ET.Element("div", {"class": "er-block", "data-block": "friendly-fire"})
    head = ET.SubElement(box, "p", {"class": "calc-subhead"})
    head.text = "Where a miss can stray "
    _link(head, "er.ff.stray-hexes", base, "rule")
    creatures = {c["name"]: c for c in ff["creatures"]}
    body = _table(box, ("d10", "Hex and who", "Struck", "Hits"))
    for slot in ff["slots"]:
        row = ET.SubElement(body, "tr", {"data-slot": str(slot["number"])})
        ET.SubElement(row, "td").text = str(slot["number"])
        who = creatures.get(slot["occupant"]) if slot["occupant"] else None
        cell = ET.SubElement(row, "td", {"data-creature": who["name"]} if who else {})
        place = "" if slot["place"] == "adjacent" else f" ({PLACE_WORDS[slot['place']]})"
        cell.text = f"{slot['hex'][0]}, {slot['hex'][1]}{place}: "
        if who:
            ET.SubElement(cell, "strong").text = who["name"]
            ET.SubElement(cell, "br").tail = f"Defense {who['defense']}"
            _exact_cell(row, who["struck_chance_exact"], {"data-key": "struck"})
            _exact_cell(row, who["expected_hits_exact"], {"data-key": "expected"}, as_percent=False)
        else:
            cell.text += BLOCKED_WORDS[slot["blocked"]] if slot["blocked"] else "empty"
            ET.SubElement(row, "td").text = "–"
            ET.SubElement(row, "td").text = "–"
    row = ET.SubElement(body, "tr", {"data-slot": "empty"})
    for text in (", ".join(map(str, ff["empty_faces"])), "nothing is hit", "–", "–"):
        ET.SubElement(row, "td").text = text
    note = ET.SubElement(box, "p", {"class": "er-note"})
    note.text = (f"Struck: at least one die. Hits: the number of dice to expect. Each number on the d{STRAY_DIE} "
                 f"has a 1 in {STRAY_DIE} chance, but only after every die of an attack has missed; the dice then "
                 "roll forward by 2 against the creature in that hex. ")
    _link(note, "er.ff.forward", base, "rule")
    placed = [c for c in ff["creatures"] if c["can_be_struck"]]
    if placed:
        ET.SubElement(box, "p", {"class": "er-note"}).text = "A forward die strikes " + "; ".join(
            f"{c['name']} on a raw {c['forward_needs']}+" if c["forward_needs"] > 1 else f"{c['name']} on any roll"
            for c in placed) + "."
    elsewhere = [c["name"] for c in ff["creatures"] if c["slot"] is None]
    if elsewhere:
        ET.SubElement(box, "p", {"class": "er-note"}).text = (
            "Not in a stray hex, so never struck: " + ", ".join(elsewhere) + ".")
    return [box]


def steps_block(result: dict[str, Any], base: str) -> list[ET.Element]:
    """A real throw, step by step, each step linked to the rule that decided it."""
    res = result.get("resolution")
    if not res:
        return []
    box = ET.Element("div", {"class": "er-block", "data-block": "steps"})
    ET.SubElement(box, "p", {"class": "calc-subhead"}).text = "This throw, step by step"
    steps = ET.SubElement(box, "ol", {"class": "er-steps"})
    for step in res["steps"]:
        item = ET.SubElement(steps, "li", {"data-step": step["rule"]})
        item.text = step["text"][:1].upper() + step["text"][1:] + " "
        _link(item, step["rule"], base, "rule")
    outcome = ET.SubElement(box, "p", {"data-key": "outcome"})
    strong = ET.SubElement(outcome, "strong")
    parts = [f"{_dice(res['hits'])} hit the target" if res["hits"] != 1 else "1 die hits the target"]
    if res["struck_by"]:
        parts.extend(f"{name} is struck by {_dice(n)}" for name, n in res["struck_by"].items())
    elif res["awaiting_d10"]:
        parts.append("roll the d10 for the stray shot")
    strong.text = "Result: " + "; ".join(parts) + "."
    return [box]


def blocks(result: dict[str, Any], base: str) -> list[ET.Element]:
    """The distribution, the friendly-fire table, then the resolved throw."""
    return [*distribution_block(result, base), *friendly_fire_block(result, base), *steps_block(result, base)]
