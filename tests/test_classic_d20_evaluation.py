"""pycore.systems.classic_d20.evaluation: whole scenarios through pycore.evaluate: cover, protectors, saves,
surprise and accidents (the stored corpus runs in test_scenarios.py)."""

from fractions import Fraction

import pytest
from classic_d20_cases import brute, ids, run

from pycore.systems import classic_d20 as d20


def test_defaults_need_nothing_and_give_no_chance():
    """An empty scenario is valid: missile attack, AC 10, nothing in the way, chance unknown."""
    result = run()
    assert result["targetable"] is True
    assert result["attack_modifier"] == 0 and result["defense_bonus"] == 0
    assert result["effective_ac"] == 10 and result["cover"] == 0 and result["concealment"] == 0
    assert result["hit_chance"] is None and result["hit_chance_exact"] is None
    assert result["save_bonus"] == {} and result["notes"] == [] and result["rulings_used"] == []
    assert ids(result) == ["d20.ac.descending"]


@pytest.mark.parametrize(("percent", "bonus"), [(25, 2), (50, 4), (75, 7), (90, 10)])
def test_cover_adds_to_saves(percent, bonus):
    """Cover adds to saving throws (default: the AC bonus, every save); ruling "dexterity" moves it."""
    assert run(target={"cover": percent})["save_bonus"] == {"all": bonus}
    moved = run(target={"cover": percent}, rulings={"d20.ruling.cover-saves": "dexterity"})
    assert moved["save_bonus"] == {"dexterity": bonus}


@pytest.mark.parametrize("kind", ["melee", "missile", "spell", "gaze"])
def test_full_cover_blocks_everything(kind):
    """100% cover: no line of sight or effect, so nothing can be aimed at the target."""
    result = run(attack={"kind": kind, "to_hit": 10}, target={"cover": 100})
    assert result["targetable"] is False and result["hit_chance"] == 0 and result["save_bonus"] == {}
    assert "d20.cover.full" in ids(result) and result["untargetable_reason"] == "100% cover"


def test_cover_only_from_the_far_side():
    """Cover between the target and someone else does nothing against this attacker."""
    result = run(target={"cover": 50, "cover_between": False}, attack={"to_hit": 15})
    assert result["defense_bonus"] == 0 and result["cover"] == 0 and result["save_bonus"] == {}
    assert "d20.cover.far-side" in ids(result) and any("far side" in n for n in result["notes"])


def test_table_shelters_both_ways_in_melee():
    """An overturned table gives 50% both ways in melee: said in a note for melee only."""
    melee = run(attack={"kind": "melee"}, target={"cover_example": "table"})
    assert any("both sides" in n for n in melee["notes"])
    assert not any("both sides" in n for n in run(target={"cover_example": "table"})["notes"])


def test_protectors_only_parry_missiles():
    """Against a melee attack the parries add no AC; their Dexterity save bonus lasts the round (ruling)."""
    melee = run(attack={"kind": "melee"}, target={"protectors": 2})
    assert melee["defense_bonus"] == 0 and melee["save_bonus"] == {"dexterity": 4}
    assert "d20.ruling.protector-saves" in melee["rulings_used"]
    strict = run(attack={"kind": "spell"}, target={"protectors": 2}, rulings={"d20.ruling.protector-saves": "missile"})
    assert strict["save_bonus"] == {} and strict["defense_bonus"] == 0


def test_protectors_and_cover_ruling():
    """Default: the better of protectors and cover counts; ruling "add" stacks them."""
    best = run(target={"protectors": 2, "cover": 25})
    assert best["defense_bonus"] == 4 and best["save_bonus"] == {"all": 2, "dexterity": 2}
    assert "d20.ruling.protectors-and-cover" in best["rulings_used"]
    added = run(target={"protectors": 2, "cover": 25}, rulings={"d20.ruling.protectors-and-cover": "add"})
    assert added["defense_bonus"] == 6 and added["save_bonus"] == {"all": 2, "dexterity": 4}


def brute_protectors(to_hit, ac, n, bonus, protector_acs, general=0):
    """Rolls that miss only because of the parries, and each protector's chance: 1/n of the rolls that hit it."""
    hit = lambda roll, need: roll == 20 or (roll != 1 and roll >= need)  # noqa: E731
    saved = [r for r in range(1, 21) if hit(r, to_hit - ac - general) and not hit(r, to_hit - (ac - bonus) - general)]
    return saved, [Fraction(sum(hit(r, to_hit - pac - general) for r in saved), 20 * n) for pac in protector_acs]


@pytest.mark.parametrize(("to_hit", "ac", "acs"), [(14, 4, [6, 2]), (14, 4, [6]), (20, 0, [5, 5, 5]),
                                                   (10, 9, [-2]), (15, 5, [10, 0, -3, 4])])
def test_protector_struck_rolls_and_chances(to_hit, ac, acs):
    """The struck rolls and each protector's chance, against a brute-force count with uniform random choice."""
    n = len(acs)
    result = run(attack={"to_hit": to_hit}, target={"ac": ac, "protectors": n, "protector_ac": acs})
    saved, chances = brute_protectors(to_hit, ac, n, 2 if n == 1 else 4, acs)
    data = result["protectors"]
    assert data["saved_rolls"] == saved
    assert [Fraction(p["chance_exact"]) for p in data["struck"]] == chances
    assert Fraction(data["any_struck_exact"]) == sum(chances)
    assert "d20.cover.protector-struck" in ids(result)


def test_protector_worked_example():
    """Rulebook example: THAC0 14, AC 4, protectors AC 6 and AC 2: rolls 10-13 saved; 1/10 and 1/20."""
    data = run(attack={"to_hit": 14}, target={"ac": 4, "protectors": 2, "protector_ac": [6, 2]})["protectors"]
    assert data["saved_rolls"] == [10, 11, 12, 13]
    assert [(p["rolls"], p["chance_exact"]) for p in data["struck"]] == [([10, 11, 12, 13], "1/10"), ([12, 13], "1/20")]


def test_protectors_no_better_than_concealment_save_no_roll():
    """Ruling "highest" for cover and concealment: 50% concealment (+2) already matches one protector (+2)."""
    result = run(attack={"to_hit": 15}, target={"ac": 5, "protectors": 1, "concealment": 50},
                 rulings={"d20.ruling.cover-and-concealment": "highest"})
    assert result["defense_bonus"] == 2 and result["protectors"]["saved_rolls"] == []


def test_protector_ac_defaults_to_targets_own_and_one_value_for_all():
    """No protector AC: the target's own AC, said in a note; one value stands for every protector."""
    result = run(attack={"to_hit": 14}, target={"ac": 4, "protectors": 3})
    assert [p["ac"] for p in result["protectors"]["struck"]] == [4, 4, 4]
    assert any("target's own AC" in n for n in result["notes"])
    one = run(attack={"to_hit": 14}, target={"ac": 4, "protectors": 3, "protector_ac": [7]})
    assert [p["ac"] for p in one["protectors"]["struck"]] == [7, 7, 7]


def test_protector_roll_keeps_attackers_own_modifiers():
    """Higher ground counts toward hitting a protector; the target's invisibility penalty does not."""
    result = run(attack={"to_hit": 15}, attacker={"elevation": "higher"},
                 target={"ac": 5, "protectors": 1, "protector_ac": [3], "invisible": True, "pinpointed": True})
    hit = lambda roll, need: roll == 20 or (roll != 1 and roll >= need)  # noqa: E731
    saved = [r for r in range(1, 21) if hit(r, 15 - 5 - 1 + 4) and not hit(r, 15 - 3 - 1 + 4)]
    assert result["protectors"]["saved_rolls"] == saved == [13, 14]
    assert result["protectors"]["struck"][0]["rolls"] == [r for r in saved if hit(r, 15 - 3 - 1)]


def test_cover_and_concealment_ruling():
    """Default: cover and concealment add; ruling "highest" keeps the better bonus."""
    both = run(target={"cover": 50, "concealment": 50})
    assert both["defense_bonus"] == 6 and "d20.ruling.cover-and-concealment" in both["rulings_used"]
    best = run(target={"cover": 25, "concealment": 90}, rulings={"d20.ruling.cover-and-concealment": "highest"})
    assert best["defense_bonus"] == 4


def test_fog_and_concealment_ruling():
    """Default: the larger percentage; ruling "add" sums them up to 100%."""
    assert run(fog_distance_ft=15, target={"concealment": 25})["concealment"] == 50
    added = run(fog_distance_ft=15, target={"concealment": 25}, rulings={"d20.ruling.fog-and-concealment": "add"})
    assert added["concealment"] == 75
    capped = run(fog_distance_ft=15, target={"concealment": 75}, rulings={"d20.ruling.fog-and-concealment": "add"})
    assert capped["concealment"] == 100 and capped["targetable"] is False


def test_invisible_concealment_ruling():
    """Default: an invisible target gains nothing from partial concealment; ruling "add" keeps the bonus."""
    scene = {"target": {"invisible": True, "pinpointed": True, "concealment": 50}}
    assert run(**scene)["defense_bonus"] == 0
    assert run(**scene, rulings={"d20.ruling.invisible-concealment": "add"})["defense_bonus"] == 2


def test_invisible_target_saves_only_while_undetected():
    """+4 to saves against the opponents' effects while not detected; nothing once pinpointed."""
    assert d20.INVISIBLE_SAVE_BONUS == 4
    assert run(target={"invisible": True})["save_bonus"] == {"all": 4}
    assert run(target={"invisible": True, "pinpointed": True})["save_bonus"] == {}
    both = run(target={"invisible": True, "cover": 25})["save_bonus"]
    assert both == {"all": 6}


@pytest.mark.parametrize(("detected", "segments", "bonus"), [("no", 1, 17), ("sensed", 0, 17), ("pinpointed", 0, 0)])
def test_surprise(detected, segments, bonus):
    """Unheard and unsensed: automatic 1-segment surprise and +17%; heard: +17% only; detected: nothing."""
    result = run(attacker={"invisible": True, "detected": detected})
    assert result["surprise"] == {"automatic_segments": segments, "bonus_percent": bonus}


@pytest.mark.parametrize(("rounds", "applies"), [(0, False), (1, False), (2, True), (10, True)])
def test_accidental_targeting(rounds, applies):
    """More than one round in melee range, not pinpointed: 10% of attacks target it by accident."""
    result = run(attack={"kind": "melee", "to_hit": 15}, target={"ac": 5, "invisible": True, "melee_rounds": rounds})
    if not applies:
        assert result["accidental"] is None
        return
    assert result["accidental"]["chance_exact"] == "1/10" and result["accidental"]["chance"] == 0.1
    assert Fraction(result["accidental"]["hit_chance_exact"]) == Fraction(1, 10) * brute("descending", 15, -4, 5)
    assert "d20.melee.accidental" in ids(result)


def test_no_accidental_targeting_once_pinpointed():
    """Accidental targeting is about attackers who have not pinpointed it."""
    result = run(target={"invisible": True, "pinpointed": True, "melee_rounds": 5})
    assert result["accidental"] is None
