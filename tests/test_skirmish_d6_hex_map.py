"""pycore.systems.skirmish_d6.hex_map: on a hex map, the obstacles the line crosses, whether a line gets past, the distance."""

import pytest
from skirmish_d6_cases import run

from pycore import ScenarioError


def on_map(a, t, obstacles=(), creatures=(), map_extra=None, **rest):
    """A map scenario from axial pairs: attacker hex ``a``, target hex ``t``; ``map_extra``: more map keys."""
    return run(map={"attacker": list(a), "target": list(t), "cols": 12, "rows": 9,
                    "obstacles": [{"hex": list(h), "kind": k} for h, k in obstacles],
                    "creatures": [{"hex": list(h), "side": s} for h, s in creatures], **(map_extra or {})}, **rest)


def test_map_counts_partial_obstacles_and_creatures_on_the_line():
    """Each partial obstacle and each creature (allies too) on the line is one level."""
    result = on_map((0, 1), (4, 1), [((1, 1), "partial")], [((3, 1), "target")], attack={"hits_on": 3})
    assert result["cover_level"] == 2 and result["hits_on"] == 5
    assert result["map"]["crossed"] == [[1, 1], [3, 1]]
    assert result["distance"] == 4


def test_map_obstacles_off_the_line_do_not_count():
    """Obstacles beside the line give nothing."""
    result = on_map((0, 1), (4, 1), [((2, 0), "partial"), ((1, 2), "total")])
    assert result["cover_level"] == 0


def test_map_total_obstacle_blocking_every_line_is_total_cover():
    """A total obstacle straight between, in the same row: no line gets past it."""
    result = on_map((0, 1), (4, 1), [((2, 1), "total")])
    assert result["cover_level"] == "total" and result["targetable"] is False


def test_map_total_obstacle_a_line_gets_past_is_partial():
    """A total obstacle the centre line clips but some line avoids counts as one partial level."""
    result = on_map((0, 0), (3, 2), [((2, 1), "total")])
    assert result["cover_level"] == 1
    assert result["map"]["seen_past"] == [[2, 1]]
    assert "d6.cover.seen-past" in [r["id"] for r in result["rules"]]


def test_map_edge_line_shows_both_paths_and_follows_the_ruling():
    """(0,2) to (1,0) runs along an edge: both paths; the attacker takes the side without the obstacle."""
    result = on_map((0, 2), (1, 0), [((1, 1), "partial")])
    assert len(result["map"]["paths"]) == 2
    assert result["cover_level"] == 0 and "d6.ruling.edge-line" in result["rulings_used"]
    more = on_map((0, 2), (1, 0), [((1, 1), "partial")], rulings={"d6.ruling.edge-line": "more"})
    assert more["cover_level"] == 1


def test_map_surrounded_by_geometry():
    """The attacker and an ally on exactly opposite hexes of the target surround it (+1)."""
    result = on_map((2, 2), (3, 2), creatures=[((4, 2), "attacker")], attack={"kind": "melee", "hits_on": 4})
    assert result["map"]["surrounded_by"] is not None and result["hits_on"] == 3
    apart = on_map((2, 2), (3, 2), creatures=[((4, 1), "attacker")], attack={"kind": "melee", "hits_on": 4})
    assert apart["map"]["surrounded_by"] is None and apart["hits_on"] == 4
    target_side = on_map((2, 2), (3, 2), creatures=[((4, 2), "target")], attack={"kind": "melee", "hits_on": 4})
    assert target_side["map"]["surrounded_by"] is None


def test_map_distance_drives_the_one_inch_limits():
    """On a map, an invisible target 3 hexes away cannot be attacked; 1 hex away, hits on 6."""
    assert on_map((0, 1), (3, 1), target={"invisible": True})["targetable"] is False
    assert on_map((0, 1), (1, 1), target={"invisible": True}, attack={"kind": "melee", "hits_on": 3})["hits_on"] == 6


@pytest.mark.parametrize(("scenario", "field", "words"), [
    ({"map": {"target": [1, 1]}}, "map.attacker", "is required"),
    ({"map": {"attacker": [0, 0], "target": [0, 0]}}, "map.target", "already taken"),
    ({"map": {"attacker": [0, 0], "target": [30, 0], "cols": 12, "rows": 9}}, "map.target", "off the 12 x 9 board"),
    ({"map": {"attacker": [-3, -2], "target": [3, 0], "cols": 12, "rows": 9}}, "map.attacker",
     "hex -3, -2 is off the 12 x 9 board"),
    ({"map": {"attacker": [0, 0], "target": [3, 0], "obstacles": [{"hex": [20, 0], "kind": "total"}], "cols": 12,
              "rows": 9}}, "map.obstacles.0.hex", "off the 12 x 9 board"),
    ({"map": {"attacker": [0, 0], "target": [3, 0], "cols": 12}}, "map.rows", "is required with map.cols"),
    ({"map": {"attacker": [0, 0], "target": [3, 0], "rows": 9}}, "map.cols", "is required with map.rows"),
    ({"map": {"attacker": [0, 0], "target": [1000, 0]}}, "map.target", "out of range"),
    ({"map": {"attacker": [0, 0], "target": [3, 0], "obstacles": [{"hex": [1, 0], "kind": "wall"}]}},
     "map.obstacles.0.kind", "not allowed"),
    ({"map": {"attacker": [0, 0], "target": [3, 0]}, "obstacles": {"partial": 1}}, "map", "not both"),
])
def test_map_errors_name_the_field(scenario, field, words):
    """Pieces missing, stacked or off the board, and counted-plus-map scenarios, are errors naming the field."""
    with pytest.raises(ScenarioError) as err:
        run(**scenario)
    assert err.value.errors[0]["field"] == field and words in err.value.errors[0]["message"]


def test_a_map_without_a_size_takes_any_coordinates():
    """Without map.cols and map.rows any axial hexes within +-999 are answered: a shot from [-3, -2] across a
    partial obstacle at [0, -2] to [3, -2] is 6 inches with cover level 1 (hits on 4+ becomes 5+)."""
    result = run(map={"attacker": [-3, -2], "target": [3, -2], "obstacles": [{"hex": [0, -2], "kind": "partial"}]},
                 attack={"hits_on": 4})
    assert result["distance"] == 6 and result["cover_level"] == 1 and result["hits_on"] == 5
    assert result["map"]["crossed"] == [[0, -2]]


def test_a_long_shot_of_sixty_hexes_and_more():
    """Distance is counted in hexes however far: 60 and 999 inches in a row; an invisible target that far away
    cannot be targeted (more than 1 inch)."""
    assert run(map={"attacker": [0, 0], "target": [60, 0]})["distance"] == 60
    far = run(map={"attacker": [-999, 999], "target": [999, 0]}, target={"invisible": True})
    assert far["distance"] == 1998 and far["targetable"] is False


def test_map_heights_decide_above_and_below():
    """A higher attacker attacks from above (+1), a lower one from below (-1): hits on 4+ becomes 3+ or 5+."""
    high = on_map((0, 1), (4, 1), map_extra={"elevation": [{"hex": [0, 1], "height": 2}]}, attack={"hits_on": 4})
    assert high["elevation"] == "above" and high["hits_on"] == 3
    assert high["map"]["heights"] == {"attacker": 2, "target": 0}
    low = on_map((0, 1), (4, 1), map_extra={"elevation": [{"hex": [4, 1], "height": 0.5}]}, attack={"hits_on": 4})
    assert low["elevation"] == "below" and low["hits_on"] == 5
    level = on_map((0, 1), (4, 1), map_extra={"elevation": [{"hex": [0, 1], "height": 3}, {"hex": [4, 1], "height": 3}]},
                   attack={"hits_on": 4})
    assert level["elevation"] == "level" and level["hits_on"] == 4
    assert "d6.ruling.map-height" in level["rulings_used"]


def test_map_heights_overrule_the_form_unless_the_ruling_says_form():
    """By default the map decides over the form's attacker.elevation; ruling ``form`` keeps the form's."""
    ground = {"elevation": [{"hex": [4, 1], "height": 2}]}
    by_map = on_map((0, 1), (4, 1), map_extra=ground, attacker={"elevation": "above"}, attack={"hits_on": 4})
    assert by_map["elevation"] == "below" and by_map["hits_on"] == 5
    by_form = on_map((0, 1), (4, 1), map_extra=ground, attacker={"elevation": "above"}, attack={"hits_on": 4},
                     rulings={"d6.ruling.map-height": "form"})
    assert by_form["elevation"] == "above" and by_form["hits_on"] == 3


def test_map_without_heights_keeps_the_form_and_names_no_height_ruling():
    result = on_map((0, 1), (4, 1), attacker={"elevation": "above"}, attack={"hits_on": 4})
    assert result["elevation"] == "above" and result["map"]["heights"] is None
    assert not {"d6.ruling.map-height", "d6.ruling.height-blocks"} & set(result["rulings_used"])


def test_high_ground_between_blocks_only_under_the_ridge_ruling():
    """A whole row of 5-inch hexes between two pieces at 0: no effect by default, total cover as a ridge."""
    ridge = [{"hex": [2 - (r - (r & 1)) // 2, r], "height": 5} for r in range(9)]
    plain = on_map((0, 1), (4, 1), map_extra={"elevation": ridge})
    assert plain["cover_level"] == 0 and "d6.ruling.height-blocks" in plain["rulings_used"]
    walled = on_map((0, 1), (4, 1), map_extra={"elevation": ridge}, rulings={"d6.ruling.height-blocks": "ridge"})
    assert walled["cover_level"] == "total" and not walled["targetable"]
    # an attacker as high as the ridge sees over it: nothing in between is higher than both ends
    over = on_map((0, 1), (4, 1), map_extra={"elevation": [*ridge, {"hex": [0, 1], "height": 5}]},
                  rulings={"d6.ruling.height-blocks": "ridge"})
    assert over["cover_level"] == 0 and over["elevation"] == "above"


def test_map_heights_errors_name_the_item():
    with pytest.raises(ScenarioError) as err:
        on_map((0, 1), (4, 1), map_extra={"elevation": [{"hex": [1, 1], "height": 1}, {"hex": [1, 1], "height": 2}]})
    assert [e["field"] for e in err.value.errors] == ["map.elevation.1.hex"]
    with pytest.raises(ScenarioError) as err:
        on_map((0, 1), (4, 1), map_extra={"elevation": [{"hex": [30, 1], "height": 1}]})
    assert [e["field"] for e in err.value.errors] == ["map.elevation.0.hex"]
    with pytest.raises(ScenarioError) as err:
        on_map((0, 1), (4, 1), map_extra={"elevation": [{"hex": [1, 1]}]})
    assert [e["field"] for e in err.value.errors] == ["map.elevation.0.height"]


# --- the straight line, not the stepped one ---------------------------------------------------------------------

def test_a_sliver_of_a_partial_obstacle_on_the_straight_line_counts():
    """Attacker [0, 0], target [7, -1]: the point t of the way is (7t, -t, -6t). Hex [3, -1] holds it where its cube
    differences from (3, -1, -2) differ pairwise by at most 1: 8t - 4, 5t - 1 and 13t - 5 give t from 3/8 to 2/5, a
    1/40 stretch of the line; hex [4, 0] likewise from 3/5 to 5/8. The stepped line (one hex per step) takes neither.
    The rule: count the obstacles between on the line; two low walls there are two levels: 4+ becomes 6+ (1/6)."""
    walls = [((3, -1), "partial"), ((4, 0), "partial")]
    result = run(map={"attacker": [0, 0], "target": [7, -1], "obstacles": [{"hex": list(h), "kind": k} for h, k in walls]},
                 attack={"hits_on": 4})
    assert result["cover_level"] == 2 and result["hits_on"] == 6 and result["hit_chance_exact"] == "1/6"
    assert sorted(result["map"]["crossed"]) == [[3, -1], [4, 0]]
    assert len(result["map"]["paths"]) == 1 and "d6.ruling.edge-line" not in result["rulings_used"]


def test_a_line_through_the_middle_of_an_edge_counts_both_hexes():
    """Attacker [0, 0], target [4, -1]: half way the line crosses the middle of the edge between [2, -1] and [2, 0],
    (2, -1/2, -3/2), going from one into the other. It does not run along that edge, so both count, on one path:
    two partial obstacles there are two levels (4+ becomes 6+), not one on each of two paths."""
    walls = [((2, -1), "partial"), ((2, 0), "partial")]
    result = run(map={"attacker": [0, 0], "target": [4, -1], "obstacles": [{"hex": list(h), "kind": k} for h, k in walls]},
                 attack={"hits_on": 4})
    assert result["cover_level"] == 2 and result["hits_on"] == 6
    assert len(result["map"]["paths"]) == 1 and "d6.ruling.edge-line" not in result["rulings_used"]


CORNERS = ((2, -1), (1, -2), (-1, -1), (-2, 1), (-1, 2), (1, 1))
"""A hex's corners from its centre, axial, in thirds."""


def stretch(b, h):
    """Where the segment from the centre of [0, 0] to the centre of ``b`` runs through the closed hex ``h``: the
    interval of t (0 to 1) clipped by the six edges' half-planes, exactly, or None."""
    from fractions import Fraction
    corners = [(3 * h.q + x, 3 * h.r + y) for x, y in reversed(CORNERS)]   # counter-clockwise in (q, r)
    lo, hi = Fraction(0), Fraction(1)
    d = (3 * b.q, 3 * b.r)
    for i in range(6):
        (ax, ay), (cx, cy) = corners[i], corners[(i + 1) % 6]
        ex, ey = cx - ax, cy - ay
        c0, c1 = ex * (0 - ay) - ey * (0 - ax), ex * d[1] - ey * d[0]   # inside: c0 + t c1 >= 0 (counter-clockwise)
        if c1 == 0:
            if c0 < 0:
                return None
        elif c1 > 0:
            lo = max(lo, Fraction(-c0, c1))
        else:
            hi = min(hi, Fraction(c0, -c1))
    return (lo, hi) if lo <= hi else None


def test_counted_hexes_are_those_the_straight_line_passes_in_every_direction():
    """Every target within 12 hexes of the attacker at [0, 0]: the hexes read off the map are those the straight
    centre-to-centre segment runs through for some length (a corner alone is not enough), in its order. Where it runs
    along edges (a diagonal), the two paths are the two sides, each the stepped line, both together that set."""
    from pycore.geometry import hexgrid as hg
    from pycore.systems.skirmish_d6 import hex_map
    a = hg.Hex.axial(0, 0)
    slants = 0
    for b in hg.spiral(a, 12)[7:]:
        n = hg.distance(a, b)
        near = [h for h in hg.spiral(a, n) if h not in (a, b) and hg.distance(h, b) <= n]
        stretches = {h: s for h in near if (s := stretch(b, h)) is not None and s[0] < s[1]}
        want = sorted(stretches, key=lambda h: stretches[h][0])
        mc = hex_map.cover_between(a, b, {h: "partial" for h in near}, {}, {}, "fewer", "adjacent", False)
        paths = [list(pc.hexes) for pc in mc.paths]
        dq, dr, ds = b.q, b.r, b.s
        if dq == dr or dr == ds or ds == dq:
            assert set(paths[0]) | set(paths[1]) == set(want)
            assert paths == [hg.line(a, b, 1)[1:-1], hg.line(a, b, -1)[1:-1]]
        else:
            assert paths == [want], b
            assert mc.partial == len(want)
            slants += want != hg.line(a, b, 1)[1:-1]
    assert slants > 0


def test_each_counted_obstacle_says_what_it_counts_as():
    """Rule text 003, 7.1: "count the number of obstacles between the two. ... Partial obstacles provide one level of
    cover, while total obstacles provide total cover", and a total obstacle some unbroken line gets past "is partial
    cover". Along row 1 from 0, 1 to 4, 1: a partial obstacle at 1, 1 and a creature at 3, 1 are one level each
    (level 2, -2: hits on 3+ becomes 5+); a total obstacle at 2, 1 in the same row blocks every line: total. From
    0, 0 to 3, 2 the centre line clips a total obstacle at 2, 1 that some line gets past: it counts as partial."""
    two = on_map((0, 1), (4, 1), [((1, 1), "partial")], [((3, 1), "target")], attack={"hits_on": 3})
    assert two["map"]["crossed"] == [[1, 1], [3, 1]] and two["map"]["crossed_as"] == ["partial", "partial"]
    assert two["cover_level"] == 2 == two["map"]["crossed_as"].count("partial") and two["hits_on"] == 5
    wall = on_map((0, 1), (4, 1), [((2, 1), "total")])
    assert wall["map"]["crossed"] == [[2, 1]] and wall["map"]["crossed_as"] == ["total"]
    past = on_map((0, 0), (3, 2), [((2, 1), "total")])
    assert past["map"]["crossed"] == [[2, 1]] and past["map"]["crossed_as"] == ["partial"] and past["cover_level"] == 1
