"""d6 Skirmish rules, checked cell by cell against rule text 003 (sections 7.1, 7.2, 7.4, limits)."""

from fractions import Fraction

import pytest

from pycore import ScenarioError, evaluate
from pycore.hexgrid import ODD, Hex, OffsetCoord, roffset_to_cube
from pycore.systems import skirmish_d6 as d6
from pycore.views.skirmish_d6 import MARGIN_HEXES, MAX_SPAN, board


def run(**parts):
    """Evaluate a skirmish-d6 scenario built from keyword parts."""
    return evaluate({"system": "skirmish-d6", **parts})


# 7.2 "Light" table, every cell: (light level, vision) -> cover levels it imposes.
LIGHT_CELLS = [
    ("dark", "normal", "total"), ("dark", "dim", 1), ("dark", "dark", 0),
    ("dim", "normal", 1), ("dim", "dim", 0), ("dim", "dark", 1),
    ("bright", "normal", 0), ("bright", "dim", 1), ("bright", "dark", 2),
    ("radiant", "normal", 1), ("radiant", "dim", 2), ("radiant", "dark", "total"),
]


@pytest.mark.parametrize(("light", "vision", "level"), LIGHT_CELLS)
def test_light_table_cell(light, vision, level):
    """Each cell of the light table gives its cover level, modifier and sanity flag."""
    result = run(light=light, attacker={"vision": vision}, attack={"hits_on": 4})
    assert result["cover_level"] == level
    assert result["cover"]["light_levels"] == level
    assert result["sanity_vulnerable"] is (level == "total")
    if level == "total":
        assert result["targetable"] is False
        assert result["hit_chance"] == 0
        assert result["hits_on"] is None
        ids = [r["id"] for r in result["rules"]]
        assert "d6.light.sanity" in ids and "d6.cover.total" in ids
    else:
        assert result["targetable"] is True
        assert result["attack_modifier"] == -level
        assert result["hits_on"] == 4 + level
        assert result["hit_chance_exact"] == str(Fraction(7 - (4 + level), 6))


def test_light_table_is_complete():
    """Twelve cells: four light levels by three kinds of sight, no more, no fewer."""
    assert {(light, v) for light, v, _ in LIGHT_CELLS} == {(light, v) for light in d6.LIGHT_LEVELS for v in d6.VISIONS}


@pytest.mark.parametrize(("partial", "level", "modifier"), [(0, 0, 0), (1, 1, -1), (2, 2, -2)])
def test_partial_obstacles_one_level_each(partial, level, modifier):
    """7.1: each partial obstacle is one level; level 1 is -1 and level 2 is -2 to attacks."""
    result = run(obstacles={"partial": partial})
    assert result["cover_level"] == level
    assert result["attack_modifier"] == modifier
    assert result["targetable"] is True


@pytest.mark.parametrize("partial", [3, 4, 10])
def test_three_partial_obstacles_are_total_cover(partial):
    """7.1: level 3 is total cover; more obstacles cannot make it less."""
    result = run(obstacles={"partial": partial})
    assert result["cover_level"] == "total"
    assert result["targetable"] is False


def test_one_total_obstacle_is_total_cover():
    """7.1: a total obstacle gives total cover by itself."""
    result = run(obstacles={"total": 1})
    assert result["cover_level"] == "total"
    assert result["targetable"] is False
    assert [r["id"] for r in result["rules"]][:1] == ["d6.cover.total-obstacle"]


@pytest.mark.parametrize("kind", ["melee", "ranged", "target-spell"])
def test_total_cover_stops_attack_and_target_actions(kind):
    """7.1 notes: total cover cannot be directly targeted by [ATTACK] or [TARGET] actions."""
    result = run(attack={"kind": kind, "hits_on": 2}, obstacles={"total": 1})
    assert result["targetable"] is False
    assert result["hit_chance"] == 0


def test_area_spell_still_lands_in_total_cover():
    """7.1 notes: a creature in total cover can still be a target in an area of effect."""
    result = run(attack={"kind": "area-spell", "hits_on": 4}, obstacles={"total": 1})
    assert result["targetable"] is True
    assert result["cover_level"] == "total"
    assert result["hits_on"] == 4
    assert "d6.cover.area-effect" in [r["id"] for r in result["rules"]]


def test_area_spell_ignores_lesser_cover_by_default_and_ruling_can_apply_it():
    """Ruling d6.ruling.area-cover: default ignore; "apply" gives the -2 of level 2."""
    default = run(attack={"kind": "area-spell", "hits_on": 4}, obstacles={"partial": 2})
    assert default["attack_modifier"] == 0 and default["hits_on"] == 4
    assert default["rulings_used"] == ["d6.ruling.area-cover"]
    applied = run(attack={"kind": "area-spell", "hits_on": 4}, obstacles={"partial": 2},
                  rulings={"d6.ruling.area-cover": "apply"})
    assert applied["attack_modifier"] == -2 and applied["hits_on"] == 6


def test_light_adds_to_obstacles_by_default():
    """Ruling d6.ruling.light-and-obstacles "add": one obstacle in dim light (normal sight) is level 2."""
    result = run(light="dim", obstacles={"partial": 1}, attack={"hits_on": 3})
    assert result["cover_level"] == 2
    assert result["hits_on"] == 5
    assert result["rulings_used"] == ["d6.ruling.light-and-obstacles"]


def test_light_plus_two_obstacles_reaches_total_cover():
    """Adding: bright light with darksight (2) plus one obstacle is level 3, total cover."""
    result = run(attacker={"vision": "dark"}, obstacles={"partial": 1})
    assert result["cover_level"] == "total"
    assert result["targetable"] is False
    assert result["sanity_vulnerable"] is False  # sanity needs the light alone to give total cover


def test_highest_ruling_takes_the_larger():
    """Ruling "highest": dim light (1) and two obstacles (2) give level 2, not total."""
    result = run(light="dim", obstacles={"partial": 2}, rulings={"d6.ruling.light-and-obstacles": "highest"})
    assert result["cover_level"] == 2


@pytest.mark.parametrize(("base", "modifier", "final"), [(2, 0, 2), (5, -2, 6), (6, -2, 6), (4, -1, 5), (3, -2, 5)])
def test_six_always_hits_one_always_misses(base, modifier, final):
    """Limits: a 6 always succeeds, a 1 always fails; a d6 hits on N+ with (7 - N)/6."""
    partial = -modifier
    result = run(obstacles={"partial": partial}, attack={"hits_on": base})
    assert result["hits_on"] == final
    assert Fraction(result["hit_chance_exact"]) == Fraction(7 - final, 6)
    assert result["hit_chance"] == pytest.approx((7 - final) / 6)


def test_no_base_number_gives_null_chance():
    """Without the attack's base number the chance is unknown, not guessed."""
    result = run(obstacles={"partial": 1})
    assert result["hits_on"] is None and result["hit_chance"] is None
    assert result["attack_modifier"] == -1


# 7.4 size table, every printed cell, then huge and colossal extended by one step each.
SIZE_ROWS = {
    "movement": (-1, -1, 0, 1),
    "dodge_dc": (-2, -1, 0, 1),
    "health_dc": (1, 0, 0, -1),
    "melee_damage": (-1, 0, 0, 1),
    "rend": (0, 0, 0, 1),
    "melee_range": (0, 0, 0, 1),
}


@pytest.mark.parametrize("effect", sorted(SIZE_ROWS))
def test_size_table_row(effect):
    """Each printed row of the size table, tiny to large, plus huge (+1 step) and colossal (+2)."""
    tiny, small, medium, large = SIZE_ROWS[effect]
    sign = 1 if large >= 0 else -1
    expected = {"tiny": tiny, "small": small, "medium": medium, "large": large,
                "huge": large + sign, "colossal": large + 2 * sign}
    for size, value in expected.items():
        result = run(attacker={"size": size}, target={"size": size})
        assert result["size"]["attacker"][effect] == value, size
        assert result["size"]["target"][effect] == value, size


def test_huge_example_numbers():
    """A huge creature: +2 movement, +2 Dodge DC, -2 Health DC, +2 damage, +2 [REND], +2 melee range."""
    result = run(target={"size": "huge"})
    assert result["size"]["target"] == {"movement": 2, "dodge_dc": 2, "health_dc": -2,
                                        "melee_damage": 2, "rend": 2, "melee_range": 2}
    assert "d6.size.beyond-large" in [r["id"] for r in result["rules"]]


def test_every_rule_link_points_at_its_page():
    """Each applied rule carries the site-relative link of its rulebook anchor."""
    result = run(light="radiant", attacker={"vision": "dim"}, obstacles={"partial": 1})
    for rule in result["rules"]:
        assert rule["ref"].endswith("#" + rule["id"])
        assert rule["ref"].startswith("rules/skirmish-d6/")


def test_invalid_ruling_choice_names_the_ruling():
    """A ruling choice that does not exist is an error on that ruling."""
    with pytest.raises(ScenarioError) as err:
        run(rulings={"d6.ruling.area-cover": "sometimes"})
    assert err.value.errors[0]["field"] == "rulings.d6.ruling.area-cover"


# --- 7.3 verticality, 7.4 size advantage, 7.5 conditions, and the limits -------------------------

def mods(result):
    """{rule: (value, applied)} of a result's modifiers."""
    return {m["rule"]: (m["value"], m["applied"]) for m in result["modifiers"]}


@pytest.mark.parametrize(("elevation", "modifier", "final"), [("above", 1, 3), ("below", -1, 5), ("level", 0, 4)])
def test_height(elevation, modifier, final):
    """7.3: attacking a target below you +1, above you -1."""
    result = run(attacker={"elevation": elevation}, attack={"hits_on": 4})
    assert result["attack_modifier"] == modifier and result["hits_on"] == final


def test_smaller_target_counts_as_height_advantage():
    """7.4: attacking a smaller target is a height advantage (+1); ruling per-step gives +1 per size."""
    assert run(attacker={"size": "large"}, target={"size": "small"}, attack={"hits_on": 4})["attack_modifier"] == 1
    per_step = run(attacker={"size": "large"}, target={"size": "small"}, attack={"hits_on": 4},
                   rulings={"d6.ruling.size-advantage": "per-step"})
    assert per_step["attack_modifier"] == 2 and per_step["hits_on"] == 2
    assert run(attacker={"size": "small"}, target={"size": "large"})["attack_modifier"] == 0


def test_prone():
    """7.5: melee attacks against a prone creature +1 (not ranged); a prone creature has -1 to hit."""
    assert run(attack={"kind": "melee"}, target={"prone": True})["attack_modifier"] == 1
    assert run(attack={"kind": "ranged"}, target={"prone": True})["attack_modifier"] == 0
    assert run(attacker={"prone": True})["attack_modifier"] == -1


def test_surrounded():
    """7.5: attacks against a surrounded creature have +1 to hit."""
    assert run(target={"surrounded": True}, attack={"hits_on": 5})["hits_on"] == 4


def test_invisible_attacker_needs_a_target_that_cannot_see_it():
    """7.5: "Invisible. The creature cannot be seen", and it has +1 against a target that cannot see it: the +1
    is there by default; only a target the user says can see it takes it away."""
    unseen = run(attacker={"invisible": True}, attack={"hits_on": 4})
    assert unseen["attack_modifier"] == 1 and unseen["hits_on"] == 3
    assert mods(unseen)["d6.conditions.invisible-attacker"] == (1, True)
    assert run(attacker={"invisible": True}, target={"can_see_attacker": False})["attack_modifier"] == 1
    seen = run(attacker={"invisible": True}, target={"can_see_attacker": True})
    assert seen["attack_modifier"] == 0 and any("can see" in n for n in seen["notes"])
    assert run(target={"can_see_attacker": False})["attack_modifier"] == 0  # a visible attacker gets nothing


@pytest.mark.parametrize(("distance", "targetable", "hits_on"),
                         [(1, True, 6), (0.5, True, 6), (1.5, False, None), (6, False, None)])
def test_blinded_attacker(distance, targetable, hits_on):
    """7.5: a blinded creature cannot attack beyond 1 inch, and its attacks hit on a 6+."""
    result = run(attacker={"blinded": True}, attack={"kind": "melee", "distance": distance, "hits_on": 2})
    assert result["targetable"] is targetable and result["hits_on"] == hits_on
    assert result["hit_chance_exact"] == ("1/6" if targetable else "0")


def test_blinded_needs_a_distance():
    """Without the distance the 1-inch limit cannot be judged: an error on attack.distance."""
    with pytest.raises(ScenarioError) as err:
        run(attacker={"blinded": True})
    assert err.value.errors[0]["field"] == "attack.distance"
    with pytest.raises(ScenarioError) as err:
        run(target={"invisible": True}, attack={"kind": "melee"})
    assert err.value.errors[0]["field"] == "attack.distance"


@pytest.mark.parametrize(("scenario", "reason"), [
    ({"target": {"invisible": True}, "attack": {"kind": "target-spell"}}, "[TARGET] spell"),
    ({"target": {"invisible": True}, "attacker": {"blinded": True}, "attack": {"kind": "target-spell"}},
     "[TARGET] spell"),
    ({"target": {"invisible": True}, "obstacles": {"total": 1}}, "total cover"),
    ({"target": {"invisible": True}, "light": "dark"}, "total cover"),  # normal sight in the dark: total cover
    ({"attacker": {"blinded": True}, "obstacles": {"partial": 3}, "attack": {"kind": "melee"}}, "total cover"),
])
def test_no_distance_needed_when_it_cannot_matter(scenario, reason):
    """7.5 and 7.1: a [TARGET] spell never targets an invisible creature, and total cover cannot be targeted by
    [ATTACK] or [TARGET] actions, whatever the distance: answered without asking for attack.distance."""
    result = run(**scenario)
    assert result["targetable"] is False and result["hit_chance_exact"] == "0" and result["hits_on"] is None
    assert reason in result["untargetable_reason"]
    assert result["distance"] is None


def test_an_area_spell_at_an_invisible_target_needs_no_distance():
    """7.5: an area spell still affects an invisible creature, at any distance; nothing to ask."""
    result = run(target={"invisible": True}, attack={"kind": "area-spell", "hits_on": 4})
    assert result["targetable"] is True and result["hits_on"] == 4


@pytest.mark.parametrize(("kind", "distance", "targetable", "hits_on"), [
    ("melee", 1, True, 6), ("ranged", 1, True, 6), ("ranged", 2, False, None),
    ("target-spell", 1, False, None), ("area-spell", 10, True, 4),
])
def test_invisible_target(kind, distance, targetable, hits_on):
    """7.5: not targetable beyond 1 inch, never by a [TARGET] spell, area spells still apply, within 1 inch only on 6+."""
    result = run(target={"invisible": True}, attack={"kind": kind, "distance": distance, "hits_on": 4})
    assert result["targetable"] is targetable and result["hits_on"] == hits_on
    assert any("Stealth" in n for n in result["notes"])


def test_six_only_conditions_ignore_bonuses():
    """Within 1 inch of an invisible target, +1 from height does not make a 5 hit: only a 6."""
    result = run(target={"invisible": True}, attacker={"elevation": "above"},
                 attack={"kind": "melee", "distance": 1, "hits_on": 2})
    assert result["hits_on"] == 6 and result["hit_chance_exact"] == "1/6"


def test_two_modifier_cap_source_example():
    """Limits: at most two modifiers, the largest negative and the largest positive, combined."""
    result = run(attacker={"prone": True, "elevation": "above"}, target={"surrounded": True},
                 obstacles={"partial": 2}, attack={"hits_on": 4})
    assert result["attack_modifier"] == -1  # -2 (cover level 2) + 1 (height)
    m = mods(result)
    assert m["d6.cover.level-2"] == (-2, True)
    assert m["d6.height.above"] == (1, True)
    assert m["d6.conditions.prone-attacker"] == (-1, False)
    assert m["d6.conditions.surrounded"] == (1, False)
    assert "d6.limits.two-modifiers" in [r["id"] for r in result["rules"]]
    dropped = [x for x in result["modifiers"] if not x["applied"]]
    assert all("only the largest" in x["reason"] for x in dropped)


def test_cap_keeps_one_bonus_when_all_are_bonuses():
    """Three bonuses: only +1 counts, not +3."""
    result = run(attacker={"elevation": "above", "size": "large"}, target={"surrounded": True, "size": "small"},
                 attack={"hits_on": 5})
    assert result["attack_modifier"] == 1 and result["hits_on"] == 4


# --- on a hex map ---------------------------------------------------------------------------------

def on_map(a, t, obstacles=(), creatures=(), **rest):
    """A map scenario from axial pairs: attacker hex ``a``, target hex ``t``."""
    return run(map={"attacker": list(a), "target": list(t), "cols": 12, "rows": 9,
                    "obstacles": [{"hex": list(h), "kind": k} for h, k in obstacles],
                    "creatures": [{"hex": list(h), "side": s} for h, s in creatures]}, **rest)


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


def test_the_drawing_covers_the_pieces_with_a_margin():
    """Without a size the board drawn is the 12 x 9 default grown by 2 hexes past every piece; with a size it is
    exactly that board."""
    scenario = {"system": "skirmish-d6", "map": {"attacker": [-3, -2], "target": [40, 0]}}
    drawn = set(board(scenario, None).cells)
    for q, r in ((-3, -2), (40, 0)):
        for d in range(-MARGIN_HEXES, MARGIN_HEXES + 1):
            assert Hex.axial(q + d, r) in drawn
    assert Hex.axial(0, 0) in drawn and roffset_to_cube(ODD, OffsetCoord(11, 8)) in drawn  # the 12 x 9 corners
    assert len(board({"system": "skirmish-d6", "map": {}}, None).cells) == 12 * 9
    sized = board({"system": "skirmish-d6", "map": {"cols": 6, "rows": 4, "attacker": [0, 0]}}, None)
    assert len(sized.cells) == 24


def test_a_far_flung_map_is_drawn_around_the_attacker():
    """Pieces 1,998 hexes apart are answered; the drawing is at most 100 x 100 hexes, around the attacker."""
    scenario = {"system": "skirmish-d6", "map": {"attacker": [-999, 999], "target": [999, -999]}}
    cells = board(scenario, evaluate(scenario)).cells
    assert len(cells) <= MAX_SPAN * MAX_SPAN and Hex.axial(-999, 999) in set(cells)
