"""pycore.systems.skirmish_d6.overlay: where the target or the attacker could stand on a d6 map, each hex's answer
equal to evaluate with the piece moved there."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from overlay_cases import check_overlay, hexes_of
from strategies import scenarios, square_maps

from pycore import SYSTEMS, ScenarioError, evaluate
from pycore.maps.hex_map import board_cells
from pycore.systems.skirmish_d6 import regions
from pycore.systems.skirmish_d6.modifiers import combine_cover, light_levels
from pycore.systems.skirmish_d6.overlay import FixedPieceView, drawn_cells, pieces, reading_key

WALL = {"attacker": [0, 1], "target": [4, 1], "cols": 8, "rows": 4,
        "obstacles": [{"hex": [2, 1], "kind": "partial"}, {"hex": [6, 0], "kind": "total"}],
        "creatures": [{"hex": [3, 2], "side": "attacker"}]}


def scenario(moving, m=WALL, **rest):
    return {"system": "skirmish-d6", "overlay": moving, "attack": {"hits_on": 4}, "map": m, **rest}


def test_target_overlay_covers_the_free_hexes_of_the_board():
    """An 8 x 4 board has 32 hexes; the attacker, two obstacles and a creature take 4, the target's own hex stays."""
    result = check_overlay(scenario("target"))
    assert len(result["overlay"]["hexes"]) == 28
    by_hex = hexes_of(result)
    assert (4, 1) in by_hex and (0, 1) not in by_hex and (2, 1) not in by_hex and (3, 2) not in by_hex
    # where the target stands now, the entry is the answer itself: behind the partial obstacle, level 1, hits on 5+
    assert by_hex[(4, 1)]["cover_level"] == 1 and by_hex[(4, 1)]["hits_on"] == 5
    assert by_hex[(4, 1)]["hit_chance_exact"] == "1/3"
    # next to the attacker nothing is in the way: hits on 4+
    assert by_hex[(1, 1)]["cover_level"] == 0 and by_hex[(1, 1)]["hit_chance_exact"] == "1/2"


def test_attacker_overlay_moves_the_attacker():
    """Moving the attacker next to the target leaves no obstacle between them."""
    result = check_overlay(scenario("attacker"))
    by_hex = hexes_of(result)
    assert (0, 1) in by_hex and (4, 1) not in by_hex
    assert by_hex[(3, 1)]["cover_level"] == 0 and by_hex[(0, 1)]["cover_level"] == 1


def test_total_cover_hexes_are_not_targetable():
    """A target behind a wall of total obstacles cannot be targeted: hit chance 0, no target number."""
    wall = {"attacker": [0, 1], "target": [5, 1], "cols": 8, "rows": 4,
            "obstacles": [{"hex": [3 - (r - (r & 1)) // 2, r], "kind": "total"} for r in range(4)]}
    by_hex = hexes_of(check_overlay(scenario("target", wall)))
    blocked = [e for e in by_hex.values() if not e["targetable"]]
    assert blocked and all(e["cover_level"] == "total" and e["hit_chance"] == 0 and e["hits_on"] is None
                           for e in blocked)


def test_unbounded_map_overlay_covers_the_grown_drawing():
    """Without a size the overlay covers the drawing: the 12 x 9 board grown to leave 2 hexes around each piece
    (columns -2..16, rows -2..8: 19 x 11 hexes, less the attacker's)."""
    m = {"attacker": [0, 0], "target": [14, 0]}
    result = check_overlay(scenario("target", m), every=7)
    assert len(result["overlay"]["hexes"]) == 19 * 11 - 1


def test_no_overlay_without_the_key_or_with_none():
    assert "overlay" not in evaluate(scenario("none"))
    plain = scenario("none")
    del plain["overlay"]
    assert "overlay" not in evaluate(plain)


def test_overlay_with_counted_obstacles_is_an_error_naming_overlay():
    with pytest.raises(ScenarioError) as err:
        evaluate({"system": "skirmish-d6", "overlay": "target", "obstacles": {"partial": 1}})
    assert [e["field"] for e in err.value.errors] == ["overlay"]


def test_unknown_overlay_is_an_error_naming_it():
    with pytest.raises(ScenarioError) as err:
        evaluate(scenario("bystander"))
    assert [e["field"] for e in err.value.errors] == ["overlay"]


OVERLAID = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])


@OVERLAID
@given(st.data())
def test_every_entry_equals_evaluate_with_the_piece_moved(data):
    """Over generated maps (every input, ruling and piece drawn at random), each entry is evaluate's own answer."""
    s = data.draw(scenarios("skirmish-d6").filter(lambda s: "map" in s))
    s["overlay"] = data.draw(st.sampled_from(["target", "attacker"]))
    m = s["map"]
    if m.get("cols") is None and (abs(m["attacker"][0]) > 40 or abs(m["attacker"][1]) > 40):
        s["map"] = {**m, "attacker": [m["attacker"][0] % 12, m["attacker"][1] % 9]}  # keep the drawing small
    check_overlay(s, every=None)


def test_heights_follow_the_moved_piece():
    """A 2-inch hill at [6, 1]: a target moved onto it is above the attacker (hits on 5+ instead of 4+)."""
    hill = {**WALL, "obstacles": [], "creatures": [], "elevation": [{"hex": [6, 1], "height": 2}]}
    by_hex = hexes_of(check_overlay(scenario("target", hill)))
    assert by_hex[(6, 1)]["hits_on"] == 5 and by_hex[(5, 1)]["hits_on"] == 4
    by_hex = hexes_of(check_overlay(scenario("attacker", hill)))
    assert by_hex[(6, 1)]["hits_on"] == 3 and by_hex[(5, 1)]["hits_on"] == 4


@OVERLAID
@given(st.data())
def test_every_hex_reads_the_key_its_full_reading_gives(data):
    """Over generated maps, the key read from the piece that stays (centre lines by direction, unbroken lines from
    that one hex) is the key of ``cover_between`` with the piece moved there, on every hex: stronger than comparing
    entries, which could agree by chance."""
    s = data.draw(scenarios("skirmish-d6").filter(lambda s: "map" in s))
    s["overlay"] = moving = data.draw(st.sampled_from(["target", "attacker"]))
    system = SYSTEMS["skirmish-d6"]
    try:
        clean = system.inputs.validate(s)
        if clean["_alternative"] != "map" or system.check(clean) or clean["map"]["grid"] == "square":
            return  # square maps are read square by square (test_on_square_maps_every_entry_equals_evaluate)
        seen = FixedPieceView(clean, moving)
    except ScenarioError:
        return
    placed = pieces(clean["map"])
    here = placed[0] if moving == "attacker" else placed[1]
    cells = [h for h in drawn_cells(clean["map"], placed) if h not in placed or h == here]
    for h in cells[::max(1, len(cells) // 150)]:
        assert seen.key(h)[0] == full_key(clean, moving, h, seen), h


def full_key(clean, moving, h, seen):
    """The key of the full reading with the piece moved to ``h``, the map's regions added as ``answer`` adds them:
    their brush to the obstacles, their light at the target's hex, and their own reading."""
    alone = seen.reading(h)
    if not clean["map"]["regions"]:
        return reading_key(alone, seen.light, seen.combine)
    a, t = (h, seen.target) if moving == "attacker" else (seen.attacker, h)
    rr = regions.read(clean["map"], a, t)
    more_partial, more_total = regions.obstacles(rr, clean["rulings"])
    light = light_levels(regions.light(rr, clean["light"], clean["rulings"]), clean["attacker"]["vision"])
    level = combine_cover(alone.partial + more_partial, alone.total + more_total, light, seen.combine).level
    return (level, *reading_key(alone, seen.light, seen.combine)[1:], rr.key)


@st.composite
def walled_maps(draw):
    """A small board crowded with walls (total obstacles), partial obstacles, creatures and sometimes hills, in any
    light, with any action, a blinded attacker or an invisible target, every ruling that meets the cover drawn: where
    centre lines run along edges, blockers stand next to the pieces, ridges rise and obstacle levels pass the level
    that makes total cover."""
    cols, rows = draw(st.integers(4, 13)), draw(st.integers(3, 11))
    cells = [list(h.qr) for h in board_cells(cols, rows)]
    spots = draw(st.permutations(cells))
    n = draw(st.integers(2, min(len(cells) - 1, 2 + len(cells) // 2)))
    kinds = draw(st.lists(st.sampled_from(["total", "total", "partial"]), min_size=n, max_size=n))
    walls = draw(st.integers(0, n - 2))
    hills = draw(st.lists(st.tuples(st.sampled_from(range(len(cells))), st.sampled_from([0.5, 1, 2, 3])), max_size=6))
    m = {"cols": cols, "rows": rows, "attacker": spots[0], "target": spots[1],
         "obstacles": [{"hex": h, "kind": k} for h, k in zip(spots[2:2 + walls], kinds)],
         "creatures": [{"hex": h, "side": draw(st.sampled_from(["attacker", "target"]))} for h in spots[2 + walls:n]],
         "elevation": [{"hex": cells[i], "height": z} for i, z in dict(hills).items()]}
    rulings = {"d6.ruling.edge-line": draw(st.sampled_from(["fewer", "more"])),
               "d6.ruling.surround": draw(st.sampled_from(["adjacent", "in-line"])),
               "d6.ruling.height-blocks": draw(st.sampled_from(["never", "ridge"])),
               "d6.ruling.light-and-obstacles": draw(st.sampled_from(["add", "highest"])),
               "d6.ruling.area-cover": draw(st.sampled_from(["apply", "ignore"])),
               "d6.ruling.blind-spells": draw(st.sampled_from(["aimed", "attacks-only"]))}
    attack = {"kind": draw(st.sampled_from(["melee", "ranged", "target-spell", "area-spell"])),
              "hits_on": draw(st.one_of(st.none(), st.integers(2, 6)))}
    return {"system": "skirmish-d6", "attack": attack, "map": m, "rulings": rulings,
            "light": draw(st.sampled_from(["dark", "dim", "bright", "radiant"])),
            "attacker": {"vision": draw(st.sampled_from(["normal", "dim", "dark"])), "blinded": draw(st.booleans())},
            "target": {"invisible": draw(st.booleans())},
            "overlay": draw(st.sampled_from(["target", "attacker"]))}


@settings(max_examples=150, deadline=None)
@given(walled_maps())
def test_on_walled_maps_every_hex_reads_the_key_of_its_full_reading(s):
    """The same on crowded boards, every hex; and the whole overlay checked against evaluate on a sample."""
    clean = SYSTEMS["skirmish-d6"].inputs.validate(s)
    seen = FixedPieceView(clean, s["overlay"])
    placed = pieces(clean["map"])
    here = placed[0] if s["overlay"] == "attacker" else placed[1]
    for h in drawn_cells(clean["map"], placed):
        if h not in placed or h == here:
            key, clear = seen.key(h)
            alone = seen.reading(h)
            assert key == reading_key(alone, seen.light, seen.combine) and seen.reading(h, clear) == alone, h
    check_overlay(s, every=7)


@settings(max_examples=40, deadline=None)
@given(square_maps())
def test_on_square_maps_every_entry_equals_evaluate(s):
    """On small square maps with walls, doors, outlines, low walls and lights, the overlay lists the drawn board's free
    squares, each entry evaluate's own answer with the piece moved there."""
    check_overlay(s, every=3)
