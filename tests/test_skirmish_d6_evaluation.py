"""pycore.systems.skirmish_d6.evaluation: whole scenarios through pycore.evaluate: total cover, aiming at the unseen, the roll."""

from fractions import Fraction

import pytest
from skirmish_d6_cases import mods, run


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


def _validated(**parts):
    """A d6 Skirmish scenario, validated as ``evaluate`` validates it."""
    from pycore.systems import SYSTEMS

    return SYSTEMS["skirmish-d6"].inputs.validate({"system": "skirmish-d6", **parts})


def test_the_stages_one_at_a_time():
    """Each named stage on its own: two partial obstacles are two levels of cover ("Partial obstacles provide one
    level of cover"), level 2 is -2 to the roll, so an attack hitting on 3+ needs a 5+, 2 faces of 6."""
    from pycore.systems.skirmish_d6 import evaluation as ev
    from pycore.trace import Trace

    s = _validated(obstacles={"partial": 2}, attack={"hits_on": 3})
    trace = Trace()
    standing = ev.where_they_stand(s, None, trace)
    assert standing.cover.level == 2 and standing.cover.obstacle_levels == 2 and standing.distance is None
    aim = ev.can_aim(s, standing, trace)
    assert aim.targetable and not aim.only_six
    net, mods = ev.modifiers(s, standing, trace)
    assert net == -2 and [m.value for m in mods if m.applied] == [-2]
    assert ev.the_roll(s, aim, net, trace) == (5, Fraction(2, 6))


def test_total_cover_stops_the_aim_stage_and_the_roll_has_no_number():
    """A total obstacle is total cover: the aim stage says why not, and the roll stage has no number and no chance."""
    from pycore.systems.skirmish_d6 import evaluation as ev
    from pycore.trace import Trace

    s = _validated(obstacles={"total": 1}, attack={"hits_on": 2})
    trace = Trace()
    standing = ev.where_they_stand(s, None, trace)
    aim = ev.can_aim(s, standing, trace)
    assert aim.why_not == ("total cover",) and not aim.targetable
    assert ev.the_roll(s, aim, 0, trace) == (None, Fraction(0))
