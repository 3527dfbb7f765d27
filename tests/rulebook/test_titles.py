"""Page titles: each page named by its first heading, so no two pages of the site share a browser title."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from pycore.systems import SYSTEMS
from rulebook import titles

TITLE = re.compile(r"<title>([^<]*)</title>")


@pytest.mark.parametrize(("markdown", "expected"), [
    ("# d6 Skirmish calculator\n\nText.", "d6 Skirmish calculator"),
    ("Intro\n\n# Cover (d6 Skirmish) {#top}\n", "Cover (d6 Skirmish)"),
    ("# Limits on rolls ##\n", "Limits on rolls"),
    ("```md\n# not a heading\n```\n# Height\n", "Height"),
    ("## Only a section\n\n#hashtag\n", None),
    ("", None),
])
def test_first_heading(markdown, expected):
    """The first level-one heading outside code fences, without its attribute list or closing hashes."""
    assert titles.first_heading(markdown) == expected


def test_a_page_is_named_by_its_heading_unless_it_has_a_title_or_is_home():
    """meta.title from the heading; a front-matter title and the home page are left alone."""
    page = SimpleNamespace(is_homepage=False, meta={})
    titles.name(page, "# Classic d20 calculator\n")
    assert page.meta == {"title": "Classic d20 calculator"}
    own = SimpleNamespace(is_homepage=False, meta={"title": "Chosen"})
    titles.name(own, "# Heading\n")
    assert own.meta == {"title": "Chosen"}
    home = SimpleNamespace(is_homepage=True, meta={})
    titles.name(home, "# Combat environment rules\n")
    assert home.meta == {}


def test_built_pages_have_distinct_titles_naming_their_system(built_site: Path):
    """Every built page's browser title differs from every other's; each calculator's names its system, while
    the navigation keeps the short label."""
    seen: dict[str, str] = {}
    for page in sorted(built_site.rglob("index.html")):
        found = TITLE.search(page.read_text(encoding="utf-8").split("</head>", 1)[0])
        assert found, page
        where = str(page.parent.relative_to(built_site))
        assert found[1] not in seen, f"{where} and {seen.get(found[1])} are both titled {found[1]!r}"
        seen[found[1]] = where
    for system in SYSTEMS.values():
        html = (built_site / system.calculator / "index.html").read_text(encoding="utf-8")
        assert f"<title>{system.title} calculator - " in html
        assert re.search(r'md-nav__link--active">\s*<span class="md-ellipsis">\s*Calculator\s*</span>', html)
