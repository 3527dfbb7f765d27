"""pycore.maps.hex_map: the hexes of a board, sized or drawn around the pieces, and the pieces read off a validated map."""

import pytest

from pycore.errors import ScenarioError
from pycore.geometry.hexgrid import ODD, Hex, OffsetCoord, roffset_from_cube, roffset_to_cube
from pycore.maps.hex_map import DEFAULT_COLS, DEFAULT_ROWS, MARGIN_HEXES, MAX_SPAN, board_cells, on_board, read, unbounded_cells


def offsets(cells):
    """(column, row) of each hex."""
    return [(o.col, o.row) for o in (roffset_from_cube(ODD, h) for h in cells)]


def test_a_sized_board_is_its_columns_and_rows_row_by_row():
    """A 3 x 2 board: six hexes, columns 0-2 of row 0 then of row 1; only those are on it, and without a size
    every hex is."""
    cells = board_cells(3, 2)
    assert offsets(cells) == [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]
    assert on_board(cells[-1], 3, 2) and not on_board(Hex.axial(3, 0), 3, 2)
    assert on_board(Hex.axial(-999, 999), None, None)


def test_an_unsized_board_is_the_default_grown_around_the_pieces():
    """No pieces: the 12 x 9 default; a piece at column 14, row 3 grows it to column 14 + MARGIN_HEXES; a far-flung
    one is cut to MAX_SPAN columns around the first piece."""
    assert len(unbounded_cells([])) == DEFAULT_COLS * DEFAULT_ROWS == 108
    grown = offsets(unbounded_cells([roffset_to_cube(ODD, OffsetCoord(14, 3))]))
    assert max(c for c, _ in grown) == 14 + MARGIN_HEXES and min(c for c, _ in grown) == 0
    far = offsets(unbounded_cells([Hex.axial(0, 0), roffset_to_cube(ODD, OffsetCoord(500, 0))]))
    assert len({c for c, _ in far}) == MAX_SPAN and min(c for c, _ in far) == -MARGIN_HEXES


MAP = {"cols": 6, "rows": 4, "attacker": [0, 0], "target": [4, 1], "obstacles": [{"hex": [2, 0], "kind": "total"}],
       "creatures": [{"hex": [1, 2], "side": "target"}], "elevation": []}


def test_read_gives_the_pieces_by_hex():
    """Attacker, target, obstacles by kind and creatures by side."""
    attacker, target, obstacles, creatures = read(MAP)
    assert (attacker, target) == (Hex.axial(0, 0), Hex.axial(4, 1))
    assert obstacles == {Hex.axial(2, 0): "total"} and creatures == {Hex.axial(1, 2): "target"}


@pytest.mark.parametrize(("change", "field", "words"), [
    ({"target": [0, 0]}, "map.target", "already taken by map.attacker"),
    ({"target": [9, 0]}, "map.target", "off the 6 x 4 board"),
    ({"attacker": None}, "map.attacker", "is required on a map"),
    ({"creatures": [{"hex": [2, 0], "side": "target"}]}, "map.creatures.0.hex", "already taken by map.obstacles.0.hex"),
])
def test_read_errors_name_the_piece(change, field, words):
    """A piece off the board, on a taken hex or missing is an error naming it."""
    with pytest.raises(ScenarioError) as caught:
        read({**MAP, **change})
    assert caught.value.errors[0]["field"] == field and words in caught.value.errors[0]["message"]
