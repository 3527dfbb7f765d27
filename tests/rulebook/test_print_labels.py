"""Print labels: links in the article carry where they lead; the engine's HTML is left as it is."""

import re
from pathlib import Path

import pytest

from rulebook import print_labels


@pytest.mark.parametrize(("href", "page_url", "expected"), [
    ("../light/#d6.light.vision", "rules/skirmish-d6/cover/", "d6.light.vision"),
    ("#d6.cover.level-1", "rules/skirmish-d6/cover/", "d6.cover.level-1"),
    ("../../../rules/skirmish-d6/light/#d6.ruling.light-and-obstacles", "reference/skirmish-d6/",
     "d6.ruling.light-and-obstacles"),
    ("../light/", "rules/skirmish-d6/cover/", "rules/skirmish-d6/light/"),
    ("../../calculator/skirmish-d6/#s=abc", "rules/skirmish-d6/", "calculator/skirmish-d6/#s=abc"),
    ("..", "rules/", "home"),
    ("#counting-obstacles", "rules/skirmish-d6/cover/", None),
    ("https://example.org/x", "rules/", None),
    ("mailto:a@b", "rules/", None),
])
def test_print_labels(href, page_url, expected):
    """Rule links print their rule id; page links the page's site path; other hosts print their URL via CSS."""
    assert print_labels.print_ref(href, page_url) == expected


@pytest.mark.build
def test_built_links_carry_print_labels(built_site: Path):
    """In the built rulebook, rule links in the article have data-ref; the navigation does not."""
    html = (built_site / "rules" / "skirmish-d6" / "light" / "index.html").read_text()
    assert 'href="../cover/" data-ref="rules/skirmish-d6/cover/"' in html
    assert re.search(r'href="[^"]*#d6\.light\.vision"[^>]*data-ref="d6\.light\.vision"', html)
    nav = html.split('<article', 1)[0]
    assert "data-ref=" not in nav


@pytest.mark.build
def test_print_stylesheet_is_linked(built_site: Path):
    """print.css and offline.css are on every page after calculator.css."""
    html = (built_site / "index.html").read_text()
    assert html.index("assets/calculator.css") < html.index("assets/offline.css") < html.index("assets/print.css")
