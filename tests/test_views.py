"""pycore.views.common and pycore.views.view: the shared helpers, and every system holding its View."""

import xml.etree.ElementTree as ET
from importlib import import_module

import pytest

from pycore import SYSTEMS
from pycore.geometry.hexgrid import Hex
from pycore.views import VIEWS, View, classic_d20, skirmish_d6, view_module
from pycore.views.common import (
    board_size,
    chance,
    hex_of,
    link,
    map_of,
    map_pieces,
    percent_exact,
    percent_of,
    percent_with_fraction,
    signed,
)
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


@pytest.mark.parametrize(("value", "size"), [(3, 3), (40, 40), (2, None), (41, None), (True, None), ("8", None),
                                              (None, None)])
def test_board_size_reads_only_sizes_the_map_allows(value, size):
    """A board is 3 to 40 hexes each way; anything else is no size (the drawing grows around the pieces)."""
    assert board_size(value) == size


def test_map_pieces_from_a_half_typed_map():
    """Both views read a map the same way: the attacker and the target first, then obstacles, then creatures, the
    first piece on a hex winning, broken items skipped; each system names its own obstacles."""
    m = {"attacker": [0, 0], "target": [0, 0], "obstacles": [{"hex": [1, 0], "kind": "total"}, {"hex": [1]}, 7,
                                                             {"hex": [2, 0]}],
         "creatures": [{"hex": [1, 0], "side": "target"}, {"hex": [3, 0], "side": "target"}, {"hex": [4, 0]}]}
    d6 = {h.qr: p.symbol for h, p in map_pieces(m, skirmish_d6.BOARD, skirmish_d6.PIECES,
                                                 skirmish_d6._obstacle_kind).items()}
    assert d6 == {(0, 0): "A", (1, 0): "X", (2, 0): "P", (3, 0): "t", (4, 0): "a"}
    d20 = {h.qr: p.symbol for h, p in map_pieces(m, classic_d20.BOARD, classic_d20.PIECES,
                                                  classic_d20._obstacle_kind).items()}
    assert d20 == {(0, 0): "A", (1, 0): "W", (2, 0): "W", (3, 0): "t", (4, 0): "a"}
    assert map_of({"map": "no"}) == {} and map_of({"map": m}) is m


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
    """Every system has a view beside it, found by its name; a view without blocks adds nothing."""
    assert list(VIEWS) == list(SYSTEMS)
    for system in SYSTEMS.values():
        assert isinstance(VIEWS[system.id], View) and VIEWS[system.id] is import_module(view_module(system)).VIEW
    assert no_blocks({}, "") == []


def test_overlay_ranking_orders_by_chance_then_band_then_hex():
    """Entries with the same chance and band but different cover tie, and are then ordered by hex (row, column)."""
    from pycore.views.overlay import OverlayWords, ranked

    words = OverlayWords("cover", lambda c: f"cover {c}", lambda c: 0)
    overlay = {"moving": "attacker", "hexes": [
        {"hex": [2, 5], "targetable": True, "hit_chance": 0.5, "hit_chance_exact": "1/2", "cover": 25},
        {"hex": [1, 3], "targetable": True, "hit_chance": 0.5, "hit_chance_exact": "1/2", "cover": 0},
        {"hex": [0, 9], "targetable": True, "hit_chance": 0.75, "hit_chance_exact": "3/4", "cover": 0},
        {"hex": [4, 3], "targetable": False, "hit_chance": 0.0, "hit_chance_exact": "0", "cover": 100},
        {"hex": [3, 3], "targetable": True, "hit_chance": 0.5, "hit_chance_exact": "1/2", "cover": 50},
    ]}
    assert [e["hex"] for e in ranked(overlay, words)] == [[0, 9], [1, 3], [3, 3], [2, 5], [4, 3]]
    target = {**overlay, "moving": "target"}
    assert [e["hex"] for e in ranked(target, words)] == [[4, 3], [1, 3], [3, 3], [2, 5], [0, 9]]
