"""Hex grid maths: known answers from the reference hex library's own tests, properties, the exact plane's corner lines."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pycore.geometry import hex_plane
from pycore.geometry import hexgrid as hg
from pycore.geometry.hexgrid import EVEN, FLAT, ODD, POINTY, FractionalHex, Hex, Layout, OffsetCoord, Point

H = Hex.axial


# --- known answers (the reference library's test values) -----------------------------------------

def test_cube_invariant_is_checked():
    """q + r + s must be 0."""
    with pytest.raises(ValueError, match="q \\+ r \\+ s"):
        Hex(1, 1, 1)


def test_arithmetic():
    """add and subtract."""
    assert hg.add(Hex(1, -3, 2), Hex(3, -7, 4)) == Hex(4, -10, 6)
    assert hg.subtract(Hex(1, -3, 2), Hex(3, -7, 4)) == Hex(-2, 4, -2)


def test_direction_neighbor_diagonal():
    """direction 2, neighbour in direction 2, diagonal neighbour 3."""
    assert hg.direction(2) == Hex(0, -1, 1)
    assert hg.neighbor(Hex(1, -2, 1), 2) == Hex(1, -3, 2)
    assert hg.diagonal_neighbor(Hex(1, -2, 1), 3) == Hex(-1, -1, 2)


def test_distance_and_rotation():
    """distance 7; rotate right and left."""
    assert hg.distance(Hex(3, -7, 4), Hex(0, 0, 0)) == 7
    assert hg.rotate_right(Hex(1, -3, 2)) == Hex(3, -2, -1)
    assert hg.rotate_left(Hex(1, -3, 2)) == Hex(-2, -1, 3)


def test_round():
    """Rounding of lerped and weighted points."""
    a, b, c = FractionalHex(0.0, 0.0, 0.0), FractionalHex(1.0, -1.0, 0.0), FractionalHex(0.0, -1.0, 1.0)
    assert hg.round_hex(hg.lerp(FractionalHex(0.0, 0.0, 0.0), FractionalHex(10.0, -20.0, 10.0), 0.5)) == Hex(5, -10, 5)
    assert hg.round_hex(hg.lerp(a, b, 0.499)) == hg.round_hex(a)
    assert hg.round_hex(hg.lerp(a, b, 0.501)) == hg.round_hex(b)
    mix = lambda wa, wb, wc: FractionalHex(*(wa * x + wb * y + wc * z for x, y, z in zip(a, b, c)))  # noqa: E731
    assert hg.round_hex(mix(0.4, 0.3, 0.3)) == hg.round_hex(a)
    assert hg.round_hex(mix(0.3, 0.3, 0.4)) == hg.round_hex(c)


def test_linedraw():
    """The reference line from (0,0,0) to (1,-5,4)."""
    assert hg.line(Hex(0, 0, 0), Hex(1, -5, 4)) == [
        Hex(0, 0, 0), Hex(0, -1, 1), Hex(0, -2, 2), Hex(1, -3, 2), Hex(1, -4, 3), Hex(1, -5, 4)]


@pytest.mark.parametrize("orientation", [FLAT, POINTY])
def test_layout_round_trip(orientation):
    """hex -> pixel -> hex with size (10, 15) and origin (35, 71)."""
    layout = Layout(orientation, Point(10.0, 15.0), Point(35.0, 71.0))
    h = Hex(3, 4, -7)
    assert hg.round_hex(hg.from_pixel(layout, hg.to_pixel(layout, h))) == h


def test_offset_coordinates():
    """even-q/odd-q known answers and round trips for all four offset kinds."""
    assert hg.qoffset_from_cube(EVEN, Hex(1, 2, -3)) == OffsetCoord(1, 3)
    assert hg.qoffset_from_cube(ODD, Hex(1, 2, -3)) == OffsetCoord(1, 2)
    assert hg.qoffset_to_cube(EVEN, OffsetCoord(1, 3)) == Hex(1, 2, -3)
    assert hg.qoffset_to_cube(ODD, OffsetCoord(1, 2)) == Hex(1, 2, -3)
    a, b = Hex(3, 4, -7), OffsetCoord(1, -3)
    for to, frm in ((hg.qoffset_to_cube, hg.qoffset_from_cube), (hg.roffset_to_cube, hg.roffset_from_cube)):
        for offset in (EVEN, ODD):
            assert to(offset, frm(offset, a)) == a
            assert frm(offset, to(offset, b)) == b


def test_polygon_corners_are_size_from_centre():
    """Each corner is one size away from the centre; pointy-top has a corner straight up."""
    layout = Layout(POINTY, Point(10.0, 10.0), Point(0.0, 0.0))
    pts = hg.polygon(layout, Hex(0, 0, 0))
    assert all(math.isclose(math.hypot(p.x, p.y), 10.0) for p in pts)
    assert any(math.isclose(p.x, 0.0, abs_tol=1e-9) and math.isclose(p.y, -10.0) for p in pts)


def test_rings_and_spiral():
    """Ring k has 6k hexes all at distance k; a spiral of radius 2 has 19."""
    c = H(2, -1)
    for k in range(1, 5):
        r = hg.ring(c, k)
        assert len(r) == 6 * k and len(set(r)) == 6 * k
        assert all(hg.distance(c, h) == k for h in r)
    assert len(hg.spiral(c, 2)) == 19 and hg.ring(c, 0) == [c]


# --- properties ------------------------------------------------------------------------------------

coords = st.integers(min_value=-30, max_value=30)
hexes = st.builds(H, coords, coords)


@settings(deadline=None)  # shared CI machines are slow at times; correctness, not speed, is tested here
@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a, b, c):
    """Symmetric, zero only on itself, and the triangle inequality holds."""
    assert hg.distance(a, b) == hg.distance(b, a)
    assert (hg.distance(a, b) == 0) == (a == b)
    assert hg.distance(a, c) <= hg.distance(a, b) + hg.distance(b, c)


@settings(deadline=None)
@given(hexes, hexes, st.sampled_from([1, -1]))
def test_line_has_both_ends_and_distance_plus_one_steps(a, b, side):
    """A line contains both ends, has distance + 1 hexes, and each step is to a neighbour."""
    path = hg.line(a, b, side)
    assert path[0] == a and path[-1] == b and len(path) == hg.distance(a, b) + 1
    assert all(hg.distance(x, y) == 1 for x, y in zip(path, path[1:]))


@settings(deadline=None)
@given(hexes, hexes, hexes, st.sampled_from([1, -1]))
def test_line_is_the_same_anywhere_on_the_map(a, b, shift, side):
    """Moving both ends by the same step moves the line and nothing else, even where it runs along edges."""
    moved = [hg.add(h, shift) for h in hg.line(a, b, side)]
    assert hg.line(hg.add(a, shift), hg.add(b, shift), side) == moved


@settings(deadline=None)
@given(hexes, hexes, st.sampled_from([1, -1]))
def test_line_rounds_the_point_nudged_along_it(a, b, side):
    """Each hex is the one around the exact point ``i / n`` of the way, nudged: checked in floats where the
    rounding is clear of any tie by far more than floating-point error."""
    n = hg.distance(a, b)
    eq, er, es = (side * e for e in hg.NUDGE)
    for i, h in enumerate(hg.line(a, b, side)):
        t = i / max(n, 1)
        f = FractionalHex(a.q + (b.q - a.q) * t + eq, a.r + (b.r - a.r) * t + er, a.s + (b.s - a.s) * t + es)
        gaps = sorted(abs(x - round(x)) for x in f)
        if all(abs(g - 0.5) > 1e-4 for g in gaps) and gaps[1] - gaps[0] > 1e-4 and gaps[2] - gaps[1] > 1e-4:
            assert hg.round_hex(f) == h


@settings(deadline=None)
@given(hexes, hexes, st.sampled_from([1, -1]))
def test_a_line_read_from_its_other_end_is_the_same_line(a, b, side):
    """Both ends take the same nudge, so the line from b to a is the line from a to b backwards, edges included
    (an overlay reads every line from the piece that stays)."""
    assert hg.line(b, a, side) == hg.line(a, b, side)[::-1]


def test_a_line_along_edges_keeps_to_one_side_everywhere():
    """Seven hexes along the edges (direction q + 1, r + 1), at the origin and far from it: each resolution keeps
    to its own side of the edges all the way, and the two share only every other hex."""
    for start in (H(0, 0), H(10, -20)):
        plus, minus = hg.lines_both(start, hg.add(start, H(7, 7)))
        offsets = [[(h.q - start.q, h.r - start.r) for h in path] for path in (plus, minus)]
        assert offsets[0] == [(k + (i % 2), k) for i in range(15) for k in [i // 2]]
        assert offsets[1] == [(k, k + (i % 2)) for i in range(15) for k in [i // 2]]


@settings(deadline=None)
@given(hexes)
def test_rounding_is_idempotent(h):
    """Rounding a hex gives the hex; rounding twice is rounding once."""
    assert hg.round_hex(h) == h
    f = FractionalHex(h.q + 0.3, h.r - 0.1, h.s - 0.2)
    assert hg.round_hex(hg.round_hex(f)) == hg.round_hex(f)


def test_both_resolutions_differ_only_along_edges():
    """Along a hex edge (e.g. (0,0) to (1,-2)) the two nudges pick different middle hexes."""
    plus, minus = hg.lines_both(H(0, 0), H(1, -2))
    assert plus[1] != minus[1] and {plus[1], minus[1]} == {H(1, -1), H(0, -1)}
    assert hg.on_edge(H(0, 0), H(1, -2)) and not hg.on_edge(H(0, 0), H(3, 0))


def test_opposite_sides():
    """Opposite neighbours, opposite at a distance, and not opposite."""
    t = H(0, 0)
    for d in range(6):
        assert hg.opposite(t, hg.neighbor(t, d), hg.neighbor(t, d + 3))
        assert not hg.opposite(t, hg.neighbor(t, d), hg.neighbor(t, d + 2))
    assert hg.opposite(t, H(2, 0), H(-1, 0))
    assert not hg.opposite(t, t, H(1, 0))


def test_point_along_line_of_fire():
    """10 ft (2 hexes of 5 ft) behind and in front of a target along the line from the attacker."""
    a, t = H(0, 0), H(4, 0)
    assert hg.point_along(a, t, 2) == H(6, 0)
    assert hg.point_along(a, t, -2) == H(2, 0)
    assert hg.distance(hg.point_along(a, H(3, -2), 2), H(3, -2)) == 2


# --- the exact plane -------------------------------------------------------------------------------

def test_runs_through_counts_a_stretch_not_a_grazed_corner():
    """A segment through a hex's inside or along its edge runs through it; one grazing a corner, or ending on it, not."""
    corners, runs_through = hex_plane.corners, hex_plane.runs_through
    wall = H(2, 0)
    a, b = corners(H(0, 0)), corners(H(4, 0))
    assert runs_through(a[0], b[3], wall)  # across the middle
    assert not runs_through(a[4], b[4], wall)  # along the tips of the row: only the wall's tip is met
    c = corners(wall)
    assert runs_through(c[3], c[4], wall)  # along one of its edges
    assert not runs_through(c[4], (c[4][0], c[4][1] + 10**6), wall)  # leaves from its corner, outwards
    assert not runs_through(c[0], c[0], wall)  # no length
