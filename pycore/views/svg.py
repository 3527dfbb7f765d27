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
import xml.etree.ElementTree as ET
import zlib
from dataclasses import dataclass
from typing import Any

from ..geometry.hexgrid import ODD, Hex, roffset_from_cube
from ..memo import recent_calls
from .drawing import (
    HEAT_PATTERNS,
    Board,
    Heat,
    Light,
    Mark,
    Piece,
    Plot,
    Region,
    Spot,
    SquareLayout,
    Wall,
    Zone,
)
from .plot import (
    HEX_SIZE,
    at,
    centre_of,
    corner_offsets,
    fmt,
    frame,
    hex_key,
)
from .svg_layers import region_patterns, segments_layer, walls_layer, zones_layer

SVG_NS = "http://www.w3.org/2000/svg"




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
    words: dict[Spot, list[str]] = {}
    for h, said in board.cell_words:
        words.setdefault(h, []).append(said)
    special = pieces.keys() | marks.keys() | ruled.keys() | extra.keys() | heat.keys() | words.keys()
    plain, keyed, pieced = _plain(board.cells, interactive, ident)
    first = board.cells[0]
    if len(pieced) > 4 * len(plain):
        pieced.clear()

    def cell(h: Spot) -> Cell:
        if h not in special:
            return plain[h]
        piece = pieces.get(h)
        alone = h not in marks and h not in ruled and h not in extra and h not in words
        if piece is not None and alone and h not in heat:
            made = pieced.get((h, piece))
            if made is None:
                made = pieced[(h, piece)] = _cell(layout, h, piece, (), None, (), interactive, h == first, ident)
            return made
        shade = heat.get(h)
        if shade is not None and piece is None and alone:
            made = pieced.get((h, shade))
            if made is None:
                made = pieced[(h, shade)] = _cell(layout, h, None, (), None, (), interactive, h == first, ident, shade)
            return made
        return _cell(layout, h, piece, tuple(marks.get(h, ())), ruled.get(h), tuple(extra.get(h, ())),
                     interactive, h == first, ident, heat.get(h), tuple(words.get(h, ())))

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
    asked about (see ``frame``); and a place for hexes drawn with only a piece or only an overlay's heat
    on them, by (hex, piece or heat), which mostly stay the same from one change to the next (a map's
    obstacles, the shading of hexes far from what moved)."""
    hit = _last_plain.get((interactive, ident))
    if hit is not None and hit[0] is cells:
        return hit[1]
    layout = frame(cells)[0]
    by_hex = {h: _cell(layout, h, None, (), None, (), interactive, index == 0, ident) for index, h in enumerate(cells)}
    value: PlainCells = (by_hex, {c.key: c for c in by_hex.values()}, {})
    _last_plain[(interactive, ident)] = (cells, value)
    return value


def _open(board: Board, layout: Plot, width: float, height: float, interactive: bool, ident: str) -> ET.Element:
    """The ``<svg>`` element with its title, description, patterns and a square map's picture slot (no hexes
    yet)."""
    svg = ET.Element("svg", {
        "xmlns": SVG_NS, "class": "hexboard" + (" hexboard--interactive" if interactive else ""),
        "viewBox": f"0 0 {fmt(width)} {fmt(height)}", "width": fmt(width), "height": fmt(height),
        "role": "group" if interactive else "img",
        "aria-labelledby": f"{ident}-title {ident}-desc",
    })
    ET.SubElement(svg, "title", {"id": f"{ident}-title"}).text = board.title
    ET.SubElement(svg, "desc", {"id": f"{ident}-desc"}).text = board.desc
    _defs(svg, ident)
    if board.picture is not None and isinstance(layout, SquareLayout):
        cols, rows = board.picture
        corner = at(layout, 0, 0)
        ET.SubElement(svg, "image", {"class": "hexboard-picture", "data-size": f"{cols},{rows}",
                                     "x": fmt(corner.x), "y": fmt(corner.y), "width": fmt(cols * layout.size),
                                     "height": fmt(rows * layout.size), "preserveAspectRatio": "none",
                                     "aria-hidden": "true"})
    return svg


def board_element(board: Board, *, interactive: bool = False, ident: str = "board") -> ET.Element:
    """The board as an SVG element tree; ``interactive`` adds focus and button semantics to each hex."""
    if not board.cells:
        raise ValueError("a board needs at least one hex")
    layout, width, height, _ = frame(board.cells)
    svg = _open(board, layout, width, height, interactive, ident)
    grid = ET.SubElement(svg, "g", {"class": "hexboard-cells"})
    # The letters and numbers drawn on the hexes go in a layer above the lines, so lines never hide them. On the
    # interactive board each hex is a button whose aria-label says its piece and marks in words; that layer is
    # hidden from assistive technology, so a button's visible text never differs from its name (axe:
    # label-content-name-mismatch).
    glyphs = ET.Element("g", {"class": "hexboard-glyphs", "aria-hidden": "true"})
    for cell in _cells(board, layout, interactive, ident):
        grid.append(ET.fromstring(cell.cell))
        if cell.glyphs:
            glyphs.extend(ET.fromstring(f"<g>{cell.glyphs}</g>"))
    zones = tuple(zones_layer(board.regions, board.zone, layout, ident))
    walls = walls_layer(board.walls, board.lights, layout, interactive, zones)
    if walls is not None:
        svg.append(walls)
    svg.extend(segments_layer(board, layout, ident))  # the lines under the pieces' letters, which stay readable
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
    region_patterns(defs, ident)
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


def _cell_attributes(h: Spot, piece: Piece | None, marks: tuple[Mark, ...], rule: str | None, extra: tuple[str, ...],
                     interactive: bool, first: bool, heat: Heat | None,
                     within: tuple[str, ...] = ()) -> tuple[dict[str, str], str]:
    """A cell's attributes (its classes, key, place, piece, rule, the words of the regions covering it, and on the
    page its button role) and what it is in words (``"hex 2, 1: attacker, in fog"``)."""
    col, row = roffset_from_cube(ODD, h) if isinstance(h, Hex) else h
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
    said = ": ".join([words[0], ", ".join([*(words[1:] or ["empty"]), *within])])
    attrs = {"class": " ".join(classes), "data-hex": hex_key(h), "data-col": str(col), "data-row": str(row)}
    if within:
        attrs["data-within"] = ", ".join(within)  # for the page's words on a tap, as they are (never parsed)
    if heat:
        attrs["data-heat"] = str(heat.band)
    if piece:
        attrs["data-piece"] = piece.kind
    shown_rule = rule or (piece.rule if piece else "")
    if shown_rule:
        attrs["data-rule"] = shown_rule
    if interactive:
        attrs.update({"role": "button", "tabindex": "0" if first else "-1", "aria-label": said})
    return attrs, said


@functools.lru_cache(maxsize=8192)
def _cell(layout: Plot, h: Spot, piece: Piece | None, marks: tuple[Mark, ...], rule: str | None, extra: tuple[str, ...],
          interactive: bool, first: bool, ident: str, heat: Heat | None = None, within: tuple[str, ...] = ()) -> Cell:
    """One hex's markup (cached: on a big map most hexes look the same from one change to the next)."""
    centre = centre_of(layout, h)
    key = hex_key(h)
    attrs, said = _cell_attributes(h, piece, marks, rule, extra, interactive, first, heat, within)
    g = ET.Element("g", attrs)
    if not interactive:
        ET.SubElement(g, "title").text = said
    points = " ".join(f"{fmt(centre.x + o.x)},{fmt(centre.y + o.y)}" for o in corner_offsets(layout))
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
        element = ET.Element("text", attrs)  # in the layer above the lines (``board_element``)
        element.text = text
        glyphs.append(element)

    if piece:
        if piece.kind not in ("partial", "total"):
            ET.SubElement(g, "circle", {"cx": fmt(centre.x), "cy": fmt(centre.y), "r": fmt(HEX_SIZE * 0.62), "class": "piece"})
        glyph({"x": fmt(centre.x), "y": fmt(centre.y + 4), **tag, "class": f"piece-symbol piece-symbol--{piece.kind}",
               "text-anchor": "middle"}, piece.symbol)
    for i, mark in enumerate(marks):
        dy = -HEX_SIZE * 0.55 if i == 0 else HEX_SIZE * 0.8
        attrs = {"x": fmt(centre.x), "y": fmt(centre.y + dy), **tag, "class": f"mark mark--{mark.kind}",
                 "text-anchor": "middle"}
        if mark.rule:
            attrs["data-rule"] = mark.rule
        glyph(attrs, mark.text)
    plain = not (piece or marks or rule or extra or heat or within)
    cell, glyph_markup = ET.tostring(g, encoding="unicode"), "".join(ET.tostring(e, encoding="unicode") for e in glyphs)
    digest = "" if plain else f"{zlib.crc32((cell + glyph_markup).encode('utf-8')):08x}"
    return Cell(key, plain, cell, glyph_markup, digest)


def board_svg(board: Board, *, interactive: bool = False, ident: str = "board") -> str:
    """The board as an SVG string (byte-stable for the same input): ``board_element`` serialized, put
    together from the cached markup of each hex."""
    if not board.cells:
        raise ValueError("a board needs at least one hex")
    layout, width, height, _ = frame(board.cells)
    head = ET.tostring(_open(board, layout, width, height, interactive, ident), encoding="unicode")
    cells = _cells(board, layout, interactive, ident)
    parts = [head.removesuffix("</svg>"), '<g class="hexboard-cells">', *(c.cell for c in cells), "</g>",
             _walls_markup(board, layout, interactive, ident)]
    parts.extend(ET.tostring(e, encoding="unicode") for e in segments_layer(board, layout, ident))
    glyphs = "".join(c.glyphs for c in cells)
    parts.append(f'<g class="hexboard-glyphs" aria-hidden="true">{glyphs}</g>' if glyphs
                 else '<g class="hexboard-glyphs" aria-hidden="true" />')
    parts.append("</svg>")
    return "".join(parts)


WALLS_KEY = "walls"
"""The walls layer's key among the digests a page holds (no cell's key: those are ``"a,b"``)."""


def _walls_drawn(board: Board, layout: Plot, interactive: bool, ident: str) -> tuple[str, str]:
    """The walls layer (with the regions and the area under its lines) serialized ("" when there is none) and its
    digest."""
    return _walls_serialized(board.walls, board.lights, layout, interactive, board.regions, board.zone, ident)


@recent_calls(2)
def _walls_serialized(walls: tuple[Wall, ...], lights: tuple[Light, ...], layout: Plot, interactive: bool,
                      regions: tuple[Region, ...] = (), zone: Zone | None = None,
                      ident: str = "board") -> tuple[str, str]:
    """``walls_layer`` serialized and its digest, remembered: a map's walls stay put while its pieces move (a view hands
    the very same tuples again, found at once), and an exported map has thousands."""
    layer = walls_layer(walls, lights, layout, interactive, tuple(zones_layer(regions, zone, layout, ident)))
    markup = "" if layer is None else ET.tostring(layer, encoding="unicode")
    return markup, f"{zlib.crc32(markup.encode('utf-8')):08x}" if markup else ""


def _walls_markup(board: Board, layout: Plot, interactive: bool, ident: str) -> str:
    """The walls layer's markup ("" when there is none)."""
    return _walls_drawn(board, layout, interactive, ident)[0]


def board_frame(board: Board, *, interactive: bool = False, ident: str = "board") -> str:
    """A key for what a patch cannot change: the hexes drawn (so the layout), the mode and the ids."""
    picture = "" if board.picture is None else f"-picture{board.picture[0]}x{board.picture[1]}"
    return f"{frame(board.cells)[3]}-{'i' if interactive else 'p'}-{ident}{picture}"


def board_marks(board: Board, *, interactive: bool = False, ident: str = "board") -> dict[str, str]:
    """Hex key -> digest of every hex that is not plain, as ``board_svg`` draws them."""
    layout = frame(board.cells)[0]
    marks = {c.key: c.digest for c in _cells(board, layout, interactive, ident, only=set()) if not c.plain}
    walls = _walls_drawn(board, layout, interactive, ident)[1]
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
    layout = frame(board.cells)[0]
    cells = {}
    for c in _cells(board, layout, interactive, ident, only=set(shown) - {WALLS_KEY}):
        if shown.get(c.key) != c.digest:
            cells[c.key] = [c.digest, c.cell, c.glyphs]
    walls, digest = _walls_drawn(board, layout, interactive, ident)
    changed = {"walls": [digest, walls]} if shown.get(WALLS_KEY, "") != digest else {}
    return {
        "frame": board_frame(board, interactive=interactive, ident=ident),
        "cells": cells,
        "segments": "".join(ET.tostring(e, encoding="unicode") for e in segments_layer(board, layout, ident)),
        **changed,
        "title": board.title,
        "desc": board.desc,
    }
