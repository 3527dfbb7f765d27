"""The corpus of hand-worked cases: ``tests/scenarios/<system id>/*.json`` for every system in the registry, each with
its id, the rule it checks, the source text, the scenario and the numbers worked out by hand."""

import json
from pathlib import Path

import pytest

from pycore import RULES, RULINGS, SYSTEMS, evaluate

FOLDER = Path(__file__).parent / "scenarios"
CASES = [(system, path) for system in SYSTEMS for path in sorted((FOLDER / system).glob("*.json"))]


def value_at(result: dict, path: str):
    """The value at a dotted path of a result (``friendly_fire.applies``, ``steps.0.value``)."""
    value = result
    for part in path.split("."):
        value = value[int(part)] if isinstance(value, list) else value[part]
    return value


@pytest.mark.parametrize(("system", "path"), CASES, ids=[f"{s}/{p.stem}" for s, p in CASES])
def test_case_gives_its_hand_worked_numbers(system, path):
    """The case's scenario, for the system of its folder, gives every expected number, and the rule it checks (or the
    ruling) is one of that system's and shaped the answer."""
    case = json.loads(path.read_text(encoding="utf-8"))
    assert case["id"] == path.stem and case["source"]
    rule = case["rule"]
    assert rule.split(".")[0] == SYSTEMS[system].rules[0].id.split(".")[0] and (rule in RULES or rule in RULINGS)
    result = evaluate({"system": system, **case["scenario"]})
    assert result["system"] == system
    for key, expected in case["expect"].items():
        assert value_at(result, key) == expected, key
    assert rule in [r["id"] for r in result["rules"]] or rule in result["rulings_used"]


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_every_system_has_a_corpus(system):
    """Each registered system has a handful of hand-worked cases."""
    assert len(list((FOLDER / system).glob("*.json"))) >= 5, f"tests/scenarios/{system}/ needs hand-worked cases"
