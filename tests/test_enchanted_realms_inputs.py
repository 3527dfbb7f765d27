"""pycore.systems.enchanted_realms.inputs: the documented defaults, every bad input named on its field, and the generic form."""

from __future__ import annotations

import json

import pytest
from enchanted_realms_cases import errors_of, run

from pycore import evaluate
from pycore.page.handler import form_to_scenario, scenario_to_values
from pycore.systems import SYSTEMS


def test_defaults():
    """Omitted keys take documented defaults: one die, +0, Defense 10, no cover, attacker [0, 0], target [4, 0]."""
    result = run()
    assert result["dice"] == 1 and result["defense"] == 10 and result["cover"] == "none"
    assert result["die_hit_chance_exact"] == "11/20"  # 10..20
    assert result["line_of_fire"][0] == [0, 0] and result["line_of_fire"][-1] == [4, 0]
    assert "resolution" not in result and result["friendly_fire"]["applies"] is False


BAD = [
    ({"attack": {"dice": 0}}, "attack.dice", "out of range"),
    ({"attack": {"dice": 21}}, "attack.dice", "out of range"),
    ({"attack": {"dice": "3"}}, "attack.dice", "not text"),
    ({"attack": {"modifier": 51}}, "attack.modifier", "out of range"),
    ({"attack": {"penalty": -1}}, "attack.penalty", "out of range"),
    ({"attack": {"kind": "melee"}}, "attack.kind", "is not allowed"),
    ({"attack": {"fire_anyway": "yes"}}, "attack.fire_anyway", "true or false"),
    ({"target": {"cover": "half"}}, "target.cover", "is not allowed"),
    ({"target": {"defense": 61}}, "target.defense", "out of range"),
    ({"target": {"invisible": 1}}, "target.invisible", "true or false"),
    ({"attacker": {"blinded": None}}, "attacker.blinded", "true or false"),
    ({"attacker": {"defense": -1}}, "attacker.defense", "out of range"),
    ({"blind_shot": "no"}, "blind_shot", "true or false"),
    ({"attacker": {"hex": [0]}}, "attacker.hex", "not a list of 1"),
    ({"attacker": {"hex": [0, 0, 0]}}, "attacker.hex", "not a list of 3"),
    ({"attacker": {"hex": "0, 0"}}, "attacker.hex", "not text"),
    ({"attacker": {"hex": [100, 0]}}, "attacker.hex", "out of range"),
    ({"target": {"hex": [0, 1.5]}}, "target.hex", "whole number"),
    ({"target": {"hex": [0, 0]}}, "target.hex", "is the attacker's hex"),
    ({"others": {"name": "Bram"}}, "others", "not an object"),
    ({"others": ["Bram"]}, "others.0", "must be an object"),
    ({"others": [{"hex": [1, 1], "defense": 10}]}, "others.0.name", "is required"),
    ({"others": [{"name": 7, "hex": [1, 1], "defense": 10}]}, "others.0.name", "must be text"),
    ({"others": [{"name": "x" * 41, "hex": [1, 1], "defense": 10}]}, "others.0.name", "too long"),
    ({"others": [{"name": " ", "hex": [1, 1], "defense": 10}]}, "others.0.name", "is empty"),
    ({"others": [{"name": "Attacker", "hex": [1, 1], "defense": 10}]}, "others.0.name", "reserved for the attacker"),
    ({"others": [{"name": "B", "hex": [1, 1], "defense": 10}, {"name": "B", "hex": [2, 1], "defense": 10}]},
     "others.1.name", "already the name of others.0"),
    ({"others": [{"name": "B", "defense": 10}]}, "others.0.hex", "is required"),
    ({"others": [{"name": "B", "hex": [4, 0], "defense": 10}]}, "others.0.hex", "is the target's hex"),
    ({"others": [{"name": "B", "hex": [0, 0], "defense": 10}]}, "others.0.hex", "is the attacker's hex"),
    ({"others": [{"name": "B", "hex": [1, 1], "defense": 10}, {"name": "C", "hex": [1, 1], "defense": 10}]},
     "others.1.hex", "also the hex of others.0"),
    ({"others": [{"name": "B", "hex": [1, 1]}]}, "others.0.defense", "is required"),
    ({"others": [{"name": "B", "hex": [1, 1], "defense": 70}]}, "others.0.defense", "out of range"),
    ({"others": [{"name": "B", "hex": [1, 1], "defense": 1, "size": "large"}]}, "others.0.size", "unknown field"),
    ({"others": [{"name": f"c{i}", "hex": [i, 5], "defense": 1} for i in range(31)]}, "others", "at most 30"),
    ({"attack": {"dice": 3, "split": [1, 1]}}, "attack.split", "adds up to 2, but the pool has 3 dice"),
    ({"attack": {"split": []}}, "attack.split", "empty list"),
    ({"attack": {"dice": 2, "split": [0, 2]}}, "attack.split", "out of range"),
    ({"attack": {"dice": 2, "rolls": [5]}}, "attack.rolls", "has 1 die, but the pool has 2"),
    ({"attack": {"rolls": [21]}}, "attack.rolls", "out of range"),
    ({"attack": {"rolls": [0]}}, "attack.rolls", "out of range"),
    ({"attack": {"rolls": [4], "d10": 11}}, "attack.d10", "out of range"),
    ({"attack": {"d10": 3}}, "attack.d10", "fill in attack.rolls"),
    ({"attack": {"dice": 2, "split": [1, 1], "rolls": [1, 2], "d10": 3}}, "attack.d10", "one d10 per attack in attack.d10s"),
    ({"attack": {"rolls": [3], "d10s": [3]}}, "attack.d10s", "only for split dice"),
    ({"attack": {"dice": 2, "split": [1, 1], "rolls": [1, 2], "d10s": [3]}}, "attack.d10s", "1 d10s for 2 split attacks"),
    ({"attack": {"dice": 2, "split": [1, 1], "d10s": [3, 4]}}, "attack.d10s", "fill in attack.rolls"),
    ({"attack": {"dice": 2, "split": [1, 1], "rolls": [1, 2], "d10s": [3, 0]}}, "attack.d10s", "out of range"),
    ({"attack": {"pool": 3}}, "attack.pool", "unknown field"),
    ({"cover": "partial"}, "cover", "unknown field"),
    ({"rulings": {"er.ruling.nope": "x"}}, "rulings.er.ruling.nope", "unknown ruling"),
    ({"rulings": {"er.ruling.vicinity": "everywhere"}}, "rulings.er.ruling.vicinity", "not a choice"),
    ({"rulings": {"er.ruling.edge-side": "up"}}, "rulings.er.ruling.edge-side", "not a choice"),
]


@pytest.mark.parametrize(("parts", "field", "words"), BAD, ids=[f"{f}:{w}" for _, f, w in BAD])
def test_every_bad_input_names_its_field(parts, field, words):
    """Every invalid input is an error on its dotted field, with a message that says what is wrong."""
    errors = errors_of(**parts)
    assert field in errors, errors
    assert words in errors[field], errors[field]


def test_form_values_become_the_scenario():
    """The generic form: hexes as "q, r", dice as "12 5 20", other creatures as JSON text."""
    inputs = SYSTEMS["enchanted-realms"].inputs
    scenario, errors = form_to_scenario(inputs, {
        "attacker.hex": "1, -2", "target.hex": "5, -2", "attack.rolls": "12 5 20", "attack.dice": "3",
        "others": '[{"name": "Bram", "hex": [6, -2], "defense": 12}]', "attack.split": "", "blind_shot": True,
    })
    assert errors == []
    assert scenario["attacker"]["hex"] == [1, -2] and scenario["attack"]["rolls"] == [12, 5, 20]
    assert scenario["others"][0]["name"] == "Bram" and "split" not in scenario["attack"]
    result = evaluate(scenario)
    assert result["resolution"]["hits"] == 2  # 12 and 20 against Defense 10
    values = scenario_to_values(inputs, inputs.validate(scenario))
    assert values["attacker.hex"] == "1, -2" and values["attack.rolls"] == "12 5 20"
    assert json.loads(values["others"])[0]["hex"] == [6, -2]
    _, bad = form_to_scenario(inputs, {"target.hex": "four", "others": "[{"})
    assert {e["field"] for e in bad} == {"target.hex", "others"}
