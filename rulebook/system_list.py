"""The ``systems`` shortcode: the home page's list of systems."""

from __future__ import annotations

from rulebook.context import Context
from rulebook.core import SYSTEMS


def render(context: Context, words: list[str], options: dict[str, str]) -> str:
    """Each system with links to its rules and its calculator."""
    if words or options:
        raise context.error(f"systems takes no arguments, got {words} {sorted(options)}")
    return context.render("partials/systems.html", systems=list(SYSTEMS.values()), base=context.base)
