"""Shortcodes: ``{{ name args }}`` in a page's Markdown, swapped for HTML rendered from pycore."""

from __future__ import annotations

import re
from collections.abc import Callable

from rulebook.shortcodes import calculator, diagram, example, quickref, ruling, system_list, tables
from rulebook.shortcodes.context import Context

Shortcode = Callable[[Context, list[str], dict[str, str]], str]
"""A shortcode renders from its context, its words and its ``key=value`` options."""

SHORTCODES: dict[str, Shortcode] = {
    "calculator": calculator.render,
    "ruling": ruling.render,
    "table": tables.render,
    "systems": system_list.render,
    "example": example.render,
    "diagram": diagram.render,
    "quickref": quickref.render,
}
"""Shortcode name -> its renderer; any other name fails the build."""

PATTERN = re.compile(r"\{\{\s*([a-z][a-z-]*)\s*((?:[^{}]|\{(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\})*?)\s*\}\}")
"""``{{ name args }}``; args may hold compact JSON nested up to three levels (``scenario={"target":{"ac":4}}``)."""
PLACEHOLDER = '<div data-shortcode="{n}"></div>'
"""Stands in the Markdown for a rendered shortcode until the page is HTML (Markdown must not touch it)."""


def parse_args(text: str) -> tuple[list[str], dict[str, str]]:
    """Split a shortcode's arguments into plain words and ``key=value`` options."""
    words: list[str] = []
    options: dict[str, str] = {}
    for part in text.split():
        if "=" in part:
            key, _, value = part.partition("=")
            options[key] = value
        else:
            words.append(part)
    return words, options


def expand(markdown: str, context: Context) -> tuple[str, dict[int, str]]:
    """Render every shortcode of ``markdown``: the text with placeholders, and what goes in each."""
    rendered: dict[int, str] = {}

    def swap(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in SHORTCODES:
            raise context.error(f"unknown shortcode {{{{ {name} }}}}")
        words, options = parse_args(match.group(2))
        n = len(rendered)
        rendered[n] = SHORTCODES[name](context, words, options)
        return "\n\n" + PLACEHOLDER.format(n=n) + "\n\n"

    return PATTERN.sub(swap, markdown), rendered


def fill(html: str, rendered: dict[int, str], context: Context) -> str:
    """Put the rendered shortcodes in place of their placeholders; a lost placeholder fails the build."""
    for n, block in rendered.items():
        marker = PLACEHOLDER.format(n=n)
        if marker not in html:
            raise context.error(f"shortcode {n} was lost by the markdown renderer")
        html = html.replace(marker, block)
    return html
