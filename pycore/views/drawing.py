"""What a board drawing holds: its cells, pieces, marks, walls, lights, regions, an area and lines, as plain data.

``svg`` draws a ``Board``; the views fill one in from a result. Nothing here writes SVG.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..geometry.hexgrid import Hex, Layout, Point
from ..geometry.squaregrid import Square

Spot = Hex | Square
"""A cell of a board: a hex, or a square ``(col, row)``."""


@dataclass(frozen=True)
class SquareLayout:
    """Where a square board's squares are drawn: square ``(c, r)`` spans ``origin + (c, r) * size`` to
    ``origin + (c + 1, r + 1) * size``."""

    size: float
    """Side of one square, in SVG user units."""
    origin: Point
    """Where the grid's point ``(0, 0)`` is drawn."""


Plot = Layout | SquareLayout
"""How a board's cells are placed: a hex layout or a square one."""


@dataclass(frozen=True)
class Piece:
    """Something standing on a hex."""

    kind: str
    """Kind used as a CSS class (``attacker``, ``target``, ``creature``, ``partial``, ``total`` ...)."""
    symbol: str
    """One to three characters drawn on the hex (never colour alone)."""
    label: str
    """Words for screen readers (``"attacker"``, ``"Goblin, Defense 12"``)."""
    rule: str | None = None
    """Id of the rule the piece illustrates, for its ``data-rule``; None: none."""


@dataclass(frozen=True)
class Mark:
    """A number or word a rule writes on a hex (a stray-shot slot, a chance, a crossing)."""

    kind: str
    """CSS-friendly kind (``crossed``, ``slot``, ``chance`` ...)."""
    text: str
    """Characters drawn on the hex."""
    label: str
    """What the mark means, in words, for screen readers."""
    rule: str | None = None
    """Id of the rule the mark illustrates; None: none."""


@dataclass(frozen=True)
class Heat:
    """How good a hex is for the piece an overlay moves: a band of chance, drawn in colour and pattern."""

    band: int
    """0 (cannot be targeted, or no chance) to ``HEAT_BANDS - 1`` (the best chances): a class and a pattern."""
    label: str
    """The hex's numbers in words (``"target here: 58.3% to hit, cover level 1"``), for its name and title."""


HEAT_BANDS = 5
"""How many heat bands an overlay is drawn in."""
HEAT_PATTERNS = ("", "heat-dots", "heat-dense", "heat-lines", "heat-plus")
"""The second cue of each band (besides its colour): the pattern laid over the hex ("" for none)."""


@dataclass(frozen=True)
class Segment:
    """A line drawn from hex centre to hex centre (line of fire, line of sight)."""

    start: Spot
    """The hex (or square) whose centre the segment starts from."""
    end: Spot
    """The hex (or square) whose centre the segment ends at."""
    kind: str
    """CSS-friendly kind (``sight``, ``fire``)."""
    label: str
    """What the segment shows, in words."""
    rule: str | None = None
    """Id of the rule the segment illustrates; None: none."""


@dataclass(frozen=True)
class Wall:
    """A line of a square map drawn over its squares: a wall, an object's outline, a low wall or a door."""

    kind: str
    """``wall``, ``object``, ``low`` or ``door``: its CSS class."""
    points: tuple[tuple[float, float], ...]
    """The polyline in grid units (``x`` right, ``y`` down, a square one unit wide)."""
    label: str
    """What it is, in words (``"door 2, closed"``)."""
    index: int = 0
    """Its place in ``map.walls`` or ``map.doors``: a door's ``data-door``, which a tap toggles."""
    open: bool = False
    """For a door: whether it stands open."""
    rule: str | None = None
    """Id of the rule deciding what it does; None: none."""


@dataclass(frozen=True)
class Light:
    """A light of a square map: a dot where it stands and its reach, in grid units."""

    at: tuple[float, float]
    """Where it stands."""
    reach: float
    """How far it lights, in squares."""
    label: str
    """What it is, in words."""


@dataclass(frozen=True)
class Region:
    """A region of the map drawn over its cells: hexes on a hex map, a polygon in grid units on a square map."""

    kind: str
    """The contract's kind (``fog``, ``dim``, ``brush`` ...): its class and its pattern."""
    cells: tuple[Spot, ...]
    """The hexes it covers (hex maps)."""
    points: tuple[tuple[float, float], ...]
    """Its outline in grid units (square maps)."""
    label: str
    """What it is, in words (``"region 1: fog"``)."""
    index: int = 0
    """Its place in ``map.regions``: its ``data-region``."""


@dataclass(frozen=True)
class Zone:
    """An area effect placed on the map, in cells (one hex's or one square's width is 1; hexes in the plane of
    ``pycore.maps.areas.hex_centre``)."""

    shape: str
    """``sphere``, ``line`` or ``cone``."""
    at: tuple[float, float]
    """Its origin."""
    toward: tuple[float, float] | None
    """The point a line or a cone is aimed at."""
    size: float
    """Radius, or length, in cells."""
    width: float
    """A line's whole width, in cells."""
    spread: float
    """A cone's half-width per cell of length."""
    label: str
    """What it is, in words (``"sphere of 20"``)."""


REGION_PATTERNS: dict[str, tuple[str, str, dict[str, str]]] = {
    "fog": ("10", "path", {"d": "M0 3Q2.5 1 5 3T10 3M0 8Q2.5 6 5 8T10 8"}),
    "dark": ("4", "path", {"d": "M0 4L4 0M-1 1L1 -1M3 5L5 3"}),
    "dim": ("8", "path", {"d": "M0 8L8 0"}),
    "bright": ("10", "circle", {"cx": "5", "cy": "5", "r": "1.6"}),
    "radiant": ("10", "path", {"d": "M5 1V9M1 5H9M2 2L8 8M8 2L2 8"}),
    "brush": ("12", "path", {"d": "M3 9L6 4L9 9"}),
    "dense-brush": ("6", "path", {"d": "M1 5L3 1.5L5 5"}),
    "screen": ("6", "path", {"d": "M3 0V6"}),
    "obscured": ("6", "path", {"d": "M0 0L6 6M6 0L0 6M0 3H6"}),
}
"""Each region kind's pattern (its tile's side, the shape and its attributes): the cue besides its tint, unlike the
obstacles' hatch and the overlay's dots, so no kind is told by colour alone."""
OPENINGS = ("window", "slit")
"""A square map's wall kinds that are openings a line may pass through, drawn as a wall broken by a bright gap."""


@dataclass(frozen=True)
class CornerLine:
    """One line from a corner of the attacker's cell to a corner of the target's, as the rules count them (Classic
    d20's corner lines): broken ones drawn apart from clear ones."""

    start: tuple[float, float]
    """The attacker's corner: in grid units on a square map, in the plane of ``pycore.maps.areas.hex_centre`` on a
    hex map."""
    end: tuple[float, float]
    """The target's corner, in the same plane."""
    broken: bool
    """Whether something on the map breaks it."""
    rule: str | None = None
    """Id of the rule the line illustrates; None: none."""


@dataclass(frozen=True)
class CountedPiece:
    """A piece of a square map's line that the centre line crosses and the rules count as an obstacle (d6
    Skirmish's walls), drawn outlined over the line."""

    start: tuple[float, float]
    """One end of the piece, in grid units."""
    end: tuple[float, float]
    """The other end."""
    label: str
    """What it is and what it counts as, in words (``"wall 3, counted: one level"``)."""
    rule: str | None = None
    """Id of the rule that counts it; None: none."""


@dataclass(frozen=True)
class Board:
    """Everything one diagram shows."""

    cells: tuple[Spot, ...]
    """The hexes (or the squares) drawn, in drawing order; all of one kind."""
    title: str
    """The drawing's title (its ``<title>``)."""
    desc: str
    """What the drawing shows, in words (its ``<desc>``)."""
    pieces: tuple[tuple[Spot, Piece], ...] = ()
    """(hex, piece) pairs, at most one piece per hex."""
    marks: tuple[tuple[Spot, Mark], ...] = ()
    """(hex, mark) pairs drawn over the pieces."""
    segments: tuple[Segment, ...] = ()
    """Lines drawn from hex centre to hex centre."""
    cell_rules: tuple[tuple[Spot, str], ...] = field(default=())
    """Hexes that a rule singles out (``data-rule`` and a class ``ruled`` on the cell)."""
    cell_classes: tuple[tuple[Spot, str], ...] = field(default=())
    """Extra classes for cells (``path-used``, ``path-alt`` ...), several allowed per hex."""
    legend: tuple[tuple[str, str], ...] = ()
    """(symbol, meaning) pairs, drawn under the board so no colour has to be decoded."""
    heat: tuple[tuple[Spot, Heat], ...] = ()
    """(hex, heat) pairs of an overlay: where the moving piece could stand and how good each hex is."""
    walls: tuple[Wall, ...] = ()
    """A square board's walls, outlines, low walls and doors, drawn over the squares."""
    lights: tuple[Light, ...] = ()
    """A square board's lights."""
    regions: tuple[Region, ...] = ()
    """The map's regions, drawn over the cells under the walls."""
    zone: Zone | None = None
    """An area effect's outline, drawn over the regions."""
    picture: tuple[int, int] | None = None
    """A square map's size ``(cols, rows)`` when a picture may lie under it: an empty ``<image>`` then spans squares
    ``[0, 0]`` to ``[cols, rows]``, for the page to fill with the picture of the map it imported."""
    corner_lines: tuple[CornerLine, ...] = ()
    """The lines between the two pieces' corners the rules count, each broken or clear."""
    counted: tuple[CountedPiece, ...] = ()
    """The pieces of a square map's lines that the centre line crosses and counts, outlined."""
    cell_words: tuple[tuple[Spot, str], ...] = field(default=())
    """Words a cell's name ends with (``"in fog"``: a region covering it), several allowed per cell, in order."""
