"""Frontier d10's evaluation: cover, then the roll, with the rules and the ruling recorded."""

from pycore import evaluate


def test_light_cover_is_recorded_with_its_minus_one():
    """Skill 6, light cover: -1, hits on 1..5 = 1/2; both rules shaped it."""
    r = evaluate({"system": "frontier-d10", "attacker": {"skill": 6}, "target": {"cover": "light"}})
    assert (r["attack_modifier"], r["roll_at_most"], r["hit_chance_exact"]) == (-1, 5, "1/2")
    assert [x["id"] for x in r["rules"]] == ["fd10.cover.levels", "fd10.roll.at-or-under"]
    assert r["rulings_used"] == []


def test_the_ruling_is_used_only_below_one():
    """Skill 1, light cover: 1 - 1 = 0, below 1; with "misses" the chance is 0."""
    r = evaluate({"system": "frontier-d10", "attacker": {"skill": 1}, "target": {"cover": "light"},
                  "rulings": {"fd10.ruling.natural-one": "misses"}})
    assert r["hit_chance_exact"] == "0" and r["rulings_used"] == ["fd10.ruling.natural-one"]
