"""Print labels: each link in a page's article gets a ``data-ref`` that the print stylesheet shows after it."""

from __future__ import annotations

import posixpath
import re
from html import unescape

from markupsafe import Markup

from rulebook.core import RULES, RULINGS

ARTICLE = re.compile(r'(<article class="md-content__inner md-typeset">)(.*?)(</article>)', re.DOTALL)
"""The page's article: the navigation around it keeps its links unlabelled."""
LINK_TAG = re.compile(r"<a\b([^>]*)>")
"""An opening link tag, its attributes."""
HREF = re.compile(r'\bhref="([^"]*)"')
"""A tag's href."""
OTHER_SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*:|^//", re.IGNORECASE)
"""An address with a scheme or another host: the stylesheet prints those from their href."""
UNLABELLED = ("data-ref=", "data-rule=", "data-engine-link", "headerlink")
"""Links left as they are: labelled already, rendered by the engine (``data-rule``, or ``data-engine-link`` where an
element around the link names the rule: its HTML must stay exactly as the engine wrote it, or the page's first
answer would differ from the engine's), or heading permalinks."""


def print_ref(href: str, page_url: str) -> str | None:
    """How a link prints: a rule's id, or the site path of a page; None for other hosts (CSS prints those)."""
    href = unescape(href)
    if OTHER_SCHEME.match(href):
        return None
    path, _, fragment = href.partition("#")
    if fragment in RULES or fragment in RULINGS:
        return fragment
    if not path:
        return None
    target = posixpath.normpath(posixpath.join(page_url, path))
    target = "" if target == "." else target + ("/" if path.endswith("/") else "")
    return (target or "home") + (f"#{fragment}" if fragment else "")


def label_links(output: str, page_url: str) -> str:
    """The page with a ``data-ref`` on every link of its article that has somewhere to print."""

    def label(tag: re.Match[str]) -> str:
        attrs = tag.group(1)
        href = HREF.search(attrs)
        if not href or any(mark in attrs for mark in UNLABELLED):
            return tag.group(0)
        ref = print_ref(href.group(1), page_url)
        if ref is None:
            return tag.group(0)
        return f'<a{attrs} data-ref="{Markup.escape(ref)}">'

    def article(match: re.Match[str]) -> str:
        return match.group(1) + LINK_TAG.sub(label, match.group(2)) + match.group(3)

    return ARTICLE.sub(article, output, count=1)
