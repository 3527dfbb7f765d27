"""pycore.systems.classic_d20.hex_map: cover, protectors and heights read off a hex map, through pycore.evaluate."""

from fractions import Fraction

import pytest
from classic_d20_cases import ids, run
from hypothesis import given, settings
from hypothesis import strategies as st

from pycore import ScenarioError

ATTACK = {"to_hit": 15}
"""THAC0 15 against AC 5: a natural 10 or better hits (11 in 20) with nothing in the way."""


def on_map(obstacles=(), creatures=(), elevation=(), attacker=(0, 0), target=(4, 0), rulings=None, **extra):
    m = {"attacker": list(attacker), "target": list(target), "obstacles": [{"hex": list(h)} for h in obstacles],
         "creatures": [{"hex": list(h), "side": side} for h, side in creatures],
         "elevation": [{"hex": list(h), "height": z} for h, z in elevation]}
    return run(attack=ATTACK, target={"ac": 5}, map=m, rulings=rulings or {}, **extra)


def chance(result):
    return Fraction(result["hit_chance_exact"])


def test_an_open_map_gives_no_cover():
    result = on_map()
    assert result["cover"] == 0 and chance(result) == Fraction(11, 20)
    assert result["map"]["distance_ft"] == 20 and result["map"]["blocked_lines"] == 0
    assert ids(result)[0] == "d20.map.cover" and "d20.ruling.map-cover" in result["rulings_used"]


def test_a_wall_right_between_is_90_percent_cover():
    """34 of 36 lines broken: 90% cover, +10 AC (classic ruling): AC 5 becomes -5, only a natural 20 hits."""
    result = on_map(obstacles=[(2, 0)])
    assert result["map"]["blocked_lines"] == 34 and result["map"]["blockers"] == [[2, 0]]
    assert result["cover"] == 90 and result["effective_ac"] == -5
    assert chance(result) == Fraction(1, 20)
    assert on_map(obstacles=[(2, 0)], rulings={"d20.ruling.map-cover": "up"})["targetable"] is False


def test_creatures_in_the_way_give_cover_too():
    """Walls, trees and creatures give cover: an attacker's own ally between them breaks the same lines."""
    result = on_map(creatures=[((2, 0), "attacker")])
    assert result["cover"] == 90 and result["protectors"] is None


def test_walled_in_target_cannot_be_targeted():
    ring = [(5, 0), (3, 0), (4, -1), (5, -1), (3, 1), (4, 1)]
    result = on_map(obstacles=ring)
    assert result["cover"] == 100 and result["targetable"] is False
    assert result["untargetable_reason"] == "100% cover" and result["hit_chance"] == 0


def test_an_ally_next_to_the_target_protects_it():
    """A target's ally behind it breaks no line but protects: +2 AC against missiles (AC 3, 9 in 20)."""
    result = on_map(creatures=[((5, 0), "target")])
    assert result["cover"] == 0 and result["map"]["protectors"] == [[5, 0]]
    assert result["defense_bonus"] == 2 and chance(result) == Fraction(9, 20)
    assert "d20.map.protectors" in ids(result) and "d20.cover.protectors" in ids(result)
    two = on_map(creatures=[((5, 0), "target"), ((4, 1), "target")])
    assert two["defense_bonus"] == 4 and chance(two) == Fraction(7, 20)


def test_protectors_ruling_none_and_allies_further_away():
    assert on_map(creatures=[((5, 0), "target")], rulings={"d20.ruling.map-protectors": "none"})["defense_bonus"] == 0
    assert on_map(creatures=[((6, 0), "target")])["map"]["protectors"] == []
    assert on_map(creatures=[((5, 0), "attacker")])["map"]["protectors"] == []


def test_one_ac_for_all_protectors_on_a_map():
    result = on_map(creatures=[((5, 0), "target")])
    assert result["protectors"]["struck"][0]["ac"] == 5
    with pytest.raises(ScenarioError) as err:
        run(attack=ATTACK, target={"ac": 5, "protector_ac": [4, 6]},
            map={"attacker": [0, 0], "target": [4, 0], "creatures": [{"hex": [5, 0], "side": "target"}]})
    assert [e["field"] for e in err.value.errors] == ["target.protector_ac"]


@pytest.mark.parametrize(("elevation", "modifier", "terrain", "rule"), [
    ([((0, 0), 10)], 2, "cliff", "d20.elevation.cliff"),                # a 10 ft step next to the attacker
    ([((0, 0), 3)], 2, "cliff", "d20.elevation.cliff"),                 # 3 ft: half a 6 ft combatant
    ([((0, 0), 2)], 1, "ground", "d20.elevation.higher"),               # 2 ft: higher, not a cliff nor a slope
    ([((0, 0), 10), ((1, 0), 7.5), ((2, 0), 5), ((3, 0), 2.5)], 1, "severe-slope", "d20.elevation.slope"),
    ([((4, 0), 10)], -2, "cliff", "d20.elevation.cliff"),               # the target is up the cliff
    ([((4, 0), 10), ((3, 0), 7.5), ((2, 0), 5), ((1, 0), 2.5)], -1, "severe-slope", "d20.elevation.slope"),
    ([((4, 0), 2)], 0, "ground", None),                                # lower on ordinary ground: nothing
    ([((0, 0), 5), ((4, 0), 5)], 0, "ground", None),                    # both up on the same plateau
])
def test_heights_give_higher_ground_cliffs_and_slopes(elevation, modifier, terrain, rule):
    result = on_map(elevation=elevation)
    assert result["attack_modifier"] == modifier
    assert result["map"]["terrain"] == terrain
    if rule:
        assert rule in ids(result) and "d20.map.heights" in ids(result)
        assert "d20.ruling.map-terrain" in result["rulings_used"]


def test_heights_ruling_higher_only():
    """A table that does not read cliffs off a map: the higher attacker gets +1, the lower one nothing."""
    rulings = {"d20.ruling.map-terrain": "higher-only"}
    assert on_map(elevation=[((0, 0), 10)], rulings=rulings)["attack_modifier"] == 1
    assert on_map(elevation=[((4, 0), 10)], rulings=rulings)["attack_modifier"] == 0


def test_the_map_gives_the_distance_for_a_speaking_target():
    """An invisible target speaking within 20 ft (in combat) is pinpointed: 4 hexes are 20 ft, 5 are 25 ft."""
    spoken = run(attack=ATTACK, target={"ac": 5, "invisible": True, "speaking": True},
                 map={"attacker": [0, 0], "target": [4, 0]})
    far = run(attack=ATTACK, target={"ac": 5, "invisible": True, "speaking": True},
              map={"attacker": [0, 0], "target": [5, 0]})
    assert spoken["targetable"] is True and far["targetable"] is False


@pytest.mark.parametrize(("m", "field"), [
    ({"attacker": [0, 0]}, "map.target"),
    ({"attacker": [0, 0], "target": [0, 0]}, "map.target"),
    ({"cols": 5, "rows": 5, "attacker": [0, 0], "target": [2, 2], "elevation": [{"hex": [9, 9], "height": 5}]},
     "map.elevation.0.hex"),
    ({"attacker": [0, 0], "target": [2, 2], "elevation": [{"hex": [1, 1], "height": 5}, {"hex": [1, 1], "height": 2}]},
     "map.elevation.1.hex"),
    ({"attacker": [0, 0], "target": [2, 2], "obstacles": [{"hex": [0, 0]}]}, "map.obstacles.0.hex"),
    ({"attacker": [0, 0], "target": [2, 2], "overlay": "nobody"}, "overlay"),
    ({"cols": 12, "attacker": [0, 0], "target": [2, 0]}, "map.rows"),   # a width alone is not a board size
    ({"rows": 9, "attacker": [0, 0], "target": [2, 0]}, "map.cols"),    # nor a height alone
])
def test_map_errors_name_the_field(m, field):
    scenario = {"system": "classic-d20", "map": {k: v for k, v in m.items() if k != "overlay"}}
    if "overlay" in m:
        scenario["overlay"] = m["overlay"]
    with pytest.raises(ScenarioError) as err:
        run(**{k: v for k, v in scenario.items() if k != "system"})
    assert field in [e["field"] for e in err.value.errors]


def test_counted_cover_and_a_map_are_not_both_given():
    with pytest.raises(ScenarioError) as err:
        run(target={"cover": 50}, map={"attacker": [0, 0], "target": [2, 0]})
    assert {e["field"] for e in err.value.errors} & {"target.cover", "map"}


@pytest.mark.parametrize(("given", "missing"), [("cols", "rows"), ("rows", "cols")])
def test_half_a_board_size_is_an_error_as_in_d6_skirmish(given, missing):
    """map.cols without map.rows (or the other way) is refused on the missing field, in d6 Skirmish's words, rather
    than read as a map without edges."""
    with pytest.raises(ScenarioError) as err:
        run(map={given: 12, "attacker": [0, 0], "target": [2, 0]})
    assert err.value.errors == [{"field": f"map.{missing}", "message": f"is required with map.{given}: give the "
                                 "board's width and height, or neither for a map without edges"}]


@pytest.mark.parametrize(("elevation", "modifier", "terrain"), [
    # attacker 3 ft up, target 1 ft up: a 3 ft step next to the attacker, but only 2 ft between the two, less than
    # half a 6 ft combatant: no cliff; 2 ft over 4 hexes is no severe slope either: +1 for higher ground
    ([((0, 0), 3), ((4, 0), 1)], 1, "ground"),
    # attacker 4 ft up, target 1 ft: 3 ft between them and a 4 ft step on the line: a cliff, +2
    ([((0, 0), 4), ((4, 0), 1)], 2, "cliff"),
    # attacker 1 ft, target 3.5 ft: a 3.5 ft step next to the target, 2.5 ft between them: no cliff, and 2.5 ft over
    # 4 hexes is no slope: the lower attacker on ordinary ground, nothing
    ([((0, 0), 1), ((4, 0), 3.5)], 0, "ground"),
])
def test_a_cliff_needs_one_combatant_3_ft_above_the_other(elevation, modifier, terrain):
    """Rule text: a cliff face is when "one combatant is above the other by a distance of at least half of the higher
    combatant's height" (3 ft of a man-sized 6 ft); a 3 ft step on the line alone is not enough."""
    result = on_map(elevation=elevation)
    assert (result["attack_modifier"], result["map"]["terrain"]) == (modifier, terrain)


@pytest.mark.parametrize(("elevation", "target", "modifier", "terrain", "elevation_word"), [
    ([((0, 0), 0.0004)], (4, 0), 1, "ground", "higher"),   # "a higher elevation of any kind": +1
    ([((4, 0), 0.0004)], (4, 0), 0, "ground", "lower"),
    ([((0, 0), 2.9996)], (4, 0), 1, "ground", "higher"),   # less than 3 ft: no cliff; 2.9996 < 2.5 x 4: no slope
    ([((0, 0), 2.9996)], (1, 0), 1, "severe-slope", "higher"),   # next to it: 2.9996 >= 2.5 per hex, a slope
    ([((0, 0), 3.0004), ((1, 0), 0.0004)], (1, 0), 2, "cliff", "higher"),   # exactly 3 ft between them: a cliff
    # 2.8 - 0.3 is 2.5 exactly as written (as binary floats, a little less): 2.5 ft in one hex, a severe slope
    ([((0, 0), 2.8), ((1, 0), 0.3)], (1, 0), 1, "severe-slope", "higher"),
])
def test_heights_are_read_exactly_as_written(elevation, target, modifier, terrain, elevation_word):
    """Heights are the decimals given, exactly: 0.0004 ft higher is higher ground (+1), 2.9996 ft is less than a
    3 ft cliff, and 3.0004 ft against 0.0004 ft is exactly 3 ft apart."""
    result = on_map(elevation=elevation, target=target)
    assert (result["attack_modifier"], result["map"]["terrain"], result["map"]["elevation"]) == \
        (modifier, terrain, elevation_word)


def test_exact_heights_in_overlays_and_pairings():
    """The attacker 0.0004 ft up at [0, 1], THAC0 15 against AC 5 (10+ hits, 11/20): a target on the ground anywhere
    is lower (+1, 12/20); at [1, 1], 2.9996 ft up, it is 2.9992 ft higher in one hex, a severe slope (-1, 10/20); at
    [3, 1], 3.0004 ft up, the steps on the line are 2.9992, 2.9996 and 3.0004 ft (from [2, 1], at 0) and it stands
    exactly 3 ft above the attacker: a cliff (-2, 9/20). The overlay and the pairings (the
    attacker's ally at [0, 2], level with the ground) answer the same as single evaluations."""
    from pycore import evaluate
    from pycore.views import pairings
    m = {"cols": 6, "rows": 4, "attacker": [0, 1], "target": [5, 1],
         "creatures": [{"hex": [0, 2], "side": "attacker"}],
         "elevation": [{"hex": [0, 1], "height": 0.0004}, {"hex": [1, 1], "height": 2.9996},
                       {"hex": [3, 1], "height": 3.0004}]}
    scenario = {"system": "classic-d20", "attack": {"to_hit": 15}, "target": {"ac": 5}, "map": m}
    overlay = evaluate({**scenario, "overlay": "target"})["overlay"]["hexes"]
    chance = {tuple(e["hex"]): e["hit_chance_exact"] for e in overlay}
    assert (chance[(5, 1)], chance[(2, 1)], chance[(1, 1)], chance[(3, 1)]) == ("3/5", "3/5", "1/2", "9/20")
    for hex_, exact in chance.items():
        alone = evaluate({**scenario, "map": {**m, "target": list(hex_)}})
        assert alone["hit_chance_exact"] == exact, hex_
    for shooter, expected in (([0, 1], "3/5"), ([0, 2], "11/20")):   # the ally stands at 0: level with the target
        pairing = pairings.moved({**scenario, "pairings": True}, shooter, [5, 1])
        assert evaluate(pairing)["hit_chance_exact"] == expected


# --- a line that gets through where every corner line is broken ------------------------------------------------

CORNER_THIRDS = ((2, -1), (1, -2), (-1, -1), (-2, 1), (-1, 2), (1, 1))
"""A hex's corners from its centre, in thirds of axial units."""


def hexagon(qr):
    """The corners of the hex at axial ``qr``, exact."""
    return [(qr[0] + Fraction(x, 3), qr[1] + Fraction(y, 3)) for x, y in CORNER_THIRDS]


def _cross(u, v):
    return u[0] * v[1] - u[1] * v[0]


def touches(p, q, qr):
    """Whether the segment ``p``-``q`` touches the closed hex at ``qr`` anywhere, a corner included: no linear
    measure (the cross product with an edge's or the segment's direction, which an affine map keeps) separates
    them strictly."""
    poly = hexagon(qr)
    directions = [(poly[(i + 1) % 6][0] - poly[i][0], poly[(i + 1) % 6][1] - poly[i][1]) for i in range(6)]
    for e in [*directions, (q[0] - p[0], q[1] - p[1])]:
        seg = [_cross(e, p), _cross(e, q)]
        hexes = [_cross(e, c) for c in poly]
        if max(seg) < min(hexes) or max(hexes) < min(seg):
            return False
    return True


def points_in(qr, n=6):
    """Points of the hex at ``qr`` on a grid of sixths, its corners among them."""
    out = []
    for i in range(-n, n + 1):
        for j in range(-n, n + 1):
            x, y = Fraction(i, n), Fraction(j, n)
            d = (x, y, -x - y)
            if max(abs(d[0] - d[1]), abs(d[1] - d[2]), abs(d[2] - d[0])) <= 1:
                out.append((qr[0] + x, qr[1] + y))
    return out


def clear_segment(attacker, target, walls, n=3):
    """A segment from a point of the attacker's hex to a point of the target's that touches no wall, or None (the
    points tried: a grid of ``1 / n`` axial units over each hex)."""
    for p in points_in(attacker, n):
        for q in points_in(target, n):
            if not any(touches(p, q, w) for w in walls):
                return p, q
    return None


def test_a_line_through_where_every_corner_line_is_broken_is_not_100_percent():
    """Attacker [0, 0], target [8, -4] (40 ft), walls [1, 0] and [3, -2]: all 36 corner lines are broken, yet the
    segment from (-1/3, 0) (a third of the way to the attacker's west neighbour) to (8, -11/3) (a third of the way
    from the target to its south-east neighbour) touches neither wall. 100% cover is no line of sight, so ruling
    d20.ruling.map-line-through makes it 90%: +10 AC, AC 5 becomes -5, THAC0 15 needs a natural 20 (1/20); at 75%
    (+7 AC, AC -2) it needs 17 (4/20)."""
    walls = [(1, 0), (3, -2)]
    assert not any(touches((Fraction(-1, 3), 0), (8, Fraction(-11, 3)), w) for w in walls)
    result = on_map(obstacles=walls, target=(8, -4))
    assert result["map"]["blocked_lines"] == 36 and result["map"]["distance_ft"] == 40
    assert result["targetable"] is True and result["cover"] == 90 and chance(result) == Fraction(1, 20)
    assert "d20.ruling.map-line-through" in result["rulings_used"]
    at_75 = on_map(obstacles=walls, target=(8, -4), rulings={"d20.ruling.map-line-through": "75"})
    assert at_75["cover"] == 75 and chance(at_75) == Fraction(4, 20)
    shut = on_map(obstacles=[*walls, (2, -1)], target=(8, -4))   # the gap between them closed: no line at all
    assert clear_segment((0, 0), (8, -4), [*walls, (2, -1)]) is None
    assert shut["targetable"] is False and shut["cover"] == 100
    assert "d20.ruling.map-line-through" not in shut["rulings_used"]


THROUGH = [
    ((8, -4), [(1, 0), (3, -2)]),
    ((-8, 4), [(-3, 1), (-1, 1)]),
    ((-4, -4), [(-6, -1), (-6, 0), (-5, -3), (-3, -5), (-2, -1), (-1, -5), (-1, -4), (0, -1)]),
    ((7, -3), [(0, -2), (1, 0), (3, -2), (4, -3), (4, 1), (5, -5), (6, -4), (6, -2), (6, -1), (7, -4)]),
    ((4, 4), [(-2, 3), (-2, 4), (-1, 0), (-1, 2), (1, 0), (1, 2), (3, 1), (3, 4), (4, 2), (4, 5), (5, 1), (5, 4)]),
]
"""Layouts from the attacker at [0, 0] where all 36 corner lines are broken and a line still gets through."""


@pytest.mark.parametrize(("target", "walls"), THROUGH)
def test_layouts_with_every_corner_line_broken_and_a_line_through(target, walls):
    """Each: 36 of 36 corner lines broken, a segment between the hexes that touches no wall, and 90% cover."""
    result = on_map(obstacles=walls, target=target)
    assert result["map"]["blocked_lines"] == 36
    assert clear_segment((0, 0), target, walls) is not None
    assert result["targetable"] is True and result["cover"] == 90


@st.composite
def dense_layouts(draw):
    """A target 2 to 6 hexes from the attacker at [0, 0] and 2 to 10 walls near the line between them."""
    from pycore.geometry.hexgrid import Hex, distance, spiral
    a = Hex.axial(0, 0)
    t = draw(st.sampled_from([h for h in spiral(a, 6) if distance(h, a) >= 2]))
    n = distance(a, t)
    near = sorted(h.qr for h in spiral(a, 7) if h not in (a, t) and distance(h, a) + distance(h, t) <= n + 2)
    walls = draw(st.lists(st.sampled_from(near), min_size=2, max_size=10, unique=True))
    return t.qr, walls


@settings(max_examples=60, deadline=None)
@given(dense_layouts(), st.sampled_from(["down", "up"]))
def test_a_target_some_segment_reaches_is_never_at_100_percent(layout, rounding):
    """Whenever some segment from a point of the attacker's hex to a point of the target's touches no wall, the
    answer is not 100% cover (no line of sight): the target can be attacked."""
    target, walls = layout
    result = on_map(obstacles=walls, target=target, rulings={"d20.ruling.map-cover": rounding})
    if result["cover"] == 100:   # otherwise nothing to check
        assert clear_segment((0, 0), target, walls) is None
    else:
        assert result["targetable"] is True


def test_each_of_the_36_corner_lines_is_given_broken_or_clear():
    """A wall at 2, 0 right between the attacker at 0, 0 and the target at 4, 0 (20 ft apart) breaks 34 of the 36
    corner lines; the two left are the lines grazing its top and bottom corners. In the plane the board draws
    (neighbouring centres 1 apart, pointy-top), hex q, r has its centre at (q + r/2, r * sqrt(3)/2) and its top and
    bottom corners 1/sqrt(3) = 0.5774 above and below it: the clear lines run from (0, -0.5774) to (4, -0.5774) and
    from (0, 0.5774) to (4, 0.5774), along the wall's top and bottom corners (2, -+0.5774) without entering it."""
    result = on_map([(2, 0)])
    lines = result["map"]["corner_lines"]
    assert len(lines) == 36 == result["map"]["lines"]
    assert sum(broken for _, _, broken in lines) == 34 == result["map"]["blocked_lines"]
    assert sorted((a, b) for a, b, broken in lines if not broken) == [
        ([0.0, -0.5774], [4.0, -0.5774]), ([0.0, 0.5774], [4.0, 0.5774])]
    assert {tuple(a) for a, _, _ in lines} == {(0.5, -0.2887), (0.0, -0.5774), (-0.5, -0.2887), (-0.5, 0.2887),
                                               (0.0, 0.5774), (0.5, 0.2887)}  # the attacker's six corners


def test_side_by_side_two_lines_have_no_length_and_are_clear():
    """The attacker at 0, 0 and the target at 1, 0 share the corners (0.5, -0.2887) and (0.5, 0.2887): two of the
    36 lines join a corner to itself and, touching nothing, are clear. A wall at 0, 1, below both, breaks the 7 lines
    the corner-lines tests count (those along its top edges or through it); the list still has all 36."""
    result = on_map([(0, 1)], target=(1, 0))
    lines = result["map"]["corner_lines"]
    assert len(lines) == 36 and sum(broken for _, _, broken in lines) == 7 == result["map"]["blocked_lines"]
    same = [(a, broken) for a, b, broken in lines if a == b]
    assert same == [([0.5, -0.2887], False), ([0.5, 0.2887], False)]


def test_an_overlay_counts_the_lines_without_listing_them():
    """An overlay's shared work only counts lines (the list is the drawing's, for the pieces as they stand): the
    answer's own corner lines are still listed in full."""
    result = on_map([(2, 0)], overlay="target")
    assert len(result["map"]["corner_lines"]) == 36 and result["overlay"]["hexes"]
    assert all("corner_lines" not in entry for entry in result["overlay"]["hexes"])
