"""pycore.views.classic_d20: the headline and the rendered blocks of a Classic d20 result."""

import pytest
from classic_d20_cases import run

from pycore import evaluate
from pycore.page.render import result_html
from pycore.views import VIEWS
from pycore.views.classic_d20 import BOARD, board
from pycore.views.svg import board_svg


@pytest.mark.parametrize(("scenario", "headline"), [
    ({"attack": {"to_hit": 15}, "target": {"ac": 4}}, "Hits on a natural 11+"),
    ({"attack": {"to_hit": 30}, "target": {"ac": 0}}, "Hits only on a natural 20"),
    ({"attack": {"to_hit": 30}, "target": {"ac": 5}, "rulings": {"d20.ruling.natural-rolls": "none"}},
     "Cannot hit: no roll is high enough"),
    ({"attack": {"to_hit": 1}, "rulings": {"d20.ruling.natural-rolls": "none"}}, "Hits on any roll"),
    ({"target": {"cover": 50}, "attack": {"over_melee": True}}, "Effective AC 6, -2 to hit"),
    ({"target": {"cover": 100}}, "Cannot be targeted: 100% cover"),
])
def test_headlines(scenario, headline):
    """The one-line answer in each situation."""
    html = result_html(run(**scenario))
    assert f'data-key="headline">{headline}<' in html


def test_rendered_blocks():
    """The steps table, the invisibility panel and the protectors block, each with rule links."""
    result = run(attack={"to_hit": 14}, target={"ac": 4, "protectors": 2, "protector_ac": [6, 2]},
                 attacker={"invisible": True})
    html = result_html(result, "../../")
    assert 'data-block="steps"' in html and 'data-block="invisibility"' in html and 'data-block="protectors"' in html
    assert "Before any modifier" in html and "points" in html
    assert "Protector 2 (AC 2)" in html and 'href="../../rules/classic-d20/cover/#d20.cover.protector-struck"' in html
    assert "Can the target see the attacker?" in html and "Does it surprise?" in html


def test_classic_d20_words():
    """THAC0 15 against AC 5 behind 50% cover (+4): AC 1, so a natural 14+ hits (rule text 001)."""
    result = evaluate({"system": "classic-d20", "attack": {"to_hit": 15}, "target": {"ac": 5, "cover": 50}})
    view = VIEWS["classic-d20"]
    assert view.headline(result) == "Hits on a natural 14+"
    assert ("Cover", "50% (+4 AC)") in view.facts(result)


MAP = {"cols": 7, "rows": 4, "attacker": [0, 1], "target": [4, 1], "obstacles": [{"hex": [2, 1], "kind": "wall"}],
       "creatures": [{"hex": [5, 1], "side": "target"}], "elevation": [{"hex": [0, 1], "height": 10}]}


def test_map_board_pieces_marks_and_facts():
    """The board: every piece, the wall marked as breaking lines, the protector marked, the height written; the facts
    say how many lines are broken and who is higher."""
    scenario = {"system": "classic-d20", "attack": {"to_hit": 15}, "target": {"ac": 5}, "map": MAP}
    result = evaluate(scenario)
    drawing = board(scenario, result)
    assert drawing is not None and len(drawing.cells) == 7 * 4
    kinds = {h.qr: p.kind for h, p in drawing.pieces}
    assert kinds == {(0, 1): "attacker", (4, 1): "target", (2, 1): "total wall", (5, 1): "creature creature-target"}
    marks = {(h.qr, m.kind): m.text for h, m in drawing.marks}
    assert marks[((2, 1), "crossed")] == "×" and marks[((5, 1), "protector")] == "P"
    assert marks[((0, 1), "height")] == "+10 ft"
    assert "34 of the 36 lines" in drawing.desc
    svg = board_svg(drawing, interactive=True)
    assert 'data-rule="d20.map.cover"' in svg
    html = result_html(result)
    assert "34 of 36 corner lines broken, 20 ft apart" in html
    assert "attacker 10 ft, target 0 ft: attacker higher, across a cliff face" in html
    assert [s.path for s in BOARD.slots] == ["map.attacker", "map.target", "map.obstacles", "map.creatures",
                                             "map.creatures"]
    assert VIEWS["classic-d20"].board_spec is BOARD


def test_map_board_overlay_heats_every_free_hex_by_chance():
    """The shared overlay: one heat band per free hex, by chance to hit, with the hex's numbers as its name."""
    scenario = {"system": "classic-d20", "attack": {"to_hit": 15}, "target": {"ac": 5}, "map": MAP, "overlay": "target"}
    result = evaluate(scenario)
    drawing = board(scenario, result)
    heat = {h.qr: x for h, x in drawing.heat}
    assert len(result["overlay"]["hexes"]) == 7 * 4 - 3 and len(heat) == 7 * 4 - 3
    # 90% cover (+10 AC, AC -5) against THAC0 15, +2 from the cliff: 18 or better, 3 in 20, under 25%
    assert heat[(4, 1)].band == 1 and heat[(4, 1)].label == "target here: 15% to hit, 90% cover"
    # in the open, from 10 ft up: a natural 8 or better, 13 in 20, 50% to under 75%
    assert heat[(1, 0)].band == 3 and heat[(1, 0)].label == "target here: 65% to hit, no cover"
    assert not drawing.cell_classes and not [m for _, m in drawing.marks if m.kind == "overlay"]
    assert drawing.desc.endswith("Shaded: where the target could stand, by chance to hit.")


def test_overlay_legend_and_best_hexes_table_follow_the_result():
    """Under the result: the legend's five bands, and the safest hexes for the target first (90% cover first)."""
    scenario = {"system": "classic-d20", "attack": {"to_hit": 15}, "target": {"ac": 5}, "map": MAP, "overlay": "target"}
    html = result_html(evaluate(scenario))
    assert 'data-role="overlay-legend"' in html and html.count('<li data-heat="') == 5
    assert 'data-role="overlay-table"' in html
    first = html.index('<tr data-hex="4,1"')
    assert first < html.index('<tr data-hex="1,0"') and "90% cover" in html[first:first + 300]


def test_overlay_cover_alone_bands_without_a_to_hit_number():
    """No to-hit number: the band follows the cover (none best, 90% poor, total none)."""
    cover_band = VIEWS["classic-d20"].overlay.cover_band
    assert [cover_band(c) for c in (0, 25, 50, 75, 90, 100)] == [4, 3, 2, 1, 1, 0]


def test_map_board_from_a_half_typed_map_never_fails():
    for m in ({}, {"attacker": "x"}, {"obstacles": [1, {"hex": [1]}], "creatures": "no", "elevation": [{"hex": [0, 0]}]}):
        drawing = board({"system": "classic-d20", "map": m}, None)
        assert drawing is not None and len(drawing.cells) == 12 * 9


def test_classic_d20_summary_is_the_headline_and_the_chance():
    """THAC0 15 against AC 5 (descending): a natural 10+ hits, 11 faces of 20 = 55%; no to-hit number, no chance."""
    summary = VIEWS["classic-d20"].summary
    assert summary is not None
    assert summary(evaluate({"system": "classic-d20", "attack": {"to_hit": 15}, "target": {"ac": 5}})) \
        == "Hits on a natural 10+ · 55%"
    assert summary(evaluate({"system": "classic-d20", "target": {"ac": 5}})) \
        == "Effective AC 5 · needs a to-hit number for the chance"


def test_a_line_through_every_broken_corner_line_is_said_in_the_facts_and_the_board():
    """Attacker [0, 0], target [8, -4], walls [1, 0] and [3, -2]: all 36 corner lines broken, but a line gets
    through (ruling d20.ruling.map-line-through): the facts and the board's description say why it is 90%."""
    from pycore.views.classic_d20 import map_facts
    scenario = {"system": "classic-d20", "attack": {"to_hit": 15}, "target": {"ac": 5},
                "map": {"attacker": [0, 0], "target": [8, -4], "obstacles": [{"hex": [1, 0]}, {"hex": [3, -2]}]}}
    result = evaluate(scenario)
    facts = dict(map_facts(result))
    assert facts["Read off the map"] == "36 of 36 corner lines broken, 40 ft apart"
    assert "not 100% but 90% cover" in facts["Line of sight"]
    assert "are broken, but a straight line still gets through: 90% cover" in board(scenario, result).desc


def test_a_square_map_is_drawn_on_squares():
    """The room, attacker on [1, 2], target on [5, 3], door open: 14 of 16 corner lines broken (75%), drawn on the
    room's 60 squares with its walls, door and light."""
    from squares_cases import on_room

    scenario = on_room("classic-d20", [1, 2], [5, 3], True, target={"ac": 5})
    result = evaluate(scenario)
    drawn = board(scenario, result)
    assert drawn is not None and len(drawn.cells) == 60
    assert [(at, piece.symbol) for at, piece in drawn.pieces] == [((1, 2), "A"), ((5, 3), "T")]
    assert [w.kind for w in drawn.walls] == ["wall", "wall", "wall", "object", "low", "door"]
    assert drawn.walls[-1].open and drawn.walls[-1].rule == "d20.map.walls" and len(drawn.lights) == 1
    assert drawn.desc.startswith("14 of the 16 lines from the attacker's corners to the target's are broken: 75% cover")
    assert drawn.title == "Classic d20 square map (1 square = 5 ft)"
    assert "75%" in result_html(result, "/", scenario)


def _corner_lines(svg: str) -> list:
    import xml.etree.ElementTree as ET

    lines = ET.fromstring(svg).findall("{http://www.w3.org/2000/svg}line")
    return [line for line in lines if "hexboard-segment--corner" in line.get("class", "")]


def test_the_hex_board_draws_the_36_corner_lines_broken_apart():
    """A wall at 2, 0 between the attacker at 0, 0 and the target at 4, 0 breaks 34 of 36 lines: all 36 drawn, 34
    dashed (``hexboard-segment--broken``), the 2 clear ones level (the same y at both ends), the letters in the layer
    above them; the description and the key say the same count."""
    scenario = {"system": "classic-d20", "attack": {"to_hit": 15}, "target": {"ac": 5},
                "map": {"attacker": [0, 0], "target": [4, 0], "obstacles": [{"hex": [2, 0]}]}}
    result = evaluate(scenario)
    drawing = board(scenario, result)
    assert drawing is not None and len(drawing.corner_lines) == 36
    svg = board_svg(drawing)
    drawn = _corner_lines(svg)
    assert len(drawn) == 36
    broken = [line for line in drawn if "hexboard-segment--broken" in line.get("class")]
    clear = [line for line in drawn if "hexboard-segment--clear" in line.get("class")]
    assert len(broken) == 34 and len(clear) == 2
    assert all(line.get("y1") == line.get("y2") for line in clear)
    assert all(line.get("data-rule") == "d20.map.cover" for line in drawn)
    assert svg.index("hexboard-segment--corner") < svg.index('class="hexboard-glyphs"') < svg.index(">A<")
    assert drawing.desc.startswith("34 of the 36 lines from the attacker's corners to the target's are broken")
    assert any(symbol == "╱" for symbol, _ in drawing.legend)


def test_a_corner_line_of_no_length_is_not_drawn():
    """Side by side (0, 0 and 1, 0, wall at 0, 1): 36 lines listed, the 2 between shared corners not drawn; of the 34
    drawn, the 7 broken are dashed. From the hex plane to the picture: the attacker's centre is drawn where
    ``to_pixel`` puts hex 0, 0 and one unit of the plane is a hex's width (20 * sqrt(3) = 34.64 units)."""
    from pycore.geometry.hexgrid import Hex, to_pixel
    from pycore.views.plot import frame

    scenario = {"system": "classic-d20", "attack": {"to_hit": 15}, "target": {"ac": 5},
                "map": {"attacker": [0, 0], "target": [1, 0], "obstacles": [{"hex": [0, 1]}]}}
    drawing = board(scenario, evaluate(scenario))
    drawn = _corner_lines(board_svg(drawing))
    assert len(drawn) == 34 and sum("hexboard-segment--broken" in line.get("class") for line in drawn) == 7
    centre = to_pixel(frame(drawing.cells)[0], Hex.axial(0, 0))
    top = (round(centre.x, 2), round(centre.y - 0.5774 * 20 * 3 ** 0.5, 2))  # the attacker's top corner
    assert any(abs(float(line.get("x1")) - top[0]) < 0.02 and abs(float(line.get("y1")) - top[1]) < 0.02
               for line in drawn)
