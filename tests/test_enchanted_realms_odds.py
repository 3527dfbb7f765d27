"""pycore.systems.enchanted_realms.odds: one die against a Defense, rolled forward, and a stray shot's exact odds."""

from fractions import Fraction

from pycore.systems.enchanted_realms.odds import die_hits, faces_needed, forward_hits, roll_forward, stray_hits


def test_one_die_against_defense():
    """Natural 20 always hits, natural 1 always misses, otherwise die + modifier - penalty >= Defense (rule text 000)."""
    assert die_hits(20, -50, 0, 60) and not die_hits(1, 50, 0, 0)
    assert die_hits(10, 2, 1, 11) and not die_hits(10, 2, 2, 11)


def test_rolled_forward_by_two():
    """Forward by 2: 18 and 19 become a natural 20, a 1 becomes a raw 3 that can hit."""
    assert [roll_forward(r) for r in (1, 17, 18, 19, 20)] == [3, 19, 20, 20, 20]
    assert forward_hits(1, 0, 0, 3) and forward_hits(18, 0, 0, 60)


def test_faces_needed():
    """The lowest hitting face, or None when nothing hits."""
    assert faces_needed([13, 14, 20]) == 13 and faces_needed([]) is None


def test_stray_hits_one_die():
    """Defense 10, no modifier: 9 faces miss; 2 of them (8, 9) strike a Defense 10 bystander once forward.
    The d10 lands on its hex 1 time in 10, so it is struck 1/10 * 2/20 = 1/100 of the time."""
    assert stray_hits(1, 9, 2) == [Fraction(99, 100), Fraction(1, 100)]


def test_stray_hits_sum_to_one():
    """Whatever the numbers, the distribution of hits on the bystander sums to 1."""
    dist = stray_hits(3, 12, 5)
    assert sum(dist) == 1 and len(dist) == 4 and all(p >= 0 for p in dist)
