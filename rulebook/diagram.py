"""The ``diagram`` shortcode: a hex map of a scenario written in the page, drawn like the calculator's board."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from markupsafe import Markup

from rulebook.context import Context
from rulebook.core import SYSTEMS, board_svg, encode_fragment, legend_element


def render(context: Context, words: list[str], options: dict[str, str]) -> str:
    """The map, its headline and description, and a link that opens it in the calculator."""
    if len(words) != 1 or words[0] not in SYSTEMS or set(options) != {"scenario"} or SYSTEMS[words[0]].view.board is None:
        raise context.error(f"diagram needs a system with a board and scenario={{...}}, got {words} {sorted(options)}")
    scenario, result = context.scenario("diagram", words[0], options["scenario"])
    count = context.count("diagram_count")
    view = SYSTEMS[words[0]].view
    drawing = view.board(scenario, result)
    return context.render("partials/diagram.html",
                          svg=Markup(board_svg(drawing, ident=f"diagram{count}")),
                          legend=Markup(ET.tostring(legend_element(drawing), encoding="unicode", method="html")),
                          headline=view.headline(result), desc=drawing.desc,
                          link=context.base + SYSTEMS[words[0]].calculator + "#s=" + encode_fragment(scenario))
