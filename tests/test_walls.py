"""Thin walls (``pycore.geometry.walls``): how a line meets a polyline, and whether any unbroken line joins two squares,
against known answers and a plain sampling model."""

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from pycore.geometry import crossings as cr
from pycore.geometry import plane as pl
from pycore.geometry import walls as w


def P(x, y):
    return Fraction(x), Fraction(y)


PLANE = pl.plane_for([])


def wall(*points):
    return PLANE.wall(P(*points[0]), P(*points[1]))


def test_a_line_crosses_runs_along_or_touches():
    """Through a wall's inside: cross; along it: along; at its end, or a joint whose walls stay on one side: touch;
    through a joint from one side to the other: cross."""
    p, q = P(0, 0), P(4, 0)
    assert cr.meeting(p, q, [P(2, -1), P(2, 1)]) == cr.CROSS
    assert cr.meeting(p, q, [P(1, 0), P(3, 0)]) == cr.ALONG
    assert cr.meeting(p, q, [P(2, 0), P(2, 1)]) == cr.TOUCH
    assert cr.meeting(p, q, [P(2, -1), P(2, 0), P(3, -1)]) == cr.TOUCH
    assert cr.meeting(p, q, [P(2, -1), P(2, 0), P(3, 1)]) == cr.CROSS
    assert cr.meeting(p, q, [P(5, -1), P(5, 1)]) is None


def test_walls_drawn_end_to_end_count_as_one():
    """A door between two walls: a line through the point where one ends and the next begins crosses the first."""
    chains = [[P(2, -2), P(2, 0)], [P(2, 0), P(2, 2)]]
    assert cr.meetings(P(0, 0), P(4, 0), chains) == [cr.CROSS, cr.TOUCH]
    assert cr.meetings(P(0, 0), P(4, 0), [[P(2, -2), P(2, 0)], [P(2, 0), P(3, -2)]]) == [cr.TOUCH, cr.TOUCH]


def test_clear_line_known_answers():
    """A wall across the whole row blocks; half a row leaves the other half; a wall along the edge two squares share
    blocks them, half of it does not; a wall along the far edge of a square blocks nothing."""
    assert not w.clear_line(PLANE, (0, 0), (4, 0), [wall((2, 0), (2, 1))])
    assert w.clear_line(PLANE, (0, 0), (4, 0), [wall((2, 0), (2, 0.5))])
    assert not w.clear_line(PLANE, (0, 0), (1, 0), [wall((1, 0), (1, 1))])
    assert w.clear_line(PLANE, (0, 0), (1, 0), [wall((1, 0), (1, 0.5))])
    assert w.clear_line(PLANE, (0, 0), (3, 0), [wall((0, 0), (0, 1))])
    # a whole-square obstacle on the centre line, and one beside it
    assert not w.clear_line(PLANE, (0, 0), (4, 0), [PLANE.square((2, 0), PLANE.grow)])
    assert w.clear_line(PLANE, (0, 0), (4, 2), [PLANE.square((2, 2), PLANE.grow)])


def test_a_gap_exactly_one_corner_wide_is_closed():
    """Two walls meeting at a point leave no gap: touching counts."""
    assert not w.clear_line(PLANE, (0, 0), (4, 0), [wall((2, -3), (2, 0.5)), wall((2, 0.5), (2, 4))])


HALVES = st.integers(-2, 12).map(lambda v: Fraction(v, 2))


def _touches(p, q, a, b):
    """Whether two closed segments meet (the plain model: orientation signs)."""
    def orient(u, v, x):
        d = (v[0] - u[0]) * (x[1] - u[1]) - (v[1] - u[1]) * (x[0] - u[0])
        return (d > 0) - (d < 0)

    def within(u, v, x):
        return min(u[0], v[0]) <= x[0] <= max(u[0], v[0]) and min(u[1], v[1]) <= x[1] <= max(u[1], v[1])

    o1, o2, o3, o4 = orient(p, q, a), orient(p, q, b), orient(a, b, p), orient(a, b, q)
    if o1 != o2 and o3 != o4:
        return True
    return any(o == 0 and within(u, v, x) for o, u, v, x in ((o1, p, q, a), (o2, p, q, b), (o3, a, b, p), (o4, a, b, q)))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.tuples(HALVES, HALVES), st.tuples(HALVES, HALVES)).filter(lambda s: s[0] != s[1]),
                min_size=1, max_size=3),
       st.tuples(st.integers(0, 2), st.integers(0, 5)), st.tuples(st.integers(3, 5), st.integers(0, 5)))
def test_clear_line_agrees_with_sampled_segments(segments, a, b):
    """Segments sampled between points of the two squares (a 5 x 5 lattice of quarter points on each): if one of them
    touches no wall, ``clear_line`` finds a line too; and ``meeting`` says None exactly when the closed segments do
    not meet. The model works in quarters, as whole numbers."""
    shapes = [PLANE.wall(s, e) for s, e in segments]
    quarters = [(tuple(int(4 * v) for v in s), tuple(int(4 * v) for v in e)) for s, e in segments]
    starts = [(4 * a[0] + x, 4 * a[1] + y) for x in range(5) for y in range(5)]
    ends = [(4 * b[0] + x, 4 * b[1] + y) for x in range(5) for y in range(5)]
    free = None
    for p in starts:
        for q in ends:
            hits = [_touches(p, q, s, e) for s, e in quarters]
            for (s, e), hit in zip(quarters, hits):
                assert (cr.meeting(p, q, [s, e]) is None) == (not hit)
            if free is None and not any(hits):
                free = (p, q)
    if free is not None:
        assert w.clear_line(PLANE, a, b, shapes), f"the segment {free} (in quarters) touches no wall"


def test_runs_through_counts_a_stretch_not_a_grazed_corner():
    """A segment runs through a square across its inside or along an edge; touching only a corner, or having no
    length, does not count; and halves are taken as they are."""
    square = (1, 1)  # from (1, 1) to (2, 2)
    assert w.runs_through((0, 0), (3, 3), square)  # across the middle, corner to corner
    assert w.runs_through((0, 3), (3, 0), square)  # along its other diagonal
    assert w.runs_through((1, 0), (1, 3), square)  # along its left edge
    assert not w.runs_through((0, 3), (3, 0), (1, 0))  # meets the square below-right only at its corner (2, 1)
    assert not w.runs_through((3, 0), (3, 3), square)  # passes beside it
    assert not w.runs_through((1, 1), (1, 1), square)  # a point on it has no length
    assert w.runs_through(P(Fraction(3, 2), 0), P(Fraction(3, 2), 1), (1, 0))  # down the middle, in halves
    assert not w.runs_through(P(Fraction(1, 2), 0), P(Fraction(1, 2), 5), (1, 0))  # beside it, in halves


def _runs_through_by_parts(p, q, s):
    """The clipping of the segment to the square, step by step in fractions of the segment (the model)."""
    if p == q:
        return False
    lo, hi = Fraction(0), Fraction(1)
    for start, end, low in ((p[0], q[0], s[0]), (p[1], q[1], s[1])):
        step = Fraction(end) - Fraction(start)
        if step == 0:
            if not low <= start <= low + 1:
                return False
            continue
        t0, t1 = sorted(((low - Fraction(start)) / step, (low + 1 - Fraction(start)) / step))
        lo, hi = max(lo, t0), min(hi, t1)
    return lo < hi


QUARTERS = st.builds(Fraction, st.integers(-8, 16), st.just(4))


@settings(max_examples=400, deadline=None)
@given(st.tuples(QUARTERS, QUARTERS), st.tuples(QUARTERS, QUARTERS), st.tuples(st.integers(-1, 3), st.integers(-1, 3)))
def test_runs_through_agrees_with_clipping_in_fractions(p, q, s):
    """The whole-number clipping gives the answer of clipping in fractions, for points on quarters of a square."""
    assert w.runs_through(p, q, s) == _runs_through_by_parts(p, q, s)


def separated(p: pl.Shape, q: pl.Shape) -> bool:
    """Whether some edge of either convex polygon separates them: every edge tried, as the plain definition goes."""
    for shape in (p, q):
        for i in range(len(shape)):
            (ax, ay), (bx, by) = shape[i], shape[(i + 1) % len(shape)]
            nx, ny = ay - by, bx - ax
            on_p, on_q = [nx * x + ny * y for x, y in p], [nx * x + ny * y for x, y in q]
            if max(on_p) < min(on_q) or max(on_q) < min(on_p):
                return True
    return False


SPOTS = st.tuples(st.integers(-4, 4), st.integers(-4, 4))


@settings(max_examples=400, deadline=None)
@given(SPOTS, SPOTS, SPOTS, SPOTS, st.integers(1, 3))
def test_a_blocker_meets_the_band_exactly_when_no_edge_separates_them(a, b, e1, e2, grow):
    """The band's filter tries only slanted edges once the boxes meet; it agrees with trying every edge."""
    plane = pl.Plane(scale=10, grow=grow)
    band = pl.hull([*plane.square(a), *plane.square(b)])
    blocker = plane.wall((Fraction(e1[0]) * 3 / 2, Fraction(e1[1]) * 3 / 2), (Fraction(e2[0]) * 3 / 2, Fraction(e2[1])))
    if not w._boxes_meet(w._box(blocker), w._box(band)):
        return
    across = [(n, w._spread(n, band)) for n in w._slanted(band)]
    assert w._meets_boxed(blocker, band, across) == (not separated(blocker, band))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.tuples(st.integers(0, 8), st.integers(0, 8)),
                          st.sampled_from([(1, 0), (0, 1), (2, 0), (0, 2), (1, 1), (1, -1), (2, 1)])),
                min_size=3, max_size=14),
       st.tuples(st.integers(0, 7), st.integers(0, 7)), st.tuples(st.integers(0, 7), st.integers(0, 7)),
       st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=3))
def test_a_sealing_wall_gives_the_answer_the_search_gives(starts, a, b, solid):
    """The quick proof that walls seal two squares apart (``spines``: the walls' own lines, and the middle lines of
    whole-square obstacles) never changes the answer: on random rooms of grid and slanting walls, with and without
    spines, ``clear_line`` says the same."""
    segments = [((Fraction(x), Fraction(y)), (Fraction(x + dx), Fraction(y + dy))) for (x, y), (dx, dy) in starts]
    blocked = [s for s in solid if s not in (a, b)]
    shapes = [PLANE.wall(s, e) for s, e in segments] + [PLANE.square(s, PLANE.grow) for s in blocked]
    k, half = PLANE.scale, PLANE.scale // 2
    spines = [(PLANE.vec(s), PLANE.vec(e)) for s, e in segments]
    spines += [seg for x, y in blocked for seg in (((x * k + half, y * k), (x * k + half, (y + 1) * k)),
                                                    ((x * k, y * k + half), ((x + 1) * k, y * k + half)))]
    w._clear.cache_clear()
    searched = w.clear_line(PLANE, a, b, shapes)
    assert w.clear_line(PLANE, a, b, shapes, spines) == searched


def test_runs_join_segments_end_to_end_and_keep_gaps():
    """Along y = 0, segments 0-1 and 1-2 (drawn either way) make one run, 3-4 another: squares [0, -2] and [1, 1]
    are walled off (their hull crosses y = 0 from x = 1/3 to 5/3, inside 0-2), [2, -2] and [2, 1] are not (their hull
    crosses it from 2 to 3, the gap). [0, -1] and [1, 0], each with an edge on the line, are walled off too (their hull
    meets it from 0 to 2, the run's own ends); [1, -1] and [2, 0] are not (1 to 3 takes in the gap), and a line
    between them gets past."""
    segments = [((0, 0), (1, 0)), ((2, 0), (1, 0)), ((3, 0), (4, 0))]
    found = w.runs([(PLANE.vec(P(*s)), PLANE.vec(P(*e))) for s, e in segments])
    k = PLANE.scale
    line = w.normal(PLANE.vec(P(0, 0)), PLANE.vec(P(1, 0)))
    assert line == (0, 1, 0)  # positions along it run along (-1, 0): minus x
    assert found.starts == {line: [-4 * k, -2 * k]} and found.stops == {line: [-3 * k, 0]}
    assert w.walled_off(PLANE, (0, -2), (1, 1), found, [line])
    assert not w.walled_off(PLANE, (2, -2), (2, 1), found, [line])
    assert w.clear_line(PLANE, (2, -2), (2, 1), [PLANE.wall(P(*s), P(*e)) for s, e in segments])
    assert w.walled_off(PLANE, (0, -1), (1, 0), found, [line])
    assert not w.walled_off(PLANE, (1, -1), (2, 0), found, [line])
    assert w.clear_line(PLANE, (1, -1), (2, 0), [PLANE.wall(P(*s), P(*e)) for s, e in segments])
    assert not w.walled_off(PLANE, (0, -2), (1, 1), found, [])


FENCE = st.tuples(st.sampled_from(["x", "y"]), st.integers(1, 6), st.integers(0, 4), st.integers(1, 5),
                  st.booleans())
"""A fence along x = c or y = c from ``start`` for ``length`` squares, drawn as one polyline or a segment a square."""


@settings(max_examples=300, deadline=None)
@given(st.lists(FENCE, min_size=1, max_size=4),
       st.lists(st.tuples(st.tuples(HALVES, HALVES), st.tuples(HALVES, HALVES)).filter(lambda s: s[0] != s[1]),
                max_size=3),
       st.tuples(st.integers(0, 6), st.integers(0, 6)), st.tuples(st.integers(0, 6), st.integers(0, 6)))
def test_walled_off_squares_have_every_corner_line_broken_and_no_line_through(fences, loose, a, b):
    """When ``walled_off`` says a run of walls keeps two squares apart, each of the 16 lines between their corners,
    taken a millionth into the squares (``nudged``), and the line between their centres cross a wall (``meetings``,
    where walls drawn end to end count as one), and ``clear_line`` finds no line from any part of one to any part of
    the other. Fences of whole squares, one polyline or a segment a square, and loose segments at halves."""
    chains = []
    for axis, c, start, length, joined in fences:
        points = [(c, start + i) if axis == "x" else (start + i, c) for i in range(length + 1)]
        pieces = [points] if joined else [points[i:i + 2] for i in range(length)]
        chains += [[PLANE.vec(P(*p)) for p in piece] for piece in pieces]
    chains += [[PLANE.vec(s), PLANE.vec(e)] for s, e in loose]
    segments = [seg for chain in chains for seg in zip(chain, chain[1:])]
    normals = [n for p, q in segments if (n := w.normal(p, q)) is not None]
    if not w.walled_off(PLANE, a, b, w.runs(segments), normals):
        return
    k = PLANE.scale
    ca, cb = (a[0] * k + k // 2, a[1] * k + k // 2), (b[0] * k + k // 2, b[1] * k + k // 2)
    for p in ((a[0] + i) * k for i in (0, 1)):
        for q in ((a[1] + j) * k for j in (0, 1)):
            start = pl.nudged((p, q), ca)
            for x in ((b[0] + i) * k for i in (0, 1)):
                for y in ((b[1] + j) * k for j in (0, 1)):
                    found = cr.meetings(start, pl.nudged((x, y), cb), chains)
                    assert cr.CROSS in found, (start, (x, y))
    assert cr.CROSS in cr.meetings(ca, cb, chains)
    shapes = [pl.hull([(x + sx * PLANE.grow, y + sy * PLANE.grow) for x, y in seg for sx in (-1, 1) for sy in (-1, 1)])
              for seg in segments if seg[0] != seg[1]]
    w._clear.cache_clear()
    assert not w.clear_line(PLANE, a, b, shapes)


@settings(max_examples=200, deadline=None)
@given(st.tuples(st.integers(-4, 4), st.integers(-4, 4)), st.tuples(st.integers(-4, 4), st.integers(-4, 4)))
def test_two_squares_is_the_hull_of_their_corners(a, b):
    """The hull of two squares written down at once is the hull of their eight corners, corner for corner and
    counter-clockwise, less corners lying on an edge between two others."""
    found = w.two_squares(PLANE, a, b)
    plain = pl.hull([*PLANE.square(a), *PLANE.square(b)])
    assert set(found) == set(plain) and len(found) == len(plain)
    start = found.index(plain[0])
    turned = found[start:] + found[:start]
    assert turned == plain


@settings(max_examples=300, deadline=None)
@given(st.tuples(st.integers(-1, 4), st.integers(-1, 4)), st.tuples(st.integers(-1, 4), st.integers(-1, 4)),
       st.tuples(st.integers(0, 2), st.integers(0, 2)), st.tuples(st.integers(0, 2), st.integers(0, 2)))
def test_misses_inside_agrees_with_the_stretch_inside(p, q, a, b):
    """``misses_inside`` says a segment (between points at quarters) has no point inside the hull of two squares
    exactly when the parameters ``t`` in [0, 1] at which it is strictly inside every edge form an empty set (each edge
    a bound on ``t``, in fractions)."""
    k = PLANE.scale
    p, q = (p[0] * k // 4, p[1] * k // 4), (q[0] * k // 4, q[1] * k // 4)
    band = w.two_squares(PLANE, a, b)
    low, high = None, None
    empty = False
    for i in range(len(band)):
        (ux, uy), (vx, vy) = band[i], band[(i + 1) % len(band)]
        at_p = (vx - ux) * (p[1] - uy) - (vy - uy) * (p[0] - ux)  # the edge's value at t = 0, growing by ``rate``
        rate = (vx - ux) * (q[1] - p[1]) - (vy - uy) * (q[0] - p[0])
        if rate == 0:
            empty = empty or at_p <= 0
        elif rate > 0:
            bound = Fraction(-at_p, rate)
            low = bound if low is None else max(low, bound)
        else:
            bound = Fraction(-at_p, rate)
            high = bound if high is None else min(high, bound)
    inside = (not empty and (low is None or high is None or low < high) and (low is None or low < 1)
              and (high is None or high > 0))
    assert w.misses_inside(p, q, band) == (not inside)


def test_a_segment_grazing_a_corner_or_running_along_an_edge_misses_the_inside():
    """Square [0, 0] (the hull of it with itself): the segment from (-1, 1) to (1, -1) passes its corner (0, 0) and
    only the segment's own line keeps them apart; one along its top edge and beyond misses it too; one from (-1, 1) to
    (1, 0) cuts its corner off and meets the inside; a point at its centre is inside."""
    k = PLANE.scale
    band = w.two_squares(PLANE, (0, 0), (0, 0))
    assert w.misses_inside((-k, k), (k, -k), band)
    assert w.misses_inside((-k, 0), (2 * k, 0), band)
    assert not w.misses_inside((-k, k), (k, 0), band)
    assert not w.misses_inside((k // 2, k // 2), (k // 2, k // 2), band)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 24), st.integers(-8, 16)), min_size=2, max_size=12),
       st.tuples(st.integers(0, 1), st.integers(0, 2)), st.tuples(st.integers(4, 5), st.integers(0, 3)))
def test_a_chain_across_the_gap_is_found_only_where_no_line_gets_through(chain, a, b):
    """A polyline in quarters (a curved wall's many short segments): when ``_chained_apart`` says its pieces inside
    the hull join the two sides between the squares, the full search (``_clear``, past every grown segment) finds no
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
    if w._chained_apart(ends, band, around, spines):
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
    assert w._chained_apart(ends, band, around, spines)
    assert not w.clear_line(PLANE, a, b, [PLANE.wall(s, e) for s, e in zip(bent, bent[1:])])
    short = bent[:2]  # from above down to the middle of the hull's height
    assert not w._chained_apart(ends, band, around, [(PLANE.vec(s), PLANE.vec(e)) for s, e in zip(short, short[1:])])
    assert w.clear_line(PLANE, a, b, [PLANE.wall(s, e) for s, e in zip(short, short[1:])])
