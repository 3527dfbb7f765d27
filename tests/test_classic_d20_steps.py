"""pycore.systems.classic_d20.steps: modifiers applied in order, the AC 10 limit, and the chance around each step."""

from fractions import Fraction

from classic_d20_cases import brute, run

from pycore.systems import classic_d20 as d20
from pycore.systems.classic_d20.steps import Pipeline, Step, chance_steps


def test_unseen_attacker_never_past_ac_10():
    """-4 to AC against an unseen attacker, never past AC 10: descending AC 8 only becomes AC 10 (rule text 001)."""
    attack, defense, trail = Pipeline("descending", 8, (Step("d20.invisible.ac-penalty", "Unseen attacker"),)).run()
    assert (attack, defense) == (0, -2) and trail[0][0].defense == -2


def test_cover_after_the_limit_still_counts():
    """The limit is taken first, then 50% cover's +4 adds in full: AC 4 -> 8 -> 4."""
    steps = (Step("d20.invisible.ac-penalty", "Unseen attacker"), Step("d20.cover.percent", "50% cover", defense=4))
    assert Pipeline("descending", 4, steps).run()[:2] == (0, 0)


def test_chance_before_and_after_each_step():
    """THAC0 15 against AC 5: 10+ hits (11/20); +4 from 50% cover makes it AC 1: 14+ (7/20)."""
    trail = Pipeline("descending", 5, (Step("d20.cover.percent", "50% cover", defense=4),)).run()[2]
    out, base, final = chance_steps("descending", 15, 5, "auto", trail)
    assert base == Fraction(11, 20) and final == Fraction(7, 20)
    assert out[0]["chance_before"] == "11/20" and out[0]["chance_after"] == "7/20"


def test_no_to_hit_no_chances():
    """Without a THAC0 the steps still list, with no chances."""
    trail = Pipeline("descending", 5, (Step("d20.cover.percent", "25% cover", defense=2),)).run()[2]
    out, base, final = chance_steps("descending", None, 5, "auto", trail)
    assert base is None and final is None and out[0]["chance_after"] is None


def test_over_melee_minus_two_at_same_elevation():
    """Missiles over a melee: -2 when no side is higher; none from higher ground; GM may adjust."""
    assert d20.OVER_MELEE_PENALTY == 2
    assert run(attack={"over_melee": True})["attack_modifier"] == -2
    higher = run(attack={"over_melee": True}, attacker={"elevation": "higher"})
    assert higher["attack_modifier"] == 1 and any("different elevation" in n for n in higher["notes"])
    gm = run(attack={"over_melee": True, "over_melee_penalty": 3})
    assert gm["attack_modifier"] == -3 and any("set by the GM" in n for n in gm["notes"])
    assert run(attack={"over_melee": True, "over_melee_penalty": 0})["attack_modifier"] == 0
    melee = run(attack={"over_melee": True, "kind": "melee"})
    assert melee["attack_modifier"] == 0 and any("only changes missile" in n for n in melee["notes"])


def test_elevation_is_cumulative_with_other_modifiers():
    """Cliff +2 with an invisible, pinpointed target's -4: net -2."""
    result = run(attacker={"elevation": "higher", "terrain": "cliff"}, target={"invisible": True, "pinpointed": True})
    assert result["attack_modifier"] == -2


def test_unseen_ac_cap_ruling_order():
    """AC 8 behind a table (+4) against an invisible attacker: default (own AC first) 6; "final" 8."""
    scene = {"attacker": {"invisible": True}, "target": {"ac": 8, "cover": 50}}
    first = run(**scene)
    assert first["effective_ac"] == 6 and "d20.ruling.unseen-ac-cap" in first["rulings_used"]
    last = run(**scene, rulings={"d20.ruling.unseen-ac-cap": "final"})
    assert last["effective_ac"] == 8


def test_steps_chain_from_base_to_final():
    """Each step's chance-before is the previous chance-after; the first starts at the base, the last is the answer."""
    result = run(attack={"to_hit": 15, "over_melee": True}, target={"ac": 5, "cover": 25, "concealment": 50,
                                                                   "protectors": 1},
                 attacker={"invisible": True}, rulings={"d20.ruling.protectors-and-cover": "add"})
    steps = result["steps"]
    assert [s["rule"] for s in steps] == ["d20.cover.over-melee", "d20.invisible.ac-penalty", "d20.cover.percent",
                                          "d20.cover.protectors", "d20.concealment.percent"]
    assert steps[0]["chance_before"] == result["base_hit_chance_exact"] == str(brute("descending", 15, 0, 5))
    for a, b in zip(steps, steps[1:]):
        assert a["chance_after"] == b["chance_before"]
    assert steps[-1]["chance_after"] == result["hit_chance_exact"]
    assert sum(s["attack"] for s in steps) == result["attack_modifier"] == -2
    assert sum(s["defense"] for s in steps) == result["defense_bonus"] == -4 + 2 + 2 + 2
    assert Fraction(result["hit_chance_exact"]) == brute("descending", 15, -2, 5 - 2)


def test_steps_without_a_number_have_no_chances():
    """Without THAC0 or bonus the steps still list each modifier, with no chances."""
    steps = run(target={"cover": 50})["steps"]
    assert steps == [{"rule": "d20.cover.percent", "label": "50% cover", "attack": 0, "defense": 4,
                      "chance_before": None, "chance_after": None}]
