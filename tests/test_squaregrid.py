"""Square grids (``pycore.geometry.squaregrid``): known answers, and the squares a centre line passes against sampling."""

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from pycore.geometry import squaregrid as sq


def test_distance_counts_diagonals_as_the_ruling_says():
    """Three diagonal steps and two straight: 5 squares counting each step one, 6 counting every second diagonal
    double (1 + 2 + 1 + 1 + 1)."""
    assert sq.distance((0, 0), (5, 3), "one") == 5
    assert sq.distance((0, 0), (5, 3), "alternate") == 6
    assert sq.distance((2, 2), (2, 2), "alternate") == 0
    assert sq.distance((0, 0), (-4, 4), "alternate") == 6


def test_neighbours_and_opposites():
    """The eight squares around are adjacent; two enemies across the target, on one straight line, are opposite."""
    assert all(sq.adjacent((3, 3), (3 + dx, 3 + dy)) for dx, dy in sq.STEPS)
    assert not sq.adjacent((3, 3), (5, 3)) and not sq.adjacent((3, 3), (3, 3))
    assert sq.opposite((3, 3), (2, 2), (4, 4)) and sq.opposite((3, 3), (3, 1), (3, 5))
    assert not sq.opposite((3, 3), (2, 2), (4, 3))


def test_a_line_through_a_grid_corner_takes_the_square_across():
    """From [0, 0] to [3, 3] the centre line passes exactly through the corners (1, 1), (2, 2), (3, 3): the squares
    beside them are only touched. From [0, 0] (centre (0.5, 0.5)) to [3, 1] (centre (3.5, 1.5)) it crosses x = 1 at
    y = 2/3, into [1, 0], then meets the corner (2, 1) half way and goes straight into [2, 1]."""
    assert sq.passed((0, 0), (3, 3)) == ((0, 0), (1, 1), (2, 2), (3, 3))
    assert sq.passed((0, 0), (3, 1)) == ((0, 0), (1, 0), (2, 1), (3, 1))
    assert sq.passed((0, 0), (4, 1)) == ((0, 0), (1, 0), (2, 0), (2, 1), (3, 1), (4, 1))
    assert sq.between((2, 5), (2, 1)) == ((2, 4), (2, 3), (2, 2))


@settings(max_examples=150, deadline=None)
@given(st.tuples(st.integers(-6, 6), st.integers(-6, 6)), st.tuples(st.integers(-6, 6), st.integers(-6, 6)))
def test_passed_squares_are_those_sampled_along_the_line(a, b):
    """The squares the centre segment runs through for some length are exactly those holding points sampled strictly
    between its grid-line crossings (a step finer than the shortest stretch between two crossings)."""
    n = 4 * (abs(b[0] - a[0]) + 1) * (abs(b[1] - a[1]) + 1)
    (ax, ay), (bx, by) = sq.centre(a), sq.centre(b)
    seen = []
    for k in range(n):
        t = Fraction(2 * k + 1, 2 * n)
        x, y = ax + t * (bx - ax), ay + t * (by - ay)
        if x.denominator == 1 or y.denominator == 1:
            continue  # on a grid line
        cell = (x.numerator // x.denominator, y.numerator // y.denominator)
        if not seen or seen[-1] != cell:
            seen.append(cell)
    assert tuple(seen) == sq.passed(a, b) or a == b
