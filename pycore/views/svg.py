"""Hex-board and square-board diagrams as SVG, built with ``xml.etree``: the same picture in the rulebook and the
calculators.

A ``Board`` says what stands where and what the rules drew on it; ``board_svg`` turns it into byte-stable SVG. A
board's cells are hexes or squares (``[col, row]``, keyed ``"col,row"`` as a hex is ``"q,r"``, so the page treats
both alike); a square board also draws its walls, doors and lights. Every element carries classes that say what it
is, ``data-rule`` where a rule decides its look, and text or patterns besides colour, so the picture reads in light
and dark themes, in print and to a screen reader (``<title>`` and ``<desc>`` say it in words).
"""

from __future__ import annotations

import functools
import hashlib
import xml.etree.ElementTree as ET
import zlib
from dataclasses import dataclass, field
from typing import Any

from ..geometry.hexgrid import ODD, POINTY, Hex, Layout, Point, corner_offset, polygon, roffset_from_cube, to_pixel
from ..geometry.squaregrid import Square
from ..memo import recent_calls

SVG_NS = "http://www.w3.org/2000/svg"
HEX_SIZE = 20.0
"""Centre-to-corner size of one hex, in SVG user units."""
MARGIN = 6.0
SQUARE_SIZE = 34.0
"""Side of one square, in SVG user units: about a hex's width (``HEX_SIZE`` times the square root of 3)."""
DOOR_REACH = SQUARE_SIZE / 2
"""How far around a door a tap still finds it, in SVG user units: half a square each way, so a door's handle is a
whole square across, as large as a cell to a finger."""
LIGHT_DOT = 4.0
"""Radius of a light's dot, in SVG user units (its reach is drawn to scale around it)."""

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
class Lamp:
    """A light of a square map: a dot where it stands and its reach, in grid units."""

    at: tuple[float, float]
    """Where it stands."""
    reach: float
    """How far it lights, in squares."""
    label: str
    """What it is, in words."""


@dataclass(frozen=True)
class CornerLine:
    """One line of a square map from a corner of the attacker's square to a corner of the target's, as the rules
    count them (Classic d20's corner lines): broken ones drawn apart from clear ones."""

    start: tuple[float, float]
    """The attacker's corner, in grid units."""
    end: tuple[float, float]
    """The target's corner, in grid units."""
    broken: bool
    """Whether something on the map breaks it."""
    rule: str | None = None
    """Id of the rule the line illustrates; None: none."""


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
    lamps: tuple[Lamp, ...] = ()
    """A square board's lights."""
    picture: tuple[int, int] | None = None
    """A square map's size ``(cols, rows)`` when a picture may lie under it: an empty ``<image>`` then spans squares
    ``[0, 0]`` to ``[cols, rows]``, for the page to fill with the picture of the map it imported."""
    corner_lines: tuple[CornerLine, ...] = ()
    """On a square map, the lines between the two pieces' corners the rules count, each broken or clear."""


def _fmt(x: float) -> str:
    """Coordinates with two decimals, no trailing zeros: stable bytes across platforms."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@functools.lru_cache(maxsize=8)
def _frame_of(cells: tuple[Spot, ...]) -> tuple[Plot, float, float, str]:
    """A layout (pointy-top hexes, or squares) whose top-left drawn corner sits at the margin, the picture size,
    and a key naming this set of cells and their kind (cached: a board keeps its cells while its pieces change)."""
    squares = not isinstance(cells[0], Hex)
    base: Plot = (SquareLayout(SQUARE_SIZE, Point(0.0, 0.0)) if squares
                  else Layout(POINTY, Point(HEX_SIZE, HEX_SIZE), Point(0.0, 0.0)))
    xs = [p.x for h in cells for p in _outline(base, h)]
    ys = [p.y for h in cells for p in _outline(base, h)]
    origin = Point(MARGIN - min(xs), MARGIN - min(ys))
    layout: Plot = SquareLayout(SQUARE_SIZE, origin) if squares else Layout(POINTY, Point(HEX_SIZE, HEX_SIZE), origin)
    named = ("square " if squares else "") + " ".join(hex_key(h) for h in cells)
    key = hashlib.sha256(named.encode("ascii")).hexdigest()[:16]
    return layout, max(xs) - min(xs) + 2 * MARGIN, max(ys) - min(ys) + 2 * MARGIN, key


def _centre(layout: Plot, h: Spot) -> Point:
    """The centre of a hex or a square, in SVG user units."""
    if isinstance(layout, SquareLayout):
        assert not isinstance(h, Hex)
        return Point(layout.origin.x + (h[0] + 0.5) * layout.size, layout.origin.y + (h[1] + 0.5) * layout.size)
    assert isinstance(h, Hex)
    return to_pixel(layout, h)


def _outline(layout: Plot, h: Spot) -> list[Point]:
    """The corners of a hex (six) or a square (four, clockwise from the top left), in SVG user units."""
    if isinstance(layout, SquareLayout):
        c = _centre(layout, h)
        half = layout.size / 2
        return [Point(c.x + dx * half, c.y + dy * half) for dx, dy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
    assert isinstance(h, Hex)
    return polygon(layout, h)


def _at(layout: Plot, x: float, y: float) -> Point:
    """A point of a square map (grid units) in SVG user units."""
    assert isinstance(layout, SquareLayout)
    return Point(layout.origin.x + x * layout.size, layout.origin.y + y * layout.size)


_last_frame: list[tuple[tuple[Spot, ...], tuple[Plot, float, float, str]]] = []


def _frame(cells: tuple[Spot, ...]) -> tuple[Plot, float, float, str]:
    """``_frame_of``, remembered for the very tuple last asked about (a map's cells are one cached tuple, and
    hashing 1,600 hexes for the cache on every change is time a click does not have)."""
    if _last_frame and _last_frame[0][0] is cells:
        return _last_frame[0][1]
    value = _frame_of(cells)
    _last_frame[:] = [(cells, value)]
    return value


@functools.lru_cache(maxsize=4)
def _corner_offsets(layout: Plot) -> tuple[Point, ...]:
    """The corner offsets from a cell's centre (the same for every cell of a layout): six for a hex, four for a
    square."""
    if isinstance(layout, SquareLayout):
        half = layout.size / 2
        return tuple(Point(dx * half, dy * half) for dx, dy in ((-1, -1), (1, -1), (1, 1), (-1, 1)))
    return tuple(corner_offset(layout, i) for i in range(6))


def hex_key(h: Spot) -> str:
    """``"q,r"`` for a hex, ``"col,row"`` for a square: the key used in ``data-hex`` attributes."""
    return f"{h.q},{h.r}" if isinstance(h, Hex) else f"{h[0]},{h[1]}"


@dataclass(frozen=True)
class Cell:
    """One hex as drawn: its ``<g>`` and, on an interactive board, its glyphs in the layer above."""

    key: str
    """The hex's ``data-hex`` key (``"q,r"``)."""
    plain: bool
    """Nothing on it: no piece, mark, rule or extra class (how most hexes of a big map look)."""
    cell: str
    """The markup of the hex's cell group."""
    glyphs: str
    """The markup of the hex's symbols and marks."""
    digest: str
    """A short checksum of the markup ("" for a plain hex): what a page remembers it shows."""


def _cells(board: Board, layout: Plot, interactive: bool, ident: str, only: set[str] | None = None) -> list[Cell]:
    """Every hex of the board in drawing order; with ``only``, just the hexes that are not plain and
    those keyed in ``only`` (in no particular order)."""
    pieces = dict(board.pieces)
    marks: dict[Spot, list[Mark]] = {}
    for h, m in board.marks:
        marks.setdefault(h, []).append(m)
    ruled = dict(board.cell_rules)
    extra: dict[Spot, list[str]] = {}
    for h, cls in board.cell_classes:
        extra.setdefault(h, []).append(cls)
    heat = dict(board.heat)
    special = pieces.keys() | marks.keys() | ruled.keys() | extra.keys() | heat.keys()
    plain, keyed, pieced = _plain(board.cells, interactive, ident)
    first = board.cells[0]
    if len(pieced) > 4 * len(plain):
        pieced.clear()

    def cell(h: Spot) -> Cell:
        if h not in special:
            return plain[h]
        piece = pieces.get(h)
        if piece is not None and h not in marks and h not in ruled and h not in extra and h not in heat:
            made = pieced.get((h, piece))
            if made is None:
                made = pieced[(h, piece)] = _cell(layout, h, piece, (), None, (), interactive, h == first, ident)
            return made
        shade = heat.get(h)
        if shade is not None and piece is None and h not in marks and h not in ruled and h not in extra:
            made = pieced.get((h, shade))
            if made is None:
                made = pieced[(h, shade)] = _cell(layout, h, None, (), None, (), interactive, h == first, ident, shade)
            return made
        return _cell(layout, h, piece, tuple(marks.get(h, ())), ruled.get(h), tuple(extra.get(h, ())),
                     interactive, h == first, ident, heat.get(h))

    if only is None:
        return [cell(h) for h in board.cells]
    out = [cell(h) for h in special if h in plain]
    drawn = {c.key for c in out}
    out.extend(keyed[k] for k in only if k in keyed and k not in drawn)
    return out


PlainCells = tuple[dict[Spot, Cell], dict[str, Cell], dict[tuple[Spot, Piece | Heat], Cell]]
_last_plain: dict[tuple[bool, str], tuple[tuple[Spot, ...], PlainCells]] = {}


def _plain(cells: tuple[Spot, ...], interactive: bool, ident: str) -> PlainCells:
    """Every hex drawn with nothing on it (most of a big map), by hex and by key, for the very tuple last
    asked about (see ``_frame``); and a place for hexes drawn with only a piece or only an overlay's heat
    on them, by (hex, piece or heat), which mostly stay the same from one change to the next (a map's
    obstacles, the shading of hexes far from what moved)."""
    hit = _last_plain.get((interactive, ident))
    if hit is not None and hit[0] is cells:
        return hit[1]
    layout = _frame(cells)[0]
    by_hex = {h: _cell(layout, h, None, (), None, (), interactive, index == 0, ident) for index, h in enumerate(cells)}
    value: PlainCells = (by_hex, {c.key: c for c in by_hex.values()}, {})
    _last_plain[(interactive, ident)] = (cells, value)
    return value


def _open(board: Board, layout: Plot, width: float, height: float, interactive: bool, ident: str) -> ET.Element:
    """The ``<svg>`` element with its title, description, patterns and a square map's picture slot (no hexes
    yet)."""
    svg = ET.Element("svg", {
        "xmlns": SVG_NS, "class": "hexboard" + (" hexboard--interactive" if interactive else ""),
        "viewBox": f"0 0 {_fmt(width)} {_fmt(height)}", "width": _fmt(width), "height": _fmt(height),
        "role": "group" if interactive else "img",
        "aria-labelledby": f"{ident}-title {ident}-desc",
    })
    ET.SubElement(svg, "title", {"id": f"{ident}-title"}).text = board.title
    ET.SubElement(svg, "desc", {"id": f"{ident}-desc"}).text = board.desc
    _defs(svg, ident)
    if board.picture is not None and isinstance(layout, SquareLayout):
        cols, rows = board.picture
        corner = _at(layout, 0, 0)
        ET.SubElement(svg, "image", {"class": "hexboard-picture", "data-size": f"{cols},{rows}",
                                     "x": _fmt(corner.x), "y": _fmt(corner.y), "width": _fmt(cols * layout.size),
                                     "height": _fmt(rows * layout.size), "preserveAspectRatio": "none",
                                     "aria-hidden": "true"})
    return svg


def _segments(board: Board, layout: Plot, ident: str) -> list[ET.Element]:
    """The lines drawn over the hexes."""
    out = []
    for seg in board.segments:
        a, b = _centre(layout, seg.start), _centre(layout, seg.end)
        attrs = {"class": f"hexboard-segment hexboard-segment--{seg.kind}", "x1": _fmt(a.x), "y1": _fmt(a.y),
                 "x2": _fmt(b.x), "y2": _fmt(b.y), "marker-end": f"url(#{ident}-arrow)"}
        if seg.rule:
            attrs["data-rule"] = seg.rule
        line = ET.Element("line", attrs)
        ET.SubElement(line, "title").text = seg.label
        out.append(line)
    for corner in board.corner_lines:
        a, b = _at(layout, *corner.start), _at(layout, *corner.end)
        how = "broken" if corner.broken else "clear"
        attrs = {"class": f"hexboard-segment hexboard-segment--corner hexboard-segment--{how}", "x1": _fmt(a.x),
                 "y1": _fmt(a.y), "x2": _fmt(b.x), "y2": _fmt(b.y)}
        if corner.rule:
            attrs["data-rule"] = corner.rule
        out.append(ET.Element("line", attrs))  # named together in the board's description, not one by one
    return out


def _points(layout: Plot, points: tuple[tuple[float, float], ...]) -> str:
    """A polyline of a square map as an SVG ``points`` attribute."""
    return " ".join(f"{_fmt(p.x)},{_fmt(p.y)}" for p in (_at(layout, x, y) for x, y in points))


def _walls(walls: tuple[Wall, ...], lamps: tuple[Lamp, ...], layout: Plot, interactive: bool) -> ET.Element | None:
    """A square board's lights, walls and doors, in that order (a door on top, where a tap finds it); None when it
    has none. On an interactive board each door is a button (``data-door``, its index in ``map.doors``): a tap or
    Enter opens or closes it. An unpainted box around a door, ``DOOR_REACH`` beyond it every way, is what a finger
    hits (and gives the button a size: a straight line's own box has no width)."""
    if not (walls or lamps):
        return None
    layer = ET.Element("g", {"class": "hexboard-walls"})
    for lamp in lamps:
        centre = _at(layout, *lamp.at)
        g = ET.SubElement(layer, "g", {"class": "lamp"})
        ET.SubElement(g, "title").text = lamp.label
        ET.SubElement(g, "circle", {"cx": _fmt(centre.x), "cy": _fmt(centre.y), "r": _fmt(lamp.reach * SQUARE_SIZE),
                                    "class": "lamp-reach"})
        ET.SubElement(g, "circle", {"cx": _fmt(centre.x), "cy": _fmt(centre.y), "r": _fmt(LIGHT_DOT), "class": "lamp-dot"})
    for wall in sorted(walls, key=lambda w: w.kind == "door"):
        points = _points(layout, wall.points)
        if wall.kind != "door":
            attrs = {"points": points, "class": f"wall wall--{wall.kind}"}
            if wall.rule:
                attrs["data-rule"] = wall.rule
            ET.SubElement(ET.SubElement(layer, "polyline", attrs), "title").text = wall.label
            continue
        attrs = {"class": f"door door--{'open' if wall.open else 'closed'}", "data-door": str(wall.index)}
        if wall.rule:
            attrs["data-rule"] = wall.rule
        if interactive:
            attrs.update({"role": "button", "tabindex": "0",
                          "aria-label": f"{wall.label}: {'close' if wall.open else 'open'} it"})
        g = ET.SubElement(layer, "g", attrs)
        if not interactive:
            ET.SubElement(g, "title").text = wall.label
        corners = [_at(layout, x, y) for x, y in wall.points]
        x0, y0 = min(p.x for p in corners) - DOOR_REACH, min(p.y for p in corners) - DOOR_REACH
        x1, y1 = max(p.x for p in corners) + DOOR_REACH, max(p.y for p in corners) + DOOR_REACH
        ET.SubElement(g, "rect", {"x": _fmt(x0), "y": _fmt(y0), "width": _fmt(x1 - x0), "height": _fmt(y1 - y0),
                                  "class": "door-hit"})
        # a dark casing under a bright bar: it stands out on a light or a dark picture alike
        ET.SubElement(g, "polyline", {"points": points, "class": "door-case"})
        ET.SubElement(g, "polyline", {"points": points, "class": "door-line"})
    return layer


def board_element(board: Board, *, interactive: bool = False, ident: str = "board") -> ET.Element:
    """The board as an SVG element tree; ``interactive`` adds focus and button semantics to each hex."""
    if not board.cells:
        raise ValueError("a board needs at least one hex")
    layout, width, height, _ = _frame(board.cells)
    svg = _open(board, layout, width, height, interactive, ident)
    grid = ET.SubElement(svg, "g", {"class": "hexboard-cells"})
    # On the interactive board each hex is a button whose aria-label says its piece and marks in words;
    # the letters and numbers drawn on it go in a layer above, hidden from assistive technology, so a
    # button's visible text never differs from its name (axe: label-content-name-mismatch).
    glyphs = ET.Element("g", {"class": "hexboard-glyphs", "aria-hidden": "true"}) if interactive else None
    for cell in _cells(board, layout, interactive, ident):
        grid.append(ET.fromstring(cell.cell))
        if glyphs is not None and cell.glyphs:
            glyphs.extend(ET.fromstring(f"<g>{cell.glyphs}</g>"))
    walls = _walls(board.walls, board.lamps, layout, interactive)
    if walls is not None:
        svg.append(walls)
    svg.extend(_segments(board, layout, ident))  # the lines under the pieces' letters, which stay readable
    if glyphs is not None:
        svg.append(glyphs)
    return svg


def legend_element(board: Board) -> ET.Element:
    """The board's key as an HTML list: every symbol in words."""
    ul = ET.Element("ul", {"class": "hexboard-legend"})
    for symbol, meaning in board.legend:
        li = ET.SubElement(ul, "li")
        ET.SubElement(li, "span", {"class": "hexboard-legend-symbol"}).text = symbol
        ET.SubElement(li, "span").text = meaning
    return ul


def legend_html(board: Board) -> str:
    """The board's key (``legend_element``) as HTML text."""
    return ET.tostring(legend_element(board), encoding="unicode", method="html")


def _defs(svg: ET.Element, ident: str) -> None:
    defs = ET.SubElement(svg, "defs")
    hatch = ET.SubElement(defs, "pattern", {"id": f"{ident}-hatch", "class": "hexboard-hatch", "width": "6", "height": "6",
                                            "patternUnits": "userSpaceOnUse", "patternTransform": "rotate(45)"})
    ET.SubElement(hatch, "line", {"x1": "0", "y1": "0", "x2": "0", "y2": "6", "class": "hexboard-hatch-line"})
    cross = ET.SubElement(defs, "pattern", {"id": f"{ident}-cross", "class": "hexboard-cross", "width": "6", "height": "6",
                                            "patternUnits": "userSpaceOnUse"})
    ET.SubElement(cross, "path", {"d": "M0 0L6 6M6 0L0 6", "class": "hexboard-hatch-line"})
    _heat_patterns(defs, ident)
    marker = ET.SubElement(defs, "marker", {"id": f"{ident}-arrow", "viewBox": "0 0 10 10", "refX": "9", "refY": "5",
                                            "markerWidth": "6", "markerHeight": "6", "orient": "auto-start-reverse"})
    ET.SubElement(marker, "path", {"d": "M0 0L10 5L0 10z", "class": "hexboard-arrow"})


def _heat_patterns(defs: ET.Element, ident: str) -> None:
    """The overlay's second cue, unlike the obstacles' diagonal hatch and cross: sparse dots, dense dots,
    level lines and plus signs, from the worst band with a chance to the best."""
    shapes = (("heat-dots", "8", "circle", {"cx": "2", "cy": "2", "r": "1"}),
              ("heat-dense", "4", "circle", {"cx": "2", "cy": "2", "r": "1"}),
              ("heat-lines", "4", "path", {"d": "M0 2H4"}),
              ("heat-plus", "8", "path", {"d": "M4 1V7M1 4H7"}))
    for name, step, tag, attrs in shapes:
        pattern = ET.SubElement(defs, "pattern", {"id": f"{ident}-{name}", "class": "hexboard-heat-cue", "width": step,
                                                  "height": step, "patternUnits": "userSpaceOnUse"})
        ET.SubElement(pattern, tag, {**attrs, "class": "hexboard-heat-mark"})


@functools.lru_cache(maxsize=8192)
def _cell(layout: Plot, h: Spot, piece: Piece | None, marks: tuple[Mark, ...], rule: str | None, extra: tuple[str, ...],
          interactive: bool, first: bool, ident: str, heat: Heat | None = None) -> Cell:
    """One hex's markup (cached: on a big map most hexes look the same from one change to the next)."""
    centre = _centre(layout, h)
    col, row = roffset_from_cube(ODD, h) if isinstance(h, Hex) else h
    key = hex_key(h)
    words = [f"hex {h.q}, {h.r}" if isinstance(h, Hex) else f"square {h[0]}, {h[1]}"]
    classes = ["hex"] if isinstance(h, Hex) else ["hex", "square"]
    if piece:
        classes.append(f"hex--{piece.kind}")
        words.append(piece.label)
    if rule:
        classes.append("ruled")
    classes.extend(extra)
    if heat:
        classes.extend(("heat", f"heat--{heat.band}"))
        words.append(heat.label)
    words.extend(m.label for m in marks)
    attrs = {"class": " ".join(classes), "data-hex": key, "data-col": str(col), "data-row": str(row)}
    if heat:
        attrs["data-heat"] = str(heat.band)
    if piece:
        attrs["data-piece"] = piece.kind
    shown_rule = rule or (piece.rule if piece else "")
    if shown_rule:
        attrs["data-rule"] = shown_rule
    if interactive:
        attrs.update({"role": "button", "tabindex": "0" if first else "-1",
                      "aria-label": ": ".join([words[0], ", ".join(words[1:]) or "empty"])})
    g = ET.Element("g", attrs)
    if not interactive:
        ET.SubElement(g, "title").text = ": ".join([words[0], ", ".join(words[1:]) or "empty"])
    points = " ".join(f"{_fmt(centre.x + o.x)},{_fmt(centre.y + o.y)}" for o in _corner_offsets(layout))
    ET.SubElement(g, "polygon", {"points": points, "class": "hex-shape"})
    if heat:
        ET.SubElement(g, "polygon", {"points": points, "class": f"hex-heat hex-heat--{heat.band}"})
        if HEAT_PATTERNS[heat.band]:
            ET.SubElement(g, "polygon", {"points": points, "class": "hex-heat-cue",
                                         "fill": f"url(#{ident}-{HEAT_PATTERNS[heat.band]})"})
    if piece and piece.kind in ("partial", "total"):
        pattern = "hatch" if piece.kind == "partial" else "cross"
        ET.SubElement(g, "polygon", {"points": points, "class": f"hex-fill hex-fill--{piece.kind}",
                                     "fill": f"url(#{ident}-{pattern})"})
    glyphs: list[ET.Element] = []
    tag = {"data-hex": key} if interactive else {}

    def glyph(attrs: dict[str, str], text: str) -> None:
        element = ET.Element("text", attrs) if interactive else ET.SubElement(g, "text", attrs)
        element.text = text
        if interactive:
            glyphs.append(element)

    if piece:
        if piece.kind not in ("partial", "total"):
            ET.SubElement(g, "circle", {"cx": _fmt(centre.x), "cy": _fmt(centre.y), "r": _fmt(HEX_SIZE * 0.62), "class": "piece"})
        glyph({"x": _fmt(centre.x), "y": _fmt(centre.y + 4), **tag, "class": f"piece-symbol piece-symbol--{piece.kind}",
               "text-anchor": "middle"}, piece.symbol)
    for i, mark in enumerate(marks):
        dy = -HEX_SIZE * 0.55 if i == 0 else HEX_SIZE * 0.8
        attrs = {"x": _fmt(centre.x), "y": _fmt(centre.y + dy), **tag, "class": f"mark mark--{mark.kind}",
                 "text-anchor": "middle"}
        if mark.rule:
            attrs["data-rule"] = mark.rule
        glyph(attrs, mark.text)
    plain = not (piece or marks or rule or extra or heat)
    cell, glyph_markup = ET.tostring(g, encoding="unicode"), "".join(ET.tostring(e, encoding="unicode") for e in glyphs)
    digest = "" if plain else f"{zlib.crc32((cell + glyph_markup).encode('utf-8')):08x}"
    return Cell(key, plain, cell, glyph_markup, digest)


def board_svg(board: Board, *, interactive: bool = False, ident: str = "board") -> str:
    """The board as an SVG string (byte-stable for the same input): ``board_element`` serialized, put
    together from the cached markup of each hex."""
    if not board.cells:
        raise ValueError("a board needs at least one hex")
    layout, width, height, _ = _frame(board.cells)
    head = ET.tostring(_open(board, layout, width, height, interactive, ident), encoding="unicode")
    cells = _cells(board, layout, interactive, ident)
    parts = [head.removesuffix("</svg>"), '<g class="hexboard-cells">', *(c.cell for c in cells), "</g>",
             _walls_markup(board, layout, interactive)]
    parts.extend(ET.tostring(e, encoding="unicode") for e in _segments(board, layout, ident))
    if interactive:
        glyphs = "".join(c.glyphs for c in cells)
        parts.append(f'<g class="hexboard-glyphs" aria-hidden="true">{glyphs}</g>' if glyphs
                     else '<g class="hexboard-glyphs" aria-hidden="true" />')
    parts.append("</svg>")
    return "".join(parts)


WALLS_KEY = "walls"
"""The walls layer's key among the digests a page holds (no cell's key: those are ``"a,b"``)."""


def _walls_drawn(board: Board, layout: Plot, interactive: bool) -> tuple[str, str]:
    """The walls layer serialized ("" when there is none) and its digest."""
    return _walls_serialized(board.walls, board.lamps, layout, interactive)


@recent_calls(2)
def _walls_serialized(walls: tuple[Wall, ...], lamps: tuple[Lamp, ...], layout: Plot,
                      interactive: bool) -> tuple[str, str]:
    """``_walls`` serialized and its digest, remembered: a map's walls stay put while its pieces move (a view hands
    the very same tuples again, found at once), and an exported map has thousands."""
    layer = _walls(walls, lamps, layout, interactive)
    markup = "" if layer is None else ET.tostring(layer, encoding="unicode")
    return markup, f"{zlib.crc32(markup.encode('utf-8')):08x}" if markup else ""


def _walls_markup(board: Board, layout: Plot, interactive: bool) -> str:
    """The walls layer's markup ("" when there is none)."""
    return _walls_drawn(board, layout, interactive)[0]


def board_frame(board: Board, *, interactive: bool = False, ident: str = "board") -> str:
    """A key for what a patch cannot change: the hexes drawn (so the layout), the mode and the ids."""
    picture = "" if board.picture is None else f"-picture{board.picture[0]}x{board.picture[1]}"
    return f"{_frame(board.cells)[3]}-{'i' if interactive else 'p'}-{ident}{picture}"


def board_marks(board: Board, *, interactive: bool = False, ident: str = "board") -> dict[str, str]:
    """Hex key -> digest of every hex that is not plain, as ``board_svg`` draws them."""
    layout = _frame(board.cells)[0]
    marks = {c.key: c.digest for c in _cells(board, layout, interactive, ident, only=set()) if not c.plain}
    walls = _walls_drawn(board, layout, interactive)[1]
    if walls:
        marks[WALLS_KEY] = walls
    return marks


def board_patch(board: Board, shown: dict[str, str], *, interactive: bool = False, ident: str = "board") -> dict[str, Any]:
    """What turns a drawing of the same frame into this one: the hexes that differ from ``shown`` (hex key ->
    digest of what the page shows; plain hexes are left out of it), the lines, the walls layer (whole: a door opened),
    the title and the description.

    Each changed hex comes as ``[digest, cell markup, glyph markup]``; a digest of ``""`` means it is plain now. The
    walls layer comes as ``[digest, markup]`` only when its digest differs from ``shown["walls"]``.
    """
    layout = _frame(board.cells)[0]
    cells = {}
    for c in _cells(board, layout, interactive, ident, only=set(shown) - {WALLS_KEY}):
        if shown.get(c.key) != c.digest:
            cells[c.key] = [c.digest, c.cell, c.glyphs]
    walls, digest = _walls_drawn(board, layout, interactive)
    changed = {"walls": [digest, walls]} if shown.get(WALLS_KEY, "") != digest else {}
    return {
        "frame": board_frame(board, interactive=interactive, ident=ident),
        "cells": cells,
        "segments": "".join(ET.tostring(e, encoding="unicode") for e in _segments(board, layout, ident)),
        **changed,
        "title": board.title,
        "desc": board.desc,
    }
