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


def test_only_the_article_is_labelled_and_engine_links_are_left_alone():
    """Links in the article get data-ref; the navigation, permalinks and the engine's links (data-rule) do not."""
    page = ('<nav><a href="../light/">Light</a></nav>'
            '<article class="md-content__inner md-typeset">'
            '<a href="../light/">Light</a> <a class="headerlink" href="#x">¶</a> '
            '<a href="../light/#d6.light.vision" data-rule="d6.light.vision">Light level</a></article>')
    out = print_labels.label_links(page, "rules/skirmish-d6/cover/")
    assert out.count("data-ref=") == 1
    assert '<a href="../light/" data-ref="rules/skirmish-d6/light/">Light</a>' in out
    assert '<a href="../light/#d6.light.vision" data-rule="d6.light.vision">Light level</a>' in out
    assert out.startswith('<nav><a href="../light/">Light</a></nav>')


def test_built_links_carry_print_labels(built_site: Path):
    """In the built rulebook, rule links in the article have data-ref; the navigation does not."""
    html = (built_site / "rules" / "skirmish-d6" / "light" / "index.html").read_text()
    assert 'href="../cover/" data-ref="rules/skirmish-d6/cover/"' in html
    assert re.search(r'href="[^"]*#d6\.light\.vision"[^>]*data-ref="d6\.light\.vision"', html)
    nav = html.split('<article', 1)[0]
    assert "data-ref=" not in nav


def test_engine_output_is_not_labelled(built_site: Path):
    """No link the engine rendered (calculator answers, worked examples) carries a print label."""
    for path in built_site.rglob("*.html"):
        assert not re.search(r"<a [^>]*data-(rule|engine-link)=[^>]*data-ref=", path.read_text()), path
    d6 = (built_site / "calculator" / "skirmish-d6" / "index.html").read_text()
    assert re.search(r'<tr class="applied" data-rule="[^"]+"><td><a href="[^"]+" data-engine-link="">', d6)  # its modifiers


def test_print_stylesheet_is_linked(built_site: Path):
    """styles/print.css and styles/offline.css come after styles/calculator.css in the stylesheet every page links."""
    html = (built_site / "index.html").read_text()
    [sheet] = re.findall(r'href="(assets/styles/site-[0-9a-f]{12}\.css)"', html)
    css = (built_site / sheet).read_text()
    assert css.index("/* calculator.css */") < css.index("/* offline.css */") < css.index("/* print.css */")
    assert "@media print" in css
