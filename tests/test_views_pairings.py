"""pycore.views.pairings: each creature on one side against each on the other, sortable, each row a link."""

import xml.etree.ElementTree as ET
from fractions import Fraction

from pycore import evaluate
from pycore.page.handler import decode_fragment
from pycore.page.render import answer, result_html
from pycore.views import pairings
from pycore.views.skirmish_d6 import pairing_blocks

SCENARIO = {"system": "skirmish-d6", "attack": {"hits_on": 4}, "pairings": True,
            "map": {"cols": 8, "rows": 6, "attacker": [0, 0], "target": [4, 2],
                    "obstacles": [{"hex": [2, 1], "kind": "partial"}],
                    "creatures": [{"hex": [0, 3], "side": "attacker"}, {"hex": [5, 0], "side": "target"}]}}


def rows(scenario: dict) -> list[ET.Element]:
    """The pairing table's body rows for ``scenario``."""
    root = ET.fromstring(result_html(evaluate(scenario), "../../", scenario))
    return root.findall(".//table[@data-sortable]/tbody/tr")


def test_each_side_against_each():
    """Two on each side: four rows, the attacker and its ally each against the target and its ally."""
    got = [(r.get("data-shooter"), r.get("data-target")) for r in rows(SCENARIO)]
    assert got == [("attacker", "target"), ("attacker", "creatures.1"), ("creatures.0", "target"),
                   ("creatures.0", "creatures.1")]


def test_numbers_are_the_pairings_own_answers():
    """Attacker at 0, 0 against the target at 4, 2 across one partial obstacle: cover level 1, 4+ becomes 5+,
    1/3; against the target's ally at 5, 0 in the open 4+, 1/2 (rule texts: cover level 1 is -1)."""
    first, second = rows(SCENARIO)[:2]
    assert [c.text for c in first][:4] == ["Attacker at 0, 0", "Target at 4, 2", "cover level 1", "33.3%"]
    assert first[3].get("data-sort") == "0.333333" and first[2].get("data-sort") == "1"
    assert [c.text for c in second][:4] == ["Attacker at 0, 0", "Target's ally at 5, 0", "no cover", "50%"]


def test_rows_open_their_pairing():
    """Each row links to the calculator with that pairing: the chosen two as attacker and target, the others
    standing where they stood on their sides, no overlay; the link's answer is the row's."""
    row = rows(SCENARIO)[3]
    href = row.find(".//a").get("href")
    assert href.startswith("../../calculator/skirmish-d6/#s=")
    opened = decode_fragment(href.split("#", 1)[1])
    m = opened["map"]
    assert m["attacker"] == [0, 3] and m["target"] == [5, 0]
    assert sorted((c["hex"], c["side"]) for c in m["creatures"]) == [([0, 0], "attacker"), ([4, 2], "target")]
    assert "overlay" not in opened
    assert row[3].text == "50%" and evaluate(opened)["hit_chance_exact"] == "1/2"


def test_no_table_unless_asked_with_creatures_and_scenario():
    """Not asked for, just the attacker and the target (one pairing), or a panel rendered without its scenario:
    no table."""
    alone = {**SCENARIO, "map": {**SCENARIO["map"], "creatures": []}}
    assert pairing_blocks(alone, "", answer) == []
    assert pairing_blocks({**SCENARIO, "pairings": False}, "", answer) == []
    assert pairing_blocks(SCENARIO, "", answer)
    assert "pairings" not in result_html(evaluate(SCENARIO))


def test_many_creatures_are_capped():
    """Nine on each side make 81 pairings: the table works out MAX_PAIRINGS and says how many there were."""
    creatures = [{"hex": [q, 5], "side": "attacker"} for q in range(-2, 6)]
    creatures += [{"hex": [q + 1, 4], "side": "target"} for q in range(-2, 6)]
    scenario = {"system": "skirmish-d6", "pairings": True, "map": {"cols": 10, "rows": 8, "attacker": [0, 0], "target": [6, 1],
                                                 "creatures": creatures}}
    root = ET.fromstring(result_html(evaluate(scenario), "", scenario))
    table = root.find(".//table[@data-sortable]")
    assert len(table.findall("./tbody/tr")) == pairings.MAX_PAIRINGS
    assert f"the first {pairings.MAX_PAIRINGS} of 81 pairings" in table.find("caption").text


def test_headers_are_sort_buttons():
    """Every column but the link has a button naming its column for page/sorting.js."""
    root = ET.fromstring(result_html(evaluate(SCENARIO), "", SCENARIO))
    buttons = root.findall(".//table[@data-sortable]/thead/tr/th/button")
    assert [(b.text, b.get("data-sort-column")) for b in buttons] == [
        ("Attacker", "0"), ("Target", "1"), ("Cover", "2"), ("Chance to hit", "3")]


D20 = {"system": "classic-d20", "attack": {"to_hit": 15}, "target": {"ac": 5}, "pairings": True,
       "map": {"cols": 8, "rows": 6, "attacker": [0, 2], "target": [5, 2], "obstacles": [{"hex": [2, 2]}],
               "creatures": [{"hex": [0, 4], "side": "attacker"}, {"hex": [5, 4], "side": "target"}]}}


def test_classic_d20_map_lists_everyone_against_everyone():
    """Classic d20's map too: two on each side make four rows, each row's cover and chance the answer of its own
    pairing (THAC0 15 against AC 5 needs 10 on the d20: 55% in the open, less behind cover), each linking to the
    Classic d20 calculator."""
    got = rows(D20)
    assert [(r.get("data-shooter"), r.get("data-target")) for r in got] == [
        ("attacker", "target"), ("attacker", "creatures.1"), ("creatures.0", "target"), ("creatures.0", "creatures.1")]
    for row in got:
        href = row.find(".//a").get("href")
        assert href.startswith("../../calculator/classic-d20/#s=")
        result = evaluate(decode_fragment(href.split("#", 1)[1]))
        assert row[2].text == ("no cover" if result["cover"] == 0 else f"{result['cover']}% cover")
        assert row[2].get("data-sort") == str(result["cover"])
        assert row[3].get("data-sort") == f"{float(Fraction(result['hit_chance_exact'])):.6f}"
    assert got[0][2].text != "no cover"  # the wall at 2, 2 stands between the attacker and the target
    opened = decode_fragment(got[0].find(".//a").get("href").split("#", 1)[1])
    assert evaluate({**opened, "map": {**opened["map"], "obstacles": []}})["hit_chance_exact"] == "11/20"
    assert "pairings" not in result_html(evaluate({**D20, "pairings": False}), "", {**D20, "pairings": False})


def test_rows_are_the_answers_the_caller_hands_in():
    """The view evaluates nothing itself: each row is what the caller's ``answer`` gives for that pairing's scenario,
    and a pairing it cannot answer (None) has no row."""
    asked = []

    def counting(scenario: dict) -> dict | None:
        asked.append(scenario["map"]["attacker"])
        return None if scenario["map"]["attacker"] == [0, 3] else evaluate(scenario)

    table = pairing_blocks(SCENARIO, "", counting)[0].find(".//tbody")
    assert asked == [[0, 0], [0, 0], [0, 3], [0, 3]]
    assert [r.get("data-shooter") for r in table.findall("tr")] == ["attacker", "attacker"]
