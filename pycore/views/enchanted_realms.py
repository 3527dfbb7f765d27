"""How an Enchanted Realms result is put into words: per-die odds, the pool, friendly fire, a real throw."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction
from typing import Any

from ..dice import percent
from ..geometry.hexgrid import Hex
from ..systems.enchanted_realms.cells import board_cells
from ..systems.enchanted_realms.tables import COVER_WORDS, HEX_FEET, STRAY_DIE, TRIGGER_WORDS, WHY_NOT_WORDS
from . import overlay
from .board_spec import AREA_AND_REGIONS, BoardSpec, Slot
from .common import hex_of, link, percent_exact, percent_with_fraction, pieces_legend, signed, summary_line
from .drawing import HEAT_BANDS, Board, Mark, Piece, Segment
from .view import View
from .zones import zoned

PLACE_WORDS = {"front": "10 ft in front", "behind": "10 ft behind", "adjacent": "next to the target"}
BLOCKED_WORDS = {"attacker": "the attacker's hex: counts as empty", "behind-shooter": "behind the attacker: counts as empty"}


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
        return f"Cannot be targeted: {result['untargetable_reason']}"
    pool = "Each die" if result["dice"] > 1 else "The die"
    return f"{pool} {_needs(result['needs'])}"


def friendly_fire_summary(result: dict[str, Any]) -> str:
    """Friendly fire in a few words: the creature most likely struck, or how often a shot strays; ``""`` without it."""
    ff = result["friendly_fire"]
    if not ff["applies"]:
        return ""
    at_risk = [c for c in ff["creatures"] if Fraction(c["struck_chance_exact"])]
    if not at_risk:
        return f"friendly fire: strays {percent_exact(ff['stray_chance_exact'])}, nobody in the way"
    worst = max(at_risk, key=lambda c: Fraction(c["struck_chance_exact"]))
    more = f" (+{len(at_risk) - 1} more)" if len(at_risk) > 1 else ""
    return f"friendly fire: {worst['name']} {percent_exact(worst['struck_chance_exact'])}{more}"


def summary(result: dict[str, Any]) -> str:
    """Short: the roll, the chance of a hit, friendly fire (``Hits on 14+ per die · 57.8% at least one hit``)."""
    if not result["targetable"]:
        return summary_line(headline(result), friendly_fire_summary(result))
    needs = result["needs"]
    roll = {None: "No roll hits", 20: "Hits only on a natural 20"}.get(needs, f"Hits on {needs}+")
    chance = percent_exact(result["hit_chance_exact"])
    if result["dice"] > 1:
        return summary_line(f"{roll} per die", f"{chance} at least one hit", friendly_fire_summary(result))
    return summary_line(roll, chance, friendly_fire_summary(result))


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
        out.append(("Chance per die", percent_with_fraction(result["die_hit_chance_exact"])))
        groups = result["groups"]
        split = f" (split {' + '.join(map(str, groups))})" if len(groups) > 1 else ""
        out.append(("Dice", f"{result['dice']}{split}"))
        out.append(("At least one hit", percent_with_fraction(result["hit_chance_exact"])))
        if result["dice"] > 1:
            expected = result["expected_hits_exact"]
            out.append(("Expected hits", f"{float(Fraction(expected)):.3g} ({expected})"))
    elif cover:
        out.append(("Cover", cover.capitalize()))
    saves = result["save_bonus"]
    if saves:
        out.append(("Agility saves", f"{signed(saves['agility'])} against this area effect; other saves unchanged"))
    if ff["applies"]:
        out.append(("Friendly fire", "applies: " + "; ".join(TRIGGER_WORDS[t] for t in ff["triggers"])))
    else:
        out.append(("Friendly fire", f"does not apply: {WHY_NOT_WORDS[ff['why_not']]}"))
    if ff["applies"]:
        out.append(("Chance the shot strays", percent_with_fraction(ff["stray_chance_exact"])))
    return out


def distribution_block(result: dict[str, Any], base: str) -> list[ET.Element]:
    """How many dice hit the target: 0..n, each with its exact chance."""
    if not result["targetable"] or result["dice"] < 2:
        return []
    box = ET.Element("div", {"class": "er-block", "data-block": "distribution"})
    head = ET.SubElement(box, "p", {"class": "calc-subhead"})
    head.text = "Dice hitting the target "
    link(head, "er.attack.pool", base, "rule", css="calc-rule-link")
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
    link(head, "er.ff.stray-hexes", base, "rule", css="calc-rule-link")
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
    link(note, "er.ff.forward", base, "rule", css="calc-rule-link")
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
        link(item, step["rule"], base, "rule", css="calc-rule-link")
    outcome = ET.SubElement(box, "p", {"data-key": "outcome"})
    strong = ET.SubElement(outcome, "strong")
    parts = [f"{_dice(res['hits'])} hit the target" if res["hits"] != 1 else "1 die hits the target"]
    if res["struck_by"]:
        parts.extend(f"{name} is struck by {_dice(n)}" for name, n in res["struck_by"].items())
    elif res["awaiting_d10"]:
        parts.append("roll the d10 for the stray shot")
    strong.text = "Result: " + "; ".join(parts) + "."
    return [box]


COVER_ORDER = ("none", "partial", "three-quarters", "full")
"""Cover from least to most, for a heat band from cover alone."""
OVERLAY = overlay.OverlayWords(
    "cover", lambda cover: COVER_WORDS.get(cover, "no cover"),
    lambda cover: HEAT_BANDS - 1 - COVER_ORDER.index(cover) if cover in COVER_ORDER else 0)
"""How Enchanted Realms' overlay entries are put into words."""


def blocks(result: dict[str, Any], base: str) -> list[ET.Element]:
    """The distribution, the friendly-fire table, the resolved throw, then the overlay's legend and table."""
    return [*distribution_block(result, base), *friendly_fire_block(result, base), *steps_block(result, base),
            *overlay.blocks(result, OVERLAY)]


# --- the hex board (5 ft hexes): attacker, target, creatures, the line of fire and the eight stray hexes ---

BOARD = BoardSpec(
    slots=(
        Slot("attacker", "Attacker", "A", "attacker.hex", single=True),
        Slot("target", "Target", "T", "target.hex", single=True),
        Slot("creature", "Creature", "C", "others"),
    ),
    cols_path="",
    rows_path="",
    defaults=(("defense", 10),),
    editors=(("others", (("name", "Name", "text"), ("defense", "Defense", "int"))),),
    drawn=("map.regions",),
    kept=AREA_AND_REGIONS,
    region_kinds=("obscured",),
    area_size=10,
)
def _piece_hex(scenario: dict[str, Any], who: str, default: list[int]) -> Any:
    """What a possibly invalid scenario gives as the ``hex`` of ``attacker`` or ``target`` (its default if absent)."""
    piece = scenario.get(who)
    return (piece or {}).get("hex", default) if isinstance(piece, dict) else default


def board(scenario: dict[str, Any], result: dict[str, Any] | None) -> Board:
    """The board: pieces from the scenario; once evaluated, the line of fire, slots 1-8 and each creature's odds."""
    attacker = hex_of(_piece_hex(scenario, "attacker", [0, 0]))
    target = hex_of(_piece_hex(scenario, "target", [4, 0]))
    pieces: dict[Hex, Piece] = {}
    if attacker:
        pieces[attacker] = Piece("attacker", "A", "attacker")
    if target and target not in pieces:
        pieces[target] = Piece("target", "T", "target")
    given = scenario.get("others")
    others: list[Any] = given if isinstance(given, list) else []
    for item in others:
        h = hex_of(item.get("hex")) if isinstance(item, dict) else None
        if h is not None and h not in pieces:
            name = item.get("name") if isinstance(item.get("name"), str) else "creature"
            defense = item.get("defense", 10)
            pieces[h] = Piece("creature", "C", f"{name}, Defense {defense}")
    marks: list[tuple[Hex, Mark]] = []
    segments: list[Segment] = []
    classes: list[tuple[Hex, str]] = []
    desc = f"The attacker, the target and {len(others)} other creature(s) on 5-foot hexes."
    if result:
        line = [Hex.axial(*qr) for qr in result.get("line_of_fire") or []]
        if attacker and target:
            segments.append(Segment(attacker, target, "fire", "line of fire from the attacker to the target",
                                    "er.ff.stray-hexes"))
        for h in line[1:-1]:
            classes.append((h, "path-used"))
        ff = result.get("friendly_fire") or {}
        chances = {c["name"]: c for c in ff.get("creatures", [])}
        for slot in ff.get("slots", []):
            h = Hex.axial(*slot["hex"])
            classes.append((h, "stray-slot"))
            marks.append((h, Mark("slot", str(slot["number"]), f"stray hex {slot['number']} on the d10", "er.ff.d10")))
            who = slot.get("occupant")
            if who and who in chances and ff.get("applies"):
                marks.append((h, Mark("chance", percent(Fraction(chances[who]["struck_chance_exact"])),
                                      f"{who}: {percent_with_fraction(chances[who]['struck_chance_exact'])} to be struck",
                                      "er.ff.forward")))
        desc = (f"Line of fire over {max(len(line) - 1, 0)} hexes. "
                + ("Friendly fire applies: the eight stray hexes are numbered 1 to 8 for the d10 (9 and 10 hit nothing), "
                   "each creature on one shows its chance to be struck." if ff.get("applies") else
                   "Friendly fire does not apply; the eight stray hexes are numbered for reference."))
    legend = pieces_legend(BOARD, pieces)
    if result and (result.get("friendly_fire") or {}).get("slots"):
        legend += (("1–8", "stray hexes, numbered for the d10 (9, 10: nothing)"), ("%", "chance to be struck"))
    heat = overlay.heat(result, OVERLAY)
    desc += overlay.described(result)
    return Board(board_cells(list(pieces)), "Enchanted Realms board (1 hex = 5 ft)", desc, tuple(pieces.items()),
                 tuple(marks), tuple(segments), (), tuple(classes), legend, heat)


VIEW = View(headline, facts, blocks, zoned(board, HEX_FEET, "er.ruling.area-cone"), BOARD, OVERLAY, summary=summary)
"""Enchanted Realms' view, with its board."""
