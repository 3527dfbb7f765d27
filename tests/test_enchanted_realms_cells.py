"""pycore.systems.enchanted_realms.cells: the rectangle drawn around the pieces (and covered by an overlay)."""

from pycore.geometry.hexgrid import ODD, Hex, OffsetCoord, roffset_from_cube
from pycore.systems.enchanted_realms.cells import MARGIN_HEXES, MIN_COLS, MIN_ROWS, board_cells


def test_small_spread_gets_the_minimum_board():
    cells = board_cells([Hex.axial(0, 0), Hex.axial(4, 0)])
    assert len(cells) == MIN_COLS * MIN_ROWS == 77


def test_board_grows_to_leave_a_margin_around_every_piece():
    # axial [0, 12] is column 6 of row 12 (odd rows shoved right): columns 0..20 and rows 0..12, plus the margin
    pieces = [Hex.axial(0, 0), Hex.axial(20, 0), Hex.axial(0, 12)]
    cells = board_cells(pieces)
    offsets = [roffset_from_cube(ODD, h) for h in cells]
    cols = {o.col for o in offsets}
    rows = {o.row for o in offsets}
    assert min(cols) == -MARGIN_HEXES and max(cols) == 20 + MARGIN_HEXES
    assert min(rows) == -MARGIN_HEXES and max(rows) == 12 + MARGIN_HEXES
    assert len(cells) == len(cols) * len(rows)


def test_no_pieces_is_the_minimum_board_around_the_origin():
    cells = board_cells([])
    assert OffsetCoord(0, 0) in {roffset_from_cube(ODD, h) for h in cells} and len(cells) == 77
