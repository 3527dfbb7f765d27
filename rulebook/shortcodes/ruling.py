"""The ``ruling`` shortcode: a ruling's box on its own page."""

from __future__ import annotations

from rulebook.core import RULINGS
from rulebook.shortcodes.context import Context


def render(context: Context, words: list[str], options: dict[str, str]) -> str:
    """A ruling box: its question, choices, default and reason, anchored by its id."""
    if len(words) != 1 or words[0] not in RULINGS or options:
        raise context.error(f"unknown ruling {words}")
    ruling = RULINGS[words[0]]
    if ruling.page != context.page.url:
        raise context.error(f"ruling {ruling.id} belongs on {ruling.page}")
    return context.render("partials/ruling.html", ruling=ruling)
