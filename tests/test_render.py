"""pycore.render: one HTML rendering for the build and the browser."""

import xml.etree.ElementTree as ET

from pycore import evaluate
from pycore.render import result_html


def test_result_html_shows_numbers_and_links():
    """Hits on, chance, cover level and one link per applied rule."""
    result = evaluate({"system": "skirmish-d6", "obstacles": {"partial": 2}, "attack": {"hits_on": 3}})
    html = result_html(result, "../")
    assert "Hits on 5+" in html and "33.3%" in html and "1/3" in html and "Level 2 (-2 to attacks)" in html
    tree = ET.fromstring(html)
    links = tree.findall(".//a[@data-rule]")
    assert [a.get("data-rule") for a in links] == [r["id"] for r in result["rules"]]
    assert all(a.get("href").startswith("../rules/") for a in links)


def test_total_cover_headline():
    """Total cover says the target cannot be targeted."""
    html = result_html(evaluate({"system": "skirmish-d6", "light": "dark"}))
    assert "Cannot be targeted: total cover" in html and "vulnerable to Sanity damage" in html


def test_rendering_is_deterministic():
    """Same result, same bytes: the build-time answer and the live one match exactly."""
    result = evaluate({"system": "skirmish-d6", "light": "radiant", "attacker": {"vision": "dim"}})
    assert result_html(result, "x/") == result_html(result, "x/")
