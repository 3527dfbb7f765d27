"""pycore.page.render: one HTML rendering for the build and the browser."""

import copy
import xml.etree.ElementTree as ET

from pycore import evaluate
from pycore.memo import forget_all
from pycore.page.render import result_html


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


def test_untargetable_headline_says_why():
    """d6 Skirmish says why an action cannot be aimed: a [TARGET] spell at an invisible creature, a 6-inch shot
    at one."""
    spell = evaluate({"system": "skirmish-d6", "target": {"invisible": True}, "attack": {"kind": "target-spell"}})
    assert "Cannot be targeted: a [TARGET] spell cannot target an invisible creature" in result_html(spell)
    far = evaluate({"system": "skirmish-d6", "target": {"invisible": True}, "attack": {"distance": 6}})
    assert "Cannot be targeted: an invisible creature cannot be targeted beyond 1 inch" in result_html(far)


def test_rendering_is_deterministic():
    """A remembered answer renders to the same bytes as a cold one: the build-time answer and the live one match."""
    scenario = {"system": "skirmish-d6", "light": "radiant", "attacker": {"vision": "dim"},
                "map": {"attacker": [0, 0], "target": [4, 0], "obstacles": [{"hex": [2, 0], "kind": "partial"}]}}
    warm = result_html(evaluate(copy.deepcopy(scenario)), "x/")
    forget_all()
    cold = result_html(evaluate(copy.deepcopy(scenario)), "x/")
    assert cold == warm and "Total (level 3)" in cold
