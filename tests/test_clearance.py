"""pycore.geometry.clearance: line of sight between whole hexes, from one hex to another and from one hex to many."""

import itertools
import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pycore.geometry import clearance as cl
from pycore.geometry import hexgrid as hg
from pycore.geometry import plane
from pycore.geometry.hexgrid import POINTY, Hex, Layout, Point

H = Hex.axial


@pytest.mark.parametrize(("a", "b", "blocking", "clear"), [
    (H(0, 0), H(1, 0), [H(5, 5)], True),                       # neighbours always see each other
    (H(0, 0), H(2, 0), [H(1, 0)], False),                      # one obstacle straight between: blocked
    (H(0, 0), H(5, 0), [H(2, 0)], False),                      # ... at any distance along the row
    (H(0, 0), H(1, -2), [H(0, -1)], True),                     # edge line: the other side is open
    (H(0, 0), H(1, -2), [H(0, -1), H(1, -1)], False),          # both sides of the edge closed
    (H(0, 0), H(4, -2), [H(2, -1)], False),                    # dead centre on a diagonal-ish line
    (H(0, 0), H(4, -1), [H(2, -1)], True),                     # off-centre: a line gets past
    (H(0, 0), H(4, 0), [H(2, -1), H(2, 0), H(1, 1)], False),   # a wall across the line
    (H(0, 0), H(4, 0), [H(2, -1), H(1, 1)], True),             # obstacles flanking the row leave it open
    (H(0, 0), H(9, -3), [H(3, -1)], False),                    # centred on a long slanted line, a third of the way
    (H(0, 0), H(10, -3), [H(3, -1)], True),                    # one hex further on: off the centre line, open
    (H(1, 2), H(28, 0), [H(24, 0)], True),                     # a long line: either obstacle alone leaves it open ...
    (H(1, 2), H(28, 0), [H(27, 1)], True),
    (H(1, 2), H(28, 0), [H(24, 0), H(27, 1)], False),          # ... together, on either side near the far end, not
    # a blocker next to each end and one between: the line that gets through ends on the corner b shares with the
    # blocker next to it, a corner that line would cut through beyond b (once missed by a search that only
    # rested lines on blockers' corners where they touch the blocker without entering it)
    (H(0, 0), H(9, 5), [H(0, -1), H(7, 4), H(10, 4)], True),
    (H(0, 0), H(9, 5), [H(0, -1), H(7, 4), H(10, 4), H(9, 4)], False),  # closed by the hex between the two near b
])
def test_clear_line_cases(a, b, blocking, clear):
    """Hand-drawn cases of "any unbroken line from any part of A to any part of B"."""
    assert cl.clear_line(a, b, blocking) is clear
    assert cl.clear_line(b, a, blocking) is clear
    assert cl.Clearance(a, blocking).clear(b) is clear


def _pixel_poly(h):
    layout = Layout(POINTY, Point(1.0, 1.0), Point(0.0, 0.0))
    return hg.polygon(layout, h)


def _seg_hits_poly(p, q, poly, margin):
    """Whether segment pq comes within ``margin`` of the convex polygon (sampled finely)."""
    cx = sum(v.x for v in poly) / 6
    cy = sum(v.y for v in poly) / 6
    for i in range(201):
        t = i / 200
        x, y = p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t
        # distance to the hexagon, approximated via its edges' half-planes grown by margin
        inside = True
        for j in range(6):
            a, b = poly[j], poly[(j + 1) % 6]
            ex, ey = b.x - a.x, b.y - a.y
            nx, ny = ey, -ex
            norm = math.hypot(nx, ny)
            side = ((x - a.x) * nx + (y - a.y) * ny) / norm
            centre_side = ((cx - a.x) * nx + (cy - a.y) * ny) / norm
            if side * (1 if centre_side > 0 else -1) < -margin:
                inside = False
                break
        if inside:
            return True
    return False


def _boundary_points(h, per_edge=6):
    poly = _pixel_poly(h)
    return [Point(a.x + (b.x - a.x) * k / per_edge, a.y + (b.y - a.y) * k / per_edge)
            for a, b in zip(poly, poly[1:] + poly[:1]) for k in range(per_edge)]


small = st.integers(min_value=-3, max_value=3)


@settings(max_examples=60, deadline=None)
@given(st.builds(H, small, small), st.lists(st.builds(H, small, small), max_size=5))
def test_clear_line_agrees_with_sampling(b, blocking):
    """Whenever a sampled segment with visible clearance exists, the exact test says clear."""
    a = H(0, 0)
    blocking = [h for h in blocking if h not in (a, b)]
    polys = [_pixel_poly(h) for h in blocking]
    sampled_clear = any(not any(_seg_hits_poly(p, q, poly, 0.02) for poly in polys)
                        for p, q in itertools.product(_boundary_points(a), _boundary_points(b)))
    if sampled_clear:
        assert cl.clear_line(a, b, blocking)


def _chord(p, d, poly, strict):
    """Where the line ``p + t d`` runs inside a convex polygon (open if ``strict``), as fractions, or None."""
    n = len(poly)
    area = sum(poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1] for i in range(n))
    poly = poly if area > 0 else poly[::-1]
    lo = hi = None
    for i in range(n):
        (ax, ay), (bx, by) = poly[i], poly[(i + 1) % n]
        ex, ey = bx - ax, by - ay
        c0, c1 = ex * (p[1] - ay) - ey * (p[0] - ax), ex * d[1] - ey * d[0]
        if c1 == 0:
            if c0 < 0 or (strict and c0 == 0):
                return None
        elif c1 > 0:
            lo = max(lo, -c0 / c1) if lo is not None else -c0 / c1
        else:
            hi = min(hi, c0 / -c1) if hi is not None else c0 / -c1
    if lo is None or hi is None or hi < lo or (strict and hi == lo):
        return None
    return lo, hi


def _gets_through(a, b, blocking, found):
    """Whether the line ``found`` (direction and offset, ``Clearance.search``) meets both hexes and leaves the stretch
    between them clear of every grown blocker: the answer checked with chords alone."""
    (ux, uy), offset = found
    d = cl.place(b, a)
    if cl.dot((ux, uy), d) < 0:
        ux, uy = -ux, -uy
    p = (Fraction(0), Fraction(offset, ux)) if ux else (Fraction(-offset, uy), Fraction(0))
    ia, ib = _chord(p, (ux, uy), cl.hexagon((0, 0), plane.M), False), _chord(p, (ux, uy), cl.hexagon(d, plane.M), False)
    if ia is None or ib is None or not ia[1] < ib[0]:
        return False
    for h in blocking:
        inside = _chord(p, (ux, uy), cl.hexagon(cl.place(h, a), plane.M + 1), True)
        if inside is not None and inside[0] < ib[0] and inside[1] > ia[1]:
            return False
    return True


maps = st.tuples(st.builds(H, st.integers(-7, 7), st.integers(-7, 7)),
                 st.lists(st.builds(H, st.integers(-4, 4), st.integers(-4, 4)), max_size=14))


@settings(max_examples=200, deadline=None)
@given(maps)
def test_a_clear_answer_comes_with_a_line_that_gets_through(drawn):
    """Every clear answer the search gives is a line checked here with chords alone against every blocker."""
    b, blocking = drawn
    a = H(0, 0)
    blocking = [h for h in blocking if h not in (a, b)]
    near = cl.nearby(a, b, blocking)
    if cl.quick(a, b, near) is None:
        found = cl.Clearance(a, blocking).search(b, near)
        assert (found is not None) is cl.clear_line(a, b, blocking)
        if found is not None:
            assert _gets_through(a, b, blocking, found)


@settings(max_examples=100, deadline=None)
@given(maps)
def test_from_one_hex_to_many_is_clear_line_both_ways(drawn):
    """``Clearance`` from one hex gives ``clear_line`` for every other hex around, asked from either end."""
    origin, blocking = drawn
    blocking = [h for h in blocking if h != origin]
    sight = cl.Clearance(origin, blocking)
    for other in hg.spiral(origin, 5):
        if other not in blocking:
            assert sight.clear(other) is cl.clear_line(origin, other, blocking) is cl.clear_line(other, origin, blocking)


@settings(max_examples=150, deadline=None)
@given(st.builds(H, st.integers(-9, 9), st.integers(-9, 9)), st.lists(st.builds(H, small, small), max_size=6))
def test_the_quick_answers_agree_with_the_search(b, blocking):
    """The quick answers (one blocker, a blocker centred on the line) match the search over directions."""
    a = H(0, 0)
    blocking = [h for h in blocking if h not in (a, b)]
    near = cl.nearby(a, b, blocking)
    answer = cl.quick(a, b, near)
    if answer is not None and near and hg.distance(a, b) > 1:  # the search is for hexes at least two apart
        assert answer is (cl.Clearance(a, near).search(b, near) is not None)


def test_a_hex_next_to_a_blocker_loses_the_strip_the_grown_blocker_covers():
    """The shared edge moves in by the growth: its corners become the blocker's grown corners, on the hex's next
    edges; the other four corners stay."""
    hexagon = cl.hexagon((0, 0), plane.M)
    beside = cl.place(H(1, 0), H(0, 0))
    trimmed = cl.trimmed((0, 0), [beside])
    grown = cl.hexagon(beside, plane.M + 1)
    assert len(trimmed) == 6 and len(set(trimmed) & set(hexagon)) == 4
    new = [c for c in trimmed if c not in hexagon]
    assert len(new) == 2 and set(new) <= set(grown)
    # two neighbouring blockers meeting at a corner: that corner is cut by both, still on the plane's grid
    both = cl.trimmed((0, 0), [beside, cl.place(H(1, -1), H(0, 0))])
    assert len(both) == 6 and len(set(both) & set(hexagon)) == 3


def test_free_offset_finds_the_centre_line_or_none():
    """Along the centre line of an empty row a line gets through; with the hex between in the way, none does."""
    d = cl.place(H(4, 0), H(0, 0))
    assert cl.free_offset(d, d, [], (None, None)) is not None
    assert cl.free_offset(d, d, [cl.place(H(2, 0), H(0, 0))], (None, None)) is None
    assert cl.free_offset((-d[0], -d[1]), d, [], (None, None)) is not None  # either way along the line


def test_supporting_corners_of_a_narrow_cone_are_one_pair():
    """Far apart along a row only the two corners at the row's sides are ever lowest or highest."""
    d = cl.place(H(20, 0), H(0, 0))
    cone = cl.extremes((d[0] + 2 * plane.M * x, d[1] + 2 * plane.M * y) for x, y in cl.CORNERS)
    assert len(cl.supporting(cone)) == 2
