"""How a d6 Skirmish result is put into words, and its hex or square map drawn."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from ..geometry.hexgrid import Hex
from ..geometry.squaregrid import Square
from ..maps.hex_map import board_cells, unbounded_cells
from . import overlay, pairings
from .board_spec import AREA_AND_REGIONS, BoardSpec, Slot
from .common import board_size, chance, hex_of, link, map_of, map_pieces, percent_of, pieces_legend, signed, summary_line
from .drawing import HEAT_BANDS, Board, CountedPiece, Mark, Piece, Segment, Wall
from .square_map import (
    lines_legend,
    lines_words,
    meeting_pieces,
    picture_size,
    square_cells,
    square_lights,
    square_of,
    square_pieces,
    square_walls,
)
from .view import Answer, View
from .zones import zoned

SIZE_WORDS = (("movement", "movement", "″"), ("dodge_dc", "Dodge DC", ""), ("health_dc", "Health DC", ""),
              ("melee_damage", "melee damage", ""), ("rend", "[REND]", ""), ("melee_range", "melee range", "″"))

BOARD = BoardSpec(
    slots=(
        Slot("attacker", "Attacker", "A", "map.attacker", single=True),
        Slot("target", "Target", "T", "map.target", single=True),
        Slot("partial", "Partial obstacle", "P", "map.obstacles", (("kind", "partial"),)),
        Slot("total", "Total obstacle", "X", "map.obstacles", (("kind", "total"),)),
        Slot("ally-attacker", "Attacker's ally", "a", "map.creatures", (("side", "attacker"),)),
        Slot("ally-target", "Target's ally", "t", "map.creatures", (("side", "target"),)),
    ),
    cols_path="map.cols",
    rows_path="map.rows",
    drawn=("map.walls", "map.doors", "map.lights", "map.regions"),
    kept=AREA_AND_REGIONS,
    region_kinds=("dark", "dim", "bright", "radiant", "brush", "dense-brush"),
    area_size=3,
)
PIECE_KIND = {"attacker": "attacker", "target": "target", "partial": "partial", "total": "total",
              "ally-attacker": "creature creature-attacker", "ally-target": "creature creature-target"}
PIECES = {slot.kind: Piece(PIECE_KIND[slot.kind], slot.symbol, slot.label) for slot in BOARD.slots}
"""One piece per slot, shared by every drawing (so drawn hexes are found in the cache by identity)."""


def _cover_words(level: Any) -> str:
    """A map hex's cover level in words."""
    if level == "total":
        return "total cover"
    return f"cover level {level}" if level else "no cover"


def _cover_band(level: Any) -> int:
    """A heat band from cover alone (the attack's number not known): the less cover, the better the shot."""
    return 0 if level == "total" or not isinstance(level, int) else max(1, HEAT_BANDS - 1 - level)


OVERLAY = overlay.OverlayWords("cover_level", _cover_words, _cover_band)
"""How d6 Skirmish's overlay entries are put into words."""


def headline(result: dict[str, Any]) -> str:
    """``Hits on 5+``, or why there is no number."""
    if not result["targetable"]:
        return f"Cannot be targeted: {result['untargetable_reason']}"
    if result["hits_on"] is None:
        mod = result["attack_modifier"]
        return f"Attack modifier {signed(mod)}" if mod else "No modifier"
    return f"Hits on {result['hits_on']}+"


def summary(result: dict[str, Any]) -> str:
    """The headline and the chance (``Hits on 5+ · 33.3%``); without a base number, that it needs one."""
    if not result["targetable"]:
        return headline(result)
    if result["hit_chance"] is None:
        return summary_line(headline(result), "needs a base number for the chance")
    return summary_line(headline(result), percent_of(result))


def _size_line(effects: dict[str, int]) -> str:
    return ", ".join(f"{name} {signed(effects[key])}{unit}" for key, name, unit in SIZE_WORDS if effects[key])


def facts(result: dict[str, Any]) -> list[tuple[str, str]]:
    """Cover level and where it came from, modifier, chance, sanity, size effects."""
    cover = result["cover"]
    level = result["cover_level"]
    if level == "total":
        shown = "Total (level 3)"
    elif level:
        shown = f"Level {level} ({signed(-level)} to attacks)"
    else:
        shown = "None"
    light = cover["light_levels"]
    out = [
        ("Cover", shown),
        ("From obstacles", f"{cover['obstacle_levels']} partial, {cover['total_obstacles']} total"),
        ("From light and vision", "total cover" if light == "total" else f"{light} level{'s' if light != 1 else ''}"),
        ("Attack modifier", signed(result["attack_modifier"])),
    ]
    if result.get("distance") is not None:
        out.append(("Distance", f"{result['distance']:g}″"))
    if result["hit_chance"] is not None:
        out.append(("Chance to hit", chance(result)))
    out.append(("Sanity", "vulnerable to Sanity damage" if result["sanity_vulnerable"] else "not vulnerable"))
    for who in ("attacker", "target"):
        effects = result["size"][who]
        if any(effects.values()):
            out.append((f"{who.capitalize()}'s size", _size_line(effects)))
    return out


def blocks(result: dict[str, Any], base: str) -> list[ET.Element]:
    """The modifiers table: each modifier, whether the two-modifier limit kept it, and why not."""
    mods = result.get("modifiers") or []
    if not mods:
        return overlay.blocks(result, OVERLAY)
    table = ET.Element("table", {"class": "calc-modifiers"})
    ET.SubElement(table, "caption").text = "Modifiers (at most the largest bonus and the largest penalty count)"
    head = ET.SubElement(ET.SubElement(table, "thead"), "tr")
    for text in ("Modifier", "Value", "Counts?"):
        ET.SubElement(head, "th", {"scope": "col"}).text = text
    body = ET.SubElement(table, "tbody")
    for m in mods:
        row = ET.SubElement(body, "tr", {"class": "applied" if m["applied"] else "dropped", "data-rule": m["rule"]})
        link(ET.SubElement(row, "td"), m["rule"], base, m["label"], tagged=False)
        ET.SubElement(row, "td").text = signed(m["value"])
        ET.SubElement(row, "td").text = "yes" if m["applied"] else f"no: {m['reason']}"
    return [table, *overlay.blocks(result, OVERLAY)]


COUNTED_WORDS = {"partial": "one level", "total": "total cover"}
"""What an obstacle the line counts gives, in a cell's words."""
COUNTED_KEY = (("1, 2", "obstacles the line crosses, counted (ringed)"),)
"""The key's entry for the counted obstacles."""


def counted_cells(reading: dict[str, Any]) -> list[tuple[list[int], Mark, tuple[str, ...]]]:
    """Each obstacle or creature the line counts: its cell, its number (in words, what it counts as) and its classes
    (``counted``, ``counted--partial`` or ``counted--total``, the ring drawn round it)."""
    kinds = reading.get("crossed_as") or ["partial"] * len(reading["crossed"])
    out: list[tuple[list[int], Mark, tuple[str, ...]]] = []
    for n, (cell, kind) in enumerate(zip(reading["crossed"], kinds), start=1):
        label = f"obstacle {n} on the line, counted: {COUNTED_WORDS.get(kind, kind)}"
        out.append((cell, Mark("crossed", f"{n}", label, "d6.map.line"), ("counted", f"counted--{kind}")))
    return out


def counted_pieces(reading: dict[str, Any], walls: tuple[Wall, ...], attacker: Square,
                   target: Square) -> tuple[CountedPiece, ...]:
    """The pieces of the wall lines the centre line counts (``reading["walls"]``, by field) that it meets, with what
    each counts as."""
    by_field = {f"map.{'doors' if w.kind == 'door' else 'walls'}.{w.index}": w for w in walls}
    kinds = reading.get("walls_as") or ["partial"] * len(reading["walls"])
    p, q = (attacker[0] + 0.5, attacker[1] + 0.5), (target[0] + 0.5, target[1] + 0.5)
    out: dict[tuple[tuple[float, float], tuple[float, float]], CountedPiece] = {}
    for name, kind in zip(reading["walls"], kinds):
        wall = by_field.get(name)
        if wall is None:
            continue
        label = f"{wall.label}, counted: {COUNTED_WORDS.get(kind, kind)}"
        for a, b in meeting_pieces(wall.points, p, q):
            out.setdefault((a, b), CountedPiece(a, b, label, "d6.map.walls"))
    return tuple(out.values())


def _obstacle_kind(item: dict[str, Any]) -> str:
    """A map obstacle's slot kind: total or (by default) partial."""
    return "total" if item.get("kind", "partial") == "total" else "partial"


def board(scenario: dict[str, Any], result: dict[str, Any] | None) -> Board | None:
    """The hex map with everything placed, and, once evaluated, the line and what it crossed."""
    battle_map = map_of(scenario)
    if battle_map.get("grid") == "square":
        return square_board(battle_map, result)
    pieces = map_pieces(battle_map, BOARD, PIECES, _obstacle_kind)
    cols, rows = board_size(battle_map.get("cols")), board_size(battle_map.get("rows"))
    cells = board_cells(cols, rows) if cols and rows else unbounded_cells(list(pieces))
    marks: list[tuple[Hex, Mark]] = []
    segments: list[Segment] = []
    classes: list[tuple[Hex, str]] = []
    reading = (result or {}).get("map")
    attacker, target = hex_of(battle_map.get("attacker")), hex_of(battle_map.get("target"))
    desc = f"A {len(cells)}-hex map with {len(pieces)} pieces placed."
    if reading and attacker and target and result is not None:
        segments.append(Segment(attacker, target, "sight", "line from the attacker's centre to the target's centre",
                                "d6.map.line"))
        for i, path in enumerate(reading["paths"]):
            for qr in path:
                classes.append((Hex.axial(*qr), "path-used" if i == reading["path_used"] else "path-alt"))
        for qr, mark, cls in counted_cells(reading):
            marks.append((Hex.axial(*qr), mark))
            classes.extend((Hex.axial(*qr), c) for c in cls)
        for qr in reading["seen_past"]:
            marks.append((Hex.axial(*qr), Mark("seen-past", "past", "a line gets past: counts as partial", "d6.cover.seen-past")))
        if reading["surrounded_by"]:
            for qr in reading["surrounded_by"]:
                marks.append((Hex.axial(*qr), Mark("surround", "flank", "on the opposite side: surrounds the target",
                                                   "d6.conditions.surrounded")))
        level = result["cover_level"]
        desc = (f"The line from the attacker to the target, {result['distance']} inches, crosses "
                f"{len(reading['crossed'])} obstacle(s): cover {'total' if level == 'total' else f'level {level}'}."
                + (" It runs along a hex edge; both paths are shown and the ruling picks one."
                   if len(reading["paths"]) > 1 else ""))
    legend = pieces_legend(BOARD, pieces)
    if reading and reading["crossed"]:
        legend += COUNTED_KEY
    if reading and len(reading["paths"]) > 1:
        legend += (("- -", "the other path along the edge (dashed outline)"),)
    heat = overlay.heat(result, OVERLAY)
    desc += overlay.described(result)
    return Board(cells, "d6 Skirmish hex map (1 hex = 1 inch)", desc, tuple(pieces.items()), tuple(marks),
                 tuple(segments), (), tuple(classes), legend, heat)


def square_board(battle_map: dict[str, Any], result: dict[str, Any] | None) -> Board:
    """The square map with everything placed, its walls, doors and lights; once evaluated, the line from centre to
    centre, the squares it passes and the obstacles it crosses, counted."""
    pieces = square_pieces(battle_map, BOARD, PIECES, _obstacle_kind)
    cells = square_cells(battle_map, list(pieces))
    walls = square_walls(battle_map.get("walls"), battle_map.get("doors"), "d6.map.walls")
    lights = square_lights(battle_map.get("lights"))
    marks: list[tuple[Square, Mark]] = []
    segments: list[Segment] = []
    classes: list[tuple[Square, str]] = []
    counted: tuple[CountedPiece, ...] = ()
    reading = (result or {}).get("map")
    attacker, target = square_of(battle_map.get("attacker")), square_of(battle_map.get("target"))
    desc = f"A {len(cells)}-square map with {len(pieces)} pieces placed, {lines_words(walls, lights)}."
    if reading and attacker and target and result is not None:
        segments.append(Segment(attacker, target, "sight", "line from the attacker's centre to the target's centre",
                                "d6.map.line"))
        classes.extend(((c, r), "path-used") for c, r in reading["path"])
        for (c, r), mark, cls in counted_cells(reading):
            marks.append(((c, r), mark))
            classes.extend(((c, r), name) for name in cls)
        counted = counted_pieces(reading, walls, attacker, target)
        level = result["cover_level"]
        desc = (f"The line from the attacker to the target, {result['distance']} inches, crosses "
                f"{len(reading['crossed'])} obstacle(s) and {len(reading['walls'])} wall line(s): cover "
                f"{'total' if level == 'total' else f'level {level}'}. On the map: {lines_words(walls, lights)}.")
    legend = pieces_legend(BOARD, pieces)
    if reading and reading["crossed"]:
        legend += COUNTED_KEY
    if counted:
        legend += (("▬", "a piece of wall the line crosses, counted: outlined in violet"),)
    legend += lines_legend(walls, lights)
    desc += overlay.described(result)
    return Board(cells, "d6 Skirmish square map (1 square = 1 inch)", desc, tuple(pieces.items()), tuple(marks),
                 tuple(segments), (), tuple(classes), legend, overlay.heat(result, OVERLAY), walls=walls, lights=lights,
                 picture=picture_size(battle_map), counted=counted)



def _pairing_cover(result: dict[str, Any]) -> tuple[str, int]:
    """A pairing's cover in words, and ranked (total cover above level 3)."""
    level = result["cover_level"]
    return _cover_words(level), 4 if level == "total" else int(level)


def pairing_blocks(scenario: dict[str, Any], base: str, answer: Answer) -> list[ET.Element]:
    """Everyone against everyone on the map, when asked for (``pairings``), each pairing ``answer``'s result."""
    return pairings.map_table(scenario, base, "calculator/skirmish-d6/", _pairing_cover, answer)


FIRST_ROW = 2
"""The row (axial ``r``, or a square's row) a first map lines the pieces up on."""
FIRST_SPAN = 6
"""How many hexes or squares apart a first map puts the attacker and the target when the form gives no distance."""


def first_map(clean: dict[str, Any], grid: str, answer: Answer) -> tuple[dict[str, Any], str]:
    """The form's situation on a map: the attacker and the target in one row, the distance apart the form gives (or
    ``FIRST_SPAN``, or more to fit what is between), the partial obstacles counted on the squares or hexes next to the
    attacker and, if any total obstacle is counted, one total obstacle after them: on the line, they give the same
    cover as the counts (by construction: ``answer`` is not needed)."""
    partial, total = clean["obstacles"]["partial"], clean["obstacles"]["total"]
    given = clean["attack"].get("distance")
    between = partial + min(total, 1)
    span = max(FIRST_SPAN if given is None else round(given), between + 1)
    obstacles = [{"hex": [q, FIRST_ROW], "kind": "partial"} for q in range(1, partial + 1)]
    if total:
        obstacles.append({"hex": [partial + 1, FIRST_ROW], "kind": "total"})
    return {"grid": grid, "attacker": [0, FIRST_ROW], "target": [span, FIRST_ROW], "obstacles": obstacles}, ""


VIEW = View(headline, facts, blocks, zoned(board, 1, "d6.ruling.area-cone"), BOARD, OVERLAY, pairing_blocks, summary, first_map)
"""d6 Skirmish's view, with its hex map."""
