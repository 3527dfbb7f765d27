"""pycore.systems.classic_d20.inputs: every field refuses a wrong value, the cross-field checks, and the inline
calculators' fields."""

import json
import re

import pytest
from classic_d20_cases import PAGES, run

from pycore import ScenarioError
from pycore.systems import classic_d20 as d20


def errors_of(**parts):
    """The field errors a bad scenario raises."""
    with pytest.raises(ScenarioError) as err:
        run(**parts)
    return err.value.errors


@pytest.mark.parametrize(("scenario", "field", "words"), [
    ({"ac_convention": "upward"}, "ac_convention", "must be one of"),
    ({"attack": {"kind": "ray"}}, "attack.kind", "must be one of"),
    ({"attack": {"to_hit": "15"}}, "attack.to_hit", "whole number"),
    ({"attack": {"to_hit": 1.5}}, "attack.to_hit", "whole number"),
    ({"attack": {"to_hit": 41}}, "attack.to_hit", "out of range"),
    ({"attack": {"needs_sight": "yes"}}, "attack.needs_sight", "true or false"),
    ({"attack": {"over_melee": 1}}, "attack.over_melee", "true or false"),
    ({"attack": {"over_melee_penalty": 11}}, "attack.over_melee_penalty", "out of range"),
    ({"attack": {"over_melee_penalty": -1}}, "attack.over_melee_penalty", "out of range"),
    ({"attacker": {"invisible": None}}, "attacker.invisible", "true or false"),
    ({"attacker": {"elevation": "above"}}, "attacker.elevation", "must be one of"),
    ({"attacker": {"terrain": "hill"}}, "attacker.terrain", "must be one of"),
    ({"attacker": {"detected": "maybe"}}, "attacker.detected", "must be one of"),
    ({"attacker": {"speaking": "loud"}}, "attacker.speaking", "true or false"),
    ({"target": {"ac": -21}}, "target.ac", "out of range"),
    ({"target": {"ac": None}}, "target.ac", "must be"),
    ({"target": {"cover": 30}}, "target.cover", "must be one of"),
    ({"target": {"cover": "50"}}, "target.cover", "must be one of"),
    ({"target": {"concealment": 10}}, "target.concealment", "must be one of"),
    ({"target": {"cover_example": "moat"}}, "target.cover_example", "must be one of"),
    ({"target": {"concealment_example": "smoke"}}, "target.concealment_example", "must be one of"),
    ({"target": {"cover_between": "no"}}, "target.cover_between", "true or false"),
    ({"target": {"protectors": -1}}, "target.protectors", "out of range"),
    ({"target": {"protectors": 21}}, "target.protectors", "out of range"),
    ({"target": {"protector_ac": 5}}, "target.protector_ac", "must be a list"),
    ({"target": {"protector_ac": [5, "a"], "protectors": 2}}, "target.protector_ac", "item 1"),
    ({"target": {"invisible": "yes"}}, "target.invisible", "true or false"),
    ({"target": {"pinpointed": 0}}, "target.pinpointed", "true or false"),
    ({"target": {"pinpointed_by": "smell"}}, "target.pinpointed_by", "must be one of"),
    ({"target": {"can_see_attacker": "no"}}, "target.can_see_attacker", "true or false"),
    ({"target": {"speaking": []}}, "target.speaking", "true or false"),
    ({"target": {"melee_rounds": -1}}, "target.melee_rounds", "out of range"),
    ({"target": {"melee_rounds": 100}}, "target.melee_rounds", "out of range"),
    ({"fog_distance_ft": -1}, "fog_distance_ft", "out of range"),
    ({"fog_distance_ft": "far"}, "fog_distance_ft", "must be a number"),
    ({"distance_ft": -5}, "distance_ft", "out of range"),
    ({"in_combat": "yes"}, "in_combat", "true or false"),
    ({"ambient_noise": 1}, "ambient_noise", "true or false"),
    ({"target": {"cover_pct": 50}}, "target.cover_pct", "unknown field"),
    ({"attacker": {"deafened": True}}, "attacker.deafened", "unknown field"),
    ({"rulings": {"d20.ruling.cover-high": "huge"}}, "rulings.d20.ruling.cover-high", "not a choice"),
    ({"rulings": {"d20.ruling.moon-phase": "full"}}, "rulings.d20.ruling.moon-phase", "unknown ruling"),
])
def test_bad_input_names_the_field(scenario, field, words):
    """Every field refuses a wrong value with a message on that field, never a silent default."""
    errors = errors_of(**scenario)
    assert [e["field"] for e in errors] == [field]
    assert words in errors[0]["message"]


@pytest.mark.parametrize(("target", "words"), [
    ({"cover_example": "window", "cover": 50}, "does not match the situation picked"),
    ({"protectors": 0, "protector_ac": [5]}, "no protectors"),
    ({"protectors": 3, "protector_ac": [5, 6]}, "2 ACs for 3 protectors"),
    ({"protectors": 1, "protector_ac": []}, "empty list"),
])
def test_cross_field_errors(target, words):
    """Inputs that contradict each other are errors on the field to fix."""
    field = "target.cover" if "cover" in target else "target.protector_ac"
    errors = errors_of(target=target)
    assert [e["field"] for e in errors] == [field] and words in errors[0]["message"]


def test_concealment_example_mismatch_and_both_reported():
    """A concealment mismatch is reported too, together with a cover one."""
    errors = errors_of(target={"concealment_example": "bushes", "concealment": 25, "cover_example": "knees",
                               "cover": 90})
    assert [e["field"] for e in errors] == ["target.cover", "target.concealment"]


CALCULATOR = re.compile(r"\{\{ calculator classic-d20 fields=(\S+)(?: scenario=(\S+))? \}\}")


def test_inline_calculators_preset_only_shown_fields():
    """Worked examples preset only inputs the inline calculator shows, so the live answer matches the built one."""
    from pycore.schema import flatten
    found = 0
    for page in PAGES.glob("*.md"):
        for fields, scenario in CALCULATOR.findall(page.read_text()):
            shown = set(fields.split(","))
            for path in shown:
                d20.INPUTS.field(path)
            preset = json.loads(scenario or "{}")
            assert set(flatten(preset)) <= shown, (page.name, set(flatten(preset)) - shown)
            run(**preset)
            found += 1
    assert found >= 10
