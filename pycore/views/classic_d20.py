"""How a Classic d20 result is put into words: the answer, what each modifier cost, protectors, who sees whom."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from ..dice import percent
from ..geometry import hexgrid as hg
from ..geometry.hexgrid import Hex
from ..geometry.squaregrid import Square
from ..maps.hex_map import board_cells, unbounded_cells
from ..systems.classic_d20.tables import COVER_EXAMPLES, FEET_PER_HEX
from . import overlay, pairings
from .board_spec import AREA_AND_REGIONS, BoardSpec, Slot
from .common import (
    board_size,
    chance,
    hex_of,
    link,
    map_of,
    map_pieces,
    percent_exact,
    percent_of,
    pieces_legend,
    signed,
    summary_line,
)
from .drawing import Board, CornerLine, Mark, Piece
from .square_map import lines_legend, lines_words, picture_size, square_cells, square_lights, square_pieces, square_walls
from .view import Answer, View
from .zones import zoned

BOARD = BoardSpec(
    slots=(
        Slot("attacker", "Attacker", "A", "map.attacker", single=True),
        Slot("target", "Target", "T", "map.target", single=True),
        Slot("wall", "Wall or obstacle", "W", "map.obstacles", (("kind", "wall"),)),
        Slot("ally-attacker", "Attacker's ally", "a", "map.creatures", (("side", "attacker"),)),
        Slot("ally-target", "Target's ally", "t", "map.creatures", (("side", "target"),)),
    ),
    cols_path="map.cols",
    rows_path="map.rows",
    drawn=("map.walls", "map.doors", "map.lights", "map.regions"),
    kept=AREA_AND_REGIONS,
    region_kinds=("fog", "brush", "screen"),
    area_size=20,
)
PIECE_KIND = {"attacker": "attacker", "target": "target", "wall": "total wall",
              "ally-attacker": "creature creature-attacker", "ally-target": "creature creature-target"}
PIECES = {slot.kind: Piece(PIECE_KIND[slot.kind], slot.symbol, slot.label) for slot in BOARD.slots}
"""One piece per slot, shared by every drawing."""


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


def _cover_words(cover: Any) -> str:
    """A map hex's cover percentage in words."""
    if cover == 100:
        return "total cover (100%)"
    return f"{cover}% cover" if isinstance(cover, int) and cover else "no cover"


COVER_BANDS = {0: 4, 25: 3, 50: 2, 75: 1, 90: 1, 100: 0}
"""A heat band from cover alone (the attack's number not known): the less cover, the better the shot."""
OVERLAY = overlay.OverlayWords("cover", _cover_words, lambda cover: COVER_BANDS.get(cover, 0))
"""How Classic d20's overlay entries are put into words."""


def _pairing_cover(result: dict[str, Any]) -> tuple[str, int]:
    """A pairing's cover in words, and ranked by its percentage (more cover, higher)."""
    cover = result.get("cover")
    return _cover_words(cover), cover if isinstance(cover, int) else 0


def pairing_blocks(scenario: dict[str, Any], base: str, answer: Answer) -> list[ET.Element]:
    """Everyone against everyone on the map, when asked for (``pairings``), each pairing ``answer``'s result."""
    return pairings.map_table(scenario, base, "calculator/classic-d20/", _pairing_cover, answer)


def blocks(result: dict[str, Any], base: str) -> list[ET.Element]:
    """The steps table, the invisibility panel, the protectors, then the overlay's legend and table."""
    return [*steps_block(result, base), *invisibility_block(result, base), *protectors_block(result, base),
            *overlay.blocks(result, OVERLAY)]


def _obstacle_kind(item: dict[str, Any]) -> str:
    """Every obstacle on a Classic d20 map is a wall."""
    return "wall"


def _heights(battle_map: dict[str, Any]) -> list[tuple[Hex, str]]:
    """Raised or sunken hexes and their height in words (``+10``), from a possibly invalid list."""
    out = []
    items = battle_map.get("elevation")
    for item in items if isinstance(items, list) else []:
        h = hex_of(item.get("hex")) if isinstance(item, dict) else None
        height = item.get("height") if isinstance(item, dict) else None
        if h is not None and isinstance(height, (int, float)) and not isinstance(height, bool) and height:
            out.append((h, f"{height:+g}"))
    return out


def board(scenario: dict[str, Any], result: dict[str, Any] | None) -> Board | None:
    """The hex map with everything placed; once evaluated, the hexes breaking lines, the protectors and the overlay."""
    battle_map = map_of(scenario)
    if battle_map.get("grid") == "square":
        return square_board(battle_map, result)
    pieces = map_pieces(battle_map, BOARD, PIECES, _obstacle_kind)
    cols, rows = board_size(battle_map.get("cols")), board_size(battle_map.get("rows"))
    cells = board_cells(cols, rows) if cols and rows else unbounded_cells(list(pieces))
    marks: list[tuple[Hex, Mark]] = [(h, Mark("height", f"{text} ft", f"ground {text} ft", "d20.map.heights"))
                                     for h, text in _heights(battle_map)]
    reading = (result or {}).get("map")
    desc = f"A {len(cells)}-hex map (1 hex = 5 ft) with {len(pieces)} pieces placed."
    if reading and result is not None:
        for qr in reading["blockers"]:
            marks.append((Hex.axial(*qr), Mark("crossed", "×", "breaks corner lines", "d20.map.cover")))
        for qr in reading["protectors"]:
            marks.append((Hex.axial(*qr), Mark("protector", "P", "protects the target", "d20.map.protectors")))
        through = ("d20.ruling.map-line-through" in result.get("rulings_used", ())
                   and reading["blocked_lines"] == reading["lines"])
        desc = (f"{reading['blocked_lines']} of the {reading['lines']} lines from the attacker's corners to the "
                f"target's are broken{', but a straight line still gets through' if through else ''}: "
                f"{result['cover']}% cover, {reading['distance_ft']} ft apart.")
    legend = pieces_legend(BOARD, pieces)
    if reading and reading["blockers"]:
        legend += (("×", "breaks some of the 36 corner lines"),)
    if reading and reading["protectors"]:
        legend += (("P", "protects the target"),)
    if _heights(battle_map):
        legend += (("+10 ft", "height of the ground"),)
    desc += overlay.described(result)
    corners = corner_lines(reading)
    if corners:
        legend += CORNER_KEY
    return Board(cells, "Classic d20 hex map (1 hex = 5 ft)", desc, tuple(pieces.items()), tuple(marks), (), (), (),
                 legend, overlay.heat(result, OVERLAY), corner_lines=corners)


CORNER_KEY = (("╱", "a corner line: thin where clear, dashed where something breaks it"),)
"""The key's entry for the corner lines, on hexes and squares alike."""


def corner_lines(reading: dict[str, Any] | None) -> tuple[CornerLine, ...]:
    """The reading's corner lines (hex or square) as the board draws them."""
    return tuple(CornerLine((a[0], a[1]), (b[0], b[1]), bool(broken), "d20.map.cover")
                 for a, b, broken in (reading or {}).get("corner_lines", ()))


def square_board(battle_map: dict[str, Any], result: dict[str, Any] | None) -> Board:
    """The square map with everything placed, its walls, doors and lights; once evaluated, the squares breaking
    corner lines and the protectors."""
    pieces = square_pieces(battle_map, BOARD, PIECES, _obstacle_kind)
    cells = square_cells(battle_map, list(pieces))
    walls = square_walls(battle_map.get("walls"), battle_map.get("doors"), "d20.map.walls")
    lights = square_lights(battle_map.get("lights"))
    marks: list[tuple[Square, Mark]] = []
    reading = (result or {}).get("map")
    desc = (f"A {len(cells)}-square map (1 square = 5 ft) with {len(pieces)} pieces placed, "
            f"{lines_words(walls, lights)}.")
    if reading and result is not None:
        for c, r in reading["blockers"]:
            marks.append(((c, r), Mark("crossed", "×", "breaks corner lines", "d20.map.cover")))
        for c, r in reading["protectors"]:
            marks.append(((c, r), Mark("protector", "P", "protects the target", "d20.map.protectors")))
        desc = (f"{reading['blocked_lines']} of the {reading['lines']} lines from the attacker's corners to the "
                f"target's are broken: {result['cover']}% cover, {reading['distance_ft']} ft apart. On the map: "
                f"{lines_words(walls, lights)}.")
    legend = pieces_legend(BOARD, pieces)
    if reading and reading["blockers"]:
        legend += (("×", "breaks some of the corner lines"),)
    if reading and reading["protectors"]:
        legend += (("P", "protects the target"),)
    legend += lines_legend(walls, lights)
    desc += overlay.described(result)
    corners = corner_lines(reading)
    if corners:
        legend += CORNER_KEY
    return Board(cells, "Classic d20 square map (1 square = 5 ft)", desc, tuple(pieces.items()), tuple(marks),
                 legend=legend, heat=overlay.heat(result, OVERLAY), walls=walls, lights=lights,
                 picture=picture_size(battle_map), corner_lines=corners)


def map_facts(result: dict[str, Any]) -> list[tuple[str, str]]:
    """What the map said: lines broken, distance, heights."""
    reading = result.get("map")
    if not reading:
        return []
    out = [("Read off the map", f"{reading['blocked_lines']} of {reading['lines']} corner lines broken, "
                                f"{reading['distance_ft']} ft apart")]
    if "d20.ruling.map-line-through" in result.get("rulings_used", ()):
        out.append(("Line of sight", f"a straight line still joins the two hexes clear of every obstacle, so not "
                                     f"100% but {result['cover']}% cover (ruling)"))
    if reading["elevation"] != "level":
        ground = {"ground": "", "cliff": ", across a cliff face", "severe-slope": ", on a severe slope"}
        a, t = reading["heights_ft"]
        out.append(("Heights", f"attacker {a:g} ft, target {t:g} ft: attacker {reading['elevation']}"
                               f"{ground[reading['terrain']]}"))
    return out


def all_facts(result: dict[str, Any]) -> list[tuple[str, str]]:
    """The facts, then what the map said."""
    return [*facts(result), *map_facts(result)]


FIRST_ROW = 2
"""The row (axial ``r``, or a square's row) a first map lines the pieces up on."""
FIRST_SPAN = 6
"""How many hexes or squares (of 5 ft) apart a first map puts the attacker and the target without a distance."""


def _form_cover(clean: dict[str, Any]) -> int:
    """The cover the counting form gives against this attack: the picked situation's, or the percentage (none when
    the cover is not between them)."""
    target = clean["target"]
    if not target["cover_between"]:
        return 0
    example = next((e for e in COVER_EXAMPLES if e.value == target["cover_example"]), None)
    return example.percent if example else int(target["cover"])


def _behind(grid: str, target: list[int], span: int, most: int) -> list[dict[str, Any]]:
    """Up to ``most`` of the target's allies on the cells next to it on its far side (no corner line reaches them)."""
    q, r = target
    if grid == "square":
        spots = [[q + 1, r], [q + 1, r - 1], [q + 1, r + 1]]
    else:
        spots = [list(h.qr) for h in hg.neighbors(Hex.axial(q, r)) if hg.distance(h, Hex.axial(0, FIRST_ROW)) > span]
    return [{"hex": spot, "side": "target"} for spot in spots[:most]]


def _hex_layouts(span: int) -> Iterator[tuple[list[int], list[list[int]]]]:
    """Where a first hex map may put the target (``span`` hexes from the attacker: on its row, then further round)
    and the walls next to it: none, one or two beside it, one two hexes away, one of each; simplest first."""
    for d in range(min(span, 4)):
        target = [span - d, FIRST_ROW + d]
        t = Hex.axial(*target)
        near = [list(h.qr) for h in hg.neighbors(t) if h.qr != (0, FIRST_ROW)]
        far = [list(h.qr) for h in hg.ring(t, 2) if h.qr != (0, FIRST_ROW)]
        yield target, []
        yield from ((target, [a]) for a in near)
        yield from ((target, [a, b]) for i, a in enumerate(near) for b in near[i + 1:])
        yield from ((target, [b]) for b in far)
        yield from ((target, [a, b]) for a in near for b in far)


def _wall_layouts(span: int) -> Iterator[list[list[list[float]]]]:
    """Walls half a square in front of a first square map's target: one from a square above its row down to between
    two of the corner lines (where they cross ``x``), then a slit letting one height of lines through; each end
    between the lines, to a ten-thousandth of a square."""
    x = Fraction(2 * span - 1, 2)
    top, bottom = Fraction(FIRST_ROW - 1), Fraction(FIRST_ROW + 2)
    ys = sorted({ay + (ty - ay) * (x - ax) / (tx - ax) for ax in (0, 1) for ay in (FIRST_ROW, FIRST_ROW + 1)
                 for tx in (span, span + 1) for ty in (FIRST_ROW, FIRST_ROW + 1)})

    def line(y0: Fraction, y1: Fraction) -> list[list[float]]:
        return [[float(x), round(float(y0), 4)], [float(x), round(float(y1), 4)]]

    edges = [top, *ys, bottom]
    for above, below in zip(edges, edges[1:]):
        yield [line(top, (above + below) / 2)]
    for i, y in enumerate(ys):
        gap = min(y - edges[i], edges[i + 2] - y) / 4
        yield [line(top, y - gap), line(y + gap, bottom)]


def first_map(clean: dict[str, Any], grid: str, answer: Answer) -> tuple[dict[str, Any], str]:
    """The form's situation on a map: the attacker and the target as far apart as the form's distance (in 5-ft hexes
    or squares, at least 1, or ``FIRST_SPAN``), its protectors next to the target on the far side, and walls giving
    the form's cover: on squares a wall, or a slit, in front of the target; on hexes the simplest walls found (the
    target may move round at the same distance); each checked by the engine's answer, the first that gives the
    form's cover kept. Without one, no wall is placed, and the line says so."""
    feet = clean.get("distance_ft")
    span = FIRST_SPAN if feet is None else max(1, round(feet / 5))
    want = _form_cover(clean)
    allies = int(clean["target"]["protectors"])

    def laid(target: list[int], **pieces: Any) -> dict[str, Any]:
        creatures = _behind(grid, target, span, allies)
        return {"grid": grid, "attacker": [0, FIRST_ROW], "target": target, **pieces,
                **({"creatures": creatures} if creatures else {})}

    def cover_of(battle_map: dict[str, Any]) -> int | None:
        result = answer({**clean, "map": battle_map})
        return None if result is None else result.get("cover")

    plain = laid([span, FIRST_ROW])
    if want == 0:
        return plain, ""
    tried = ([laid([span, FIRST_ROW], walls=[{"points": points} for points in lines]) for lines in _wall_layouts(span)]
             if grid == "square" else
             (laid(target, obstacles=[{"hex": h, "kind": "wall"} for h in walls]) for target, walls in _hex_layouts(span)))
    found = next((m for m in tried if cover_of(m) == want), None) if span > 1 else None
    if found is not None:
        return found, ""
    cells = "squares" if grid == "square" else "hexes"
    return plain, (f"No walls laid out {span * 5} ft apart give {want}% cover by the corner lines on {cells}: "
                   f"place what gives it on the map.")


VIEW = View(headline, all_facts, blocks, zoned(board, FEET_PER_HEX, "d20.ruling.area-cone"), BOARD, OVERLAY, pairing_blocks,
            summary, first_map)
"""Classic d20's view, with its hex map."""
