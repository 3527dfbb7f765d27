"""Helpers shared by the Enchanted Realms test files: a scenario run, its rule ids, and its stray hexes."""

from __future__ import annotations

import pytest

from pycore import ScenarioError, evaluate


def run(**parts):
    """Evaluate an enchanted-realms scenario built from keyword parts."""
    return evaluate({"system": "enchanted-realms", **parts})


def ids(result):
    """The rule ids a result applied, in order."""
    return [r["id"] for r in result["rules"]]


def errors_of(**parts):
    """The field errors of an invalid scenario, as {field: message}."""
    with pytest.raises(ScenarioError) as err:
        run(**parts)
    return {e["field"]: e["message"] for e in err.value.errors}


def slot_hexes(result):
    """Slot number -> axial hex tuple."""
    return {s["number"]: tuple(s["hex"]) for s in result["friendly_fire"]["slots"]}
