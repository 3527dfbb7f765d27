"""Helpers shared by the Classic d20 test files: a scenario run, its rule ids, its errors, and a brute-force d20."""

from fractions import Fraction
from pathlib import Path

from pycore import evaluate

ROOT = Path(__file__).resolve().parent.parent
PAGES = ROOT / "site" / "rules" / "classic-d20"


def run(**parts):
    """Evaluate a classic-d20 scenario built from keyword parts."""
    return evaluate({"system": "classic-d20", **parts})


def ids(result):
    """The applied rule ids, in order."""
    return [r["id"] for r in result["rules"]]


def brute(convention, to_hit, modifier, ac, natural="auto"):
    """Count the hitting faces of a d20 one by one, straight from the two hit conditions of the rulebook."""
    hits = 0
    for roll in range(1, 21):
        if natural == "auto" and roll == 20:
            hit = True
        elif natural == "auto" and roll == 1:
            hit = False
        elif convention == "descending":
            hit = roll + modifier >= to_hit - ac
        else:
            hit = roll + to_hit + modifier >= ac
        hits += hit
    return Fraction(hits, 20)
