"""pycore.views.skirmish_d6: the hex map drawn around the pieces, the headline and the facts."""

from pycore import evaluate
from pycore.geometry.hexgrid import ODD, Hex, OffsetCoord, roffset_to_cube
from pycore.maps.hex_map import MARGIN_HEXES, MAX_SPAN
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


def test_a_square_map_is_drawn_on_squares():
    """The room (10 x 6 squares), attacker on [1, 2], target on [7, 3], door open: the 60 squares, the two pieces, the
    room's five wall lines (outer walls, the inner wall's two parts, the pillar's outline, the low wall), its door and
    its light; the line passes six squares and crosses one wall line (the inner wall below the door): level 1."""
    from squares_cases import on_room

    from pycore.page.render import result_html

    scenario = on_room("skirmish-d6", [1, 2], [7, 3], True, attack={"hits_on": 4})
    result = evaluate(scenario)
    drawn = board(scenario, result)
    assert drawn is not None and len(drawn.cells) == 60 and drawn.cells[0] == (0, 0) and drawn.cells[-1] == (9, 5)
    assert [(at, piece.symbol) for at, piece in drawn.pieces] == [((1, 2), "A"), ((7, 3), "T")]
    assert [(w.kind, w.index, w.open) for w in drawn.walls] == [
        ("wall", 0, False), ("wall", 1, False), ("wall", 2, False), ("object", 3, False), ("low", 4, False),
        ("door", 0, True)]
    assert [(lamp.at, lamp.reach) for lamp in drawn.lamps] == [((8.0, 4.0), 2.0)]
    assert [at for at, cls in drawn.cell_classes if cls == "path-used"] == [(2, 2), (3, 2), (4, 2), (4, 3), (5, 3), (6, 3)]
    assert drawn.segments[0].start == (1, 2) and drawn.segments[0].end == (7, 3)
    assert "6 inches, crosses 0 obstacle(s) and 1 wall line(s): cover level 1" in drawn.desc
    assert ("▭", "door: tap to open or close it") in drawn.legend
    assert "Level 1 (-1 to attacks)" in result_html(result, "/", scenario)


def test_a_half_typed_square_map_is_still_drawn():
    """While the form has errors (no target, a wall with one point, a door without points) the board still shows what
    can be read: 12 x 9 squares grown around the attacker on [14, 3] (2 squares beyond it: columns 0 to 16), and the
    one good wall."""
    m = {"grid": "square", "attacker": [14, 3], "walls": [{"points": [[1, 1]]}, {"points": [[0, 0], [2, 0]], "kind": "low"}],
         "doors": [{"open": True}]}
    drawn = board({"system": "skirmish-d6", "map": m}, None)
    assert drawn is not None and len(drawn.cells) == 17 * 9 and drawn.cells[-1] == (16, 8)
    assert [(w.kind, w.index) for w in drawn.walls] == [("low", 1)]
    assert drawn.segments == ()
