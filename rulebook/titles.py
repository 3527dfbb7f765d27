"""A page's own title for the browser (tab, history, bookmarks, the share sheet) and the header: its first heading.

The navigation's labels are short because their section names the system ("Calculator" under d6 Skirmish);
a page's first heading names it too ("d6 Skirmish calculator", "Cover (d6 Skirmish)"), so three pages are
never all called "Calculator" where no section is shown beside the name.
"""

from __future__ import annotations

import re

from mkdocs.structure.pages import Page

HEADING = re.compile(r"^#\s+(?P<text>.+?)(?:\s+\{[^}]*\})?\s*#*\s*$")
"""A level-one heading in ATX style, its attribute list (``{#id}``) and closing hashes left out."""
FENCE = re.compile(r"^\s*(```|~~~)")


def first_heading(markdown: str) -> str | None:
    """The text of the Markdown's first level-one heading outside code fences, or None."""
    fenced = False
    for line in markdown.splitlines():
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced and (found := HEADING.match(line)):
            return found["text"]
    return None


def name(page: Page, markdown: str) -> None:
    """Give the page its first heading as its title (``meta.title``), unless it has a title of its own or is the
    home page (whose heading is the site's name, which the theme adds to every title anyway)."""
    if page.is_homepage or "title" in page.meta:
        return
    heading = first_heading(markdown)
    if heading:
        page.meta["title"] = heading
