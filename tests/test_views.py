"""pycore.views: the shared helpers, the View shape, and each system's headline and facts from real results."""

import xml.etree.ElementTree as ET

import pytest

from pycore import SYSTEMS, evaluate
from pycore.hexgrid import Hex
from pycore.views import View
from pycore.views.common import chance, hex_of, link, percent_exact, percent_of, percent_with_fraction, signed
from pycore.views.view import no_blocks


@pytest.mark.parametrize(("n", "text"), [(2, "+2"), (-1, "-1"), (0, "0")])
def test_signed(n, text):
    """Bonuses carry their sign; zero has none."""
    assert signed(n) == text


def test_percent_helpers():
    """From the exact fraction: a percentage, with the fraction unless it is 0 or 1, or nothing for None."""
    assert percent_exact("1/3") == "33.3%" and percent_exact(None) == ""
    assert percent_with_fraction("7/20") == "35% (7/20)" and percent_with_fraction("1") == "100%"
    assert percent_of({"hit_chance_exact": "1/6"}) == "16.7%"
    assert chance({"hit_chance_exact": "1/2"}) == "50% (1/2)"
    assert chance({"hit_chance_exact": "0"}) == "none: the attack cannot be made"


@pytest.mark.parametrize(("value", "hex_"), [
    ([2, -1], Hex(2, -1, -1)), ((0, 3), Hex(0, 3, -3)), ([1], None), ([True, 0], None), ("1,2", None), (None, None),
])
def test_hex_of_reads_only_whole_pairs(value, hex_):
    """Boards are drawn while the form has errors: anything but a pair of whole numbers is no hex."""
    assert hex_of(value) == hex_


def test_link_to_a_rule():
    """A rule link: the rule's title and anchor, tagged with data-rule unless asked not to, with a class if given."""
    root = ET.Element("p")
    a = link(root, "d6.cover.level-1", "../")
    assert a.attrib == {"href": "../rules/skirmish-d6/cover/#d6.cover.level-1", "data-rule": "d6.cover.level-1"}
    assert a.text == "Cover level 1"
    b = link(root, "er.ruling.vicinity", "", "rule", css="calc-rule-link")
    assert b.text == "rule" and b.get("class") == "calc-rule-link"
    assert "data-rule" not in link(root, "d6.map.line", "", "line", tagged=False).attrib


def test_every_system_has_its_view():
    """Every system holds a view; a view without blocks adds nothing."""
    assert all(isinstance(s.view, View) for s in SYSTEMS.values())
    assert no_blocks({}, "") == []


def test_d6_words():
    """Dim light plus one partial obstacle with base 4+: cover level 2, -2, hits on 6+ (rule text 003)."""
    result = evaluate({"system": "skirmish-d6", "light": "dim", "obstacles": {"partial": 1}, "attack": {"hits_on": 4}})
    view = SYSTEMS["skirmish-d6"].view
    assert view.headline(result) == "Hits on 6+"
    assert ("Cover", "Level 2 (-2 to attacks)") in view.facts(result)


def test_enchanted_realms_words():
    """Partial cover is +3 Defense: 10 becomes 13, so a die with no modifier hits on 13+, 8 faces of 20 (rule text 000)."""
    result = evaluate({"system": "enchanted-realms", "target": {"defense": 10, "cover": "partial", "hex": [4, 0]}})
    view = SYSTEMS["enchanted-realms"].view
    assert view.headline(result) == "The die hits on a roll of 13+"
    facts = dict(view.facts(result))
    assert facts["Defense"] == "13 (10 +3 partial cover)" and facts["Chance per die"] == "40% (2/5)"
    assert facts["Friendly fire"] == "does not apply: no blind shot, blinded attacker, invisible target or cover calls for it"


def test_enchanted_realms_friendly_fire_words_from_triggers():
    """The facts name what calls for friendly fire from the result's triggers, not from its reason sentence."""
    result = evaluate({"system": "enchanted-realms", "blind_shot": True, "target": {"hex": [4, 0]}})
    assert result["friendly_fire"]["why_not"] is None
    facts = dict(SYSTEMS["enchanted-realms"].view.facts(result))
    assert facts["Friendly fire"] == "applies: a blind shot at a target known to be in an obscured area"


def test_classic_d20_words():
    """THAC0 15 against AC 5 behind 50% cover (+4): AC 1, so a natural 14+ hits (rule text 001)."""
    result = evaluate({"system": "classic-d20", "attack": {"to_hit": 15}, "target": {"ac": 5, "cover": 50}})
    view = SYSTEMS["classic-d20"].view
    assert view.headline(result) == "Hits on a natural 14+"
    assert ("Cover", "50% (+4 AC)") in view.facts(result)
