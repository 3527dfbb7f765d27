"""Hex-board diagrams as SVG, built with ``xml.etree``: the same picture in the rulebook and the calculators.

A ``Board`` says what stands where and what the rules drew on it; ``board_svg`` turns it into
byte-stable SVG. Every element carries classes that say what it is, ``data-rule`` where a rule
decides its look, and text or patterns besides colour, so the picture reads in light and dark
themes, in print and to a screen reader (``<title>`` and ``<desc>`` say it in words).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from .hexgrid import ODD, POINTY, Hex, Layout, Point, polygon, roffset_from_cube, to_pixel

SVG_NS = "http://www.w3.org/2000/svg"
HEX_SIZE = 20.0
"""Centre-to-corner size of one hex, in SVG user units."""
MARGIN = 6.0


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


@dataclass(frozen=True)
class Mark:
    """A number or word a rule writes on a hex (a stray-shot slot, a chance, a crossing)."""

    kind: str
    text: str
    label: str
    rule: str | None = None


@dataclass(frozen=True)
class Segment:
    """A line drawn from hex centre to hex centre (line of fire, line of sight)."""

    start: Hex
    end: Hex
    kind: str
    label: str
    rule: str | None = None


@dataclass(frozen=True)
class Board:
    """Everything one diagram shows."""

    cells: tuple[Hex, ...]
    """The hexes drawn, in drawing order."""
    title: str
    desc: str
    pieces: tuple[tuple[Hex, Piece], ...] = ()
    marks: tuple[tuple[Hex, Mark], ...] = ()
    segments: tuple[Segment, ...] = ()
    cell_rules: tuple[tuple[Hex, str], ...] = field(default=())
    """Hexes that a rule singles out (``data-rule`` and a class ``ruled`` on the cell)."""
    cell_classes: tuple[tuple[Hex, str], ...] = field(default=())
    """Extra classes for cells (``path-used``, ``path-alt`` ...), several allowed per hex."""
    legend: tuple[tuple[str, str], ...] = ()
    """(symbol, meaning) pairs, drawn under the board so no colour has to be decoded."""


def _fmt(x: float) -> str:
    """Coordinates with two decimals, no trailing zeros: stable bytes across platforms."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _layout(cells: tuple[Hex, ...]) -> tuple[Layout, float, float]:
    """A pointy-top layout whose top-left drawn corner sits at the margin, and the picture size."""
    base = Layout(POINTY, Point(HEX_SIZE, HEX_SIZE), Point(0.0, 0.0))
    xs = [p.x for h in cells for p in polygon(base, h)]
    ys = [p.y for h in cells for p in polygon(base, h)]
    origin = Point(MARGIN - min(xs), MARGIN - min(ys))
    layout = Layout(POINTY, Point(HEX_SIZE, HEX_SIZE), origin)
    return layout, max(xs) - min(xs) + 2 * MARGIN, max(ys) - min(ys) + 2 * MARGIN


def hex_key(h: Hex) -> str:
    """``"q,r"``: the axial key used in ``data-hex`` attributes."""
    return f"{h.q},{h.r}"


def board_element(board: Board, *, interactive: bool = False, ident: str = "board") -> ET.Element:
    """The board as an SVG element tree; ``interactive`` adds focus and button semantics to each hex."""
    if not board.cells:
        raise ValueError("a board needs at least one hex")
    layout, width, height = _layout(board.cells)
    pieces = dict(board.pieces)
    marks: dict[Hex, list[Mark]] = {}
    for h, m in board.marks:
        marks.setdefault(h, []).append(m)
    ruled = dict(board.cell_rules)
    extra: dict[Hex, list[str]] = {}
    for h, cls in board.cell_classes:
        extra.setdefault(h, []).append(cls)
    svg = ET.Element("svg", {
        "xmlns": SVG_NS, "class": "hexboard" + (" hexboard--interactive" if interactive else ""),
        "viewBox": f"0 0 {_fmt(width)} {_fmt(height)}", "width": _fmt(width), "height": _fmt(height),
        "role": "group" if interactive else "img",
        "aria-labelledby": f"{ident}-title {ident}-desc",
    })
    ET.SubElement(svg, "title", {"id": f"{ident}-title"}).text = board.title
    ET.SubElement(svg, "desc", {"id": f"{ident}-desc"}).text = board.desc
    _defs(svg, ident)
    grid = ET.SubElement(svg, "g", {"class": "hexboard-cells"})
    # On the interactive board each hex is a button whose aria-label says its piece and marks in words;
    # the letters and numbers drawn on it go in a layer above, hidden from assistive technology, so a
    # button's visible text never differs from its name (axe: label-content-name-mismatch).
    glyphs = ET.Element("g", {"class": "hexboard-glyphs", "aria-hidden": "true"}) if interactive else None
    for index, h in enumerate(board.cells):
        _cell(grid, layout, h, pieces.get(h), marks.get(h, []), ruled.get(h), extra.get(h, []), interactive, index == 0, ident,
              glyphs)
    if glyphs is not None:
        svg.append(glyphs)
    for seg in board.segments:
        a, b = to_pixel(layout, seg.start), to_pixel(layout, seg.end)
        attrs = {"class": f"hexboard-segment hexboard-segment--{seg.kind}", "x1": _fmt(a.x), "y1": _fmt(a.y),
                 "x2": _fmt(b.x), "y2": _fmt(b.y), "marker-end": f"url(#{ident}-arrow)"}
        if seg.rule:
            attrs["data-rule"] = seg.rule
        line = ET.SubElement(svg, "line", attrs)
        ET.SubElement(line, "title").text = seg.label
    return svg


def legend_element(board: Board) -> ET.Element:
    """The board's key as an HTML list: every symbol in words."""
    ul = ET.Element("ul", {"class": "hexboard-legend"})
    for symbol, meaning in board.legend:
        li = ET.SubElement(ul, "li")
        ET.SubElement(li, "span", {"class": "hexboard-legend-symbol"}).text = symbol
        ET.SubElement(li, "span").text = meaning
    return ul


def _defs(svg: ET.Element, ident: str) -> None:
    defs = ET.SubElement(svg, "defs")
    hatch = ET.SubElement(defs, "pattern", {"id": f"{ident}-hatch", "class": "hexboard-hatch", "width": "6", "height": "6",
                                            "patternUnits": "userSpaceOnUse", "patternTransform": "rotate(45)"})
    ET.SubElement(hatch, "line", {"x1": "0", "y1": "0", "x2": "0", "y2": "6", "class": "hexboard-hatch-line"})
    cross = ET.SubElement(defs, "pattern", {"id": f"{ident}-cross", "class": "hexboard-cross", "width": "6", "height": "6",
                                            "patternUnits": "userSpaceOnUse"})
    ET.SubElement(cross, "path", {"d": "M0 0L6 6M6 0L0 6", "class": "hexboard-hatch-line"})
    marker = ET.SubElement(defs, "marker", {"id": f"{ident}-arrow", "viewBox": "0 0 10 10", "refX": "9", "refY": "5",
                                            "markerWidth": "6", "markerHeight": "6", "orient": "auto-start-reverse"})
    ET.SubElement(marker, "path", {"d": "M0 0L10 5L0 10z", "class": "hexboard-arrow"})


def _cell(parent: ET.Element, layout: Layout, h: Hex, piece: Piece | None, marks: list[Mark], rule: str | None,
          extra: list[str], interactive: bool, first: bool, ident: str, glyphs: ET.Element | None = None) -> None:
    centre = to_pixel(layout, h)
    col, row = roffset_from_cube(ODD, h)
    words = [f"hex {h.q}, {h.r}"]
    classes = ["hex"]
    if piece:
        classes.append(f"hex--{piece.kind}")
        words.append(piece.label)
    if rule:
        classes.append("ruled")
    classes.extend(extra)
    words.extend(m.label for m in marks)
    attrs = {"class": " ".join(classes), "data-hex": hex_key(h), "data-col": str(col), "data-row": str(row)}
    if piece:
        attrs["data-piece"] = piece.kind
    if rule or (piece and piece.rule):
        attrs["data-rule"] = rule or piece.rule  # type: ignore[assignment]
    if interactive:
        attrs.update({"role": "button", "tabindex": "0" if first else "-1", "aria-label": ": ".join([words[0], ", ".join(words[1:]) or "empty"])})
    g = ET.SubElement(parent, "g", attrs)
    if not interactive:
        ET.SubElement(g, "title").text = ": ".join([words[0], ", ".join(words[1:]) or "empty"])
    points = " ".join(f"{_fmt(p.x)},{_fmt(p.y)}" for p in polygon(layout, h))
    ET.SubElement(g, "polygon", {"points": points, "class": "hex-shape"})
    if piece and piece.kind in ("partial", "total"):
        pattern = "hatch" if piece.kind == "partial" else "cross"
        ET.SubElement(g, "polygon", {"points": points, "class": f"hex-fill hex-fill--{piece.kind}", "fill": f"url(#{ident}-{pattern})"})
    layer, tag = (g, {}) if glyphs is None else (glyphs, {"data-hex": hex_key(h)})
    if piece:
        if piece.kind not in ("partial", "total"):
            ET.SubElement(g, "circle", {"cx": _fmt(centre.x), "cy": _fmt(centre.y), "r": _fmt(HEX_SIZE * 0.62), "class": "piece"})
        text = ET.SubElement(layer, "text", {"x": _fmt(centre.x), "y": _fmt(centre.y + 4), **tag,
                                             "class": f"piece-symbol piece-symbol--{piece.kind}", "text-anchor": "middle"})
        text.text = piece.symbol
    for i, mark in enumerate(marks):
        dy = -HEX_SIZE * 0.55 if i == 0 else HEX_SIZE * 0.8
        attrs = {"x": _fmt(centre.x), "y": _fmt(centre.y + dy), **tag, "class": f"mark mark--{mark.kind}", "text-anchor": "middle"}
        if mark.rule:
            attrs["data-rule"] = mark.rule
        ET.SubElement(layer, "text", attrs).text = mark.text


def board_svg(board: Board, *, interactive: bool = False, ident: str = "board") -> str:
    """The board as an SVG string (byte-stable for the same input)."""
    return ET.tostring(board_element(board, interactive=interactive, ident=ident), encoding="unicode")
