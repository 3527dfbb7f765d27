"""pycore.geometry.rays: which listed hexes each hex line from one hex passes, found by direction."""

from hypothesis import given, settings
from hypothesis import strategies as st

from pycore.geometry import hex_plane
from pycore.geometry import hexgrid as hg
from pycore.geometry.hexgrid import Hex
from pycore.geometry.rays import EDGE_KEEPS, Rays

H = Hex.axial


def walked(origin, other, listed):
    """The listed hexes strictly between the ends of both resolutions of the straight line, walked hex by hex,
    nearest step first (two hexes of one step, which a slant can cross, by their coordinates)."""
    plus, minus = (hex_plane.straight_line(origin, other, side) for side in (1, -1))
    return ([h for h in sorted(plus[1:-1], key=lambda h: (hg.distance(origin, h), h.qr)) if h in listed],
            [h for h in sorted(minus[1:-1], key=lambda h: (hg.distance(origin, h), h.qr)) if h in listed])


def passed(rays, other):
    """``Rays.passed``, two hexes of one step put in the order ``walked`` gives them."""
    return tuple(sorted(path, key=lambda h: (hg.distance(rays.origin, h), h.qr)) for path in rays.passed(other))


def test_a_line_along_edges_passes_each_side_on_its_own_resolution():
    """From (0, 0) to (2, 2) the line runs along edges: (1, 0) lies on one resolution, (0, 1) on the other."""
    listed = {H(1, 0), H(0, 1), H(1, 1)}
    assert passed(Rays(H(0, 0), listed), H(2, 2)) == walked(H(0, 0), H(2, 2), listed)
    plus, minus = Rays(H(0, 0), listed).passed(H(2, 2))
    assert plus != minus and H(1, 1) in plus and H(1, 1) in minus


def test_ends_and_neighbours_pass_nothing():
    """Only hexes strictly between the ends count: the other end is never passed, nor anything by a neighbour."""
    rays = Rays(H(0, 0), {H(1, 0), H(3, 0)})
    assert rays.passed(H(3, 0)) == ([H(1, 0)], [H(1, 0)])
    assert rays.passed(H(1, 0)) == ([], []) and rays.passed(H(0, 0)) == ([], [])


spot = st.builds(H, st.integers(-9, 9), st.integers(-9, 9))


@settings(max_examples=200, deadline=None)
@given(spot, st.sets(spot, max_size=60), st.lists(spot, min_size=1, max_size=30))
def test_passed_is_the_walked_line(origin, listed, others):
    """Over generated boards, every line from the origin passes exactly the listed hexes its walk meets, in order."""
    rays = Rays(origin, listed)
    for other in others:
        assert passed(rays, other) == walked(origin, other, listed)


@settings(max_examples=60, deadline=None)
@given(spot, st.sets(spot, min_size=1, max_size=40))
def test_every_direction_around_the_origin(origin, listed):
    """Every hex within 12 steps, so lines in all directions and along every kind of edge are asked."""
    rays = Rays(origin, listed)
    for other in hg.spiral(origin, 12):
        assert passed(rays, other) == walked(origin, other, listed)


def test_a_slant_passes_both_hexes_of_a_step():
    """From (0, 0) to (4, -1) the straight line crosses (2, -1) and (2, 0) in its second step (it meets their
    shared edge half way, at (2, -1/2)): the stepped line takes one of them on each resolution, the straight line
    both, on one path."""
    listed = {H(1, 0), H(2, -1), H(2, 0), H(3, -1)}
    plus, minus = Rays(H(0, 0), listed).passed(H(4, -1))
    assert set(plus) == set(minus) == listed


@settings(max_examples=100, deadline=None)
@given(spot, st.dictionaries(spot, st.booleans(), max_size=50), st.lists(spot, min_size=1, max_size=30))
def test_tally_counts_the_passed_and_the_marked(origin, marked, others):
    """``tally`` counts what ``passed`` lists on each resolution, and how many of those are marked."""
    rays = Rays(origin, marked)
    for other in others:
        want = tuple((len(path), sum(marked[h] for h in path)) for path in walked(origin, other, marked))
        assert rays.tally(other) == want


@settings(max_examples=300, deadline=None)
@given(spot, st.sampled_from(hg.DIRECTIONS), spot, st.sampled_from([1, -1]))
def test_a_line_through_an_edge_middle_takes_the_hex_the_table_says(h, step, origin, side):
    """A line whose middle is the middle of the edge between ``h`` and its neighbour ``step`` away (from any origin
    to its mirror image through that point) takes, half way, the hex ``EDGE_KEEPS`` names for that direction."""
    beside = hg.add(h, step)
    end = hg.subtract(hg.add(h, beside), origin)
    n = hg.distance(origin, end)
    if n % 2:
        return
    taken = hg.line(origin, end, side)[n // 2]
    assert taken in (h, beside)
    assert (taken == h) is EDGE_KEEPS[(step.q, step.r, side)]
