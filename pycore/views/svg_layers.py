"""The layers drawn over a board's cells: lines between centres, the map's regions and an area, and a square map's
walls, doors, openings and lights, each an ``xml.etree`` element."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

from ..geometry.hexgrid import Hex, Point, to_pixel
from .drawing import OPENINGS, REGION_PATTERNS, Board, Light, Plot, Region, SquareLayout, Wall, Zone
from .plot import DOOR_REACH, HEX_SIZE, LIGHT_DOT, SQUARE_SIZE, at, cell_outline, centre_of, fmt


def segments_layer(board: Board, layout: Plot, ident: str) -> list[ET.Element]:
    """The lines drawn over the hexes: the counted pieces of a map's lines outlined, then the lines between cells
    (every one a top-level ``line.hexboard-segment``, which a page's patch replaces together)."""
    out = []
    for piece in board.counted:
        a, b = at(layout, *piece.start), at(layout, *piece.end)
        attrs = {"class": "hexboard-segment hexboard-segment--counted", "x1": fmt(a.x), "y1": fmt(a.y),
                 "x2": fmt(b.x), "y2": fmt(b.y)}
        if piece.rule:
            attrs["data-rule"] = piece.rule
        line = ET.Element("line", attrs)
        ET.SubElement(line, "title").text = piece.label
        out.append(line)
    for seg in board.segments:
        a, b = centre_of(layout, seg.start), centre_of(layout, seg.end)
        attrs = {"class": f"hexboard-segment hexboard-segment--{seg.kind}", "x1": fmt(a.x), "y1": fmt(a.y),
                 "x2": fmt(b.x), "y2": fmt(b.y), "marker-end": f"url(#{ident}-arrow)"}
        if seg.rule:
            attrs["data-rule"] = seg.rule
        line = ET.Element("line", attrs)
        ET.SubElement(line, "title").text = seg.label
        out.append(line)
    for corner in board.corner_lines:
        if corner.start == corner.end:
            continue  # a corner the two cells share: a line of no length, never broken
        a, b = plot_point(layout, corner.start), plot_point(layout, corner.end)
        how = "broken" if corner.broken else "clear"
        attrs = {"class": f"hexboard-segment hexboard-segment--corner hexboard-segment--{how}", "x1": fmt(a.x),
                 "y1": fmt(a.y), "x2": fmt(b.x), "y2": fmt(b.y)}
        if corner.rule:
            attrs["data-rule"] = corner.rule
        out.append(ET.Element("line", attrs))  # named together in the board's description, not one by one
    return out


def points_attr(layout: Plot, points: tuple[tuple[float, float], ...]) -> str:
    """A polyline of a square map as an SVG ``points`` attribute."""
    return " ".join(f"{fmt(p.x)},{fmt(p.y)}" for p in (at(layout, x, y) for x, y in points))


def plot_point(layout: Plot, p: tuple[float, float]) -> Point:
    """A point of the board's plane in cells (grid units, or hexes' ``hex_centre`` plane) in SVG user units."""
    if isinstance(layout, SquareLayout):
        return at(layout, *p)
    zero, scale = to_pixel(layout, Hex.axial(0, 0)), HEX_SIZE * math.sqrt(3)
    return Point(zero.x + p[0] * scale, zero.y + p[1] * scale)


def zone_outline(zone: Zone, layout: Plot) -> ET.Element:
    """The area's outline: a circle for a sphere, a band for a line, a triangle for a cone."""
    attrs = {"class": f"area area--{zone.shape}"}
    if zone.shape == "sphere" or zone.toward is None:
        centre = plot_point(layout, zone.at)
        scale = SQUARE_SIZE if isinstance(layout, SquareLayout) else HEX_SIZE * math.sqrt(3)
        return ET.Element("circle", {**attrs, "cx": fmt(centre.x), "cy": fmt(centre.y), "r": fmt(zone.size * scale)})
    (x0, y0), (x1, y1) = zone.at, zone.toward
    norm = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / norm, (y1 - y0) / norm
    ex, ey = x0 + ux * zone.size, y0 + uy * zone.size
    if zone.shape == "line":
        h = zone.width / 2
        corners = [(x0 - uy * h, y0 + ux * h), (ex - uy * h, ey + ux * h), (ex + uy * h, ey - ux * h), (x0 + uy * h, y0 - ux * h)]
    else:
        h = zone.size * zone.spread
        corners = [(x0, y0), (ex - uy * h, ey + ux * h), (ex + uy * h, ey - ux * h)]
    points = " ".join(f"{fmt(q.x)},{fmt(q.y)}" for q in (plot_point(layout, c) for c in corners))
    return ET.Element("polygon", {**attrs, "points": points})


def zones_layer(regions: tuple[Region, ...], zone: Zone | None, layout: Plot, ident: str) -> list[ET.Element]:
    """The regions (a tint and the kind's pattern over each, named in its title) and the area's outline."""
    out: list[ET.Element] = []
    if regions:
        layer = ET.Element("g", {"class": "hexboard-regions"})
        for region in regions:
            g = ET.SubElement(layer, "g", {"class": f"region region--{region.kind}", "data-region": str(region.index)})
            ET.SubElement(g, "title").text = region.label
            shapes = ([" ".join(f"{fmt(p.x)},{fmt(p.y)}" for p in cell_outline(layout, c)) for c in region.cells]
                      if region.cells else [points_attr(layout, region.points)])
            for points in shapes:
                ET.SubElement(g, "polygon", {"points": points, "class": "region-tint"})
                ET.SubElement(g, "polygon", {"points": points, "class": "region-cue",
                                             "fill": f"url(#{ident}-region-{region.kind})"})
        out.append(layer)
    if zone is not None:
        g = ET.Element("g", {"class": "hexboard-area", "data-shape": zone.shape})
        ET.SubElement(g, "title").text = f"the area: {zone.label}"
        outline = zone_outline(zone, layout)
        g.append(outline)
        centre = plot_point(layout, zone.at)
        ET.SubElement(g, "circle", {"cx": fmt(centre.x), "cy": fmt(centre.y), "r": "3", "class": "area-origin"})
        out.append(g)
    return out


def region_patterns(defs: ET.Element, ident: str) -> None:
    """One pattern per region kind (``REGION_PATTERNS``)."""
    for kind, (step, tag, attrs) in REGION_PATTERNS.items():
        pattern = ET.SubElement(defs, "pattern", {"id": f"{ident}-region-{kind}", "class": "hexboard-region-cue",
                                                  "width": step, "height": step, "patternUnits": "userSpaceOnUse"})
        ET.SubElement(pattern, tag, {**attrs, "class": f"region-mark region-mark--{kind}"})


def opening(layer: ET.Element, wall: Wall, points: str) -> None:
    """A window or an arrow slit: the wall's line broken by a bright dashed gap (wider for a window)."""
    attrs = {"class": f"wall wall--{wall.kind}"}
    if wall.rule:
        attrs["data-rule"] = wall.rule
    g = ET.SubElement(layer, "g", attrs)
    ET.SubElement(g, "title").text = wall.label
    ET.SubElement(g, "polyline", {"points": points, "class": "opening-case"})
    ET.SubElement(g, "polyline", {"points": points, "class": f"opening-gap opening-gap--{wall.kind}"})


def walls_layer(walls: tuple[Wall, ...], lights: tuple[Light, ...], layout: Plot, interactive: bool,
           under: tuple[ET.Element, ...] = ()) -> ET.Element | None:
    """A square board's lights, walls and doors, in that order (a door on top, where a tap finds it); None when it
    has none. On an interactive board each door is a button (``data-door``, its index in ``map.doors``): a tap or
    Enter opens or closes it. An unpainted box around a door, ``DOOR_REACH`` beyond it every way, is what a finger
    hits (and gives the button a size: a straight line's own box has no width)."""
    if not (walls or lights or under):
        return None
    layer = ET.Element("g", {"class": "hexboard-walls"})
    layer.extend(under)  # the regions and the area, under the lines
    for light in lights:
        centre = at(layout, *light.at)
        g = ET.SubElement(layer, "g", {"class": "light"})
        ET.SubElement(g, "title").text = light.label
        ET.SubElement(g, "circle", {"cx": fmt(centre.x), "cy": fmt(centre.y), "r": fmt(light.reach * SQUARE_SIZE),
                                    "class": "light-reach"})
        ET.SubElement(g, "circle", {"cx": fmt(centre.x), "cy": fmt(centre.y), "r": fmt(LIGHT_DOT), "class": "light-dot"})
    for wall in sorted(walls, key=lambda w: w.kind == "door"):
        points = points_attr(layout, wall.points)
        if wall.kind in OPENINGS:
            opening(layer, wall, points)
            continue
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
        corners = [at(layout, x, y) for x, y in wall.points]
        x0, y0 = min(p.x for p in corners) - DOOR_REACH, min(p.y for p in corners) - DOOR_REACH
        x1, y1 = max(p.x for p in corners) + DOOR_REACH, max(p.y for p in corners) + DOOR_REACH
        ET.SubElement(g, "rect", {"x": fmt(x0), "y": fmt(y0), "width": fmt(x1 - x0), "height": fmt(y1 - y0),
                                  "class": "door-hit"})
        # a dark casing under a bright bar: it stands out on a light or a dark picture alike
        ET.SubElement(g, "polyline", {"points": points, "class": "door-case"})
        ET.SubElement(g, "polyline", {"points": points, "class": "door-line"})
    return layer
