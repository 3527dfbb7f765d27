"""Lines that run along a wall and come out beyond it, the corner lines two squares share, what stops a map's light,
doors of two points and the rulings on counting a map's lines: known answers worked by hand, and a property test
of the engine against a plain model of which side of a barrier each end lies on."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pycore
from pycore.errors import ScenarioError
from pycore.geometry import crossings as cr
from pycore.memo import forget_all

BEND = [[2, 0], [2, 3.5], [3, 3.5], [3, 8]]
"""A wall down x = 2 to y = 3.5, along y = 3.5 to x = 3, and down x = 3: it closes the band between x = 2 and 3."""


def P(x, y):
    """An exact point."""
    return Fraction(x), Fraction(y)


def d6(attacker, target, walls=(), doors=(), lights=(), **extra):
    """d6 Skirmish, hitting on 4+ before cover, on an unsized square map."""
    m = {"grid": "square", "attacker": attacker, "target": target, "walls": list(walls), "doors": list(doors),
         "lights": list(lights)}
    return pycore.evaluate({"system": "skirmish-d6", "attack": {"hits_on": 4}, "map": m, **extra})


def d20(attacker, target, walls=(), **extra):
    """Classic d20, THAC0 15 against AC 5, on an unsized square map."""
    m = {"grid": "square", "attacker": attacker, "target": target, "walls": list(walls)}
    return pycore.evaluate({"system": "classic-d20", "attack": {"to_hit": 15}, "target": {"ac": 5}, "map": m, **extra})


def test_running_along_a_wall_and_coming_out_beyond_it_crosses_it():
    """Along y = 0 from x = 0 to 6: the polyline comes down to (2, 0) from above (y < 0), runs along to (3, 0) and
    leaves below: the line came from one side and left on the other, a crossing. Leaving upwards again it only runs
    along. A polyline that runs back along itself ((2, 0) to (4, 0) to (3, 0)) and leaves below crosses too. A
    stretch reaching the segment's end leaves that end on the wall: along, not a crossing."""
    p, q = P(0, 0), P(6, 0)
    assert cr.meeting(p, q, [P(2, -1), P(2, 0), P(3, 0), P(3, 1)]) == cr.CROSS
    assert cr.meeting(p, q, [P(2, -1), P(2, 0), P(3, 0), P(3, -1)]) == cr.ALONG
    assert cr.meeting(p, q, [P(2, -1), P(2, 0), P(4, 0), P(3, 0), P(3, 1)]) == cr.CROSS
    assert cr.meeting(p, q, [P(2, -1), P(2, 0), P(7, 0), P(7, 1)]) == cr.ALONG


def test_walls_in_pieces_meeting_along_the_line_cross_together():
    """The same bend drawn as three entries (down, along, down), or with the middle drawn twice overlapping: the
    segment crosses the first of them there, the others are only touched or run along. Two polylines touching the
    line at one point from opposite sides (an X of two V's) cross together."""
    p, q = P(0, 0), P(6, 0)
    down, middle, on = [P(2, -1), P(2, 0)], [P(2, 0), P(3, 0)], [P(3, 0), P(3, 1)]
    assert cr.meetings(p, q, [down, middle, on]) == [cr.CROSS, cr.ALONG, cr.TOUCH]
    assert cr.meetings(p, q, [down, [P(2, 0), P(2.5, 0)], [P(2.2, 0), P(3, 0)], on])[0] == cr.CROSS
    assert cr.meetings(p, q, [[P(1, -1), P(2, 0), P(3, -1)], [P(1, 1), P(2, 0), P(3, 1)]])[0] == cr.CROSS
    assert [pl.how for pl in cr.places(p, q, [down, middle, on])] == [cr.CROSS]


def test_d6_a_bend_across_the_band_is_total_cover_and_a_low_one_a_level():
    """The issue's example: attacker [0, 3], target [4, 3], centre line y = 3.5 from x = 0.5 to 4.5. The wall crosses
    the band between the squares (y = 3 to 4) from x = 2 to 3 unbroken, so every segment from one square to the other
    meets it: total cover, no [ATTACK]. As a low wall: one partial level, 4+ becomes 5+."""
    r = d6([0, 3], [4, 3], [{"points": BEND, "kind": "wall"}])
    assert r["cover_level"] == "total" and r["targetable"] is False
    r = d6([0, 3], [4, 3], [{"points": BEND, "kind": "low"}])
    assert r["cover_level"] == 1 and r["hits_on"] == 5


def test_d20_a_low_bend_is_cover_up_to_the_knees():
    """Classic d20, the same low wall: it breaks no corner line (ruling d20.ruling.map-low-walls "knees"), but the
    centre line crosses it, so "cover up to the knees is equal to 25% cover"."""
    r = d20([0, 3], [4, 3], [{"points": BEND, "kind": "low"}])
    assert r["cover"] == 25


def test_a_light_behind_a_bend_does_not_light_the_target():
    """A light at (6.5, 3.5), range 4, the target's centre (4.5, 3.5) 2 away. The wall comes down x = 5 to y = 3.5,
    runs along to x = 4.8 and goes on down: the light's line runs along it and comes out beyond, so it is crossed
    and the target stays dark: normal sight in the dark is total cover. Without the wall it is bright: no cover."""
    wall = [{"points": [[5, 0], [5, 3.5], [4.8, 3.5], [4.8, 6]], "kind": "wall"}]
    torch = [{"at": [6.5, 3.5], "range": 4}]
    assert d6([0, 3], [4, 3], wall, lights=torch, light="dark")["cover_level"] == "total"
    r = d6([0, 3], [4, 3], lights=torch, light="dark")
    assert r["cover_level"] == 0 and r["map"]["light"] == "bright"


def test_a_light_is_stopped_by_total_obstacles_lines_only():
    """Ruling d6.ruling.map-light: an object's outline (a pillar from x = 5 to 6 across the light's line) stops the
    light while outlines are total obstacles (ruling d6.ruling.map-objects "total"); made partial, and as a low wall,
    it casts no shadow. Attacker [0, 3] to target [3, 3] with nothing between: only the light differs."""
    pillar = [[5, 3], [6, 3], [6, 4], [5, 4], [5, 3]]
    torch = [{"at": [7.5, 3.5], "range": 5}]
    dark = d6([0, 3], [3, 3], [{"points": pillar, "kind": "object"}], lights=torch, light="dark")
    assert dark["map"]["light"] is None and dark["cover_level"] == "total"
    for kind, rulings in (("object", {"d6.ruling.map-objects": "partial"}), ("low", {})):
        r = d6([0, 3], [3, 3], [{"points": pillar, "kind": kind}], lights=torch, light="dark", rulings=rulings)
        assert r["map"]["light"] == "bright" and r["cover_level"] == 0


def test_d20_squares_side_by_side_behind_a_wall_have_all_16_lines_broken():
    """Attacker [2, 3], target [3, 3], a wall along x = 3 from y = 0 to 8. Every corner moved a millionth towards its
    square's centre: the attacker's corners lie at x = 2 + 1/2M or 3 - 1/2M, the target's at 3 + 1/2M or 4 - 1/2M,
    so all 16 lines cross x = 3 between y = 3 and 4, on the wall, the two between the shared corners (3, 3) and
    (3, 4) too: 16 of 16, 100%, no line of effect. Ruling d20.ruling.map-corners "on-walls": the shared corners lie
    on the wall, so they are moved as well: the same answer."""
    wall = [{"points": [[3, 0], [3, 8]], "kind": "wall"}]
    for rulings in ({}, {"d20.ruling.map-corners": "on-walls"}):
        r = d20([2, 3], [3, 3], wall, rulings=rulings)
        assert (r["map"]["blocked_lines"], r["cover"], r["targetable"]) == (16, 100, False)
    assert "d20.ruling.map-corners" in r["rulings_used"]


@pytest.mark.parametrize("attacker", [[2, 2], [4, 2], [4, 4], [2, 4]])
def test_d20_a_target_inside_an_outline_diagonal_to_the_attacker_is_behind_it(attacker):
    """The target on [3, 3] inside the outline of its own square, drawn from (3, 3) round and back: from each of
    the four squares diagonal to it, the shared corner's line runs from the attacker's corner moved inwards to the
    target's moved inwards, across the outline's first and last point (a joint of the closed outline): 16 of 16,
    100%."""
    outline = [{"points": [[3, 3], [4, 3], [4, 4], [3, 4], [3, 3]], "kind": "object"}]
    r = d20(attacker, [3, 3], outline)
    assert r["map"]["blocked_lines"] == 16 and r["cover"] == 100


@pytest.mark.parametrize("attacker", [[3, 2], [4, 3], [3, 4], [2, 3]])
def test_d20_shared_corners_on_every_side(attacker):
    """The same outline, the attacker beside the target on each side: the two shared corners' lines cross the outline
    along the common edge, as the other 14 do: 16 of 16."""
    outline = [{"points": [[3, 3], [4, 3], [4, 4], [3, 4], [3, 3]], "kind": "object"}]
    assert d20(attacker, [3, 3], outline)["map"]["blocked_lines"] == 16


def test_a_door_of_three_points_is_refused():
    """The contract gives a door exactly two points: three is an error naming the door's points."""
    with pytest.raises(ScenarioError) as refused:
        d6([0, 3], [4, 3], doors=[{"points": [[2, 0], [2, 3], [2, 4]], "open": False}])
    assert [e["field"] for e in refused.value.errors] == ["map.doors.0.points"]


U_ONE = [{"points": [[2, 0], [2, 4], [4, 4], [4, 0]], "kind": "low"}]
"""A low wall bent into a U that the centre line y = 2.5 crosses at x = 2 and x = 4."""
U_TWO = [{"points": [[2, 0], [2, 4], [3, 4]], "kind": "low"}, {"points": [[3, 4], [4, 4], [4, 0]], "kind": "low"}]
"""The same U drawn as two entries meeting at (3, 4)."""


def test_d6_one_obstacle_however_it_was_drawn():
    """Ruling d6.ruling.map-count "obstacles": from [0, 2] to [6, 2] the centre line crosses the U at x = 2 and x = 4,
    two low walls on the table: two levels, 4+ becomes 6+, drawn as one entry or as two. "entries": the single
    entry is one level (5+), the two entries two (6+). A pillar outline (x = 2 to 3, closed on itself) gone in and
    out of is one obstacle: partial by ruling d6.ruling.map-objects, one level, 5+."""
    assert [d6([0, 2], [6, 2], walls)["hits_on"] for walls in (U_ONE, U_TWO)] == [6, 6]
    entries = {"d6.ruling.map-count": "entries"}
    assert [d6([0, 2], [6, 2], walls, rulings=entries)["hits_on"] for walls in (U_ONE, U_TWO)] == [5, 6]
    pillar = [{"points": [[2, 2], [3, 2], [3, 3], [2, 3], [2, 2]], "kind": "object"}]
    assert d6([0, 2], [6, 2], pillar, rulings={"d6.ruling.map-objects": "partial"})["hits_on"] == 5


def test_d6_walls_of_different_kinds_meeting_on_the_centre_line():
    """A wall down x = 3 to y = 2.5 and a low wall on from there, the centre line y = 2.5: each is touched at its
    end. Ruling d6.ruling.map-joints "neither": no cover, 4+. "lesser": the line went through what they make
    together, one partial level, 5+."""
    walls = [{"points": [[3, 0], [3, 2.5]], "kind": "wall"}, {"points": [[3, 2.5], [3, 5]], "kind": "low"}]
    r = d6([0, 2], [6, 2], walls)
    assert r["hits_on"] == 4 and "d6.ruling.map-joints" in r["rulings_used"]
    assert d6([0, 2], [6, 2], walls, rulings={"d6.ruling.map-joints": "lesser"})["hits_on"] == 5


def test_d6_a_point_does_nothing_even_counting_touches():
    """A wall of no length at (3, 2.5) on the centre line: under the edge ruling "more" (touches count) it still
    gives no cover (ruling d6.ruling.map-points "nothing"); as a post it is touched and counts: a total obstacle some
    line gets past, one level, 5+. Classic d20: a point breaks no corner line, 0%."""
    dot = [{"points": [[3, 2.5], [3, 2.5]], "kind": "wall"}]
    assert d6([0, 2], [6, 2], dot, rulings={"d6.ruling.edge-line": "more"})["hits_on"] == 4
    post = {"d6.ruling.edge-line": "more", "d6.ruling.map-points": "post"}
    assert d6([0, 2], [6, 2], dot, rulings=post)["hits_on"] == 5
    assert d20([0, 2], [6, 2], dot)["cover"] == 0


@pytest.mark.parametrize("system, key", [("skirmish-d6", "cover_level"), ("classic-d20", "cover")])
@pytest.mark.parametrize("walls", [[{"points": BEND, "kind": "wall"}], [{"points": BEND, "kind": "low"}], U_TWO,
                                   [{"points": [[3, 3], [4, 3], [4, 4], [3, 4], [3, 3]], "kind": "object"}]])
def test_overlays_equal_single_answers(system, key, walls):
    """On each of these maps (8 x 8), every square of a target overlay answers as a single evaluation with the target
    there."""
    extra = {"attack": {"hits_on": 4}} if system == "skirmish-d6" else {"attack": {"to_hit": 15}, "target": {"ac": 5}}
    m = {"grid": "square", "cols": 8, "rows": 8, "attacker": [0, 3], "target": [4, 3], "walls": walls}
    forget_all()
    entries = pycore.evaluate({"system": system, "map": m, "overlay": "target", **extra})["overlay"]["squares"]
    for e in entries:
        one = pycore.evaluate({"system": system, "map": {**m, "target": e["square"]}, **extra})
        assert (e[key], e["targetable"]) == (one[key], one["targetable"]), e["square"]


# --- a plain model: a barrier from far above to far below, and which side of it each end lies on ---------------

def _inside(pt, ring):
    """Even-odd test of a point not on the polygon's boundary (half-open on y, so horizontal edges count for none)."""
    x, y = pt
    odd = False
    for (ax, ay), (bx, by) in zip(ring, ring[1:] + ring[:1]):
        if (ay <= y) != (by <= y):
            cx = ax + (y - ay) * (bx - ax) / (by - ay)
            if cx > x:
                odd = not odd
    return odd


@st.composite
def barriers(draw, back=True):
    """A polyline from y = -3 to y = 12 whose y never decreases, its x in halves between 1 and 5: pieces across,
    along rows (often exactly on a centre line or a square's edge) and (``back``) back along themselves, leaving a
    spur; without, a simple curve."""
    ys = draw(st.lists(st.integers(-4, 22), min_size=1, max_size=6, unique=not back))
    ys.sort()  # a simple curve visits each row once: two visits of one row could run back along it
    points = [(Fraction(draw(st.integers(2, 10)), 2), Fraction(-3))]
    for y in ys:
        row = [Fraction(draw(st.integers(2, 10)), 2) for _ in range(draw(st.integers(1, 3)))]
        if not back:  # along the row one way only, on from where the last piece came down
            row = sorted([points[-1][0], *row], reverse=draw(st.booleans()))
            row = row if row[0] == points[-1][0] else [points[-1][0]]
        points.extend((x, Fraction(y, 2)) for x in row)
    points.append((points[-1][0], Fraction(12)))
    return points


@settings(max_examples=150, deadline=None)
@given(barriers(), st.integers(0, 7), st.integers(0, 7), st.integers(-1, 0), st.integers(6, 7))
def test_no_line_gets_past_a_barrier_with_the_squares_on_either_side(chain, row_a, row_b, col_a, col_b):
    """The barrier divides the plane; a square wholly on its left (``_inside`` of the polygon closed far to the right
    is its right) and one wholly on its right are joined by no unbroken line: d6 total cover and Classic d20 100%
    with every corner line broken. For the centre line, ``crossings.meeting`` says it crosses exactly when the two
    centres lie on different sides."""
    ring = [*chain, (Fraction(50), Fraction(12)), (Fraction(50), Fraction(-3))]
    a, b = [col_a, row_a], [col_b, row_b]
    ca, cb = (Fraction(2 * col_a + 1, 2), Fraction(2 * row_a + 1, 2)), (Fraction(2 * col_b + 1, 2), Fraction(2 * row_b + 1, 2))
    assert not _inside(ca, ring) and _inside(cb, ring)  # x of the barrier lies in [1, 5]: the columns are apart
    assert cr.meeting(ca, cb, chain) == cr.CROSS
    walls = [{"points": [[float(x), float(y)] for x, y in chain], "kind": "wall"}]
    forget_all()
    assert d6(a, b, walls)["cover_level"] == "total"
    r = d20(a, b, walls)
    assert r["cover"] == 100 and r["map"]["blocked_lines"] == 16 and r["targetable"] is False


def _on(chain, pt):
    """Whether the point lies on the polyline."""
    return any(cr._orient(a, b, pt) == 0 and cr._within(a, b, pt) for a, b in zip(chain, chain[1:]))


def _sides_differ(chain, p, q):
    """The plain model: whether one end lies inside the polygon the barrier closes far to the right, the other not."""
    ring = [*chain, (Fraction(50), Fraction(12)), (Fraction(50), Fraction(-3))]
    return _inside(p, ring) != _inside(q, ring)


QUARTERS = st.tuples(st.integers(0, 24), st.integers(-4, 24)).map(lambda c: (Fraction(c[0], 4), Fraction(c[1], 4)))


@settings(max_examples=200, deadline=None)
@given(barriers(back=False), QUARTERS, QUARTERS)
def test_a_segment_crosses_a_simple_barrier_an_odd_number_of_times_when_its_ends_lie_on_either_side(chain, p, q):
    """For two points (in quarters) off a barrier that is a simple curve, the segment between them crosses it
    (``crossings.places``) an odd number of times exactly when the plain model puts them on different sides: each
    crossing changes sides, and a place it touches or runs along and leaves on the side it came from changes none."""
    if _on(chain, p) or _on(chain, q) or p == q:
        return
    crossings = sum(place.how == cr.CROSS for place in cr.places(p, q, [chain]))
    assert crossings % 2 == _sides_differ(chain, p, q)


@settings(max_examples=200, deadline=None)
@given(barriers(), QUARTERS, st.integers(0, 24))
def test_a_level_segment_crosses_a_barrier_with_spurs_as_its_ends_lie(chain, p, x):
    """A level segment (along a row, where a barrier's pieces along rows and its spurs back along itself lie on its
    line or apart from it) crosses the barrier an odd number of times exactly when the model puts its ends on
    different sides."""
    q = (Fraction(x, 4), p[1])
    if _on(chain, p) or _on(chain, q) or p == q:
        return
    crossings = sum(place.how == cr.CROSS for place in cr.places(p, q, [chain]))
    assert crossings % 2 == _sides_differ(chain, p, q)
