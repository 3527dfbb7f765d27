"""pycore.systems.enchanted_realms.evaluation: whole scenarios through pycore.evaluate: cover, unseen targets,
friendly fire's triggers (the stored corpus runs in test_scenarios.py)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from enchanted_realms_cases import ids, run

from pycore.page.render import result_html


def test_partial_cover_is_plus_3_defense_against_ranged_and_sight_spells():
    """Partial cover: +3 Defense against ranged attacks (spells aimed by sight are ranged attacks too)."""
    for kind in ("ranged", "sight-spell"):
        result = run(attack={"kind": kind}, target={"defense": 12, "cover": "partial"})
        assert result["defense_bonus"] == 3 and result["defense"] == 15
        assert result["save_bonus"] == {}
        assert result["die_hit_chance_exact"] == "3/10"  # 15..20
        assert ids(result)[:2] == ["er.attack.pool", "er.cover.partial"]


def test_partial_cover_gives_plus_3_agility_saves_against_area_effects_only():
    """The same +3 for Agility saves against area effects; other saves gain no bonus."""
    result = run(attack={"kind": "area"}, target={"defense": 12, "cover": "partial"})
    assert result["save_bonus"] == {"agility": 3}
    assert result["defense_bonus"] == 0 and result["die_hit_chance_exact"] == "9/20"  # 12..20
    assert "er.cover.partial-saves" in ids(result)
    assert result["rulings_used"] == ["er.ruling.area-defense"]
    assert any("other saves gain nothing" in n for n in result["notes"])


def test_area_defense_ruling_can_add_the_plus_3_to_defense_too():
    """Ruling er.ruling.area-defense "defense-too": +3 Defense and +3 Agility against an area effect."""
    result = run(attack={"kind": "area"}, target={"defense": 12, "cover": "three-quarters"},
                 rulings={"er.ruling.area-defense": "defense-too"})
    assert result["defense_bonus"] == 3 and result["save_bonus"] == {"agility": 3}
    full = run(attack={"kind": "area"}, target={"cover": "full"}, rulings={"er.ruling.area-defense": "defense-too"})
    assert full["defense_bonus"] == 0 and full["save_bonus"] == {"agility": 5}


def test_three_quarters_is_partial_cover_plus_friendly_fire_with_others_near():
    """Three-quarters cover: +3 Defense, and friendly fire by default when others are in the vicinity."""
    alone = run(target={"defense": 12, "cover": "three-quarters"})
    assert alone["defense_bonus"] == 3
    assert alone["friendly_fire"]["applies"] is False
    assert "nobody else is in the vicinity" in alone["friendly_fire"]["reason"]
    crowd = run(target={"defense": 12, "cover": "three-quarters"}, others=[{"name": "Bram", "hex": [3, 0], "defense": 12}])
    assert crowd["defense_bonus"] == 3
    assert crowd["friendly_fire"]["applies"] is True
    assert crowd["friendly_fire"]["triggers"] == ["three-quarters-cover"]
    assert "er.cover.three-quarters" in ids(crowd) and "er.ruling.vicinity" in crowd["rulings_used"]


@pytest.mark.parametrize(("hex_", "choice", "applies"), [
    ([2, 0], "stray-hexes", True),     # the hex 10 ft in front: a stray hex
    ([2, 0], "adjacent", False),       # but not next to the target
    ([2, 0], "within-10-ft", True),    # and 10 ft away
    ([4, 2], "stray-hexes", False),    # 10 ft away, off the line: not a stray hex
    ([4, 2], "within-10-ft", True),
    ([5, -1], "adjacent", True),
    ([7, 0], "within-10-ft", False),   # 15 ft away
])
def test_vicinity_ruling(hex_, choice, applies):
    """Ruling er.ruling.vicinity: stray hexes (default), next to the target, or within 10 ft."""
    result = run(target={"cover": "three-quarters"}, others=[{"name": "Bram", "hex": hex_, "defense": 10}],
                 rulings={"er.ruling.vicinity": choice})
    assert result["friendly_fire"]["applies"] is applies


@pytest.mark.parametrize("kind", ["ranged", "sight-spell"])
def test_full_cover_cannot_be_targeted_by_ranged_attacks_or_sight_spells(kind):
    """Full cover: immune to range attacks; spells relying on line of sight have no viable target."""
    result = run(attack={"kind": kind, "dice": 3}, target={"cover": "full"}, blind_shot=True,
                 others=[{"name": "Bram", "hex": [3, 0], "defense": 5}])
    assert result["targetable"] is False
    assert result["hit_chance"] == 0 and result["die_hit_chance"] == 0
    assert result["friendly_fire"]["applies"] is False
    assert result["friendly_fire"]["struck_chance"] == {"Bram": 0.0}
    assert "er.cover.full" in ids(result) and "er.cover.full-acting" in ids(result)
    assert any("cannot act toward" in n for n in result["notes"])


@pytest.mark.parametrize("unseen", [{"blind_shot": True}, {"target": {"invisible": True, "defense": 14}},
                                    {"attacker": {"blinded": True}}])
def test_a_sight_spell_at_a_target_it_cannot_see_has_no_target(unseen):
    """Spells relying on line of sight have no viable target behind full cover; a target that cannot be seen at
    all (blind shot, invisible target, blinded caster) leaves them none either: no roll, nothing strays."""
    result = run(attack={"kind": "sight-spell", "dice": 3, "modifier": 2},
                 others=[{"name": "Bram", "hex": [5, 0], "defense": 5}], **unseen)
    assert result["targetable"] is False
    assert result["hit_chance_exact"] == "0" and result["die_hit_chance_exact"] == "0"
    ff = result["friendly_fire"]
    assert ff["applies"] is False and ff["why_not"] == "unseen" and ff["struck_chance"] == {"Bram": 0.0}
    assert "er.cover.unseen" in ids(result) and result["rulings_used"] == ["er.ruling.unseen-sight-spell"]
    assert result["untargetable_reason"] == "a sight spell cannot target what cannot be seen"
    assert "Cannot be targeted: a sight spell cannot target what cannot be seen" in result_html(result)


def test_a_ranged_attack_at_an_unseen_target_keeps_friendly_fire():
    """A blind shot with a bow is still a shot: +2 against Defense 14 hits on 12+ (9 faces of 20), and a complete
    miss may stray onto Bram (Defense 5: every face rolled forward strikes him): 1/10 x (11/20)."""
    result = run(attack={"kind": "ranged", "modifier": 2}, target={"defense": 14}, blind_shot=True,
                 others=[{"name": "Bram", "hex": [5, 0], "defense": 5}])
    assert result["targetable"] is True and result["die_hit_chance_exact"] == "9/20"
    assert result["friendly_fire"]["applies"] is True
    assert Fraction(result["friendly_fire"]["struck_chance_exact"]["Bram"]) == Fraction(1, 10) * Fraction(11, 20)
    assert "er.cover.unseen" not in ids(result) and result["untargetable_reason"] is None


def test_sight_spell_ruling_friendly_fire_aims_at_the_spot():
    """Ruling er.ruling.unseen-sight-spell "friendly-fire": the spell is rolled like a blind shot (+2 against
    Defense 14: 9/20 per die) and a complete miss may strike Bram: 1/10 x 11/20."""
    result = run(attack={"kind": "sight-spell", "modifier": 2}, target={"defense": 14}, blind_shot=True,
                 others=[{"name": "Bram", "hex": [5, 0], "defense": 5}],
                 rulings={"er.ruling.unseen-sight-spell": "friendly-fire"})
    assert result["targetable"] is True and result["die_hit_chance_exact"] == "9/20"
    assert result["friendly_fire"]["applies"] is True and result["friendly_fire"]["triggers"] == ["blind-shot"]
    assert Fraction(result["friendly_fire"]["struck_chance_exact"]["Bram"]) == Fraction(1, 10) * Fraction(11, 20)
    assert "er.ruling.unseen-sight-spell" in result["rulings_used"]


def test_a_seen_sight_spell_is_a_normal_attack():
    """Nothing hides the target: a sight spell is rolled like a shot (+3 against partial cover, 13 + 3: 13+, 8/20)."""
    result = run(attack={"kind": "sight-spell", "modifier": 3}, target={"defense": 13, "cover": "partial"})
    assert result["targetable"] is True and result["die_hit_chance_exact"] == "2/5"
    assert "er.ruling.unseen-sight-spell" not in result["rulings_used"]


def test_full_cover_area_effect_gets_plus_5_agility():
    """Area effects can be used against full cover; the target gets +5 to Agility saves."""
    result = run(attack={"kind": "area"}, target={"cover": "full", "defense": 10})
    assert result["targetable"] is True and result["save_bonus"] == {"agility": 5}
    assert result["defense_bonus"] == 0 and "er.cover.full-area" in ids(result)


def test_firing_at_full_cover_anyway_uses_only_friendly_fire():
    """Every die misses the covered target (even a 20), so the pool always strays; only 18, 19, 20 hit Defense 60."""
    result = run(attack={"dice": 2, "fire_anyway": True}, target={"cover": "full"},
                 others=[{"name": "Ogre", "hex": [5, 0], "defense": 60}])
    ff = result["friendly_fire"]
    assert result["targetable"] is False and result["hit_chance_exact"] == "0"
    assert ff["applies"] and ff["triggers"] == ["full-cover"] and ff["stray_chance_exact"] == "1"
    # 1/10 x (1 - (17/20)^2): only the three automatic hits strike
    assert Fraction(ff["struck_chance_exact"]["Ogre"]) == Fraction(1, 10) * (1 - Fraction(17, 20) ** 2)
    assert "er.cover.fire-anyway" in ids(result)


def test_fire_anyway_is_a_noted_no_op_elsewhere():
    """Fire anyway changes nothing without full cover, for an area effect, or for a sight spell."""
    assert any("changes nothing" in n for n in run(attack={"fire_anyway": True})["notes"])
    assert any("changes nothing" in n for n in run(attack={"kind": "area", "fire_anyway": True},
                                                   target={"cover": "full"})["notes"])
    spell = run(attack={"kind": "sight-spell", "fire_anyway": True}, target={"cover": "full"})
    assert spell["friendly_fire"]["applies"] is False and any("cannot be fired anyway" in n for n in spell["notes"])


def test_obscurement_is_a_penalty_on_the_attacker_not_a_defense_bonus():
    """Obscurement: attack_modifier goes down, defense_bonus stays 0."""
    result = run(attack={"penalty": 4, "modifier": 1}, target={"defense": 12})
    assert result["attack_modifier"] == -3 and result["defense_bonus"] == 0 and result["defense"] == 12
    assert result["die_hit_chance_exact"] == "3/10"  # raw + 1 - 4 >= 12: 15..20, 6 faces
    assert "er.obscurement.penalty" in ids(result)
    assert any("Awareness" in n for n in result["notes"])


@pytest.mark.parametrize(("parts", "trigger"), [
    ({"blind_shot": True}, "blind-shot"),
    ({"attacker": {"blinded": True}}, "blinded-attacker"),
    ({"target": {"invisible": True}}, "invisible-target"),
    ({"target": {"cover": "three-quarters"}, "others": [{"name": "B", "hex": [5, 0], "defense": 9}]}, "three-quarters-cover"),
    ({"target": {"cover": "full"}, "attack": {"fire_anyway": True}}, "full-cover"),
])
def test_each_friendly_fire_trigger(parts, trigger):
    """Blind shot, blinded attacker, invisible target, three-quarters cover with others near, full cover fired upon."""
    result = run(**parts)
    assert result["friendly_fire"]["applies"] is True
    assert result["friendly_fire"]["triggers"] == [trigger]
    assert ids(result)[-4:] == ["er.ff.whole-pool", "er.ff.stray-hexes", "er.ff.d10", "er.ff.forward"]


def test_no_trigger_no_friendly_fire_and_area_effects_never_stray():
    """Without a trigger nothing strays; an area effect is not aimed, so it never strays."""
    plain = run(others=[{"name": "Bram", "hex": [3, 0], "defense": 1}])
    assert plain["friendly_fire"]["applies"] is False and plain["friendly_fire"]["struck_chance"] == {"Bram": 0.0}
    area = run(attack={"kind": "area"}, blind_shot=True, others=[{"name": "Bram", "hex": [3, 0], "defense": 1}])
    assert area["friendly_fire"]["applies"] is False and "area effect" in area["friendly_fire"]["reason"]


def test_rulings_switch_only_what_they_name():
    """A result lists the rulings it depended on; a plain shot depends on none."""
    assert run()["rulings_used"] == []
    assert set(run(target={"hex": [1, 0]}, blind_shot=True)["rulings_used"]) == {
        "er.ruling.slot-order", "er.ruling.attacker-hex", "er.ruling.front-behind-shooter"}


def test_the_stages_one_at_a_time():
    """The named stages on their own: partial cover "gains +3 to his or her Defense" (12 becomes 15), so a die at +3
    needs a raw 12, 9 faces of 20; two dice miss together (11/20)^2 = 121/400 of the time, and with a blind shot
    friendly fire applies and names its trigger."""
    from fractions import Fraction

    from pycore.systems import SYSTEMS
    from pycore.systems.enchanted_realms import evaluation as ev
    from pycore.systems.enchanted_realms.friendly_fire import when_and_who
    from pycore.trace import Trace

    s = SYSTEMS["enchanted-realms"].inputs.validate({
        "system": "enchanted-realms", "blind_shot": True, "attack": {"dice": 2, "modifier": 3},
        "attacker": {"hex": [0, 0]}, "target": {"hex": [5, 0], "defense": 12, "cover": "partial"}})
    trace = Trace()
    aim = ev.the_aim(s, trace)
    assert aim.targetable and aim.bonus == 3 and aim.shot
    pool = ev.the_pool(s, aim, trace)
    assert pool.p == Fraction(9, 20) and pool.distribution[0] == Fraction(121, 400)
    strays = when_and_who(s, aim.shot, False, trace)
    assert strays.applies and strays.triggers == ["blind-shot"] and strays.why_not is None
