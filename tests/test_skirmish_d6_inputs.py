"""pycore.systems.skirmish_d6.inputs: the checks the schema cannot make: a ruling's choice, the distance a blinded
attacker or an invisible target needs."""

import pytest
from skirmish_d6_cases import run

from pycore import ScenarioError


def test_invalid_ruling_choice_names_the_ruling():
    """A ruling choice that does not exist is an error on that ruling."""
    with pytest.raises(ScenarioError) as err:
        run(rulings={"d6.ruling.area-cover": "sometimes"})
    assert err.value.errors[0]["field"] == "rulings.d6.ruling.area-cover"


def test_blinded_needs_a_distance():
    """Without the distance the 1-inch limit cannot be judged: an error on attack.distance."""
    with pytest.raises(ScenarioError) as err:
        run(attacker={"blinded": True})
    assert err.value.errors[0]["field"] == "attack.distance"
    with pytest.raises(ScenarioError) as err:
        run(target={"invisible": True}, attack={"kind": "melee"})
    assert err.value.errors[0]["field"] == "attack.distance"
