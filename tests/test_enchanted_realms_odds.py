"""pycore.systems.enchanted_realms.odds: one die against a Defense, rolled forward, and a stray shot's exact odds."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from enchanted_realms_cases import run

from pycore.dice import D20
from pycore.systems import enchanted_realms as er
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


def test_forward_by_two_18_and_19_become_natural_20s_and_1_becomes_raw_3():
    """'An 18 or 19 on the dice will become a natural 20'; 'natural 1 would become a raw 3'."""
    assert er.roll_forward(18) == 20 and er.roll_forward(19) == 20 and er.roll_forward(20) == 20
    assert er.roll_forward(1) == 3
    assert [er.roll_forward(r) for r in range(1, 18)] == list(range(3, 20))


def test_three_automatic_hits_and_no_automatic_miss_when_rolled_forward():
    """'Friendly fire targets do not have an automatic miss option, but has three chances for an automatic hit.'"""
    unreachable = 60  # no total can reach it: only natural 20s hit
    assert {r for r in D20 if er.forward_hits(r, 0, 0, unreachable)} == {18, 19, 20}
    assert er.forward_hits(1, 0, 0, 3)  # a raw 3 against Defense 3: hits, it is not a natural 1
    assert not er.die_hits(1, 50, 0, 0)  # while a natural 1 against the target always misses
    assert er.die_hits(20, -50, 50, 60)  # and a natural 20 always hits


def referee(*, defense, modifier=0, penalty=0, groups, slots, applies, hittable=True):
    """Play every throw by the source text alone: each raw face of each die, then each d10 of each attack.

    ``slots`` maps a d10 number to (name, Defense) for the stray hexes where someone can be struck.
    Returns (target hits distribution, {name: hits distribution}), both as exact fractions.
    """
    n = sum(groups)
    names = sorted({name for name, _ in slots.values()})
    target_tally: Counter[int] = Counter()
    tallies = {name: Counter() for name in names}
    for rolls in product(range(1, 21), repeat=n):
        parts, start = [], 0
        for g in groups:
            parts.append(rolls[start:start + g])
            start += g
        hits_each = [[hittable and (r == 20 or (r != 1 and r + modifier - penalty >= defense)) for r in part]
                     for part in parts]
        for d10s in product(range(1, 11), repeat=len(groups)):
            target_tally[sum(sum(h) for h in hits_each)] += 1
            struck = Counter()
            for part, hits, d10 in zip(parts, hits_each, d10s):
                if any(hits) or not applies or d10 not in slots:
                    continue  # a hit, no friendly fire, 9 and 10, or nobody there: nothing strays onto anyone
                name, their_defense = slots[d10]
                for r in part:
                    moved = r + 2  # forward by 2: 18 and 19 (and 20) are natural 20s, a 1 is now a raw 3
                    struck[name] += moved >= 20 or moved + modifier - penalty >= their_defense
            for name in names:
                tallies[name][struck[name]] += 1
    total = 20 ** n * 10 ** len(groups)
    as_dist = lambda tally: [Fraction(tally[k], total) for k in range(n + 1)]  # noqa: E731
    return as_dist(target_tally), {name: as_dist(t) for name, t in tallies.items()}


BRUTE = [
    pytest.param(dict(attack={"dice": 1, "modifier": 2}, target={"defense": 14, "cover": "partial"}, blind_shot=True,
                      others=[{"name": "Bram", "hex": [5, 0], "defense": 12}, {"name": "Wren", "hex": [3, 0], "defense": 10},
                              {"name": "Ilsa", "hex": [7, 2], "defense": 13}]),
                 dict(defense=17, modifier=2), id="one-die-partial-blind"),
    pytest.param(dict(attack={"dice": 2, "penalty": 2}, target={"defense": 11, "invisible": True},
                      others=[{"name": "Bram", "hex": [3, 0], "defense": 8}, {"name": "Wren", "hex": [6, 0], "defense": 60}]),
                 dict(defense=11, penalty=2), id="two-dice-invisible-penalty"),
    pytest.param(dict(attack={"dice": 3, "modifier": 5}, target={"defense": 18, "cover": "three-quarters"},
                      others=[{"name": "Bram", "hex": [4, -1], "defense": 8}]),
                 dict(defense=21, modifier=5), id="three-dice-three-quarters"),
    pytest.param(dict(attack={"dice": 3, "fire_anyway": True}, target={"cover": "full"},
                      others=[{"name": "Bram", "hex": [5, 0], "defense": 12}, {"name": "Wren", "hex": [4, 1], "defense": 25}]),
                 dict(defense=10, hittable=False), id="three-dice-full-cover-fired-upon"),
    pytest.param(dict(attack={"dice": 2, "split": [1, 1], "modifier": 1}, target={"defense": 13}, blind_shot=True,
                      others=[{"name": "Bram", "hex": [5, 0], "defense": 12}, {"name": "Wren", "hex": [3, 1], "defense": 9}]),
                 dict(defense=13, modifier=1), id="split-1-1"),
    pytest.param(dict(attack={"dice": 3, "split": [2, 1]}, attacker={"blinded": True}, target={"defense": 9},
                      others=[{"name": "Bram", "hex": [2, 0], "defense": 10}, {"name": "Wren", "hex": [6, 0], "defense": 16}]),
                 dict(defense=9), id="split-2-1"),
    pytest.param(dict(attack={"dice": 2}, attacker={"hex": [3, 0], "defense": 11}, target={"defense": 10}, blind_shot=True,
                      others=[{"name": "Bram", "hex": [2, 0], "defense": 4}],
                      rulings={"er.ruling.attacker-hex": "struck", "er.ruling.front-behind-shooter": "counts"}),
                 dict(defense=10), id="adjacent-attacker-struck"),
    pytest.param(dict(attack={"dice": 2, "modifier": 30}, target={"defense": 5}, blind_shot=True,
                      others=[{"name": "Bram", "hex": [3, 0], "defense": 33}]),
                 dict(defense=5, modifier=30), id="only-natural-1-misses"),
]


@pytest.mark.parametrize(("scenario", "rules"), BRUTE)
def test_exact_odds_match_every_possible_throw(scenario, rules):
    """Per die, at least one hit, hits 0..n, and every creature's struck chance, expected hits and hits
    distribution equal the brute-force count over all 20^n dice and every d10 (each split attack its own)."""
    result = run(**scenario)
    ff = result["friendly_fire"]
    slots = {}
    for slot in ff["slots"]:
        if slot["occupant"]:
            defense = next(c["defense"] for c in ff["creatures"] if c["name"] == slot["occupant"])
            slots[slot["number"]] = (slot["occupant"], defense)
    groups = scenario["attack"].get("split") or [scenario["attack"]["dice"]]
    target, creatures = referee(groups=groups, slots=slots, applies=ff["applies"], **rules)
    assert [Fraction(d["chance_exact"]) for d in result["hits_distribution"]] == target
    assert Fraction(result["hit_chance_exact"]) == 1 - target[0]
    n = scenario["attack"]["dice"]
    per_die = Fraction(result["die_hit_chance_exact"])
    assert sum(k * p for k, p in enumerate(target)) == n * per_die == Fraction(result["expected_hits_exact"])
    assert result["hit_chance"] == pytest.approx(float(1 - target[0]))
    for c in ff["creatures"]:
        dist = creatures.get(c["name"], [Fraction(1)] + [Fraction(0)] * n)
        assert [Fraction(d["chance_exact"]) for d in c["hits_distribution"]] == dist, c["name"]
        assert Fraction(c["struck_chance_exact"]) == 1 - dist[0] == Fraction(ff["struck_chance_exact"][c["name"]])
        assert Fraction(c["expected_hits_exact"]) == sum(k * p for k, p in enumerate(dist))
        assert ff["struck_chance"][c["name"]] == pytest.approx(float(1 - dist[0]))
    assert any(Fraction(c["struck_chance_exact"]) > 0 for c in ff["creatures"])


def test_struck_chance_formula_for_one_attack():
    """1/10 x ((m/20)^n - ((m - s)/20)^n), the formula printed in the rulebook."""
    result = run(attack={"dice": 3, "modifier": 2}, target={"defense": 14, "cover": "partial"}, blind_shot=True,
                 others=[{"name": "Bram", "hex": [5, 0], "defense": 12}])
    m = 14  # misses Defense 17 at +2: raw 1..14
    s = 7   # raw 8..14 strike Defense 12 once rolled forward (raw + 2 + 2 >= 12)
    expected = Fraction(1, 10) * (Fraction(m, 20) ** 3 - Fraction(m - s, 20) ** 3)
    assert Fraction(result["friendly_fire"]["struck_chance_exact"]["Bram"]) == expected
    assert result["friendly_fire"]["creatures"][0]["forward_needs"] == 8
