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
    assert [(light.at, light.reach) for light in drawn.lights] == [((8.0, 4.0), 2.0)]
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


def test_counted_obstacles_are_ringed_and_said_so():
    """From 0, 1 to 4, 1 the line counts a partial obstacle at 1, 1 and a creature at 3, 1 (one level each, rule text
    003, 7.1): each cell gets the ``counted`` ring and its button says it is counted; the obstacle beside the line at
    2, 0 gets neither."""
    import xml.etree.ElementTree as ET

    from pycore.views.svg import board_svg

    scenario = {"system": "skirmish-d6", "attack": {"hits_on": 3},
                "map": {"cols": 8, "rows": 4, "attacker": [0, 1], "target": [4, 1],
                        "obstacles": [{"hex": [1, 1], "kind": "partial"}, {"hex": [2, 0], "kind": "partial"}],
                        "creatures": [{"hex": [3, 1], "side": "target"}]}}
    drawing = board(scenario, evaluate(scenario))
    ringed = sorted(h.qr for h, cls in drawing.cell_classes if cls == "counted")
    assert ringed == [(1, 1), (3, 1)]
    svg = ET.fromstring(board_svg(drawing, interactive=True))
    labels = {g.get("data-hex"): g.get("aria-label") for g in svg.iter("{http://www.w3.org/2000/svg}g")
              if g.get("data-hex")}
    assert labels["1,1"].endswith("obstacle 1 on the line, counted: one level")
    assert labels["3,1"].endswith("obstacle 2 on the line, counted: one level")
    assert "counted" not in labels["2,0"]
    assert any("(ringed)" in meaning for _, meaning in drawing.legend)


def test_the_wall_pieces_the_line_counts_are_outlined():
    """The room, door open, [1, 2] to [7, 3]: the centre line (y = 2.5 + (x - 1.5) / 6) crosses x = 5 at y = 3.08,
    on the inner wall's lower piece (5, 3) to (5, 6), which counts one level; that piece is outlined
    (``hexboard-segment--counted``) from 6 + 34 * 5 = 176, 6 + 34 * 3 = 108 to 176, 210, under the line, its title
    saying so. With the door closed, from [1, 2] to [8, 2] the line (y = 2.5) crosses the door (5, 2) to (5, 3): total
    cover."""
    import xml.etree.ElementTree as ET

    from squares_cases import on_room

    from pycore.views.svg import board_svg

    scenario = on_room("skirmish-d6", [1, 2], [7, 3], True, attack={"hits_on": 4})
    svg = ET.fromstring(board_svg(board(scenario, evaluate(scenario)), interactive=True))
    lines = svg.findall("{http://www.w3.org/2000/svg}line")
    counted = [line for line in lines if "hexboard-segment--counted" in line.get("class")]
    assert [(c.get("x1"), c.get("y1"), c.get("x2"), c.get("y2")) for c in counted] == [("176", "108", "176", "210")]
    assert counted[0].find("{http://www.w3.org/2000/svg}title").text == "wall 3, counted: one level"
    assert lines.index(counted[0]) < next(i for i, line in enumerate(lines) if "--sight" in line.get("class"))
    shut = on_room("skirmish-d6", [1, 2], [8, 2], False, attack={"hits_on": 4})
    drawing = board(shut, evaluate(shut))
    assert [(p.start, p.end, p.label) for p in drawing.counted] == [
        ((5.0, 2.0), (5.0, 3.0), "door 1, closed, counted: total cover")]


def test_the_pieces_a_segment_meets():
    """From (0, 0.5) to (4, 0.5): of the polyline (1, 0) (1, 1) (3, 1) (3, 0) it crosses the first and last pieces,
    and misses the middle one along y = 1; a piece it runs along, or a point on it, meets it too."""
    from pycore.views.square_map import meeting_pieces

    cup = ((1.0, 0.0), (1.0, 1.0), (3.0, 1.0), (3.0, 0.0))
    assert meeting_pieces(cup, (0, 0.5), (4, 0.5)) == [((1.0, 0.0), (1.0, 1.0)), ((3.0, 1.0), (3.0, 0.0))]
    assert meeting_pieces(cup, (0, 1), (4, 1)) == list(zip(cup, cup[1:]))
    assert meeting_pieces(((2.0, 0.5),), (0, 0.5), (4, 0.5)) == [((2.0, 0.5), (2.0, 0.5))]
    assert meeting_pieces(((2.0, 0.6),), (0, 0.5), (4, 0.5)) == []
