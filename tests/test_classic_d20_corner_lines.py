"""pycore.systems.classic_d20.corner_lines: the 36 corner lines, which ones a blocker breaks, and the cover steps."""

import random

import pytest

from pycore.geometry import hex_plane
from pycore.geometry import hexgrid as hg
from pycore.geometry.hexgrid import Hex
from pycore.systems.classic_d20.corner_lines import Lines, corner_segments, cover_percent, segment_touches

A, T = Hex.axial(0, 0), Hex.axial(4, 0)
"""Two creatures in a row, 20 ft apart."""


def test_thirty_six_lines_from_corner_to_corner():
    """Each of the six corners of one hex to each of the six of the other."""
    segs = corner_segments(A, T)
    assert len(segs) == 36 and len(set(segs)) == 36
    assert {p for p, _ in segs} == set(hex_plane.corners(A)) and {q for _, q in segs} == set(hex_plane.corners(T))


def test_nothing_in_the_way_breaks_no_line():
    assert Lines([]).count(A, T) == 0
    assert Lines([Hex.axial(2, 3), Hex.axial(-3, 0)]).count(A, T) == 0


def test_one_hex_right_between_breaks_all_but_the_two_grazing_lines():
    """A hex as wide as the creatures, right between them: only the lines along the tops and bottoms of the row
    graze its corners, and grazing does not break a line."""
    lines = Lines([Hex.axial(2, 0)])
    assert lines.count(A, T) == 34
    assert lines.blockers_of(A, T) == {Hex.axial(2, 0)}


def test_a_second_hex_closes_the_gap_along_the_top():
    """With its neighbour above, the top line runs along the edge they share: broken; the bottom one still grazes."""
    assert Lines([Hex.axial(2, 0), Hex.axial(2, -1)]).count(A, T) == 35
    assert Lines([Hex.axial(2, 0), Hex.axial(2, -1), Hex.axial(1, 1)]).count(A, T) == 36


def test_a_hex_off_to_one_side_breaks_a_few_lines():
    assert Lines([Hex.axial(2, 1)]).count(A, T) == 5
    assert Lines([Hex.axial(0, 1)]).count(A, T) == 7  # next to the attacker, below: lines along its edge


def test_grazing_a_corner_is_not_touching_but_running_along_an_edge_is():
    wall = Hex.axial(2, 0)
    a_tip, t_tip = hex_plane.corners(A)[4], hex_plane.corners(T)[4]  # the same corner of both: the line meets the wall's one
    assert hex_plane.corners(wall)[4] == ((a_tip[0] + t_tip[0]) // 2, a_tip[1])
    assert not segment_touches((a_tip, t_tip), wall)
    assert segment_touches((hex_plane.corners(A)[0], hex_plane.corners(T)[3]), wall)  # through the middle
    edge = (hex_plane.corners(wall)[3], hex_plane.corners(wall)[4])
    assert segment_touches(edge, wall)
    assert not segment_touches((a_tip, a_tip), wall)  # a line of no length touches nothing


@pytest.mark.parametrize(("blocked", "down", "up"), [
    (0, 0, 0), (1, 0, 25), (8, 0, 25), (9, 25, 25), (17, 25, 50), (18, 50, 50), (26, 50, 75), (27, 75, 75),
    (32, 75, 90), (33, 90, 100), (34, 90, 100), (35, 90, 100), (36, 100, 100),
])
def test_the_share_of_broken_lines_becomes_a_cover_step(blocked, down, up):
    """25%, 50%, 75%, 90% and 100% of 36 lines are 9, 18, 27, 32.4 and 36 lines."""
    assert cover_percent(blocked, 36, "down") == down
    assert cover_percent(blocked, 36, "up") == up


@pytest.mark.parametrize("seed", range(12))
def test_lines_anchored_at_one_piece_count_as_a_fresh_board_does(seed):
    """The overlay's shortcut (blockers looked up by direction from each corner of the piece that stays, lines
    remembered by corner) counts the same broken lines as a fresh board without it, for every hex, on boards from
    sparse to crowded (the anchor's neighbours among the blockers)."""
    rng = random.Random(seed)
    cells = hg.rectangle(14, 12, hg.ODD)
    picked = rng.sample(cells, 12 + 8 * seed)
    anchor, blockers = picked[0], picked[1:]
    shared = Lines(blockers, anchor)
    for h in cells:
        if h == anchor or h in blockers:
            continue
        assert shared.count(anchor, h) == Lines(blockers).count(anchor, h), h
        assert shared.count(h, anchor) == Lines(blockers).count(h, anchor), h
