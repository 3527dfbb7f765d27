"""What a board draws over its cells besides pieces: the map's regions (fog, light, brush, screens, obscured ground)
and a placed area with everyone it catches, read from a possibly invalid scenario and, once evaluated, its result."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from ..geometry.crossings import point
from ..geometry.hexgrid import Hex
from ..maps import regions as map_regions
from ..maps.areas import SPREAD, hex_centre, square_point
from .common import map_of
from .drawing import Board, Mark, Region, Spot, Zone

REGION_WORDS = {
    "fog": ("≋", "fog or mist: concealment by the distance a line runs through it"),
    "dark": ("▓", "a dark place"),
    "dim": ("▒", "a dimly lit place"),
    "bright": ("☼", "a brightly lit place"),
    "radiant": ("✺", "a radiant place"),
    "brush": ("ᐱ", "trees and brush"),
    "dense-brush": ("ᐱᐱ", "dense brush"),
    "screen": ("┆", "a translucent screen"),
    "obscured": ("░", "obscured ground: a minus to actions into it"),
}
"""Each region kind's symbol in the key and what it is, in words (its pattern is the drawing's own)."""
WITHIN_WORDS = {
    "fog": "in fog", "dark": "in darkness", "dim": "in dim light", "bright": "in bright light",
    "radiant": "in radiant light", "brush": "in brush", "dense-brush": "in dense brush",
    "screen": "behind a translucent screen", "obscured": "on obscured ground",
}
"""What a cell in a region of each kind is, in the words its name ends with (``"square 4, 2: empty, in fog"``)."""
AREA_WORDS = {"sphere": "sphere", "line": "line", "cone": "cone"}
"""What each area shape is called in words."""


def _pair(value: Any) -> tuple[float, float] | None:
    """Two numbers from a possibly invalid ``[a, b]``."""
    if (isinstance(value, (list, tuple)) and len(value) == 2
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)):
        return (float(value[0]), float(value[1]))
    return None


def _cells_of(value: Any, square: bool) -> tuple[Spot, ...]:
    """The whole cells of a possibly invalid ``[[q, r], ...]``."""
    out: list[Spot] = []
    for item in value if isinstance(value, list) else []:
        pair = _pair(item)
        if pair is not None and all(v.is_integer() for v in pair):
            q, r = int(pair[0]), int(pair[1])
            out.append((q, r) if square else Hex.axial(q, r))
    return tuple(out)


def board_regions(battle_map: dict[str, Any]) -> tuple[Region, ...]:
    """The regions of a possibly invalid map (an item that is not one is left out): cells on hexes, a polygon on
    squares."""
    square = battle_map.get("grid") == "square"
    out: list[Region] = []
    given = battle_map.get("regions")
    for i, item in enumerate(given if isinstance(given, list) else []):
        kind = item.get("kind") if isinstance(item, dict) else None
        if kind not in REGION_WORDS:
            continue
        assert isinstance(item, dict)
        points = tuple(p for p in (_pair(v) for v in item.get("points") or []) if p is not None) if square else ()
        cells = () if square else _cells_of(item.get("hexes"), False)
        if len(points) >= 3 or cells:
            penalty = item.get("penalty")
            more = f", minus {penalty}" if isinstance(penalty, int) and penalty else ""
            more += ", blind" if item.get("blind") is True else ""
            out.append(Region(kind, cells, points, f"region {i + 1}: {kind}{more}", i))
    return tuple(out)


def region_words(cells: tuple[Spot, ...], regions: tuple[Region, ...]) -> tuple[tuple[Spot, str], ...]:
    """The words each cell's name ends with for the regions covering it (``"in fog"``), each kind once, in map
    order: the regions read as the engine reads them (``pycore.maps.regions.covering``)."""
    read = tuple(map_regions.Region(r.kind, r.index, frozenset(h for h in r.cells if isinstance(h, Hex)),
                                    tuple(point(p) for p in r.points), 0, False) for r in regions)
    out: list[tuple[Spot, str]] = []
    for cell, inside in map_regions.covering(read, cells).items():
        out.extend((cell, WITHIN_WORDS[kind]) for kind in dict.fromkeys(r.kind for r in inside))
    return tuple(out)


def area_zone(scenario: dict[str, Any], per_cell: float, spread_ruling: str) -> Zone | None:
    """The area of a possibly invalid scenario in the board's cells, or None when it has none to draw."""
    area = scenario.get("area")
    if not isinstance(area, dict) or area.get("shape") not in AREA_WORDS:
        return None
    square = map_of(scenario).get("grid") == "square"
    centre: Callable[[float, float], tuple[float, float]] = square_point if square else hex_centre
    at, toward, size = _pair(area.get("at")), _pair(area.get("toward")), area.get("size")
    if at is None or not isinstance(size, (int, float)) or isinstance(size, bool) or size <= 0:
        return None
    if area["shape"] != "sphere" and (toward is None or toward == at):
        return None
    width = area.get("width")
    width_cells = width / per_cell if isinstance(width, (int, float)) and not isinstance(width, bool) and width > 0 else 1
    rulings = scenario.get("rulings") if isinstance(scenario.get("rulings"), dict) else {}
    spread = SPREAD.get(str((rulings or {}).get(spread_ruling, "as-long")), SPREAD["as-long"])
    return Zone(area["shape"], centre(*at), None if toward is None else centre(*toward), size / per_cell,
                float(width_cells), spread, f"{AREA_WORDS[area['shape']]} of {size:g}")


def _caught(result: dict[str, Any] | None, square: bool) -> list[tuple[Spot, bool]]:
    """The cells the result's area caught and whether each is affected."""
    area = (result or {}).get("area") or {}
    out: list[tuple[Spot, bool]] = []
    for entry in area.get("caught", []):
        c, r = entry["cell"]
        out.append(((c, r) if square else Hex.axial(c, r), bool(entry["affected"])))
    return out


def zoned(draw: Callable[[dict[str, Any], dict[str, Any] | None], Board | None], per_cell: float,
          spread_ruling: str) -> Callable[[dict[str, Any], dict[str, Any] | None], Board | None]:
    """A view's board function that also draws the map's regions and the scenario's area, the pieces it caught
    marked (``per_cell``: the system's distance unit to a cell; ``spread_ruling``: its ruling on a cone's width)."""

    def board(scenario: dict[str, Any], result: dict[str, Any] | None) -> Board | None:
        drawn = draw(scenario, result)
        if drawn is None:
            return None
        battle_map = map_of(scenario)
        return with_zones(drawn, board_regions(battle_map), area_zone(scenario, per_cell, spread_ruling),
                          _caught(result, battle_map.get("grid") == "square"))

    board.__doc__ = draw.__doc__
    return board


def with_zones(board: Board, regions: tuple[Region, ...], zone: Zone | None,
               caught: list[tuple[Spot, bool]]) -> Board:
    """The board with its regions, its area and the caught pieces' marks, key entries and words added."""
    if not (regions or zone):
        return board
    marks = tuple((cell, Mark("caught" if hit else "spared", "✸" if hit else "◌",
                              "caught by the area" if hit else "inside the area but not affected"))
                  for cell, hit in caught)
    classes = tuple((cell, "caught" if hit else "spared") for cell, hit in caught)
    kinds = dict.fromkeys(r.kind for r in regions)
    legend = tuple((REGION_WORDS[k][0], REGION_WORDS[k][1]) for k in kinds)
    desc = board.desc
    if regions:
        desc += " Regions: " + "; ".join(r.label for r in regions) + "."
    if zone is not None:
        legend += (("◯", f"the area ({zone.label})"),)
        if caught:
            legend += (("✸", "caught by the area"),)
            if not all(hit for _, hit in caught):
                legend += (("◌", "inside the area but not affected"),)
        desc += f" An area ({zone.label}) catches {len(caught)} piece(s)." if caught else f" An area ({zone.label})."
    return dataclasses.replace(board, regions=regions, zone=zone, marks=board.marks + marks,
                               cell_classes=board.cell_classes + classes, legend=board.legend + legend, desc=desc,
                               cell_words=board.cell_words + region_words(board.cells, regions))
