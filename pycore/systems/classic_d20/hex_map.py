"""Classic d20 on a hex map (1 hex = 5 ft): the pieces, the cover their corner lines give, protectors and heights."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...errors import FieldError, ScenarioError
from ...geometry import hexgrid as hg
from ...geometry.clearance import Clearance, clear_line
from ...geometry.hexgrid import Hex
from ...geometry.plane import M, Vec
from ...maps.areas import hex_centre
from ...maps.hex_map import on_board
from ...maps.hex_map import read as read_pieces
from .corner_lines import Lines, Segment, cover_percent
from .tables import CLIFF_STEP_FT, CORNERS_PER_HEX, FEET_PER_HEX, FULL, LINE_THROUGH_COVER, SEVERE_SLOPE_FT_PER_HEX

LINES = CORNERS_PER_HEX * CORNERS_PER_HEX
"""Corner-to-corner lines between two hexes."""


@dataclass(frozen=True)
class Board:
    """A map's pieces that stay put while one piece moves: what blocks lines, who stands where, how high."""

    blockers: frozenset[Hex]
    """Obstacles and creatures: every hex that breaks a corner line."""
    target_side: frozenset[Hex]
    """Creatures of the target's side."""
    heights: dict[Hex, Fraction]
    """Hex -> height in feet; hexes not listed are at 0."""


@dataclass(frozen=True)
class MapReading:
    """What the map says about one attack."""

    attacker: Hex
    """The attacker's hex."""
    target: Hex
    """The target's hex."""
    distance_ft: int
    """Feet between them (5 per hex)."""
    blocked: int
    """Corner lines (of 36) that an obstacle or a creature breaks."""
    cover: int
    """The cover percentage the ruling makes of them."""
    blockers: frozenset[Hex]
    """The obstacles and creatures that break them."""
    protectors: tuple[Hex, ...]
    """Creatures of the target's side that count as protectors (ruling ``d20.ruling.map-protectors``)."""
    heights: tuple[Fraction, Fraction]
    """Attacker's and target's ground height in feet."""
    elevation: str
    """``higher``, ``level`` or ``lower``: the attacker's position relative to the target."""
    terrain: str
    """``ground``, ``cliff`` or ``severe-slope`` (ruling ``d20.ruling.map-terrain``)."""
    steepest_step: Fraction
    """The largest height difference between neighbouring hexes on the line, in feet."""
    line_through: bool = False
    """Whether the broken lines made 100% but a straight line joins the two hexes, so ruling
    ``d20.ruling.map-line-through`` set the cover."""
    corner_lines: tuple[tuple[Segment, bool], ...] = ()
    """Each of the 36 lines (exact plane) and whether it is broken; empty when only counted (an overlay's)."""


def exact_feet(height: float) -> Fraction:
    """A height as the decimal it was written as, exactly: a float's shortest round-tripping digits (``0.1`` is 1/10,
    not the binary fraction nearest it), so any difference of height, however small, counts."""
    return Fraction(repr(height)) if isinstance(height, float) else Fraction(height)


def board_of(battle_map: dict[str, Any]) -> tuple[Hex, Hex, Board]:
    """Attacker, target and the rest of a validated map; errors name the field."""
    attacker, target, obstacles, creatures = read_pieces(battle_map)
    heights: dict[Hex, Fraction] = {}
    errors: list[FieldError] = []
    for i, item in enumerate(battle_map["elevation"]):
        h = Hex.axial(*item["hex"])
        where = f"hex {h.q}, {h.r}"
        if not on_board(h, battle_map["cols"], battle_map["rows"]):
            errors.append(FieldError(f"map.elevation.{i}.hex",
                                     f"{where} is off the {battle_map['cols']} x {battle_map['rows']} board"))
        elif h in heights:
            errors.append(FieldError(f"map.elevation.{i}.hex", f"{where} already has a height: give each hex once"))
        heights[h] = exact_feet(item["height"])
    if errors:
        raise ScenarioError(errors)
    return attacker, target, Board(
        blockers=frozenset(obstacles) | frozenset(creatures),
        target_side=frozenset(h for h, side in creatures.items() if side == "target"),
        heights=heights,
    )


def protectors_of(target: Hex, board: Board, choice: str) -> tuple[Hex, ...]:
    """Creatures of the target's side next to it, when the ruling counts them."""
    if choice == "none":
        return ()
    return tuple(sorted(h for h in board.target_side if hg.distance(h, target) == 1))


def elevation_of(attacker: Hex, target: Hex, board: Board, choice: str) -> tuple[str, str, Fraction]:
    """Who is higher, the ground between them (cliff, severe slope or ground) and the steepest step on the line: a
    cliff face is a step of ``CLIFF_STEP_FT`` on the line with one combatant that much above the other."""
    ha, ht = board.heights.get(attacker, Fraction(0)), board.heights.get(target, Fraction(0))
    elevation = "higher" if ha > ht else "lower" if ha < ht else "level"
    path = hg.line(attacker, target) if board.heights else []
    steps = [abs(board.heights.get(x, Fraction(0)) - board.heights.get(y, Fraction(0))) for x, y in zip(path, path[1:])]
    steepest = max(steps, default=Fraction(0))
    terrain = "ground"
    if choice == "read" and elevation != "level":
        if steepest >= CLIFF_STEP_FT and abs(ha - ht) >= CLIFF_STEP_FT:
            terrain = "cliff"
        elif abs(ha - ht) >= SEVERE_SLOPE_FT_PER_HEX * hg.distance(attacker, target):
            terrain = "severe-slope"
    return elevation, terrain, steepest


def cover_of(attacker: Hex, target: Hex, board: Board, blocked: int, rulings: dict[str, str],
             clearance: Clearance | None = None) -> tuple[int, bool]:
    """The cover percentage ``blocked`` broken corner lines make, and whether a straight line joins the two hexes
    where they make 100%: 100% cover is no line of sight, so then ruling ``d20.ruling.map-line-through`` gives it
    (``clearance``: the blockers seen from one of the two, when an overlay has them)."""
    cover = cover_percent(blocked, LINES, rulings["d20.ruling.map-cover"])
    if cover != FULL:
        return cover, False
    if clearance is not None:
        through = clearance.clear(target if clearance.origin == attacker else attacker)
    else:
        through = clear_line(attacker, target, board.blockers)
    return (LINE_THROUGH_COVER[rulings["d20.ruling.map-line-through"]], True) if through else (cover, False)


def reading(attacker: Hex, target: Hex, board: Board, rulings: dict[str, str], lines: Lines | None = None) -> MapReading:
    """Everything the map says about an attack from ``attacker`` at ``target``; with ``lines`` (an overlay's shared
    work) the blockers are not listed, only counted."""
    shared = lines or Lines(board.blockers)
    blocked = shared.count(attacker, target)
    used = frozenset() if lines is not None or not blocked else shared.blockers_of(attacker, target)
    elevation, terrain, steepest = elevation_of(attacker, target, board, rulings["d20.ruling.map-terrain"])
    cover, through = cover_of(attacker, target, board, blocked, rulings)
    return MapReading(
        attacker=attacker,
        target=target,
        distance_ft=hg.distance(attacker, target) * FEET_PER_HEX,
        blocked=blocked,
        cover=cover,
        blockers=used,
        protectors=protectors_of(target, board, rulings["d20.ruling.map-protectors"]),
        heights=(board.heights.get(attacker, Fraction(0)), board.heights.get(target, Fraction(0))),
        elevation=elevation,
        terrain=terrain,
        steepest_step=steepest,
        line_through=through,
        corner_lines=() if lines is not None else tuple(shared.each(attacker, target)),
    )


def read_map(scenario: dict[str, Any]) -> MapReading:
    """The map reading of a validated scenario given as a map."""
    attacker, target, board = board_of(scenario["map"])
    return reading(attacker, target, board, scenario["rulings"])


def with_reading(scenario: dict[str, Any], r: MapReading) -> dict[str, Any]:
    """The scenario with the fields the map decides filled from it, as if counted by hand."""
    tgt = {**scenario["target"], "cover": r.cover, "cover_example": "none", "cover_between": True,
           "protectors": len(r.protectors)}
    if not r.protectors:
        tgt["protector_ac"] = None
    att = {**scenario["attacker"], "elevation": r.elevation, "terrain": r.terrain}
    return {**scenario, "target": tgt, "attacker": att, "distance_ft": r.distance_ft}


POINT_DIGITS = 4
"""Decimals a corner is given to in ``placement`` (a ten-thousandth of a hex: far below a pixel)."""


def drawn_point(v: Vec) -> list[float]:
    """A corner of the exact plane in the plane the board draws hexes in (``maps.areas.hex_centre``: neighbouring
    centres 1 apart, pointy-top): the exact plane holds hex ``q, r``'s centre at ``(3q, 3r)`` times ``M``."""
    x, y = hex_centre(v[0] / (3 * M), v[1] / (3 * M))
    return [round(x, POINT_DIGITS) + 0.0, round(y, POINT_DIGITS) + 0.0]


def placement(r: MapReading) -> dict[str, Any]:
    """The map reading, JSON-ready."""
    return {
        "attacker": list(r.attacker.qr),
        "target": list(r.target.qr),
        "distance_ft": r.distance_ft,
        "lines": LINES,
        "blocked_lines": r.blocked,
        "blockers": sorted(list(h.qr) for h in r.blockers),
        "protectors": [list(h.qr) for h in r.protectors],
        "heights_ft": [float(r.heights[0]), float(r.heights[1])],
        "elevation": r.elevation,
        "terrain": r.terrain,
        "steepest_step_ft": float(r.steepest_step),
        "corner_lines": [[drawn_point(a), drawn_point(b), broken] for (a, b), broken in r.corner_lines],
    }
