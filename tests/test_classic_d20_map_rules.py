"""pycore.systems.classic_d20.map_rules: what any map's reading rests on, on hexes and squares alike."""

from pycore import evaluate
from pycore.systems.classic_d20.map_rules import map_first, reading_rules


def test_a_level_reading_with_nobody_protecting_rests_only_on_the_protectors_ruling():
    """Protectors are always ruled on (adjacent allies or none); nothing else is used on level ground."""
    assert reading_rules(False, False, "level") == ([], ["d20.ruling.map-protectors"])


def test_a_line_through_protectors_and_height_each_add_their_rule():
    """A line that got through 100% cover, a protected target and an attacker above each bring their own."""
    rules, rulings = reading_rules(True, True, "above")
    assert rules == ["d20.map.protectors", "d20.map.heights"]
    assert rulings == ["d20.ruling.map-line-through", "d20.ruling.map-protectors", "d20.ruling.map-terrain"]


def test_the_maps_rules_come_first_and_once():
    """A rule the evaluation also used is listed once, in the map's place."""
    result = map_first({"rules": ["d20.ac.descending", "d20.map.heights"], "rulings_used": ["x"]},
                       ["d20.map.cover", "d20.map.heights"], ["x", "y"])
    assert result["rules"] == ["d20.map.cover", "d20.map.heights", "d20.ac.descending"]
    assert result["rulings_used"] == ["x", "y"]


def test_hexes_and_squares_read_protectors_by_the_same_rule():
    """An ally beside the target protects it on either grid (one protector: +2 to AC against missiles, rule
    d20.map.protectors), and both list the rule right after the grid's own cover rule."""
    for grid, spots in (("hex", {"attacker": [0, 0], "target": [4, 0], "creatures": [{"hex": [5, 0], "side": "target"}]}),
                        ("square", {"grid": "square", "attacker": [0, 0], "target": [4, 0],
                                    "creatures": [{"hex": [5, 0], "side": "target"}]})):
        r = evaluate({"system": "classic-d20", "attack": {"kind": "missile", "to_hit": 15}, "target": {"ac": 5},
                      "map": spots})
        ids = [x["id"] for x in r["rules"]]
        assert "d20.map.protectors" in ids, grid
        assert ids.index("d20.map.protectors") < ids.index("d20.ac.descending"), grid
