"""Frontier d10's roll: a d10 at or under the skill after cover (site/rules/frontier-d10/shooting.md)."""

from fractions import Fraction

from pycore.systems.frontier_d10.roll import chance, needed


def test_skill_six_in_the_open_hits_on_six_faces():
    """Skill 6, no cover: hits on 1..6, 6/10 = 3/5."""
    assert needed(6, 0) == 6 and chance(6, True) == Fraction(3, 5)


def test_heavy_cover_takes_three_faces():
    """Skill 6, heavy cover (-3): 6 - 3 = 3, hits on 1..3, 3/10."""
    assert needed(6, -3) == 3 and chance(3, True) == Fraction(3, 10)


def test_below_one_a_one_hits_only_by_the_ruling():
    """Skill 2, heavy cover: 2 - 3 = -1; a 1 still hits (1/10) unless the ruling says it misses (0)."""
    assert needed(2, -3) == -1
    assert chance(-1, True) == Fraction(1, 10) and chance(-1, False) == 0


def test_the_die_has_ten_faces():
    """Skill 10, no cover: every face hits, 10/10."""
    assert needed(10, 0) == 10 and chance(10, True) == 1
