"""pycore.views.skirmish_d6: the hex map drawn around the pieces, the headline and the facts."""

from pycore import evaluate
from pycore.hexgrid import ODD, Hex, OffsetCoord, roffset_to_cube
from pycore.maps import MARGIN_HEXES, MAX_SPAN
from pycore.views import VIEWS
from pycore.views.skirmish_d6 import board


def test_the_drawing_covers_the_pieces_with_a_margin():
    """Without a size the board drawn is the 12 x 9 default grown by 2 hexes past every piece; with a size it is
    exactly that board."""
    scenario = {"system": "skirmish-d6", "map": {"attacker": [-3, -2], "target": [40, 0]}}
    drawn = set(board(scenario, None).cells)
    for q, r in ((-3, -2), (40, 0)):
        for d in range(-MARGIN_HEXES, MARGIN_HEXES + 1):
            assert Hex.axial(q + d, r) in drawn
    assert Hex.axial(0, 0) in drawn and roffset_to_cube(ODD, OffsetCoord(11, 8)) in drawn  # the 12 x 9 corners
    assert len(board({"system": "skirmish-d6", "map": {}}, None).cells) == 12 * 9
    sized = board({"system": "skirmish-d6", "map": {"cols": 6, "rows": 4, "attacker": [0, 0]}}, None)
    assert len(sized.cells) == 24


def test_a_far_flung_map_is_drawn_around_the_attacker():
    """Pieces 1,998 hexes apart are answered; the drawing is at most 100 x 100 hexes, around the attacker."""
    scenario = {"system": "skirmish-d6", "map": {"attacker": [-999, 999], "target": [999, -999]}}
    cells = board(scenario, evaluate(scenario)).cells
    assert len(cells) <= MAX_SPAN * MAX_SPAN and Hex.axial(-999, 999) in set(cells)


def test_d6_words():
    """Dim light plus one partial obstacle with base 4+: cover level 2, -2, hits on 6+ (rule text 003)."""
    result = evaluate({"system": "skirmish-d6", "light": "dim", "obstacles": {"partial": 1}, "attack": {"hits_on": 4}})
    view = VIEWS["skirmish-d6"]
    assert view.headline(result) == "Hits on 6+"
    assert ("Cover", "Level 2 (-2 to attacks)") in view.facts(result)


def test_d6_summary_is_the_headline_and_the_chance():
    """Base 4+ behind one partial obstacle: level 1 cover, -1, hits on 5+, two faces of six (rule text 003)."""
    summary = VIEWS["skirmish-d6"].summary
    assert summary is not None
    assert summary(evaluate({"system": "skirmish-d6", "obstacles": {"partial": 1}, "attack": {"hits_on": 4}})) \
        == "Hits on 5+ · 33.3%"
    assert summary(evaluate({"system": "skirmish-d6", "obstacles": {"total": 1}, "attack": {"hits_on": 4}})) \
        .startswith("Cannot be targeted: ")
    assert summary(evaluate({"system": "skirmish-d6", "light": "dim"})) \
        == "Attack modifier -1 · needs a base number for the chance"


def test_a_square_map_is_answered_but_not_drawn():
    """A square map (from a link or a file) gets its answer in words; no hex board is drawn for it."""
    from squares_cases import on_room

    from pycore.render import result_html

    scenario = on_room("skirmish-d6", [1, 2], [7, 3], True, attack={"hits_on": 4})
    result = evaluate(scenario)
    assert board(scenario, result) is None
    assert "Level 1 (-1 to attacks)" in result_html(result, "/", scenario)
