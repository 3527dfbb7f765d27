"""pycore.systems.skirmish_d6.modifiers: size effects, cover levels from obstacles and light, the two-modifier cap."""

import pytest
from skirmish_d6_cases import mods, run

from pycore import SYSTEMS
from pycore.systems.skirmish_d6.modifiers import (
    Modifier,
    blind_limits,
    cap_modifiers,
    combine_cover,
    light_levels,
    needs_distance,
    never_targetable,
    size_advantage,
    size_effects,
)


def test_huge_grows_every_large_effect_by_one():
    """Each size above large adds one to the magnitude of every effect (rule text 003)."""
    assert size_effects("large")["movement"] == 1 and size_effects("huge")["movement"] == 2
    assert size_effects("colossal")["health_dc"] == -3


def test_cover_levels_add_and_cap_at_total():
    """Dim light for normal sight is 1 level; with 1 partial obstacle, 2; with 2 more, total."""
    assert light_levels("dim", "normal") == 1
    assert combine_cover(1, 0, 1, "add").level == 2
    assert combine_cover(2, 0, 1, "add").level == "total"
    assert combine_cover(2, 0, 1, "highest").level == 2
    assert combine_cover(0, 1, 0, "add").rules == ("d6.cover.total-obstacle",)


def test_only_the_largest_bonus_and_penalty_count():
    """Two +1s and a -2 and a -1: net -1, and the dropped ones say why."""
    mods = [Modifier("a.up", 1, "environment", "above"), Modifier("a.prone", -1, "condition", "prone"),
            Modifier("a.surround", 1, "condition", "surrounded"), Modifier("a.cover", -2, "environment", "cover")]
    net, marked = cap_modifiers(mods)
    assert net == -1 and [m.applied for m in marked] == [True, False, False, True]
    assert marked[1].reason == "only the largest penalty counts (cover, -2)"


def test_smaller_target_advantage():
    """A smaller target counts as +1 however much smaller, or +1 per size step under the other ruling."""
    assert size_advantage("large", "small", "flat") == 1 and size_advantage("large", "small", "per-step") == 2
    assert size_advantage("small", "large", "flat") == 0


def clean(**parts):
    """A validated d6 Skirmish scenario (distance left out, so the checks are not run)."""
    return SYSTEMS["skirmish-d6"].inputs.validate({"system": "skirmish-d6", **parts})


def test_blind_limits_follow_the_blind_spells_ruling():
    """7.5: blindness limits [ATTACK] actions; [TARGET] spells too under the default ruling; never area spells."""
    assert blind_limits("melee", "aimed") and blind_limits("ranged", "attacks-only")
    assert blind_limits("target-spell", "aimed") and not blind_limits("target-spell", "attacks-only")
    assert not blind_limits("area-spell", "aimed")


def test_the_distance_matters_only_for_the_one_inch_limits():
    """7.5: a blinded attacker or an invisible target of an aimed action brings in the 1-inch limit."""
    assert needs_distance(clean(attacker={"blinded": True}))
    assert needs_distance(clean(target={"invisible": True}, attack={"kind": "melee"}))
    assert not needs_distance(clean(target={"invisible": True}, attack={"kind": "area-spell"}))
    assert not needs_distance(clean(attacker={"invisible": True}))


def test_never_targetable_whatever_the_distance():
    """7.5: a [TARGET] spell never targets an invisible creature; 7.1: total cover (3 levels, a total obstacle,
    or normal sight in the dark) stops [ATTACK] and [TARGET] actions; an area spell is still cast."""
    assert never_targetable(clean(target={"invisible": True}, attack={"kind": "target-spell"}))
    assert not never_targetable(clean(target={"invisible": True}, attack={"kind": "ranged"}))
    assert never_targetable(clean(obstacles={"partial": 3}))
    assert not never_targetable(clean(obstacles={"partial": 2}))
    assert never_targetable(clean(obstacles={"partial": 2}, light="dim"))  # 2 + 1 levels
    assert not never_targetable(clean(obstacles={"partial": 2}, light="dim",
                                      rulings={"d6.ruling.light-and-obstacles": "highest"}))
    assert never_targetable(clean(light="dark"))
    assert not never_targetable(clean(light="dark", attack={"kind": "area-spell"}))


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


def test_huge_example_numbers():
    """A huge creature: +2 movement, +2 Dodge DC, -2 Health DC, +2 damage, +2 [REND], +2 melee range."""
    result = run(target={"size": "huge"})
    assert result["size"]["target"] == {"movement": 2, "dodge_dc": 2, "health_dc": -2,
                                        "melee_damage": 2, "rend": 2, "melee_range": 2}
    assert "d6.size.beyond-large" in [r["id"] for r in result["rules"]]


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
