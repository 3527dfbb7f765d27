"""pycore.geometry.chains: a wall's segments joined across the gap between two squares prove no line joins them."""

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from pycore.geometry import plane as pl
from pycore.geometry import walls as w
from pycore.geometry.chains import chained_apart

PLANE = pl.plane_for([])


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 24), st.integers(-8, 16)), min_size=2, max_size=12),
       st.tuples(st.integers(0, 1), st.integers(0, 2)), st.tuples(st.integers(4, 5), st.integers(0, 3)))
def test_a_chain_across_the_gap_is_found_only_where_no_line_gets_through(chain, a, b):
    """A polyline in quarters (a curved wall's many short segments): when ``chained_apart`` says its pieces inside
    the hull join the two sides between the squares, the full search (``walls._clear``, past every grown segment) finds no
    line either; it is a quick proof, never a different answer."""
    points = [(Fraction(x, 4), Fraction(y, 4)) for x, y in chain]
    segments = [(s, e) for s, e in zip(points, points[1:]) if s != e]
    if not segments:
        return
    shapes = tuple(PLANE.wall(s, e) for s, e in segments)
    spines = [(PLANE.vec(s), PLANE.vec(e)) for s, e in segments]
    ends = (PLANE.square(a), PLANE.square(b))
    band = pl.hull([*ends[0], *ends[1]])
    around = (min(x for x, _ in band), min(y for _, y in band), max(x for x, _ in band), max(y for _, y in band))
    if chained_apart(ends, band, around, spines):
        assert not w._clear(ends, shapes)


def test_a_curved_wall_across_the_gap_seals_two_squares_apart():
    """A wall bent in three pieces from above the two squares' hull to below it, between squares [0, 1] and [4, 1],
    and meeting neither: the chain joins the two sides, so no line gets through; cut short of the lower side it
    proves nothing, and the full search finds the gap under it."""
    bent = [(Fraction(2), Fraction(0)), (Fraction(5, 2), Fraction(3, 2)), (Fraction(2), Fraction(5, 2)),
            (Fraction(5, 2), Fraction(4))]
    a, b = (0, 1), (4, 1)
    ends = (PLANE.square(a), PLANE.square(b))
    band = pl.hull([*ends[0], *ends[1]])
    around = (min(x for x, _ in band), min(y for _, y in band), max(x for x, _ in band), max(y for _, y in band))
    spines = [(PLANE.vec(s), PLANE.vec(e)) for s, e in zip(bent, bent[1:])]
    assert chained_apart(ends, band, around, spines)
    assert not w.clear_line(PLANE, a, b, [PLANE.wall(s, e) for s, e in zip(bent, bent[1:])])
    short = bent[:2]  # from above down to the middle of the hull's height
    assert not chained_apart(ends, band, around, [(PLANE.vec(s), PLANE.vec(e)) for s, e in zip(short, short[1:])])
    assert w.clear_line(PLANE, a, b, [PLANE.wall(s, e) for s, e in zip(short, short[1:])])
