"""d6 Skirmish on a square map (1 square = 1 inch): what the centre line crosses, walls and doors, whether any line
gets past, and the light where the target stands."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...geometry import squaregrid as sq
from ...geometry.crossings import CROSS, Place, places
from ...geometry.plane import Vec
from ...geometry.squaregrid import Square
from ...geometry.walls import clear_line
from ...maps import square_cells, square_map
from ...maps.overlay import each_square, square_overlay_result
from ...maps.square_map import SquareMap, WallLine
from . import regions
from .inputs import BOARD_COORD
from .tables import PARTIAL, TOTAL

COVER_KEY = ("cover_level", "hits_on")
"""The system's cover key in each overlay entry, and the final target number beside it."""

LINE_RULINGS = {"object": "d6.ruling.map-objects", "low": "d6.ruling.map-low-walls", "window": "d6.ruling.openings",
                "slit": "d6.ruling.openings"}
"""The ruling that says what each kind of line other than a wall or a door is."""


@dataclass(frozen=True)
class SquareCover:
    """Cover read off a square map."""

    distance: int
    """Squares (inches) from the attacker to the target (ruling ``d6.ruling.square-diagonal``)."""
    crossed: tuple[Square, ...]
    """Squares strictly between attacker and target on the centre line."""
    partial_squares: tuple[Square, ...]
    """Partial obstacles and creatures on it."""
    total_squares: tuple[Square, ...]
    """Total obstacles (and ridges) on it."""
    walls: tuple[str, ...]
    """The walls, outlines and doors the centre line counts, by field (``map.walls.3``)."""
    wall_kinds: tuple[str, ...]
    """What each of ``walls`` counts as: ``partial`` or ``total``."""
    edge_walls: tuple[str, ...]
    """Lines the centre line only touches or runs along (ruling ``d6.ruling.edge-line`` decides them)."""
    partial: int
    """Partial levels (total obstacles seen past included)."""
    total: int
    """Total obstacles that block every line (0 when some line gets past)."""
    seen_past: int
    """Total obstacles and walls on the line that some unbroken line gets past: they count as partial."""
    surrounded_by: tuple[Square, Square] | None
    """Two enemies on opposite sides of the target, or None."""
    heights: tuple[Fraction, Fraction] | None
    """The attacker's and the target's heights, or None when the map lists no heights."""
    ridges: tuple[Square, ...]
    """Squares higher than both ends (total obstacles when ruling ``d6.ruling.height-blocks`` says ``ridge``)."""
    light: str | None
    """The light where the target stands, from the map's lights (ruling ``d6.ruling.map-light``), or None when the
    scenario's own light holds."""
    lights_read: bool
    """Whether the map has lights and the ruling reads them."""
    lines_used: tuple[str, ...] = ()
    """The rulings on kinds of line this reading relied on."""


@dataclass(frozen=True)
class Crossing:
    """What the centre line counts among the map's lines."""

    walls: list[str]
    """The field of each obstacle counted (``map.walls.3``; twice for a line crossed twice)."""
    kinds: list[str]
    """What each of ``walls`` counts as: ``partial`` or ``total``."""
    edges: list[str]
    """The lines only touched or run along, by field."""
    used: tuple[str, ...]
    """The rulings on crossings the count relied on (``d6.ruling.map-count``, ``-joints``, ``-points``)."""


def _crossing(p: Vec, q: Vec, counted: list[tuple[WallLine, str]], rulings: dict[str, str],
              pieces: dict[int, tuple[int, ...] | None]) -> Crossing:
    """Count the obstacles the centre line ``p``-``q`` meets among the ``counted`` lines and their kinds: each place it
    crosses lines of one kind (``crossings.places``: lines meeting there taken together) is one obstacle, an outline closed
    on itself one however often it is crossed, or each line crossed is one (ruling ``d6.ruling.map-count``); a line it
    only
    touches or runs along counts under ruling ``d6.ruling.edge-line`` ``more``; a place where lines of different kinds
    meet and are crossed only together counts as one partial level under ruling ``d6.ruling.map-joints``
    ``lesser``. ``pieces``: ``id`` of each line -> the pieces of it the centre line may meet
    (``square_map.pieces_along``)."""
    edge_counts = rulings["d6.ruling.edge-line"] == "more"
    dots = rulings["d6.ruling.map-points"] == "post"
    out = Crossing([], [], [], ())
    used: list[str] = []
    crossed: list[Place] = []
    for group in (TOTAL, PARTIAL):
        members = [line for line, kind in counted if kind == group]
        if not members:
            continue
        found = places(p, q, [line.path for line in members], dots, [pieces[id(line)] for line in members])
        per_entry = _entries(found, edge_counts)
        per_obstacle = _obstacles(found, members, edge_counts)
        if len(per_entry) != len(per_obstacle):
            used.append("d6.ruling.map-count")
        chosen = [members[k] for k in (per_entry if rulings["d6.ruling.map-count"] == "entries" else per_obstacle)]
        out.walls.extend(line.field for line in chosen)
        out.kinds.extend(group for _ in chosen)
        out.edges.extend(dict.fromkeys(members[k].field for place in found if place.how != CROSS
                                       for k, _, _ in place.members))
        crossed.extend(place for place in found if place.how == CROSS)
        if any(len(set(line.path)) == 1 for line in members):
            used.append("d6.ruling.map-points")
    if len({kind for _, kind in counted}) == 2:
        lines = [line for line, _ in counted]
        for place in places(p, q, [line.path for line in lines], dots, [pieces[id(line)] for line in lines]):
            if place.how == CROSS and not any(c.first <= place.last and place.first <= c.last for c in crossed):
                used.append("d6.ruling.map-joints")  # crossed only where lines of both kinds meet
                if rulings["d6.ruling.map-joints"] == "lesser":
                    out.walls.append(lines[place.by].field)
                    out.kinds.append(PARTIAL)
    return Crossing(out.walls, out.kinds, out.edges, tuple(dict.fromkeys(used)))


def _obstacles(found: list[Place], members: list[WallLine], touches: bool) -> list[int]:
    """The polyline (position) each obstacle ``found`` counts is charged to: one per place the line crosses (and,
    ``touches``, per place it only touches or runs along), but an outline closed on itself once, however often the
    line goes in and out of it."""
    out: list[int] = []
    closed: set[int] = set()
    for place in found:
        if place.how != CROSS and not touches:
            continue
        k = place.by
        if len(members[k].path) > 2 and members[k].path[0] == members[k].path[-1]:
            if k in closed:
                continue
            closed.add(k)
        out.append(k)
    return out


def _entries(found: list[Place], touches: bool) -> list[int]:
    """The polylines (positions) that ``found`` counts one each, as ``crossings.meetings`` does: those crossed, by
    themselves or first at a place they cross together, then (``touches``) those only touched or run along."""
    crossed = [k for place in found if place.how == CROSS for k, legs, _ in place.members
               if k == place.by or legs == 3]
    touched = [k for place in found if place.how != CROSS and touches for k, _, _ in place.members]
    return list(dict.fromkeys(crossed + touched))


def line_kind(line: WallLine, rulings: dict[str, str]) -> str | None:
    """What a line on the map is as an obstacle: ``total``, ``partial`` or None (it stands in no one's way)."""
    if line.kind == "door":
        return None if line.open else TOTAL
    if line.kind == "wall":
        return TOTAL
    if line.kind == "object":
        return TOTAL if rulings["d6.ruling.map-objects"] == "total" else PARTIAL
    if line.kind in square_map.OPENINGS:
        return PARTIAL if rulings["d6.ruling.openings"] == "partial" else None
    return PARTIAL if rulings["d6.ruling.map-low-walls"] == "partial" else None


def total_kinds(rulings: dict[str, str]) -> frozenset[str]:
    """The kinds of line ``line_kind`` makes total obstacles (a door only while closed)."""
    return frozenset(("wall", "door", "object") if rulings["d6.ruling.map-objects"] == "total" else ("wall", "door"))


def _surround(target: Square, enemies: list[Square], adjacent_only: bool) -> tuple[Square, Square] | None:
    """Two enemies on exactly opposite sides of the target (adjacent ones, or anywhere in line)."""
    pool = sorted(s for s in enemies if not adjacent_only or sq.adjacent(s, target))
    for i, x in enumerate(pool):
        for y in pool[i + 1:]:
            if sq.opposite(target, x, y):
                return (x, y)
    return None


def cover_on_squares(battle_map: dict[str, Any], rulings: dict[str, str], light: str) -> SquareCover:
    """Count what the centre line crosses; total obstacles and walls block unless some unbroken line gets past."""
    sm = square_map.read(battle_map)
    ground = square_cells.heights(battle_map) if battle_map["elevation"] else {}
    return cover_between(sm, sm.attacker, sm.target, ground, rulings, light)


def cover_between(square_board: SquareMap, attacker: Square, target: Square, ground: dict[Square, Fraction],
                  rulings: dict[str, str], light: str) -> SquareCover:
    """``cover_on_squares`` with the map read and the attacker and target at the given squares."""
    obstacles, creatures = square_board.obstacles, square_board.creatures
    ridges: tuple[Square, ...] = ()
    if ground:
        top = max(ground.get(attacker, Fraction(0)), ground.get(target, Fraction(0)))
        ridges = tuple(sorted(s for s, z in ground.items() if z > top and s not in (attacker, target)))
    if ridges and rulings["d6.ruling.height-blocks"] == "ridge":
        obstacles = {**obstacles, **dict.fromkeys(ridges, TOTAL)}
        creatures = {s: side for s, side in creatures.items() if s not in obstacles}
    middle = sq.between(attacker, target)
    partial_sq: tuple[Square, ...] = ()
    total_sq: tuple[Square, ...] = ()
    if obstacles or creatures:
        partial_sq = tuple(s for s in middle if creatures.get(s) or obstacles.get(s) == PARTIAL)
        total_sq = tuple(s for s in middle if obstacles.get(s) == TOTAL)
    p, q = square_board.plane.centre(attacker), square_board.plane.centre(target)
    counted: list[tuple[WallLine, str]] = []
    for line in square_map.along(square_board, attacker, target):  # the centre line meets no other line
        kind = line_kind(line, rulings)
        if kind is not None:
            counted.append((line, kind))
    lines_along = [line for line, _ in counted]
    along = dict(zip(map(id, lines_along), square_map.pieces_along(square_board, attacker, target, lines_along)))
    crossing = _crossing(p, q, counted, rulings, along)
    walls, kinds, edges = crossing.walls, crossing.kinds, crossing.edges
    # no line between the two squares meets a line off their hull (``near``): what the rulings on kinds of line say
    # is asked of those, and they are what may let some line get past
    close = (square_map.near(square_board, attacker, target, square_board.lines)
             if square_board.table.kinds - {"wall", "door"} else [])
    used = [LINE_RULINGS[line.kind] for line in close if line.kind in LINE_RULINGS] + list(crossing.used)
    crossed_totals = len(total_sq) + kinds.count(TOTAL)
    clear = not crossed_totals or _seen_past(square_board, attacker, target, close, obstacles, rulings)
    partial = len(partial_sq) + kinds.count(PARTIAL)
    lights_read = bool(square_board.lights) and rulings["d6.ruling.map-light"] == "lights"
    return SquareCover(
        distance=sq.distance(attacker, target, rulings["d6.ruling.square-diagonal"]),
        crossed=middle,
        partial_squares=partial_sq,
        total_squares=total_sq,
        walls=tuple(walls),
        wall_kinds=tuple(kinds),
        edge_walls=tuple(edges),
        partial=partial + (crossed_totals if clear else 0),
        total=0 if clear else crossed_totals,
        seen_past=crossed_totals if clear else 0,
        surrounded_by=_surrounded(attacker, target, creatures, rulings),
        heights=(ground.get(attacker, Fraction(0)), ground.get(target, Fraction(0))) if ground else None,
        ridges=ridges,
        light=_map_light(square_board, target, rulings) if lights_read else None,
        lights_read=lights_read,
        lines_used=tuple(dict.fromkeys(used)),
    )


def _seen_past(square_board: SquareMap, attacker: Square, target: Square, close: list[WallLine],
               obstacles: dict[Square, str], rulings: dict[str, str]) -> bool:
    """Whether some unbroken line joins the two past the total obstacles (``close``: the lines near the two, when
    they were read): a run of walls keeping them apart says no at once, else ``walls.clear_line`` decides."""
    if square_map.walled_off(square_board, attacker, target, total_kinds(rulings)):
        return False
    totals = [line for line in close or square_map.near(square_board, attacker, target, square_board.lines)
              if line_kind(line, rulings) == TOTAL]
    solid = [s for s, kind in obstacles.items() if kind == TOTAL]
    plane = square_board.plane
    # of a long wall, only its pieces by the two squares' hull can touch a line between them
    blockers, spines = square_map.blockers_near(plane, totals, square_map.pieces_near(square_board, attacker, target,
                                                                                      totals), solid)
    return clear_line(plane, attacker, target, blockers, spines)


def _surrounded(attacker: Square, target: Square, creatures: dict[Square, str],
                rulings: dict[str, str]) -> tuple[Square, Square] | None:
    """Two of the attacker's side (the attacker among them) on opposite sides of the target, as the ruling counts them."""
    enemies = [attacker] + [s for s, side in creatures.items() if side == "attacker"]
    return _surround(target, enemies, rulings["d6.ruling.surround"] == "adjacent")


def _map_light(square_board: SquareMap, target: Square, rulings: dict[str, str]) -> str | None:
    """``bright`` where one of the map's lights reaches the target's centre past every total obstacle, else None
    (ruling ``d6.ruling.map-light``: the scenario's light holds)."""
    centre = sq.centre(target)
    for one in square_board.lights:
        if square_cells.reaches(one, target) and square_cells.lit(one, target, [
                line for line in square_cells.by_segment(square_board, one.at, centre) if line_kind(line, rulings) == TOTAL],
                square_board.plane):
            return "bright"
    return None


def placement(sc: SquareCover) -> dict[str, Any]:
    """The square-map reading, JSON-ready."""
    return {
        "grid": "square",
        "crossed": [list(s) for s in (*sc.partial_squares, *sc.total_squares)],
        "crossed_as": [PARTIAL] * len(sc.partial_squares) + [TOTAL if sc.total else PARTIAL] * len(sc.total_squares),
        "path": [list(s) for s in sc.crossed],
        "walls": list(sc.walls),
        "walls_as": [TOTAL if kind == TOTAL and sc.total else PARTIAL for kind in sc.wall_kinds],
        "edge_walls": list(sc.edge_walls),
        "seen_past": sc.seen_past,
        "surrounded_by": [list(s) for s in sc.surrounded_by] if sc.surrounded_by else None,
        "heights": {"attacker": float(sc.heights[0]), "target": float(sc.heights[1])} if sc.heights else None,
        "ridges": [list(s) for s in sc.ridges],
        "light": sc.light,
    }


def reading_key(sc: SquareCover) -> tuple[Any, ...]:
    """What of a square-map reading an answer depends on: the cover levels, the distance, whether the target is
    surrounded, who stands higher and the map's light (two squares with one key have one answer)."""
    higher = None if sc.heights is None else (sc.heights[0] > sc.heights[1]) - (sc.heights[0] < sc.heights[1])
    return (sc.partial, sc.total, sc.distance, sc.surrounded_by is not None, higher, sc.light)


def overlay(scenario: dict[str, Any], answer: Callable[[dict[str, Any], SquareCover], dict[str, Any]]) -> dict[str, Any]:
    """The ``overlay`` key of a validated square-map scenario: the answer with the moving piece on each free square of
    the drawn board. Each square is read as a single answer reads it (``cover_between``), but for a square a run of
    walls keeps wholly apart from the other piece (``walls.walled_off``, on a map without heights): there the walls
    are total cover, which no count of obstacles changes, so only the distance, the surround and the light are read.
    The evaluation runs once per distinct ``reading_key`` (or those three), on the first square that has it."""
    moving, m, rulings = scenario["overlay"], scenario["map"], scenario["rulings"]
    sm = square_map.read(m)
    ground = square_cells.heights(m) if m["elevation"] else {}
    placed = [sm.attacker, sm.target, *sm.obstacles, *sm.creatures]
    here = sm.attacker if moving == "attacker" else sm.target
    taken = set(placed) - {here}
    free = [c for c in square_cells.cells(m, placed)
            if c not in taken and all(-BOARD_COORD <= v <= BOARD_COORD for v in c)]
    answers: dict[tuple[Any, ...], dict[str, Any]] = {}

    blocking = total_kinds(rulings)
    lights_read = bool(sm.lights) and rulings["d6.ruling.map-light"] == "lights"

    def one(c: Square) -> dict[str, Any]:
        attacker, target = (c, sm.target) if moving == "attacker" else (sm.attacker, c)
        key: tuple[Any, ...] | None = None
        if not ground and square_map.walled_off(sm, attacker, target, blocking):
            # total cover by the walls: no light or brush the regions add changes it, so they are not read
            key = ("walled off", sq.distance(attacker, target, rulings["d6.ruling.square-diagonal"]),
                   _surrounded(attacker, target, sm.creatures, rulings) is not None,
                   _map_light(sm, target, rulings) if lights_read else None)
            if key in answers:
                return answers[key]
        sc = cover_between(sm, attacker, target, ground, rulings, scenario["light"])
        if key is None:  # the light where the target stands and the brush on the line, beside the walls' reading
            key = (*reading_key(sc), regions.read(m, attacker, target).key if m["regions"] else None)
        if key not in answers:
            answers[key] = answer({**scenario, "overlay": "none", "map": {**m, moving: list(c)}}, sc)
        return answers[key]

    return square_overlay_result(moving, each_square(free, one, COVER_KEY))
