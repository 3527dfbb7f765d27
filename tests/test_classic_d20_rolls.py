"""pycore.systems.classic_d20.rolls: the AC conventions, the d20 roll, and the bonuses by percentage, fog and the
unseen attacker's -4 (rule text 001)."""

from fractions import Fraction

import pytest
from classic_d20_cases import brute, ids, run

from pycore.systems.classic_d20.rolls import (
    chance_of,
    fog_concealment,
    hit_rolls,
    lowest_hit,
    needed_roll,
    unseen_ac_penalty,
)


def test_thac0_example():
    """THAC0 15 against AC 4 needs 11: half the faces."""
    result = run(attack={"to_hit": 15}, target={"ac": 4})
    assert result["needs"] == 11 and result["hit_chance_exact"] == "1/2" and result["hit_chance"] == 0.5


def test_ascending_example():
    """Attack bonus +5 against AC 15 needs 10: 11 faces of 20."""
    result = run(ac_convention="ascending", attack={"to_hit": 5}, target={"ac": 15})
    assert result["needs"] == 10 and result["hit_chance_exact"] == "11/20"
    assert ids(result)[0] == "d20.ac.ascending"


@pytest.mark.parametrize("convention", ["descending", "ascending"])
@pytest.mark.parametrize("natural", ["auto", "none"])
def test_exact_chance_matches_brute_force(convention, natural):
    """Every THAC0/bonus, AC and elevation modifier in a wide grid: the engine's fraction equals the face count."""
    for to_hit in range(-5, 31, 3):
        for ac in range(-8, 26, 3):
            for elevation, terrain, mod in (("level", "ground", 0), ("higher", "cliff", 2), ("lower", "cliff", -2)):
                result = run(ac_convention=convention, attack={"to_hit": to_hit}, target={"ac": ac},
                             attacker={"elevation": elevation, "terrain": terrain},
                             rulings={"d20.ruling.natural-rolls": natural})
                expected = brute(convention, to_hit, mod, ac, natural)
                assert Fraction(result["hit_chance_exact"]) == expected, (to_hit, ac, mod)
                assert result["hit_chance"] == pytest.approx(float(expected))


def test_natural_rolls_ruling_bounds():
    """Default: a 20 always hits (5%) and a 1 always misses (95% at best); "none" allows 0% and 100%."""
    hopeless = {"attack": {"to_hit": 30}, "target": {"ac": -5}}
    sure = {"attack": {"to_hit": 1}, "target": {"ac": 10}}
    assert run(**hopeless)["hit_chance_exact"] == "1/20" and run(**hopeless)["needs"] == 20
    assert run(**sure)["hit_chance_exact"] == "19/20" and run(**sure)["needs"] == 2
    none = {"d20.ruling.natural-rolls": "none"}
    assert run(**hopeless, rulings=none)["hit_chance_exact"] == "0" and run(**hopeless, rulings=none)["needs"] is None
    assert run(**sure, rulings=none)["hit_chance_exact"] == "1" and run(**sure, rulings=none)["needs"] == 1
    assert "d20.ruling.natural-rolls" in run(**sure)["rulings_used"]


@pytest.mark.parametrize(("percent", "bonus"), [(25, 2), (50, 4), (75, 7), (90, 10)])
@pytest.mark.parametrize("convention", ["descending", "ascending"])
def test_cover_bonus_both_conventions(percent, bonus, convention):
    """25% = +2, 50% = +4 (source); 75% = +7, 90% = +10 (default ruling); AC moves the right way."""
    result = run(ac_convention=convention, target={"ac": 5, "cover": percent})
    assert result["defense_bonus"] == bonus
    assert result["effective_ac"] == (5 - bonus if convention == "descending" else 5 + bonus)
    assert result["cover"] == percent
    assert "d20.cover.percent" in ids(result) and "d20.cover.saves" in ids(result)
    assert ("d20.ruling.cover-high" in result["rulings_used"]) is (percent in (75, 90))


def test_cover_high_steady_ruling():
    """Ruling "steady": 75% = +6 and 90% = +8; the printed 25% and 50% do not change."""
    steady = {"d20.ruling.cover-high": "steady"}
    assert [run(target={"cover": p}, rulings=steady)["defense_bonus"] for p in (25, 50, 75, 90)] == [2, 4, 6, 8]


@pytest.mark.parametrize(("protectors", "bonus"), [(0, 0), (1, 2), (2, 4), (3, 4), (20, 4)])
def test_protector_bonus(protectors, bonus):
    """One protector: +2 AC and Dexterity saves (25% cover); two or more: +4 (50% cover)."""
    result = run(target={"protectors": protectors})
    assert result["defense_bonus"] == bonus
    assert result["save_bonus"] == ({"dexterity": bonus} if bonus else {})


@pytest.mark.parametrize(("percent", "bonus", "as_cover"), [(25, 1, 2), (50, 2, 4), (75, 3, 7), (90, 4, 10)])
def test_concealment_values(percent, bonus, as_cover):
    """Concealment adds to AC only: +1/+2/+3/+4 (default ruling) or the cover values; never to saves."""
    result = run(target={"concealment": percent})
    assert result["defense_bonus"] == bonus and result["save_bonus"] == {} and result["concealment"] == percent
    assert result["rulings_used"] == ["d20.ruling.concealment-values"]
    other = run(target={"concealment": percent}, rulings={"d20.ruling.concealment-values": "as-cover"})
    assert other["defense_bonus"] == as_cover


@pytest.mark.parametrize(("feet", "percent"), [(0, 25), (5, 25), (10, 25), (10.5, 50), (15, 50), (20, 50),
                                               (20.5, 100), (30, 100), (500, 100)])
def test_fog_by_distance(feet, percent):
    """Fog or mist: up to 10 ft 25%, up to 20 ft 50%, beyond 20 ft 100% (attacker treated as blinded)."""
    result = run(fog_distance_ft=feet, attack={"to_hit": 15}, target={"ac": 5})
    assert result["concealment"] == percent and "d20.concealment.fog" in ids(result)
    if percent == 100:
        assert result["targetable"] is False
        assert "blinded" in result["invisibility"]["target"]["why"]
    else:
        assert result["defense_bonus"] == {25: 1, 50: 2}[percent]


DESCENDING_LIMIT = [(4, 8), (6, 10), (8, 10), (10, 10), (12, 12), (-3, 1)]
ASCENDING_LIMIT = [(16, 12), (14, 10), (12, 10), (10, 10), (8, 8), (25, 21)]


@pytest.mark.parametrize(("convention", "ac", "worse"), [("descending", a, w) for a, w in DESCENDING_LIMIT]
                         + [("ascending", a, w) for a, w in ASCENDING_LIMIT])
def test_unseen_attacker_minus_four_ac_never_past_ten(convention, ac, worse):
    """Against an invisible attacker the target's AC is 4 worse, but never worse than AC 10."""
    result = run(ac_convention=convention, attacker={"invisible": True}, target={"ac": ac}, attack={"to_hit": 12})
    assert result["effective_ac"] == worse
    assert result["defense_bonus"] == -abs(worse - ac)
    assert "d20.invisible.ac-penalty" in ids(result)
    assert Fraction(result["hit_chance_exact"]) == brute(convention, 12, 0, worse)


def test_rolls_known_answers():
    """The small rules called directly: fog within 10 ft is 25%, to 20 ft 50%, past 20 ft 100%; -4 to AC never past
    AC 10 (AC 8 gains only 2); THAC0 15 against AC 4 needs 11, 10 faces of 20; a natural 20 alone hits a 25+."""
    assert [fog_concealment(ft) for ft in (10, 20, 20.5)] == [25, 50, 100]
    assert unseen_ac_penalty(4, "descending") == -4 and unseen_ac_penalty(8, "descending") == -2
    assert unseen_ac_penalty(14, "ascending") == -4 and unseen_ac_penalty(10, "ascending") == 0
    assert needed_roll("descending", 15, 0, 4) == 11 and needed_roll("ascending", 5, 0, 15) == 10
    assert chance_of(hit_rolls(11, "auto")) == Fraction(1, 2)
    assert lowest_hit(25, "auto") == 20 and lowest_hit(25, "none") is None and lowest_hit(-3, "auto") == 2
