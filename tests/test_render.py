"""pycore.page.render: one HTML rendering for the build and the browser."""

import copy
import xml.etree.ElementTree as ET

from pycore import evaluate
from pycore.memo import forget_all
from pycore.page.render import result_element, result_html


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


def test_an_area_gives_a_table_of_everyone_it_caught():
    """Classic d20's fireball by a wall (the hex-map page's example): a 10 ft sphere at [2, 1] catches the attacker on
    [0, 1] and the ally on [2, 2] in the open, and the target on [4, 1] behind the wall hex [3, 1] with 90% cover,
    which gives +10 to every save (the cover saves table). Each row links its rules."""
    s = {"system": "classic-d20", "map": {"cols": 8, "rows": 4, "attacker": [0, 1], "target": [4, 1],
                                          "obstacles": [{"hex": [3, 1], "kind": "wall"}],
                                          "creatures": [{"hex": [2, 2], "side": "target"}]},
         "area": {"shape": "sphere", "at": [2, 1], "size": 10}}
    root = ET.fromstring(result_html(evaluate(s), "../../", s))
    box = root.find(".//div[@data-block='area']")
    assert box.find("p").text == "Caught by the area: 3"
    rows = {tr.get("data-piece"): tr for tr in box.iter("tr") if tr.get("data-piece")}
    assert [rows[p].find("th").text for p in rows] == ["Attacker", "Target", "Creature 1"]
    target = {td.get("data-key"): td.text for td in rows["map.target"].iter("td") if td.get("data-key")}
    assert target == {"cover": "90%", "affected": "yes", "save_bonus": "+10 to every save"}
    rules = box.find(".//tr[@data-rules-for='map.target']")
    links = [a.get("href") for a in rules.iter("a")]
    assert "../../rules/classic-d20/cover/#d20.cover.saves" in links


def test_d6_an_area_catches_the_invisible_and_those_in_total_cover():
    """d6 Skirmish (the map page's worked example): a 2-inch sphere on [3, 3] catches the invisible target on [4, 2],
    which no attack could aim at 4 inches away, and its ally on [5, 3] behind the total obstacle [4, 3]: both affected,
    the ally's cover from the burst said as total (not as a level's number), no save bonus for either. The attacker
    on [0, 3], 3 inches off, is outside."""
    s = {"system": "skirmish-d6", "attack": {"hits_on": 4}, "target": {"invisible": True},
         "map": {"cols": 9, "rows": 6, "attacker": [0, 3], "target": [4, 2],
                 "obstacles": [{"hex": [4, 3], "kind": "total"}], "creatures": [{"hex": [5, 3], "side": "target"}]},
         "area": {"shape": "sphere", "at": [3, 3], "size": 2}}
    result = evaluate(s)
    assert result["targetable"] is False
    root = ET.fromstring(result_html(result, "../../", s))
    box = root.find(".//div[@data-block='area']")
    assert box.find("p").text == "Caught by the area: 2"
    rows = {tr.get("data-piece"): {td.get("data-key"): td.text for td in tr.iter("td") if td.get("data-key")}
            for tr in box.iter("tr") if tr.get("data-piece")}
    assert rows == {"map.target": {"cover": "level 0", "affected": "yes", "save_bonus": "none"},
                    "map.creatures.0": {"cover": "total", "affected": "yes", "save_bonus": "none"}}


def test_a_bystander_caught_is_named_and_the_regions_said():
    """Enchanted Realms: a 5 ft sphere on the target's hex [5, 0] catches it and Bram on [6, 0], named as the
    scenario names him; the obscured ground (minus 2, blind) is said in words."""
    s = {"system": "enchanted-realms", "attack": {"dice": 2, "modifier": 3}, "attacker": {"hex": [0, 0]},
         "target": {"hex": [5, 0], "defense": 12}, "others": [{"name": "Bram", "hex": [6, 0], "defense": 10}],
         "map": {"regions": [{"kind": "obscured", "hexes": [[4, 0], [5, 0], [6, 0]], "penalty": 2, "blind": True}]},
         "area": {"shape": "sphere", "at": [5, 0], "size": 5}}
    root = result_element(evaluate(s), "", s)
    names = [tr.find("th").text for tr in root.iter("tr") if tr.get("data-piece")]
    assert names == ["Target", "Bram"]
    said = [li.text for li in root.find(".//div[@data-block='regions']").iter("li")]
    assert said == ["Obscured ground (region 1): minus 2; a blind shot"]


def test_fog_between_archers_is_said_with_its_length():
    """Classic d20: the fog bank from x = 3 to 6 between archers on [0, 2] and [9, 2] holds 15 ft of the line."""
    s = {"system": "classic-d20", "attack": {"to_hit": 15}, "target": {"ac": 5},
         "map": {"grid": "square", "cols": 12, "rows": 6, "attacker": [0, 2], "target": [9, 2],
                 "regions": [{"kind": "fog", "points": [[3, 0], [6, 0], [6, 6], [3, 6]]}]}}
    root = ET.fromstring(result_html(evaluate(s), "", s))
    said = [li.text for li in root.find(".//div[@data-block='regions']").iter("li")]
    assert said == ["Fog (region 1): the line runs 15 ft through it"]
