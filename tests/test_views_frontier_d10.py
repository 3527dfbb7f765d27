"""Frontier d10's view: the headline names the faces that hit."""

from pycore import evaluate
from pycore.views import VIEWS

VIEW = VIEWS["frontier-d10"]


def answer(skill: int, cover: str, natural_one: str = "hits") -> dict:
    """The engine's result for a skill behind a cover, under a choice of the natural-one ruling."""
    return evaluate({"system": "frontier-d10", "attacker": {"skill": skill}, "target": {"cover": cover},
                     "rulings": {"fd10.ruling.natural-one": natural_one}})


def test_heavy_cover_headline_and_facts():
    """Skill 6, heavy cover: 6 - 3 = 3, "Hits on 3 or under", 30% (3/10)."""
    r = answer(6, "heavy")
    assert VIEW.headline(r) == "Hits on 3 or under"
    assert VIEW.facts(r) == [("Cover", "-3"), ("Hit chance", "30% (3/10)")]


def test_below_one_says_a_one_or_nothing():
    """Skill 1, light cover: 0; by default only a 1 hits (10%), with "misses" nothing does."""
    assert VIEW.headline(answer(1, "light")) == "Hits only on a 1"
    assert VIEW.headline(answer(1, "light", natural_one="misses")) == "Cannot hit"
