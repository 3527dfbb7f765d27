"""Helpers shared by the d6 Skirmish test files: a scenario run."""

from pycore import evaluate


def run(**parts):
    """Evaluate a skirmish-d6 scenario built from keyword parts."""
    return evaluate({"system": "skirmish-d6", **parts})


def mods(result):
    """{rule: (value, applied)} of a result's modifiers."""
    return {m["rule"]: (m["value"], m["applied"]) for m in result["modifiers"]}
