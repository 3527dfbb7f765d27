"""Area effects placed on a map (a sphere, a line, a cone): the declared ``area`` inputs every system shares, the
checks the schema cannot make, and whether a point lies inside a shape."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import FieldError
from ..rules import Choice, Ruling
from ..schema import Field
from .square_map import SquareMap

SHAPES = (("none", "No area"), ("sphere", "Sphere"), ("line", "Line"), ("cone", "Cone"))
"""The contract's ``area.shape`` values; ``none`` (the default) places no area."""
AIMED_SHAPES = frozenset({"line", "cone"})
"""The shapes that need ``area.toward``: the point they are aimed at."""
COORD_LIMIT = 1000
"""An area's origin and aim lie within this many cells of the map's origin, either way."""
MOST_SIZE = 10_000
"""The largest radius or length accepted, in the system's unit."""
EDGE = 1e-9
"""A point this close to a shape's edge is inside it: the edge belongs to the shape."""


def area_fields(rule: str, unit: str, group: str = "") -> tuple[Field, ...]:
    """The contract's ``area`` inputs, measured in ``unit`` (``ft``, ``″``); kept out of the form, which places an
    area by taps on the board."""
    low, high = -COORD_LIMIT, COORD_LIMIT
    return (
        Field("area.shape", "choice", "Area", default="none", choices=SHAPES, rule=rule, group=group, in_form=False),
        Field("area.at", "point", "Area's origin", optional=True, minimum=low, maximum=high, rule=rule, group=group,
              in_form=False, help="A hex [q, r] on hex maps, a point [x, y] in grid units on square maps."),
        Field("area.toward", "point", "Aimed at", optional=True, minimum=low, maximum=high, rule=rule, group=group,
              in_form=False, help="Lines and cones: the hex or point they are aimed at."),
        Field("area.size", "number", "Radius or length", optional=True, minimum=0, maximum=MOST_SIZE, unit=unit,
              rule=rule, group=group, in_form=False),
        Field("area.width", "number", "Line's width", optional=True, minimum=0, maximum=MOST_SIZE, unit=unit,
              rule=rule, group=group, in_form=False, help="Lines only; one cell when left out."),
    )


def area_errors(area: dict[str, Any], grid: str) -> list[FieldError]:
    """What is wrong with a validated ``area`` on a ``grid`` (``hex`` or ``square``) map, one error per field."""
    shape = area["shape"]
    given = [k for k in ("at", "toward", "size", "width") if area[k] is not None]
    if shape == "none":
        return [FieldError("area.shape", "is required with " + ", ".join(f"area.{k}" for k in given) +
                           ": sphere, line or cone")] if given else []
    errors: list[FieldError] = []
    if area["at"] is None:
        errors.append(FieldError("area.at", "is required: the area's origin"))
    if shape in AIMED_SHAPES and area["toward"] is None:
        errors.append(FieldError("area.toward", f"is required for a {shape}: the hex or point it is aimed at"))
    if shape not in AIMED_SHAPES and area["toward"] is not None:
        errors.append(FieldError("area.toward", "is only for a line or a cone: a sphere spreads every way"))
    if area["size"] is None:
        errors.append(FieldError("area.size", "is required: the sphere's radius, or the line's or cone's length"))
    elif area["size"] <= 0:
        errors.append(FieldError("area.size", f"is {area['size']}: it must be more than 0"))
    if area["width"] is not None and shape != "line":
        errors.append(FieldError("area.width", "is only for a line"))
    elif area["width"] is not None and area["width"] <= 0:
        errors.append(FieldError("area.width", f"is {area['width']}: it must be more than 0"))
    for key in ("at", "toward"):
        point = area[key]
        if grid == "hex" and point is not None and not all(float(v).is_integer() for v in point):
            errors.append(FieldError(f"area.{key}", "must be a hex [q, r] of whole numbers on a hex map"))
    if area["at"] is not None and area["toward"] is not None and list(area["at"]) == list(area["toward"]):
        errors.append(FieldError("area.toward", "is the area's origin: aim it at another hex or point"))
    return errors


@dataclass(frozen=True)
class Shape:
    """An area in the plane, in cells (one hex's or one square's width is 1)."""

    kind: str
    """``sphere``, ``line`` or ``cone``."""
    at: tuple[float, float]
    """The origin."""
    toward: tuple[float, float] | None
    """The point it is aimed at (line and cone)."""
    size: float
    """Radius, or length along its middle line, in cells."""
    width: float
    """A line's whole width, in cells."""
    spread: float
    """A cone's half-width per cell of length (ruling on a cone's width): 0.5 is as wide as it is long."""

    def holds(self, p: tuple[float, float]) -> bool:
        """Whether the point ``p`` lies inside the shape, its edge included."""
        dx, dy = p[0] - self.at[0], p[1] - self.at[1]
        if self.kind == "sphere" or self.toward is None:
            return math.hypot(dx, dy) <= self.size + EDGE
        ax, ay = self.toward[0] - self.at[0], self.toward[1] - self.at[1]
        norm = math.hypot(ax, ay)
        along, across = (dx * ax + dy * ay) / norm, abs(dx * ay - dy * ax) / norm
        if along < -EDGE or along > self.size + EDGE:
            return False
        half = self.width / 2 if self.kind == "line" else along * self.spread
        return across <= half + EDGE


def hex_centre(q: float, r: float) -> tuple[float, float]:
    """The centre of axial hex ``q, r`` with neighbouring centres 1 apart (pointy-top, as the board draws)."""
    return (q + r / 2, r * math.sqrt(3) / 2)


def hex_corners(q: float, r: float) -> tuple[tuple[float, float], ...]:
    """The six corners of hex ``q, r`` in the plane of ``hex_centre``."""
    x, y = hex_centre(q, r)
    radius = 1 / math.sqrt(3)
    return tuple((x + radius * math.cos(math.radians(30 + 60 * k)), y + radius * math.sin(math.radians(30 + 60 * k)))
                 for k in range(6))


def square_corners(c: int, r: int) -> tuple[tuple[float, float], ...]:
    """The four corners of square ``c, r`` in grid units."""
    return ((c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1))


def caught(shape: Shape, centre: tuple[float, float], corners: tuple[tuple[float, float], ...], inside: str) -> bool:
    """Whether a cell is inside the area: its centre (ruling ``centre``), or its centre or any corner (``corner``)."""
    return shape.holds(centre) or (inside == "corner" and any(shape.holds(p) for p in corners))


SPREAD = {"as-long": 0.5, "quarter": 1.0}
"""A cone's half-width per cell of length, per ruling on a cone's width: as wide at its end as it is long (about
53 degrees across), or a quarter circle (90 degrees)."""


def area_rulings(prefix: str, page: str) -> tuple[Ruling, ...]:
    """The three rulings every system's areas rest on, with ids under ``prefix`` (``d6.ruling``), on ``page``."""
    return (
        Ruling(f"{prefix}.area-inside", "Which cells does an area catch?", page, (
            Choice("centre", "Centre inside", "a cell is caught when its centre lies inside the shape or on its edge"),
            Choice("corner", "Centre or a corner", "a cell is caught when its centre or any of its corners lies inside "
                   "the shape, so a creature the edge of the template clips is caught too"),
        ), "centre", "The texts give no template; the centre of a cell is where its piece stands, so a piece is "
           "caught when the shape reaches where it stands, and no cell is caught by a hair."),
        Ruling(f"{prefix}.area-point", "On squares, where is cover read from?", page, (
            Choice("least", "Least of the squares at the point", "the origin acts as an attacker standing in each "
                   "square the point touches (one, or two on an edge, four on a corner) and the least cover counts"),
            Choice("square", "The square holding it", "the origin acts as an attacker in the square that holds the "
                   "point; a point on an edge or a corner belongs to the square right of it and below it"),
        ), "least", "The line rules are drawn from a creature's square, and the origin is a point; templates are "
           "usually set on a grid corner, and a blast there spreads into every square around it."),
        Ruling(f"{prefix}.area-cone", "How wide is a cone?", page, (
            Choice("as-long", "As wide as it is long", "at any distance along its middle line the cone is as wide as "
                   "that distance: about 53 degrees across"),
            Choice("quarter", "A quarter circle", "the cone spreads 45 degrees to each side of its middle line"),
        ), "as-long", "No text gives a cone; as wide as it is long is the template most tables know, and it covers "
           "a fair breath or spray without catching those standing beside the caster."),
    )


def shape_of(area: dict[str, Any], per_cell: float, centre: Any, spread: str) -> Shape:
    """The ``Shape`` of a checked ``area`` in cells: sizes in the system's unit (``per_cell`` of it to a cell), the
    origin and aim placed by ``centre`` (a hex's centre, or a square map's point as it is)."""
    at = centre(*area["at"])
    toward = None if area["toward"] is None else centre(*area["toward"])
    width = 1.0 if area["width"] is None else area["width"] / per_cell
    return Shape(area["shape"], at, toward, area["size"] / per_cell, width, SPREAD[spread])


def square_point(x: float, y: float) -> tuple[float, float]:
    """A square map's point as it is (grid units already)."""
    return (float(x), float(y))


def touching(x: float, y: float) -> list[tuple[int, int]]:
    """The squares a point in grid units touches: the one holding it first, then those it lies on the edge of."""
    xs = [math.floor(x)] + ([math.floor(x) - 1] if float(x).is_integer() else [])
    ys = [math.floor(y)] + ([math.floor(y) - 1] if float(y).is_integer() else [])
    return [(c, r) for r in ys for c in xs]


def origin_squares(at: Sequence[float], choice: str) -> list[tuple[int, int]]:
    """The squares an area's cover is read from, for an origin at a point: each square at the point (``least``), or
    only the one holding it (``square``): ruling ``<system>.ruling.area-point``."""
    starts = touching(at[0], at[1])
    return starts[:1] if choice == "square" else starts


def seen_from(square_board: SquareMap, origin: tuple[int, int], others: dict[tuple[int, int], str]) -> SquareMap:
    """The square map as an area's origin square sees it: the other pieces where they stand, nothing in that square."""
    return dataclasses.replace(square_board, creatures={c: side for c, side in others.items() if c != origin},
                               obstacles={c: k for c, k in square_board.obstacles.items() if c != origin})
