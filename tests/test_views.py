"""pycore.views.common and pycore.views.view: the shared helpers, and every system holding its View."""

import xml.etree.ElementTree as ET

import pytest

from pycore import SYSTEMS
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
