"""pycore.systems.classic_d20.steps: modifiers applied in order, the AC 10 limit, and the chance around each step."""

from fractions import Fraction

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
