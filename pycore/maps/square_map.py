"""Square maps shared by the systems that take them: the declared inputs of walls, doors and lights, and the pieces,
walls, doors and lights read off a validated map (``map.grid`` ``"square"``)."""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..errors import FieldError, ScenarioError
from ..geometry import squaregrid as sq
from ..geometry import walls
from ..geometry.crossings import exact, point
from ..geometry.plane import Exact, Plane, Shape, Vec, hull, plane_for
from ..geometry.squaregrid import Square
from ..geometry.walls import Runs, normal, runs
from ..memo import recent_calls
from ..schema import Field

GRIDS = (("hex", "Hexes"), ("square", "Squares"))
MOST_HEXES = 40
"""A hex board's largest width or height: the board's drawing and its taps are measured at 40 x 40."""
MOST_SQUARES = 60
"""A square map's largest width or height (a map maker's export is often larger than 40 squares one way)."""
"""The contract's ``map.grid`` values: hexes (the default) or squares."""
WALL_KINDS = (("wall", "Wall"), ("object", "Object outline"), ("low", "Low wall"), ("window", "Window"),
              ("slit", "Arrow slit"))
"""What a line on a square map is: a wall, the outline of a solid object, a low wall, or an opening in a wall that a
line may pass through (a high narrow window, an arrow slit)."""
OPENINGS = frozenset(("window", "slit"))
"""The kinds of line that are openings."""
MAX_WALLS = 5000
"""The most walls (polylines) a map may list; a Universal VTT export of a large dungeon has a few thousand."""
MAX_POINTS = 1000
"""The most points one wall may have."""
DOOR_POINTS = 2
"""A door is the line between exactly two points (the contract's ``map.doors[].points``)."""
MAX_DOORS = 1000
"""The most doors a map may list."""
MAX_LIGHTS = 500
"""The most lights a map may list."""
COORD_LIMIT = 1000
"""A point of a wall, a door or a light lies within this many squares of the origin, either way."""


def hex_board_errors(battle_map: dict[str, Any]) -> list[FieldError]:
    """A hex board wider or higher than ``MOST_HEXES``, named (the fields allow a square map's ``MOST_SQUARES``)."""
    if battle_map["grid"] != "hex":
        return []
    return [FieldError(f"map.{key}", f"is {battle_map[key]}: a hex board is at most {MOST_HEXES} hexes each way (a square "
                                     f"map, up to {MOST_SQUARES} squares)")
            for key in ("cols", "rows") if battle_map[key] is not None and battle_map[key] > MOST_HEXES]


def square_fields(rule: str) -> tuple[Field, ...]:
    """The contract's square-map inputs, in the calculator's ``map`` group: the grid a choice of the form, the walls,
    doors and lights lists the board holds (each in one hidden box, as an exported map has thousands)."""
    low, high = -COORD_LIMIT, COORD_LIMIT
    return (
        Field("map.grid", "choice", "Grid", default="hex", choices=GRIDS, rule=rule, group="map",
              help="Hexes, or squares as in a Universal VTT export."),
        Field("map.walls", "records", "Walls", default=(), max_items=MAX_WALLS, rule=rule, group="map",
              item_label="wall", item_fields=(
                  Field("points", "points", "Points", max_items=MAX_POINTS, minimum=low, maximum=high),
                  Field("kind", "choice", "Kind", default="wall", choices=WALL_KINDS),
              )),
        Field("map.doors", "records", "Doors", default=(), max_items=MAX_DOORS, rule=rule, group="map",
              item_label="door", item_fields=(
                  Field("points", "points", "Points", max_items=DOOR_POINTS, minimum=low, maximum=high),
                  Field("open", "bool", "Open", default=False),
              )),
        Field("map.lights", "records", "Lights", default=(), max_items=MAX_LIGHTS, rule=rule, group="map",
              item_label="light", item_fields=(
                  Field("at", "point", "Where", minimum=low, maximum=high),
                  Field("range", "number", "Range", minimum=0, maximum=COORD_LIMIT, unit="squares"),
              )),
    )


@dataclass(frozen=True)
class WallLine:
    """A wall, an object's outline, a low wall or a door, as exact points."""

    kind: str
    """``wall``, ``object``, ``low``, ``window``, ``slit`` or ``door``."""
    points: tuple[Exact, ...]
    """The polyline, in grid units."""
    index: int
    """Its place in ``map.walls`` or ``map.doors``."""
    open: bool = False
    """For a door: whether it stands open."""
    path: tuple[Vec, ...] = ()
    """The polyline in the map's plane (``SquareMap.plane``), where it is tested quickly in whole numbers."""
    grow: int = 0
    """How far the plane grows a blocker (``Plane.grow``)."""

    @functools.cached_property
    def grown(self) -> tuple[Shape | None, ...]:
        """Each piece grown into a blocker of the plane (``walls``), None for a piece of no length (it is nothing):
        worked out once per map, not per square."""
        g = self.grow
        return tuple(hull([(x + sx * g, y + sy * g) for x, y in (a, b) for sx in (-1, 1) for sy in (-1, 1)])
                     if a != b else None for a, b in zip(self.path, self.path[1:]))

    @functools.cached_property
    def shapes(self) -> tuple[Shape, ...]:
        """Each segment of some length grown into a blocker of the plane (``grown``)."""
        return tuple(shape for shape in self.grown if shape is not None)

    @functools.cached_property
    def long(self) -> bool:
        """Whether the line is asked about piece by piece (``LineTable.pieces``): more than ``LONG`` points, not all
        one."""
        return len(self.path) > LONG and len(set(self.path)) > 1

    @functools.cached_property
    def normals(self) -> tuple[tuple[int, int, int], ...]:
        """The line of each segment of ``path`` (``walls.normal``; a segment of no length left out)."""
        return tuple(found for p, q in zip(self.path, self.path[1:]) if (found := normal(p, q)) is not None)

    @functools.cached_property
    def box(self) -> tuple[int, int, int, int]:
        """The smallest rectangle of the plane holding ``path``: lowest x and y, highest x and y."""
        xs, ys = [x for x, _ in self.path], [y for _, y in self.path]
        return min(xs), min(ys), max(xs), max(ys)

    @property
    def field(self) -> str:
        """The scenario field it came from (``map.walls.3``)."""
        return f"map.{'doors' if self.kind == 'door' else 'walls'}.{self.index}"


@dataclass(frozen=True)
class Light:
    """A light on the map."""

    at: Exact
    """Where it stands, in grid units."""
    range: Fraction
    """How far it reaches, in squares."""

    @functools.cached_property
    def whole(self) -> tuple[int, int, int, int]:
        """Where it stands and how far it reaches in whole numbers: a unit ``d`` (even, and a multiple of every
        denominator of ``at`` and ``range``, so a square's centre is whole too), ``at`` times ``d`` and ``range`` times
        ``d``, squared."""
        d = math.lcm(2, self.at[0].denominator, self.at[1].denominator, self.range.denominator)
        return d, int(self.at[0] * d), int(self.at[1] * d), int(self.range * d) ** 2


@dataclass(frozen=True)
class LineTable:
    """A map's lines with what is worked out of them once: shared by every reading of the same parsed map (``_lines``),
    as an overlay asks about them once per square and each tap on the board anew."""

    lines: tuple[WallLine, ...]
    """The lines, as ``SquareMap.lines``."""
    scale: int
    """The plane's units per square (``Plane.scale``)."""

    @functools.cached_property
    def index(self) -> dict[Square, list[int]]:
        """Square -> the positions in ``lines``, in order, of those with a segment meeting it (edges included, with
        ``SLACK``): the squares along each segment, so a long slanting wall is listed by a few squares a column."""
        index: dict[Square, list[int]] = {}
        for i, line in enumerate(self.lines):
            seen: set[Square] = set()
            for a, b in zip(line.points, line.points[1:]):
                for s in cells_near((float(a[0]), float(a[1])), (float(b[0]), float(b[1])), 0):
                    if s not in seen:
                        seen.add(s)
                        index.setdefault(s, []).append(i)
        return index

    @functools.cached_property
    def pieces(self) -> dict[Square, list[tuple[int, int]]]:
        """Square -> the pieces of the ``long`` lines meeting it (edges included, with ``SLACK``), each as its line's
        position in ``lines`` and its own (``i``: from the line's point ``i`` to the next): a curved wall of many
        points is asked about the few pieces by a segment, not all of them."""
        index: dict[Square, list[tuple[int, int]]] = {}
        for n, line in enumerate(self.lines):
            if not line.long:
                continue
            for i, (a, b) in enumerate(zip(line.points, line.points[1:])):
                for s in cells_near((float(a[0]), float(a[1])), (float(b[0]), float(b[1])), 0):
                    index.setdefault(s, []).append((n, i))
        return index

    @functools.cached_property
    def position(self) -> dict[int, int]:
        """``id`` of each line -> its position in ``lines`` (the table holds them, so the ids stay theirs)."""
        return {id(line): n for n, line in enumerate(self.lines)}

    def pieces_in(self, squares: Iterable[Square], lines: Sequence[WallLine]) -> list[tuple[int, ...] | None]:
        """For each of ``lines`` (the table's own), its pieces meeting one of ``squares``, in order, or None for a
        line asked about whole (not ``long``): what ``crossings.places`` takes as ``pieces``."""
        index = self.pieces
        found: dict[int, set[int]] = {}
        for s in squares:
            for n, i in index.get(s, ()):
                found.setdefault(n, set()).add(i)
        position = self.position
        return [tuple(sorted(found.get(position[id(line)], ()))) if line.long else None for line in lines]

    @functools.cached_property
    def kinds(self) -> frozenset[str]:
        """The kinds of line the map has."""
        return frozenset(line.kind for line in self.lines)

    @functools.cached_property
    def _runs(self) -> dict[frozenset[str], tuple[Runs, dict[Square, frozenset[tuple[int, int, int]]]]]:
        return {}

    def runs(self, kinds: frozenset[str]) -> tuple[Runs, dict[Square, frozenset[tuple[int, int, int]]]]:
        """The runs (``walls.runs``) of the lines of ``kinds`` that stand in the way (a door only while closed), and
        square -> the lines (``walls.normal``) of their segments meeting it, when they lie on more lines than
        ``NEAR_SCAN`` (a curved wall lies on one line a segment), those whose longest run is a square long at least
        (``_sealing``)."""
        found = self._runs.get(kinds)
        if found is None:
            standing = {i for i, line in enumerate(self.lines) if line.kind in kinds and not line.open}
            segments = (seg for i in sorted(standing) for seg in zip(self.lines[i].path, self.lines[i].path[1:]))
            wall_runs = runs(segments)
            near: dict[Square, set[tuple[int, int, int]]] = {}
            sealing = _sealing(wall_runs, self.scale)
            for i in sorted(standing) if len(wall_runs.starts) > NEAR_SCAN else ():
                line = self.lines[i]
                for a, b, p, q in zip(line.points, line.points[1:], line.path, line.path[1:]):
                    on = normal(p, q)
                    if on is None or on not in sealing:
                        continue  # a piece of no length lies on no line; a short run walls nothing off
                    for s in cells_near((float(a[0]), float(a[1])), (float(b[0]), float(b[1])), 0):
                        near.setdefault(s, set()).add(on)
            found = self._runs[kinds] = (wall_runs, {s: frozenset(on) for s, on in near.items()})
        return found


def _sealing(wall_runs: Runs, scale: int) -> set[tuple[int, int, int]]:
    """The lines of ``wall_runs`` with a run a square long at least: only such a run can wall two squares apart
    (``walls.walled_off``). The line keeps one square wholly on each side, so each point of the first, moved to the
    same point of the second, crosses it inside the two squares' hull: those crossings cover the first square seen
    along that move, which is a square's side long at least, and the run must hold them all. Positions along a line
    ``(nx, ny, c)`` are lengths times ``|(nx, ny)|``."""
    out = set()
    for line, first in wall_runs.starts.items():
        longest = max(stop - start for start, stop in zip(first, wall_runs.stops[line]))
        if longest * longest >= scale * scale * (line[0] * line[0] + line[1] * line[1]):
            out.add(line)
    return out


@dataclass(frozen=True)
class SquareMap:
    """Everything a square map says, read once."""

    attacker: Square
    """The attacker's square."""
    target: Square
    """The target's square."""
    obstacles: dict[Square, str]
    """Whole-square obstacles, square -> kind."""
    creatures: dict[Square, str]
    """Other creatures, square -> side."""
    lines: tuple[WallLine, ...]
    """Walls, outlines, low walls and doors (open ones too)."""
    lights: tuple[Light, ...]
    """The map's lights."""
    plane: Plane
    """The exact plane every point of the map has whole coordinates in."""
    table: LineTable
    """``lines`` with what is worked out of them once."""


def read(battle_map: dict[str, Any]) -> SquareMap:
    """The pieces, walls, doors and lights of a validated square map; a piece off the board or on another's square is
    an error naming its field."""
    cols, rows = battle_map["cols"], battle_map["rows"]
    errors: list[FieldError] = []
    taken: dict[Square, str] = {}

    def place(path: str, cr: list[int] | None) -> Square | None:
        if cr is None:
            errors.append(FieldError(path, "is required on a map: place it on the board"))
            return None
        s = (cr[0], cr[1])
        if not sq.on_board(s, cols, rows):
            errors.append(FieldError(path, f"square {s[0]}, {s[1]} is off the {cols} x {rows} board"))
        elif s in taken:
            errors.append(FieldError(path, f"square {s[0]}, {s[1]} is already taken by {taken[s]}"))
        else:
            taken[s] = path
        return s

    attacker = place("map.attacker", battle_map["attacker"])
    target = place("map.target", battle_map["target"])
    obstacles: dict[Square, str] = {}
    for i, item in enumerate(battle_map["obstacles"]):
        s = place(f"map.obstacles.{i}.hex", item["hex"])
        if s is not None:
            obstacles[s] = item["kind"]
    creatures: dict[Square, str] = {}
    for i, item in enumerate(battle_map["creatures"]):
        s = place(f"map.creatures.{i}.hex", item["hex"])
        if s is not None:
            creatures[s] = item["side"]
    if errors:
        raise ScenarioError(errors)
    assert attacker is not None and target is not None
    table, lights, plane = _lines(battle_map["walls"], battle_map["doors"], battle_map["lights"])
    return SquareMap(attacker, target, obstacles, creatures, table.lines, lights, plane, table)


@recent_calls(2)
def _lines(walls: list[dict[str, Any]], doors: list[dict[str, Any]],
           lights: list[dict[str, Any]]) -> tuple[LineTable, tuple[Light, ...], Plane]:
    """The walls, doors and lights as exact lines, and their plane: remembered, as they stay put while the pieces
    move (``memo``)."""
    raw: list[tuple[str, tuple[Exact, ...], int, bool]] = []
    for i, item in enumerate(walls):
        raw.append((item["kind"], tuple(point(p) for p in item["points"]), i, False))
    for i, item in enumerate(doors):
        raw.append(("door", tuple(point(p) for p in item["points"]), i, item["open"]))
    found = tuple(Light(point(item["at"]), exact(item["range"])) for item in lights)
    plane = plane_for(p for _, points, _, _ in raw for p in points)
    out = tuple(WallLine(kind, points, i, is_open, tuple(plane.vec(p) for p in points), plane.grow)
                for kind, points, i, is_open in raw)
    return LineTable(out, plane.scale), found, plane


def line_table(m: dict[str, Any]) -> tuple[LineTable, Plane]:
    """The walls and doors of a validated square map as exact lines, and their plane, without its pieces (``_lines``,
    remembered)."""
    table, _lights, plane = _lines(m["walls"], m["doors"], m["lights"])
    return table, plane


NEAR_SCAN = 24
"""Up to this many lines a map's lines are scanned one by one; more are looked up by the squares they lie on."""
LONG = 8
"""A line of more points than this is asked about by the pieces near what is asked (``LineTable.pieces``)."""

SLACK = 1e-3
"""How much wider than exact (in squares) the squares near a segment are looked for: more than any rounding of the
floats they are found with, and than a blocker's growth (``Plane.grow``, a millionth of a square)."""


def cells_near(p: tuple[float, float], q: tuple[float, float], half: float) -> list[Square]:
    """The squares meeting the segment ``p``-``q`` (grid units) widened by ``half`` each way along both axes (a
    square's half plus the slack: the hull of two squares; the slack alone: a thin line), column by column."""
    half += SLACK
    (px, py), (qx, qy) = p, q
    out: list[Square] = []
    for c in range(math.floor(min(px, qx) - half) - 1, math.floor(max(px, qx) + half) + 1):
        # the stretch of the segment whose x, widened, meets column c
        x0, x1 = max(c - half, min(px, qx)), min(c + 1 + half, max(px, qx))
        if x0 > x1:
            continue
        if px == qx:
            y0, y1 = py, qy
        else:
            y0, y1 = py + (qy - py) * (x0 - px) / (qx - px), py + (qy - py) * (x1 - px) / (qx - px)
        low, high = min(y0, y1) - half, max(y0, y1) + half
        out.extend((c, r) for r in range(math.ceil(low) - 1, math.floor(high) + 1))
    return out


def lines_near(square_board: SquareMap, p: tuple[float, float], q: tuple[float, float], half: float) -> list[int]:
    """The positions in ``sm.lines``, in order, of the lines by the segment ``p``-``q`` widened by ``half``
    (``cells_near``): a superset of those it can meet."""
    index = square_board.table.index
    found: set[int] = set()
    for s in cells_near(p, q, half):
        found.update(index.get(s, ()))
    return sorted(found)


def near(square_board: SquareMap, a: Square, b: Square, lines: Sequence[WallLine]) -> list[WallLine]:
    """The ``lines`` whose rectangle meets the rectangle around squares ``a`` and ``b`` and lies by the hull of the two:
    the only ones a line between points of the two can meet; in the order given."""
    k = square_board.plane.scale
    x0, y0 = min(a[0], b[0]) * k, min(a[1], b[1]) * k
    x1, y1 = (max(a[0], b[0]) + 1) * k, (max(a[1], b[1]) + 1) * k

    def meets(line: WallLine) -> bool:
        return line.box[0] <= x1 and x0 <= line.box[2] and line.box[1] <= y1 and y0 <= line.box[3]

    if len(lines) <= NEAR_SCAN or lines is not square_board.lines:
        return [line for line in lines if meets(line)]
    found = lines_near(square_board, (a[0] + 0.5, a[1] + 0.5), (b[0] + 0.5, b[1] + 0.5), 0.5)
    return [lines[i] for i in found if meets(lines[i])]


def along(square_board: SquareMap, a: Square, b: Square) -> list[WallLine]:
    """The lines by the segment from the centre of square ``a`` to the centre of ``b``: those whose rectangle meets
    its own and a square it runs through (every point of it lies in one, ``squaregrid.passed``), so every line it
    meets; in the order of ``sm.lines``."""
    if len(square_board.lines) <= NEAR_SCAN:
        return near(square_board, a, b, square_board.lines)
    k, half = square_board.plane.scale, square_board.plane.scale // 2
    x0, x1 = sorted((a[0] * k + half, b[0] * k + half))
    y0, y1 = sorted((a[1] * k + half, b[1] * k + half))
    lines, index = square_board.lines, square_board.table.index
    found: set[int] = set()
    for s in sq.passed(a, b):
        found.update(index.get(s, ()))
    return [lines[i] for i in sorted(found)
            if lines[i].box[0] <= x1 and x0 <= lines[i].box[2] and lines[i].box[1] <= y1 and y0 <= lines[i].box[3]]


def walled_off(square_board: SquareMap, a: Square, b: Square, kinds: frozenset[str]) -> bool:
    """Whether a run of the lines of ``kinds`` that stand in the way keeps squares ``a`` and ``b`` wholly apart
    (``walls.walled_off``), tried on the lines by the squares the segment between their centres runs through (it
    crosses such a run, if there is one)."""
    wall_runs, by_square = square_board.table.runs(kinds)
    if len(wall_runs.starts) <= NEAR_SCAN:
        return walls.walled_off(square_board.plane, a, b, wall_runs, wall_runs.starts)
    tried: set[tuple[int, int, int]] = set()
    for s in sq.passed(a, b):
        tried.update(by_square.get(s, ()))
    return walls.walled_off(square_board.plane, a, b, wall_runs, tried)


def in_view(square_board: SquareMap, a: Square, b: Square, kinds: frozenset[str]) -> bool:
    """Whether no line of ``kinds`` that stands in the way (a door only while closed) has a point inside the hull of
    squares ``a`` and ``b``: a segment between points inside the two lies inside it, so then it meets none of them."""
    band = walls.two_squares(square_board.plane, a, b)
    return all(walls.misses_inside(p, q, band) for line in near(square_board, a, b, square_board.lines)
               if line.kind in kinds and not line.open for p, q in zip(line.path, line.path[1:]))


def spines(plane: Plane, lines: Sequence[WallLine], squares: Sequence[Square] = ()) -> tuple[tuple[Vec, Vec], ...]:
    """The segments of ``lines``, and the two middle lines of each of ``squares`` (a row of whole-square obstacles
    walls like a wall along its middle), in the plane: where ``walls.clear_line`` first looks for a sealing wall."""
    out = [seg for line in lines for seg in zip(line.path, line.path[1:])]
    k, half = plane.scale, plane.scale // 2
    for x, y in squares:
        out.append(((x * k + half, y * k), (x * k + half, (y + 1) * k)))
        out.append(((x * k, y * k + half), ((x + 1) * k, y * k + half)))
    return tuple(out)


def grown(lines: Sequence[WallLine]) -> tuple[Shape, ...]:
    """Each segment of ``lines`` grown into a blocker of their map's plane (``walls``)."""
    return tuple(shape for line in lines for shape in line.shapes)


def pieces_near(square_board: SquareMap, a: Square, b: Square, lines: Sequence[WallLine]) -> list[tuple[int, ...] | None]:
    """For each of ``lines``, its pieces by the hull of squares ``a`` and ``b`` (``cells_near``, so every piece a line
    between points of the two can meet), or None for a line asked about whole (``LineTable.pieces_in``)."""
    if not any(line.long for line in lines):
        return [None] * len(lines)
    return square_board.table.pieces_in(cells_near((a[0] + 0.5, a[1] + 0.5), (b[0] + 0.5, b[1] + 0.5), 0.5), lines)


def pieces_along(square_board: SquareMap, a: Square, b: Square, lines: Sequence[WallLine]) -> list[tuple[int, ...] | None]:
    """``pieces_near`` for the segment between the centres of squares ``a`` and ``b``: the pieces in the squares it runs
    through (``squaregrid.passed``), every one it meets."""
    if not any(line.long for line in lines):
        return [None] * len(lines)
    return square_board.table.pieces_in(sq.passed(a, b), lines)


def blockers_near(plane: Plane, lines: Sequence[WallLine], pieces: Sequence[tuple[int, ...] | None],
                  squares: Sequence[Square] = ()) -> tuple[tuple[Shape, ...], tuple[tuple[Vec, Vec], ...]]:
    """The blockers ``walls.clear_line`` is given (each listed piece of ``lines`` grown, ``pieces`` as
    ``pieces_near`` gives them, and each of ``squares`` grown) and its spines (those pieces, and the two middle lines
    of each square, ``spines``), in order."""
    shapes: list[Shape] = []
    segments: list[tuple[Vec, Vec]] = []
    for line, only in zip(lines, pieces):
        if only is None:
            shapes.extend(line.shapes)
            segments.extend(zip(line.path, line.path[1:]))
            continue
        for i in only:
            grown_piece = line.grown[i]
            if grown_piece is not None:
                shapes.append(grown_piece)
            segments.append((line.path[i], line.path[i + 1]))
    squares_spines = spines(plane, (), squares)
    return (tuple(shapes) + tuple(plane.square(s, plane.grow) for s in squares),
            tuple(segments) + squares_spines)
