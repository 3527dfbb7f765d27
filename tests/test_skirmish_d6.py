"""d6 Skirmish rules, checked cell by cell against rule text 003 (sections 7.1, 7.2, 7.4, limits)."""

from fractions import Fraction

import pytest

from pycore import ScenarioError, evaluate
from pycore.systems import skirmish_d6 as d6


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
    assert {(l, v) for l, v, _ in LIGHT_CELLS} == {(l, v) for l in d6.LIGHT_LEVELS for v in d6.VISIONS}


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
