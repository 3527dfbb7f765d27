"""Classic d20 on a square map (1 square = 5 ft): the 16 corner lines past walls, doors, outlines and whole-square
pieces, protectors and heights."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...geometry import squaregrid as sq
from ...geometry.crossings import ALONG, CROSS, meetings
from ...geometry.plane import Plane, Vec, nudged
from ...geometry.squaregrid import Square
from ...geometry.walls import clear_line, runs_through
from ...maps import square_cells, square_map
from ...maps.overlay import each_square, square_overlay_result
from ...maps.square_map import SquareMap, WallLine
from . import regions
from .corner_lines import cover_percent
from .inputs import BOARD_COORD
from .map_rules import reading_rules
from .regions import RegionReading
from .tables import CLIFF_STEP_FT, FEET_PER_HEX, FULL, LINE_THROUGH_COVER, SEVERE_SLOPE_FT_PER_HEX

LINES = 16
"""Corner-to-corner lines between two squares."""
KNEES = 25
"""A low wall between them: "cover up to the knees is equal to 25% cover"."""


CornerLine = tuple[tuple[int, int], tuple[int, int], bool]
"""A corner line of some length: the attacker's corner and the target's (grid units) and whether it is broken."""


@dataclass(frozen=True)
class SquareReading:
    """What a square map says about one attack."""

    attacker: Square
    """The attacker's square."""
    target: Square
    """The target's square."""
    distance_ft: int
    """Feet between them (5 per square, diagonals as ruling ``d20.ruling.square-diagonal`` counts them)."""
    blocked: int
    """Corner lines (of 16) that a wall, a closed door, an outline or a piece breaks."""
    cover: int
    """The cover percentage the rulings make of them."""
    walls: tuple[str, ...]
    """The walls and doors that break some corner line, by field."""
    blockers: tuple[Square, ...]
    """The obstacles and creatures that break some corner line."""
    protectors: tuple[Square, ...]
    """Creatures of the target's side that count as protectors."""
    heights: tuple[Fraction, Fraction]
    """Attacker's and target's ground height in feet."""
    elevation: str
    """``higher``, ``level`` or ``lower``."""
    terrain: str
    """``ground``, ``cliff`` or ``severe-slope``."""
    steepest_step: Fraction
    """The largest height difference between neighbouring squares on the line, in feet."""
    line_through: bool
    """Whether the broken lines made 100% but a straight line joins the two squares (ruling
    ``d20.ruling.map-line-through``)."""
    knees: bool
    """Whether a low wall between them made the cover at least 25% (ruling ``d20.ruling.map-low-walls``)."""
    rulings: tuple[str, ...]
    """The rulings on kinds of line this reading relied on."""
    corner_lines: tuple[CornerLine, ...] = ()
    """Each corner line of some length: the attacker's corner, the target's (grid units) and whether it is broken."""


def blocking(line: WallLine, rulings: dict[str, str]) -> bool:
    """Whether a line on the map breaks corner lines."""
    if line.kind == "door":
        return not line.open
    if line.kind == "object":
        return rulings["d20.ruling.map-objects"] == "block"
    if line.kind == "low":
        return rulings["d20.ruling.map-low-walls"] == "block"
    return line.kind not in square_map.OPENINGS  # a window or a slit lets lines through (``regions`` gives its cover)


def blocking_kinds(rulings: dict[str, str]) -> frozenset[str]:
    """The kinds of line ``blocking`` says break corner lines (a door only while closed)."""
    return frozenset(("wall", "door", *(k for k, ruling in (("object", "d20.ruling.map-objects"),
                                                           ("low", "d20.ruling.map-low-walls"))
                                        if rulings[ruling] == "block")))


def reading(square_board: SquareMap, attacker: Square, target: Square, ground: dict[Square, Fraction],
            rulings: dict[str, str]) -> SquareReading:
    """Everything the square map says about an attack from ``attacker`` at ``target``."""
    pieces = {s for s in (*square_board.obstacles, *square_board.creatures) if s not in (attacker, target)}
    # no line between the two squares meets the others
    close = square_map.near(square_board, attacker, target, square_board.lines)
    lines = [line for line in close if blocking(line, rulings)]
    plane = square_board.plane
    ca, ct = plane.centre(attacker), plane.centre(target)
    chains = [line.path for line in lines]
    # of a long wall, only its pieces by the two squares' hull can meet a line between them
    by_hull = square_map.pieces_near(square_board, attacker, target, lines)
    blocked, walls, blockers, drawn = _broken_lines(plane, attacker, target, lines, pieces, rulings, by_hull)
    cover = cover_percent(blocked, LINES, rulings["d20.ruling.map-cover"])
    through = False
    if cover == FULL:
        shapes, spines = square_map.blockers_near(plane, lines, by_hull, sorted(pieces))
        if clear_line(plane, attacker, target, shapes, spines):
            cover, through = LINE_THROUGH_COVER[rulings["d20.ruling.map-line-through"]], True
    used = [f"d20.ruling.map-{'objects' if k == 'object' else 'low-walls'}" for k in ("object", "low")
            if any(line.kind == k for line in close)] + (["d20.ruling.map-corners"] if chains else [])
    knees = False
    if rulings["d20.ruling.map-low-walls"] == "knees" and cover < KNEES:
        low = [line.path for line in close if line.kind == "low"]
        if low and CROSS in meetings(ca, ct, low):
            cover, knees = KNEES, True
    return SquareReading(
        attacker=attacker, target=target,
        distance_ft=sq.distance(attacker, target, rulings["d20.ruling.square-diagonal"]) * FEET_PER_HEX,
        blocked=blocked, cover=cover, walls=tuple(sorted(walls)), blockers=tuple(sorted(blockers)),
        protectors=_protectors(square_board, target, rulings["d20.ruling.map-protectors"]),
        heights=(ground.get(attacker, Fraction(0)), ground.get(target, Fraction(0))),
        line_through=through, knees=knees, rulings=tuple(used), corner_lines=tuple(drawn),
        **_elevation(attacker, target, ground, rulings))


def _broken_lines(plane: Plane, attacker: Square, target: Square, lines: list[WallLine], pieces: set[Square],
                  rulings: dict[str, str], by_hull: list[tuple[int, ...] | None]) -> tuple[int, set[str], set[Square],
                                                                                        list[CornerLine]]:
    """How many of the 16 corner lines ``lines`` (the walls that break lines) or ``pieces`` break, which walls
    (by field) and which pieces broke some, and each line of some length with whether it is broken (``by_hull``: the
    pieces of each line by the two squares' hull, ``square_map.pieces_near``, where every corner line lies)."""
    near = _pieces_near(pieces, attacker, target)
    blocked = 0
    walls: set[str] = set()
    blockers: set[Square] = set()
    drawn: list[CornerLine] = []
    # every corner (ruling ``d20.ruling.map-corners``), or each on a line, is taken to its own square's side of it
    # (``plane.nudged``); corners are whole squares, so in the plane they are whole multiples of its scale
    chains = [line.path for line in lines]
    ends_a = _ends(plane, attacker, chains, rulings)
    ends_t = _ends(plane, target, chains, rulings)
    # the side of each end from each wall of two points: a corner line both of whose ends lie strictly on one side
    # of a wall's line cannot meet that wall, and is not asked about it
    sides_a = [_sides(chain, [n for _, n in ends_a]) for chain in chains]
    sides_t = [_sides(chain, [n for _, n in ends_t]) for chain in chains]
    # a wall with all eight ends strictly on one side of its line meets no corner line at all; nor does a piece of a
    # long wall with them all strictly on one side of its own line (a wall left with no piece is not asked about)
    eight = [n for _, n in (*ends_a, *ends_t)]
    by_hull = [only if only is None else tuple(i for i in only if _parts(chains[k][i], chains[k][i + 1], eight))
               for k, only in enumerate(by_hull)]
    asked = [n for n, (sa, st) in enumerate(zip(sides_a, sides_t))
             if (sa is None or st is None or not (min(sa) > 0 < min(st) or max(sa) < 0 > max(st)))
             and by_hull[n] != ()]
    for i, (p, na) in enumerate(ends_a):
        for j, (q, nb) in enumerate(ends_t):
            if na == nb:
                continue  # a line of no length: two shared corners left where they are
            hit = [s for s in near if runs_through(p, q, s)]
            dx, dy = nb[0] - na[0], nb[1] - na[1]
            x0, x1, y0, y1 = min(na[0], nb[0]), max(na[0], nb[0]), min(na[1], nb[1]), max(na[1], nb[1])
            by = []
            for n in asked:
                line = lines[n]
                box = line.box
                if box[0] > x1 or x0 > box[2] or box[1] > y1 or y0 > box[3]:
                    continue  # apart: their rectangles do not meet
                sa, st = sides_a[n], sides_t[n]
                if sa is not None and st is not None:
                    if sa[i] * st[j] > 0:
                        continue  # both ends of the corner line on one side of the wall
                    (ax, ay), (bx, by_) = chains[n]
                    u, v = dx * (ay - na[1]) - dy * (ax - na[0]), dx * (by_ - na[1]) - dy * (bx - na[0])
                    if (u > 0 and v > 0) or (u < 0 and v < 0):
                        continue  # both ends of the wall on one side of the corner line
                by.append(n)
            crossed = [lines[n].field for n, how in zip(by, meetings(na, nb, [chains[n] for n in by],
                                                                       [by_hull[n] for n in by]))
                       if how in (CROSS, ALONG)]
            drawn.append((p, q, bool(hit or crossed)))
            if hit or crossed:
                blocked += 1
                blockers.update(hit)
                walls.update(crossed)
    return blocked, walls, blockers, drawn


def _ends(plane: Plane, square: Square, chains: list[tuple[Vec, ...]],
          rulings: dict[str, str]) -> list[tuple[tuple[int, int], Vec]]:
    """The corners of square ``square`` (grid units) and where its corner lines start in the plane: moved ``1/M`` of the
    way to the square's centre, every corner or (ruling ``d20.ruling.map-corners`` ``on-walls``) each lying on one of
    ``chains``."""
    k, centre = plane.scale, plane.centre(square)
    every = rulings["d20.ruling.map-corners"] == "every"
    out = []
    for c in sq.corners(square):
        v = (c[0] * k, c[1] * k)
        out.append((c, nudged(v, centre) if every or _on_any(v, chains) else v))
    return out


def _on_any(v: Vec, chains: list[tuple[Vec, ...]]) -> bool:
    """Whether the point lies on a piece of some length of one of ``chains``."""
    return any(a != b and (b[0] - a[0]) * (v[1] - a[1]) == (b[1] - a[1]) * (v[0] - a[0])
               and min(a[0], b[0]) <= v[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= v[1] <= max(a[1], b[1])
               for chain in chains for a, b in zip(chain, chain[1:]))


def _pieces_near(pieces: set[Square], attacker: Square, target: Square) -> list[Square]:
    """The ``pieces`` within a square of the rectangle around the two (no other can stand on a corner line)."""
    lo_x, hi_x = min(attacker[0], target[0]) - 1, max(attacker[0], target[0]) + 1
    lo_y, hi_y = min(attacker[1], target[1]) - 1, max(attacker[1], target[1]) + 1
    return [s for s in pieces if lo_x <= s[0] <= hi_x and lo_y <= s[1] <= hi_y]


def _parts(a: Vec, b: Vec, points: list[Vec]) -> bool:
    """Whether the line through ``a`` and ``b`` has not all of ``points`` strictly on one side (a segment between two of
    them may meet the piece ``a``-``b``)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    sides = [dx * (y - a[1]) - dy * (x - a[0]) for x, y in points]
    return not (min(sides) > 0 or max(sides) < 0)


def _sides(chain: tuple[Vec, ...], points: list[Vec]) -> list[int] | None:
    """The side (1, -1, or 0 on it) of each of ``points`` from the line through a two-point ``chain``; None for a
    longer polyline (asked about every corner line)."""
    if len(chain) != 2:
        return None
    (ax, ay), (bx, by) = chain
    dx, dy = bx - ax, by - ay
    return [(v > 0) - (v < 0) for v in (dx * (y - ay) - dy * (x - ax) for x, y in points)]


def _protectors(square_board: SquareMap, target: Square, choice: str) -> tuple[Square, ...]:
    """Creatures of the target's side next to it (the eight squares around), when the ruling counts them."""
    if choice == "none":
        return ()
    return tuple(sorted(s for s, side in square_board.creatures.items() if side == "target" and sq.adjacent(s, target)))


def _elevation(attacker: Square, target: Square, ground: dict[Square, Fraction],
               rulings: dict[str, str]) -> dict[str, Any]:
    """Who is higher, the ground between them and the steepest step on the centre line (as on hexes)."""
    if not ground:
        return {"elevation": "level", "terrain": "ground", "steepest_step": Fraction(0)}
    ha, ht = ground.get(attacker, Fraction(0)), ground.get(target, Fraction(0))
    elevation = "higher" if ha > ht else "lower" if ha < ht else "level"
    path = sq.passed(attacker, target)
    steps = [abs(ground.get(x, Fraction(0)) - ground.get(y, Fraction(0))) for x, y in zip(path, path[1:])]
    steepest = max(steps, default=Fraction(0))
    terrain = "ground"
    if rulings["d20.ruling.map-terrain"] == "read" and elevation != "level":
        squares = sq.distance(attacker, target, rulings["d20.ruling.square-diagonal"])
        if steepest >= CLIFF_STEP_FT and abs(ha - ht) >= CLIFF_STEP_FT:
            terrain = "cliff"
        elif abs(ha - ht) >= SEVERE_SLOPE_FT_PER_HEX * squares:
            terrain = "severe-slope"
    return {"elevation": elevation, "terrain": terrain, "steepest_step": steepest}


def read_squares(scenario: dict[str, Any]) -> SquareReading:
    """The reading of a validated scenario on a square map."""
    sm = square_map.read(scenario["map"])
    ground = _ground(scenario["map"])
    return reading(sm, sm.attacker, sm.target, ground, scenario["rulings"])


def _ground(battle_map: dict[str, Any]) -> dict[Square, Fraction]:
    return square_cells.heights(battle_map) if battle_map["elevation"] else {}


def with_reading(scenario: dict[str, Any], r: SquareReading) -> dict[str, Any]:
    """The scenario with the fields the map decides filled from it, as if counted by hand."""
    tgt = {**scenario["target"], "cover": r.cover, "cover_example": "none", "cover_between": True,
           "protectors": len(r.protectors)}
    if not r.protectors:
        tgt["protector_ac"] = None
    att = {**scenario["attacker"], "elevation": r.elevation, "terrain": r.terrain}
    return {**scenario, "target": tgt, "attacker": att, "distance_ft": r.distance_ft}


def used(r: SquareReading) -> tuple[list[str], list[str]]:
    """The rules and rulings the reading relied on, in order."""
    rules = ["d20.map.squares", *(["d20.map.walls"] if r.walls else []), *(["d20.cover.examples"] if r.knees else [])]
    rulings = ["d20.ruling.square-diagonal", "d20.ruling.map-cover", *r.rulings]
    more_rules, more_rulings = reading_rules(r.line_through, bool(r.protectors), r.elevation)
    return rules + more_rules, rulings + more_rulings


def placement(r: SquareReading) -> dict[str, Any]:
    """The square-map reading, JSON-ready."""
    return {
        "grid": "square",
        "attacker": list(r.attacker),
        "target": list(r.target),
        "distance_ft": r.distance_ft,
        "lines": LINES,
        "blocked_lines": r.blocked,
        "walls": list(r.walls),
        "blockers": [list(s) for s in r.blockers],
        "protectors": [list(s) for s in r.protectors],
        "heights_ft": [float(r.heights[0]), float(r.heights[1])],
        "elevation": r.elevation,
        "terrain": r.terrain,
        "steepest_step_ft": float(r.steepest_step),
        "corner_lines": [[list(a), list(b), broken] for a, b, broken in r.corner_lines],
    }


WALLED_OFF = ("walled off",)
"""The regions' key of a square walled off from the other piece: with no line of effect, what fog, bushes or an
opening would add changes no entry of the overlay."""


def _filled(cover: int, protectors: int, elevation: str, terrain: str, distance_ft: int,
            regional: tuple[Any, ...]) -> tuple[Any, ...]:
    """Everything ``with_reading`` fills in from a reading, and the regions' reading (``RegionReading.key``): two
    squares with one of these have one answer."""
    return (cover, protectors, elevation, terrain, distance_ft, regional)


def overlay(scenario: dict[str, Any], on_squares: Callable[[dict[str, Any], SquareReading, RegionReading],
                                                   dict[str, Any]]) -> dict[str, Any]:
    """The ``overlay`` key of a validated square-map scenario: the answer with the moving piece on each free square of
    the drawn board. Each square is read as a single answer reads it (``reading``), but for a square a run of walls
    keeps wholly apart from the other piece (``square_map.walled_off``: all 16 lines are broken, those between corners
    the two share too, as such a run passes through those corners) or one whose hull with
    it no wall enters and no piece is near (``square_map.in_view``: none is), only what else it fills in is read. The
    evaluation runs once per distinct reading of what it fills in (``with_reading``), on the first square that has
    it. The map's regions and openings (``regions``) are read on every square, and what they say is part of the key."""
    moving, m = scenario["overlay"], scenario["map"]
    sm = square_map.read(m)
    ground = _ground(m)
    placed = [sm.attacker, sm.target, *sm.obstacles, *sm.creatures]
    here = sm.attacker if moving == "attacker" else sm.target
    taken = set(placed) - {here}
    free = [c for c in square_cells.cells(m, placed)
            if c not in taken and all(-BOARD_COORD <= v <= BOARD_COORD for v in c)]

    answers: dict[tuple[Any, ...], dict[str, Any]] = {}

    rulings = scenario["rulings"]
    breaking = blocking_kinds(rulings)
    behind_cover = cover_percent(LINES, LINES, rulings["d20.ruling.map-cover"])
    open_cover = cover_percent(0, LINES, rulings["d20.ruling.map-cover"])
    pieces = {*sm.obstacles, *sm.creatures}
    knees = rulings["d20.ruling.map-low-walls"] == "knees" and "low" in sm.table.kinds

    def one(c: Square) -> dict[str, Any]:
        attacker, target = (c, sm.target) if moving == "attacker" else (sm.attacker, c)
        cover = None
        walled = square_map.walled_off(sm, attacker, target, breaking)
        # walled off there is no line of effect, whatever fog, bushes or an opening would add: their reading is moot
        rr = regions.NOTHING if walled else regions.read(m, sm, attacker, target, rulings)
        regional = WALLED_OFF if walled else rr.key
        if walled:
            cover = behind_cover  # every corner line is broken and no line gets through: 16 of 16
        elif (not knees and not _pieces_near(pieces - {attacker, target}, attacker, target)
              and square_map.in_view(sm, attacker, target, breaking)):
            cover = open_cover  # no corner line is broken: 0 of 16, and no low wall makes it more
        if cover is not None:
            height = _elevation(attacker, target, ground, rulings)
            key = _filled(cover, len(_protectors(sm, target, rulings["d20.ruling.map-protectors"])),
                          height["elevation"], height["terrain"],
                          sq.distance(attacker, target, rulings["d20.ruling.square-diagonal"]) * FEET_PER_HEX, regional)
            if key in answers:
                return answers[key]
        r = reading(sm, attacker, target, ground, rulings)
        key = _filled(r.cover, len(r.protectors), r.elevation, r.terrain, r.distance_ft, regional)
        if key not in answers:
            answers[key] = on_squares({**scenario, "overlay": "none", "map": {**m, moving: list(c)}}, r, rr)
        return answers[key]

    return square_overlay_result(moving, each_square(free, one, ("cover",)))
