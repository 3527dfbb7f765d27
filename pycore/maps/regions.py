"""Regions of a map (``map.regions``): fog, light levels, brush, screens and obscured ground, as hexes on a hex map
or polygons on a square map; their declared input, the checks each system makes of them, and the geometry the
systems read them by.

What a system asks of a region is one of three things: whether a cell lies in it (the light where the target stands),
whether the line between two cells runs through it (brush in the way), and how far that line runs inside regions of
a kind (feet of fog). The line is the straight segment between the centres of the two cells, ends included.

On a square map the polygons are scaled once to whole numbers (``Shapes``), so every question is answered in exact
integer arithmetic: where the segment meets a polygon's edges is a fraction of the way along it, and the stretch
between two such meetings lies wholly inside or wholly outside, which the middle of the stretch tells. A stretch that
runs along an edge is on the boundary, not inside: a line grazing a region does not pass through it. On a hex map the
line's hexes are those the map's own line finds (``hexgrid.line``); each hex strictly between the two ends is one
cell of its length inside a region it belongs to, and each end half of one (the segment runs from its centre).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..errors import FieldError
from ..geometry import hexgrid as hg
from ..geometry.crossings import point
from ..geometry.hexgrid import Hex
from ..memo import recent_calls
from ..schema import Field
from .hex_map import on_board

KINDS = (("fog", "Fog or mist"), ("dark", "Dark"), ("dim", "Dim light"), ("bright", "Bright light"),
         ("radiant", "Radiant light"), ("brush", "Trees and brush"), ("dense-brush", "Dense brush"),
         ("screen", "Translucent screen"), ("obscured", "Obscured"))
"""The contract's region kinds and what each is called."""
OBSCURED = "obscured"
"""The one kind that takes a ``penalty`` and ``blind``."""
MAX_REGIONS = 100
"""The most regions a map may list."""
MAX_REGION_POINTS = 200
"""The most corners one region's polygon may have (a hand-drawn fog bank has a few dozen)."""
MIN_REGION_POINTS = 3
"""A polygon has at least three corners."""
MAX_REGION_HEXES = 1600
"""The most hexes one region may list: every hex of the largest board."""
MAX_PENALTY = 20
"""The largest obscurement penalty a region may give (a d20's whole range)."""
COORD_LIMIT = 1000
"""A region's corners and hexes lie within this many cells of the origin, either way."""

Cell = Hex | tuple[int, int]
"""A hex, or a square ``(col, row)``."""


def region_field(rule: str) -> Field:
    """The contract's ``map.regions`` input, in the ``map`` group; not a control of the calculator's form: the board's
    Region tool writes it, or a link, a file or the command line gives it."""
    return Field("map.regions", "records", "Regions", default=(), max_items=MAX_REGIONS, rule=rule, group="map",
                 in_form=False, item_label="region", item_fields=(
                     Field("kind", "choice", "Kind", default="fog", choices=KINDS),
                     Field("hexes", "points", "Hexes", optional=True, min_items=1, max_items=MAX_REGION_HEXES,
                           minimum=-COORD_LIMIT, maximum=COORD_LIMIT),
                     Field("points", "points", "Corners", optional=True, min_items=MIN_REGION_POINTS,
                           max_items=MAX_REGION_POINTS, minimum=-COORD_LIMIT, maximum=COORD_LIMIT),
                     Field("penalty", "int", "Penalty", optional=True, minimum=0, maximum=MAX_PENALTY),
                     Field("blind", "bool", "No sight inside", optional=True),
                 ), help="Fog, light, brush, screens or obscured ground: hexes on a hex map, a polygon on squares.")


def check(battle_map: dict[str, Any], kinds: Sequence[str], title: str) -> list[FieldError]:
    """The errors of a validated map's regions for a system that reads ``kinds``: a kind it has no rule for, the cells
    given the wrong way for the grid, a hex that is not whole, a polygon without area, and ``penalty`` or ``blind``
    on a kind other than ``obscured``; each names its field."""
    errors: list[FieldError] = []
    grid = battle_map["grid"]
    own, other = ("hexes", "points") if grid == "hex" else ("points", "hexes")
    for i, item in enumerate(battle_map["regions"]):
        where = f"map.regions.{i}"
        if item["kind"] not in kinds:
            errors.append(FieldError(f"{where}.kind", f"{item['kind']!r}: {title} has no rule for this kind of "
                                     f"region (it reads {', '.join(kinds)})"))
        if item[other] is not None:
            errors.append(FieldError(f"{where}.{other}", f"is not for a {grid} map: give the region's {own}"))
        if item[own] is None:
            errors.append(FieldError(f"{where}.{own}", f"is required on a {grid} map: the "
                                     f"{'hexes the region covers' if grid == 'hex' else 'corners of its polygon'}"))
        elif grid == "hex":
            errors.extend(_hex_errors(item["hexes"], f"{where}.hexes", battle_map["cols"], battle_map["rows"]))
        elif _twice_area(_exact(item["points"])) == 0:
            errors.append(FieldError(f"{where}.points", "encloses no area: its corners lie on one line"))
        for key in ("penalty", "blind"):
            if item[key] is not None and item["kind"] != OBSCURED:
                errors.append(FieldError(f"{where}.{key}", f"is only for an {OBSCURED!r} region, not {item['kind']!r}"))
    return errors


def _hex_errors(hexes: list[list[float]], where: str, cols: int | None, rows: int | None) -> list[FieldError]:
    """A region's hex that is not whole numbers, off the board, or listed twice."""
    seen: set[Hex] = set()
    for j, (q, r) in enumerate(hexes):
        if not (float(q).is_integer() and float(r).is_integer()):
            return [FieldError(where, f"item {j}: a hex is [q, r] in whole numbers, not [{q}, {r}]")]
        h = Hex.axial(int(q), int(r))
        if not on_board(h, cols, rows):
            return [FieldError(where, f"item {j}: hex {h.q}, {h.r} is off the {cols} x {rows} board")]
        if h in seen:
            return [FieldError(where, f"item {j}: hex {h.q}, {h.r} is listed twice")]
        seen.add(h)
    return []


def _exact(points: Iterable[Sequence[float]]) -> tuple[tuple[Fraction, Fraction], ...]:
    return tuple(point(p) for p in points)


def _twice_area(corners: Sequence[tuple[Fraction, Fraction]]) -> Fraction:
    """Twice the polygon's signed area (the shoelace sum)."""
    return sum((a[0] * b[1] - b[0] * a[1] for a, b in zip(corners, (*corners[1:], corners[0]))), Fraction(0))


@dataclass(frozen=True)
class Region:
    """One region of a validated map."""

    kind: str
    """One of ``KINDS``."""
    index: int
    """Its place in ``map.regions``."""
    hexes: frozenset[Hex]
    """On a hex map: the hexes it covers."""
    corners: tuple[tuple[Fraction, Fraction], ...]
    """On a square map: its polygon, in grid units."""
    penalty: int
    """``obscured``: the minus to actions into it (0 when not given)."""
    blind: bool
    """``obscured``: whether there is no sight inside it."""

    @property
    def field(self) -> str:
        """The scenario field it came from (``map.regions.2``)."""
        return f"map.regions.{self.index}"


@recent_calls(2)
def read(items: list[dict[str, Any]]) -> tuple[Region, ...]:
    """The regions of a validated, checked ``map.regions`` list (remembered: they stay put while pieces move)."""
    return tuple(Region(item["kind"], i,
                        frozenset(Hex.axial(int(q), int(r)) for q, r in item["hexes"] or ()),
                        _exact(item["points"] or ()), item["penalty"] or 0, bool(item["blind"]))
                 for i, item in enumerate(items))


def of_kinds(regions: Iterable[Region], kinds: Iterable[str]) -> tuple[Region, ...]:
    """The regions of ``kinds``, in map order."""
    wanted = frozenset(kinds)
    return tuple(r for r in regions if r.kind in wanted)


@dataclass(frozen=True)
class Shapes:
    """Square-map regions' polygons in whole numbers: every corner times ``scale`` (even, so a square's centre is
    whole too)."""

    regions: tuple[Region, ...]
    """The regions, in map order."""
    scale: int
    """Units per square."""
    polygons: tuple[tuple[tuple[int, int], ...], ...]
    """Each region's corners, scaled."""
    boxes: tuple[tuple[int, int, int, int], ...]
    """Each polygon's smallest rectangle: lowest x and y, highest x and y."""

    def centre(self, square: tuple[int, int]) -> tuple[int, int]:
        """The centre of square ``square``, scaled."""
        half = self.scale // 2
        return square[0] * self.scale + half, square[1] * self.scale + half


@recent_calls(4)
def shapes(regions: tuple[Region, ...]) -> Shapes:
    """``regions`` scaled into whole numbers (remembered per tuple of regions)."""
    scale = 2
    for region in regions:
        for x, y in region.corners:
            scale = math.lcm(scale, x.denominator, y.denominator)
    polygons = tuple(tuple((int(x * scale), int(y * scale)) for x, y in r.corners) for r in regions)
    boxes = tuple((min(x for x, _ in p), min(y for _, y in p), max(x for x, _ in p), max(y for _, y in p))
                  for p in polygons)
    return Shapes(regions, scale, polygons, boxes)


def _where(polygon: Sequence[tuple[int, int]], x: int, y: int, b: int) -> int:
    """1 when the point ``(x, y) / b`` lies inside ``polygon``, 0 on its boundary, -1 outside (even-odd rule)."""
    inside = False
    last = polygon[-1]
    for u in polygon:
        ux, uy, vx, vy = last[0] * b, last[1] * b, u[0] * b, u[1] * b
        last = u
        cross = (vx - ux) * (y - uy) - (vy - uy) * (x - ux)
        if cross == 0 and min(ux, vx) <= x <= max(ux, vx) and min(uy, vy) <= y <= max(uy, vy):
            return 0
        if (uy > y) != (vy > y) and (cross > 0) == (vy > uy):
            inside = not inside
    return 1 if inside else -1


def _meetings(polygon: Sequence[tuple[int, int]], p: tuple[int, int], q: tuple[int, int]) -> list[Fraction]:
    """The fractions of the way from ``p`` to ``q``, strictly between, where the segment meets an edge of
    ``polygon`` (where it runs along one, the ends of that stretch)."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    out: list[Fraction] = []
    last = polygon[-1]
    for u in polygon:
        ex, ey = u[0] - last[0], u[1] - last[1]
        wx, wy = last[0] - p[0], last[1] - p[1]
        den = dx * ey - dy * ex
        if den:
            at, on = wx * ey - wy * ex, wx * dy - wy * dx  # t and s times den: tested in whole numbers first
            if den < 0:
                den, at, on = -den, -at, -on
            if 0 <= on <= den and 0 < at < den:
                out.append(Fraction(at, den))
        elif wx * dy - wy * dx == 0:  # on one line: the edge's ends, as fractions of the way along the segment
            length = dx * dx + dy * dy
            for cx, cy in (last, u):
                t = Fraction((cx - p[0]) * dx + (cy - p[1]) * dy, length)
                if 0 < t < 1:
                    out.append(t)
        last = u
    return out


def inside_fraction(shapes: Shapes, which: Sequence[int], p: tuple[int, int], q: tuple[int, int]) -> Fraction:
    """How much of the segment ``p``-``q`` (scaled) lies inside one or more of the polygons ``which`` (positions in
    ``shapes``): a fraction of its length, 0 to 1, overlapping regions counted once."""
    lo_x, hi_x, lo_y, hi_y = min(p[0], q[0]), max(p[0], q[0]), min(p[1], q[1]), max(p[1], q[1])
    near = [i for i in which if not (shapes.boxes[i][0] > hi_x or shapes.boxes[i][2] < lo_x or shapes.boxes[i][1] > hi_y
                                     or shapes.boxes[i][3] < lo_y)]
    if not near:
        return Fraction(0)
    cuts = {Fraction(0), Fraction(1)}
    for i in near:
        cuts.update(_meetings(shapes.polygons[i], p, q))
    ordered = sorted(cuts)
    dx, dy = q[0] - p[0], q[1] - p[1]
    total = Fraction(0)
    for t0, t1 in zip(ordered, ordered[1:]):
        mid = (t0 + t1) / 2
        a, b = mid.numerator, mid.denominator
        x, y = p[0] * b + a * dx, p[1] * b + a * dy
        if any(_where(shapes.polygons[i], x, y, b) > 0 for i in near):
            total += t1 - t0
    return total


def square_in(shapes: Shapes, i: int, square: tuple[int, int]) -> bool:
    """Whether the centre of square ``square`` lies inside polygon ``i`` of ``shapes`` or on its boundary."""
    x, y = shapes.centre(square)
    box = shapes.boxes[i]
    return box[0] <= x <= box[2] and box[1] <= y <= box[3] and _where(shapes.polygons[i], x, y, 1) >= 0


def hex_weights(a: Hex, b: Hex) -> list[tuple[Hex, Fraction]]:
    """The hexes of the line from ``a`` to ``b`` with how much of the centre line each holds, in cells: half for
    each end, one for each hex between."""
    path = hg.line(a, b)
    half = Fraction(1, 2)
    return [(h, half if i in (0, len(path) - 1) else Fraction(1)) for i, h in enumerate(path)]


def cell_in(region: Region, cell: Cell, shapes: Shapes | None) -> bool:
    """Whether ``cell`` lies in ``region``: a hex it lists, or a square whose centre it holds (``shapes``: the map's
    shapes, on a square map)."""
    if isinstance(cell, Hex):
        return cell in region.hexes
    assert shapes is not None, "a square map's regions are read with their shapes"
    return square_in(shapes, shapes.regions.index(region), cell)


def covering(regions: Sequence[Region], cells: Iterable[Cell]) -> dict[Cell, tuple[Region, ...]]:
    """Each of ``cells`` that lies in one or more of ``regions`` (as ``cell_in`` reads it), with those regions in map
    order. Only the cells a region lists, or those within its polygon's smallest rectangle, are asked."""
    present = set(cells)
    found: dict[Cell, list[Region]] = {}
    for region in regions:
        for h in region.hexes & present:
            found.setdefault(h, []).append(region)
    drawn = tuple(r for r in regions if r.corners)
    if drawn:
        shaped = shapes(drawn)
        k = shaped.scale
        for i, region in enumerate(drawn):
            x0, y0, x1, y1 = shaped.boxes[i]
            for row in range(y0 // k - 1, y1 // k + 1):
                for col in range(x0 // k - 1, x1 // k + 1):
                    if (col, row) in present and square_in(shaped, i, (col, row)):
                        found.setdefault((col, row), []).append(region)
    return {cell: tuple(sorted(inside, key=lambda r: r.index)) for cell, inside in found.items()}


def crossed(regions: Sequence[Region], a: Cell, b: Cell, shapes: Shapes | None) -> tuple[Region, ...]:
    """The ``regions`` the centre line from ``a`` to ``b`` runs inside for some length, ends included."""
    if not regions:
        return ()
    if isinstance(a, Hex) and isinstance(b, Hex):
        path = hg.line(a, b)
        return tuple(r for r in regions if any(h in r.hexes for h in path))
    assert shapes is not None and not isinstance(a, Hex) and not isinstance(b, Hex)
    p, q = shapes.centre(a), shapes.centre(b)
    return tuple(r for r in regions if inside_fraction(shapes, (shapes.regions.index(r),), p, q) > 0)


def cells_inside(regions: Sequence[Region], a: Cell, b: Cell, shapes: Shapes | None) -> float:
    """How many cells' length of the centre line from ``a`` to ``b`` lies inside ``regions`` (overlaps counted
    once): exact halves and wholes on hexes; on squares the exact fraction of the segment, times its length (a whole
    number of cells exactly when the length is one)."""
    if not regions:
        return 0.0
    if isinstance(a, Hex) and isinstance(b, Hex):
        return float(sum((w for h, w in hex_weights(a, b) if any(h in r.hexes for r in regions)), Fraction(0)))
    assert shapes is not None and not isinstance(a, Hex) and not isinstance(b, Hex)
    p, q = shapes.centre(a), shapes.centre(b)
    t = inside_fraction(shapes, tuple(shapes.regions.index(r) for r in regions), p, q)
    squared = t * t * ((q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2) / (shapes.scale * shapes.scale)
    return math.sqrt(squared)
