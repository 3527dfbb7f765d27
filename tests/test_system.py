"""pycore.system and the registry: one shape every system fills, found by its contract id."""

import pytest

from pycore import SYSTEMS, ScenarioError
from pycore.errors import FieldError
from pycore.system import System
from pycore.systems import find_system
from pycore.systems import skirmish_d6 as d6


def test_registry_lists_the_three_systems_in_order():
    """The site lists Enchanted Realms, Classic d20, d6 Skirmish; each id is its calculator's URL segment."""
    assert list(SYSTEMS) == ["enchanted-realms", "classic-d20", "skirmish-d6"]
    assert SYSTEMS["classic-d20"].calculator == "calculator/classic-d20/"
    for system in SYSTEMS.values():
        assert isinstance(system, System) and system.inputs.system == system.id


def test_answer_validates_checks_then_evaluates():
    """A cross-field error is raised before evaluation, naming its field."""
    seen = []

    def evaluate(s):
        seen.append(s)
        return {}

    def check(s):
        return [FieldError("attack.distance", "is required")] if s["attacker"]["blinded"] else []

    system = System(d6.SYSTEM, d6.TITLE, d6.RULES, d6.RULINGS, d6.INPUTS, check, evaluate)
    with pytest.raises(ScenarioError) as caught:
        system.answer({"system": d6.SYSTEM, "attacker": {"blinded": True}})
    assert caught.value.errors == [{"field": "attack.distance", "message": "is required"}] and not seen
    assert system.answer({"system": d6.SYSTEM}) == {} and seen[0]["light"] == "bright"


@pytest.mark.parametrize(("data", "field", "words"), [
    ([], "", "JSON object"), ({}, "system", "is required"), ({"system": "gurps"}, "system", "unknown system"),
])
def test_find_system_names_the_problem(data, field, words):
    """Not an object, no system, an unknown system: each an error on its field."""
    with pytest.raises(ScenarioError) as caught:
        find_system(data)
    assert caught.value.errors[0]["field"] == field and words in caught.value.errors[0]["message"]
