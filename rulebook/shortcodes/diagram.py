"""The ``diagram`` shortcode: a hex map of a scenario written in the page, drawn like the calculator's board."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from markupsafe import Markup

from rulebook.core import SYSTEMS, VIEWS, board_svg, encode_fragment, legend_html, overlay_blocks
from rulebook.shortcodes.context import Context


def render(context: Context, words: list[str], options: dict[str, str]) -> str:
    """The map, its headline and description, a link that opens it in the calculator, and with an overlay
    (``"overlay"`` in the scenario) its legend and the best hexes first."""
    system = SYSTEMS.get(words[0]) if len(words) == 1 else None
    draw = VIEWS[system.id].board if system else None
    if system is None or draw is None or set(options) != {"scenario"}:
        raise context.error(f"diagram needs a system with a board and scenario={{...}}, got {words} {sorted(options)}")
    scenario, result = context.scenario("diagram", system.id, options["scenario"])
    drawing = draw(scenario, result)
    if drawing is None:
        raise context.error(f"diagram: {system.title} draws no board for this scenario")
    count = context.count("diagram_count")
    view = VIEWS[system.id]
    shading = overlay_blocks(result, view.overlay, live=False) if view.overlay else []
    return context.render("partials/diagram.html",
                          svg=Markup(board_svg(drawing, ident=f"diagram{count}")),
                          overlay=Markup("".join(ET.tostring(e, encoding="unicode", method="html") for e in shading)),
                          legend=Markup(legend_html(drawing)),
                          headline=view.headline(result), desc=drawing.desc,
                          link=context.base + system.calculator + "#s=" + encode_fragment(scenario))
