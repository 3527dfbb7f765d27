"""Strict validation: every kind of bad input is an error naming its field, never a silent default."""

import math

import pytest

from pycore import SYSTEMS, ScenarioError, evaluate
from pycore.schema import Field


def errors_of(scenario):
    """The list of field errors a scenario raises (fails if it raises none)."""
    with pytest.raises(ScenarioError) as err:
        evaluate(scenario)
    return err.value.errors


def fields_of(scenario):
    """Just the field paths of the errors."""
    return [e["field"] for e in errors_of(scenario)]


def test_not_an_object():
    """A scenario must be a JSON object."""
    assert errors_of([1, 2])[0]["field"] == ""


def test_missing_and_unknown_system():
    """The system is required and must be one of the three."""
    assert fields_of({}) == ["system"]
    errs = errors_of({"system": "gurps"})
    assert errs[0]["field"] == "system" and "skirmish-d6" in errs[0]["message"]


@pytest.mark.parametrize(("scenario", "field"), [
    ({"lite": "dim"}, "lite"),
    ({"attack": {"hits": 3}}, "attack.hits"),
    ({"obstacles": {"partial": 1, "walls": 2}}, "obstacles.walls"),
])
def test_unknown_keys_are_errors(scenario, field):
    """A typo never passes silently, at any depth."""
    errs = errors_of({"system": "skirmish-d6", **scenario})
    assert [e["field"] for e in errs] == [field]
    assert "unknown field" in errs[0]["message"]


@pytest.mark.parametrize(("scenario", "field", "words"), [
    ({"attack": {"hits_on": "4"}}, "attack.hits_on", "not text"),
    ({"attack": {"hits_on": 4.5}}, "attack.hits_on", "whole number"),
    ({"attack": {"hits_on": True}}, "attack.hits_on", "true/false"),
    ({"obstacles": {"partial": None}}, "obstacles.partial", "null"),
    ({"obstacles": 3}, "obstacles", "must be an object"),
    ({"attacker": []}, "attacker", "must be an object"),
    ({"light": 2}, "light", "not allowed"),
    ({"rulings": []}, "rulings", "must be an object"),
])
def test_wrong_types_are_errors(scenario, field, words):
    """Wrong JSON types are rejected with the field and the expected type."""
    errs = errors_of({"system": "skirmish-d6", **scenario})
    assert errs[0]["field"] == field
    assert words in errs[0]["message"]


@pytest.mark.parametrize(("scenario", "field"), [
    ({"attack": {"hits_on": 1}}, "attack.hits_on"),
    ({"attack": {"hits_on": 7}}, "attack.hits_on"),
    ({"obstacles": {"partial": -1}}, "obstacles.partial"),
    ({"obstacles": {"total": 100}}, "obstacles.total"),
])
def test_out_of_range_numbers_are_errors(scenario, field):
    """Numbers outside the declared range name the field and the range."""
    errs = errors_of({"system": "skirmish-d6", **scenario})
    assert errs[0]["field"] == field
    assert "out of range" in errs[0]["message"]


@pytest.mark.parametrize(("scenario", "field"), [
    ({"light": "gloomy"}, "light"),
    ({"attacker": {"vision": "x-ray"}}, "attacker.vision"),
    ({"attack": {"kind": "gaze"}}, "attack.kind"),
    ({"target": {"size": "gargantuan"}}, "target.size"),
    ({"rulings": {"d6.ruling.nope": "add"}}, "rulings.d6.ruling.nope"),
])
def test_unknown_choices_are_errors(scenario, field):
    """Choice values outside the declared list name the field and list the choices."""
    errs = errors_of({"system": "skirmish-d6", **scenario})
    assert errs[0]["field"] == field


def test_every_error_is_reported_at_once():
    """All problems come back together, not one per attempt."""
    fields = fields_of({"system": "skirmish-d6", "light": "x", "attack": {"hits_on": 9}, "extra": 1})
    assert sorted(fields) == ["attack.hits_on", "extra", "light"]


def test_nan_is_rejected():
    """A NaN from JSON is not a whole number."""
    assert fields_of({"system": "skirmish-d6", "attack": {"hits_on": math.nan}}) == ["attack.hits_on"]


def test_omitted_keys_take_documented_defaults():
    """The defaults are the declared ones: bright light, normal sight, ranged, medium, no obstacles."""
    inputs = SYSTEMS["skirmish-d6"].inputs
    clean = inputs.validate({"system": "skirmish-d6"})
    assert clean["light"] == "bright" and clean["attacker"]["vision"] == "normal"
    assert clean["attack"] == {"kind": "ranged", "hits_on": None, "distance": None}
    assert clean["_alternative"] == "counted"
    assert clean["obstacles"] == {"partial": 0, "total": 0}
    assert clean["rulings"] == {"d6.ruling.light-and-obstacles": "add", "d6.ruling.area-cover": "ignore",
                                "d6.ruling.edge-line": "fewer", "d6.ruling.size-advantage": "flat",
                                "d6.ruling.surround": "adjacent", "d6.ruling.blind-spells": "aimed",
                                "d6.ruling.map-height": "map", "d6.ruling.height-blocks": "never",
                                "d6.ruling.square-diagonal": "one", "d6.ruling.map-objects": "total",
                                "d6.ruling.map-low-walls": "partial", "d6.ruling.map-light": "lights",
                                "d6.ruling.map-count": "obstacles", "d6.ruling.map-joints": "neither",
                                "d6.ruling.map-points": "nothing", "d6.ruling.area-inside": "centre",
                                "d6.ruling.area-point": "least", "d6.ruling.area-cone": "as-long",
                                "d6.ruling.region-light": "region", "d6.ruling.dense-brush": "total",
                                "d6.ruling.openings": "partial"}
    assert clean["map"]["grid"] == "hex" and clean["map"]["walls"] == [] and clean["map"]["doors"] == []


def test_a_square_maps_lines_are_checked_naming_the_item():
    """A wall of one point, a point out of range or not a pair, and a light without a place are errors naming the
    wall, the door or the light."""
    base = {"system": "skirmish-d6", "map": {"grid": "square", "attacker": [0, 0], "target": [3, 0]}}
    assert fields_of({**base, "map": {**base["map"], "walls": [{"points": [[1, 1]]}]}}) == ["map.walls.0.points"]
    assert fields_of({**base, "map": {**base["map"], "walls": [{"points": [[1, 1], [1, 5000]]}]}}) == ["map.walls.0.points"]
    assert fields_of({**base, "map": {**base["map"], "doors": [{"points": [[1, 1], [2]]}]}}) == ["map.doors.0.points"]
    assert fields_of({**base, "map": {**base["map"], "lights": [{"range": 3}]}}) == ["map.lights.0.at"]
    assert fields_of({**base, "map": {**base["map"], "walls": [{"points": [[1, 1], [2, 2]], "kind": "tall"}]}}) == [
        "map.walls.0.kind"]
    words = errors_of({**base, "map": {**base["map"], "walls": [{"points": [[1, 1]]}]}})[0]["message"]
    assert "at least 2" in words


def test_square_map_keys_are_in_the_form():
    """A square map's grid, walls, doors and lights and its rulings are in the form (a link carrying them comes back
    whole): the grid a choice of the map group, the walls, doors and lights boxes the board holds."""
    from pycore.views import VIEWS
    for system in ("skirmish-d6", "classic-d20"):
        inputs = SYSTEMS[system].inputs
        # the area is placed by taps on the board, and regions come from a link or a file: neither is in the form
        assert all(f.in_form for f in inputs.fields if not f.path.startswith("area.") and f.path != "map.regions")
        assert not inputs.field("map.regions").in_form
        assert all(r.in_form for r in inputs.rulings)
        assert inputs.field("map.grid").group == "map" and "map.grid" not in VIEWS[system].board_spec.paths
        assert VIEWS[system].board_spec.drawn == ("map.walls", "map.doors", "map.lights", "map.regions")


def test_every_field_documents_itself():
    """Each declared input has a label, a rule id that exists, and a describable range."""
    from pycore import RULES
    for system in SYSTEMS.values():
        for field in system.inputs.fields:
            assert field.label and field.describe_range()
            assert field.rule in RULES, field.path


def _list_inputs():
    from pycore.schema import Field, Inputs
    item = (Field("name", "text", "Name", default="", maximum=40),
            Field("hex", "hex", "Hex", minimum=-50, maximum=50),
            Field("defense", "int", "Defense", default=10, minimum=0, maximum=40))
    return Inputs("demo", (
        Field("others", "records", "Others", default=(), max_items=3, item_fields=item),
        Field("rolls", "ints", "Rolls", optional=True, minimum=1, maximum=20, max_items=4),
        Field("at", "hex", "At", default=(0, 0), minimum=-50, maximum=50),
    ))


def test_list_kinds_accept_good_values_and_fill_item_defaults():
    """records, ints and hex validate; record items get their own defaults; a tuple default becomes a list."""
    clean = _list_inputs().validate({"others": [{"name": "Bo", "hex": [1, -2]}], "rolls": [20, 1]})
    assert clean["others"] == [{"name": "Bo", "hex": [1, -2], "defense": 10}]
    assert clean["rolls"] == [20, 1] and clean["at"] == [0, 0]


@pytest.mark.parametrize(("data", "field", "words"), [
    ({"others": [{"hex": [1, 2, 3]}]}, "others.0.hex", "not a list of 3"),
    ({"others": [{"name": "x"}]}, "others.0.hex", "is required"),
    ({"others": [{"hex": [0, 0], "colour": "red"}]}, "others.0.colour", "unknown field"),
    ({"others": [7]}, "others.0", "must be an object"),
    ({"others": [{"hex": [0, 0]}] * 4}, "others", "at most 3"),
    ({"others": [{"hex": [0, 0], "name": "x" * 41}]}, "others.0.name", "too long"),
    ({"rolls": [0]}, "rolls", "item 0: 0 is out of range"),
    ({"rolls": [1, 2, 3, 4, 5]}, "rolls", "has 5 items"),
    ({"rolls": "12 5"}, "rolls", "not text"),
    ({"at": [0, True]}, "at", "item 1"),
    ({"at": [99, 0]}, "at", "out of range"),
])
def test_list_kinds_reject_bad_values_naming_the_item(data, field, words):
    """Errors inside lists name the list, the item index and the item's field."""
    with pytest.raises(ScenarioError) as err:
        _list_inputs().validate(data)
    assert err.value.errors[0]["field"] == field
    assert words in err.value.errors[0]["message"]


def test_a_whole_number_with_a_decimal_point_is_accepted():
    """``"dice": 2.0`` is the whole number 2 (JSON writers often add the point); it is validated and used as 2."""
    clean = SYSTEMS["enchanted-realms"].inputs.validate(
        {"system": "enchanted-realms", "attack": {"dice": 2.0, "split": [1.0, 1]}, "target": {"hex": [4.0, -1.0]}})
    assert clean["attack"]["dice"] == 2 and type(clean["attack"]["dice"]) is int
    assert clean["attack"]["split"] == [1, 1] and all(type(v) is int for v in clean["attack"]["split"])
    assert clean["target"]["hex"] == [4, -1] and all(type(v) is int for v in clean["target"]["hex"])
    assert evaluate({"system": "enchanted-realms", "attack": {"dice": 2.0}}) == evaluate(
        {"system": "enchanted-realms", "attack": {"dice": 2}})


def test_a_fraction_where_a_whole_number_is_asked_says_so_plainly():
    """2.5 dice is refused with the number as written; 25.0 dice is out of range, shown as 25."""
    assert errors_of({"system": "enchanted-realms", "attack": {"dice": 2.5}}) == [
        {"field": "attack.dice", "message": "must be a whole number, not 2.5"}]
    assert errors_of({"system": "enchanted-realms", "attack": {"dice": 25.0}}) == [
        {"field": "attack.dice", "message": "25 is out of range: must be a whole number from 1 to 20"}]
    assert fields_of({"system": "enchanted-realms", "attack": {"dice": math.inf}}) == ["attack.dice"]


def test_a_records_item_is_named_by_its_field():
    """A records field says what one item is called (the list editor's rows and buttons), ``item`` by default."""
    assert SYSTEMS["enchanted-realms"].inputs.field("others").item_noun == "creature"
    assert SYSTEMS["skirmish-d6"].inputs.field("map.obstacles").item_noun == "obstacle"
    assert Field("things", "records", "Things").item_noun == "item"
