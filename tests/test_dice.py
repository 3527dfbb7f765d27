"""pycore.dice: exact d6 and d20 chances, distributions of counts, and the contract's chance pair."""

from fractions import Fraction

import pytest

from pycore.dice import (
    D20,
    D20_SIDES,
    binomial,
    convolve,
    d6_chance,
    d6_target,
    d20_chance,
    exact,
    mean,
    percent,
    product,
)


@pytest.mark.parametrize(("base", "modifier", "target"), [
    (4, 0, 4), (4, 1, 3), (4, -2, 6), (3, 5, 2), (6, -3, 6), (2, 2, 2),
])
def test_d6_target_stays_between_2_and_6(base, modifier, target):
    """A 6 always succeeds and a 1 always fails, so the target number is 2..6 whatever the modifier."""
    assert d6_target(base, modifier) == target


@pytest.mark.parametrize(("target", "chance"), [(2, Fraction(5, 6)), (4, Fraction(1, 2)), (6, Fraction(1, 6))])
def test_d6_chance(target, chance):
    """Hits on N+: (7 - N) faces out of 6."""
    assert d6_chance(target) == chance


@pytest.mark.parametrize("target", [1, 7])
def test_d6_chance_refuses_impossible_targets(target):
    """Targets outside 2..6 are a programming error, said plainly."""
    with pytest.raises(ValueError, match=r"2\.\.6"):
        d6_chance(target)


def test_d20_faces_and_chance():
    """A d20 has faces 1..20; 7 faces out of 20 is 7/20, whether given as faces or as a count."""
    assert list(D20) == list(range(1, 21)) and D20_SIDES == 20
    assert d20_chance([14, 15, 16, 17, 18, 19, 20]) == Fraction(7, 20) == d20_chance(7)


def test_binomial_two_dice():
    """Two dice of 1/2: no hit 1/4, one hit 1/2, two hits 1/4, summing to 1."""
    assert binomial(2, Fraction(1, 2)) == [Fraction(1, 4), Fraction(1, 2), Fraction(1, 4)]
    assert sum(binomial(5, Fraction(7, 20))) == 1


def test_convolve_adds_independent_counts():
    """Two separate one-die attacks add up like one two-die pool."""
    one = binomial(1, Fraction(3, 10))
    assert convolve(one, one) == binomial(2, Fraction(3, 10))


def test_mean_and_product():
    """The expected count of n dice of chance p is n * p; the product of no numbers is 1."""
    assert mean(binomial(3, Fraction(1, 4))) == Fraction(3, 4)
    assert product([Fraction(1, 2), Fraction(2, 3)]) == Fraction(1, 3) and product([]) == 1


def test_exact_writes_the_contract_pair():
    """A chance leaves as a float and its exact fraction; None stays None in both keys."""
    assert exact("hit_chance", Fraction(1, 3)) == {"hit_chance": 1 / 3, "hit_chance_exact": "1/3"}
    assert exact("chance", None) == {"chance": None, "chance_exact": None}


@pytest.mark.parametrize(("p", "text"), [(Fraction(2, 3), "66.7%"), (Fraction(1, 2), "50%"), (Fraction(0), "0%"),
                                         (Fraction(1), "100%"), (Fraction(1, 400), "0.2%")])
def test_percent(p, text):
    """One decimal, no trailing zero."""
    assert percent(p) == text
