"""pycore.errors: one error type with field-level details."""

from pycore.errors import FieldError, ScenarioError


def test_field_error_json_shape():
    """A field error is the contract's {"field", "message"} object."""
    assert FieldError("target.size", "unknown size").to_dict() == {"field": "target.size", "message": "unknown size"}


def test_scenario_error_lists_every_problem():
    """ScenarioError keeps every error in order, from FieldErrors or dicts, and names each in its message."""
    err = ScenarioError([FieldError("", "not an object"), {"field": "attack.dice", "message": "too many"}])
    assert err.errors == [{"field": "", "message": "not an object"}, {"field": "attack.dice", "message": "too many"}]
    assert str(err) == "scenario: not an object; attack.dice: too many"
    assert isinstance(err, ValueError)
