"""pycore.svg: byte-stable, described, rule-tagged diagrams that never rely on colour alone."""

import xml.etree.ElementTree as ET

from pycore import evaluate
from pycore.hexgrid import Hex
from pycore.svg import Board, Mark, Piece, Segment, board_svg, legend_element
from pycore.views import skirmish_d6 as view

NS = {"svg": "http://www.w3.org/2000/svg"}
H = Hex.axial


def sample() -> Board:
    """A small board with a piece of each kind, a mark and a line."""
    cells = tuple(H(q, r) for r in range(3) for q in range(-(r // 2), 5 - (r // 2)))
    return Board(cells, "Sample", "Two pieces and a line.",
                 pieces=((H(0, 0), Piece("attacker", "A", "attacker")), (H(3, 1), Piece("partial", "P", "partial obstacle"))),
                 marks=((H(3, 1), Mark("crossed", "1", "obstacle 1 on the line", "d6.map.line")),),
                 segments=(Segment(H(0, 0), H(3, 2), "sight", "line of sight", "d6.map.line"),),
                 legend=(("A", "Attacker"), ("P", "Partial obstacle")))


def test_same_input_same_bytes():
    """Rendering twice gives identical bytes."""
    assert board_svg(sample()) == board_svg(sample())


def test_title_desc_and_text_labels():
    """The picture says in words what it shows; pieces carry symbols, not just colours."""
    root = ET.fromstring(board_svg(sample()))
    assert root.find("svg:title", NS).text == "Sample"
    assert root.find("svg:desc", NS).text == "Two pieces and a line."
    symbols = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "A" in symbols and "P" in symbols and "1" in symbols
    assert root.get("role") == "img"


def test_rules_tag_the_elements_they_decide():
    """data-rule sits on the line and on the mark a rule drew."""
    root = ET.fromstring(board_svg(sample()))
    ruled = [e for e in root.iter() if e.get("data-rule") == "d6.map.line"]
    tags = {e.tag.split("}")[1] for e in ruled}
    assert {"line", "text"} <= tags


def test_partial_obstacles_are_patterned():
    """Obstacles are filled with a pattern (hatching), so print in black and white still tells them apart."""
    svg = board_svg(sample())
    assert 'fill="url(#board-hatch)"' in svg and "<pattern" in svg


def test_interactive_cells_are_focusable_buttons():
    """Interactive boards: every hex a button with a label, one in the tab order."""
    root = ET.fromstring(board_svg(sample(), interactive=True))
    cells = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("data-hex")]
    assert all(g.get("role") == "button" and g.get("aria-label") for g in cells)
    assert [g.get("tabindex") for g in cells].count("0") == 1
    assert any("attacker" in g.get("aria-label") for g in cells)


def test_legend_lists_every_symbol():
    """The legend names each symbol in words."""
    html = ET.tostring(legend_element(sample()), encoding="unicode")
    assert "Attacker" in html and "Partial obstacle" in html


def test_d6_board_draws_the_line_and_both_paths():
    """The d6 view draws the line, numbers crossed obstacles and marks both paths along an edge."""
    scenario = {"system": "skirmish-d6", "map": {"attacker": [0, 2], "target": [1, 0], "cols": 6, "rows": 4,
                                                 "obstacles": [{"hex": [1, 1], "kind": "partial"}], "creatures": []}}
    result = evaluate(scenario)
    svg = board_svg(view.board(scenario, result), interactive=True)
    assert "path-used" in svg and "path-alt" in svg and "hexboard-segment--sight" in svg
    assert "along a hex edge" in svg


def test_d6_board_survives_invalid_pieces():
    """While the form is invalid the board still draws what it can (no exception)."""
    scenario = {"system": "skirmish-d6", "map": {"attacker": "x", "target": [1, 0], "obstacles": [7, {"hex": "?"}]}}
    drawing = view.board(scenario, None)
    assert len(drawing.pieces) == 1
