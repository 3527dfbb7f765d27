"""Universal VTT exports to the contract's square map (``pycore.maps.uvtt``), and ``python -m pycore map``."""

import io
import json

import pytest
from squares_cases import ROOM

from pycore import ScenarioError
from pycore.__main__ import main
from pycore.maps import uvtt


def export(**changes):
    """A small valid export with some keys changed (None removes one)."""
    data = json.loads(ROOM.read_text())
    for key, value in changes.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    return json.dumps(data)


def fields(text):
    with pytest.raises(ScenarioError) as err:
        uvtt.convert(text)
    return [e["field"] for e in err.value.errors]


def test_the_room_converts_to_the_contracts_map():
    """Size from map_size, walls from line_of_sight, outlines from objects_line_of_sight, doors from portals' bounds
    (open = not closed), lights' position and range; every point less map_origin (1, 1); no picture."""
    m = uvtt.convert(ROOM.read_text())
    assert m["grid"] == "square" and (m["cols"], m["rows"]) == (10, 6)
    assert m["walls"][0] == {"points": [[0, 0], [10, 0], [10, 6], [0, 6], [0, 0]], "kind": "wall"}
    assert m["walls"][1:3] == [{"points": [[5, 0], [5, 2]], "kind": "wall"}, {"points": [[5, 3], [5, 6]], "kind": "wall"}]
    assert m["walls"][3] == {"points": [[7, 1], [8, 1], [8, 2], [7, 2], [7, 1]], "kind": "object"}
    assert m["doors"] == [{"points": [[5, 2], [5, 3]], "open": False}]
    assert m["lights"] == [{"at": [8, 4], "range": 2}]
    assert "image" not in json.dumps(m)


def test_a_doors_rotation_and_freestanding_change_nothing():
    """A door is the line between its bounds' two points: its rotation (how its picture is turned) and freestanding
    are not read, so a door turned a quarter and freestanding converts to the same door (the rulebook's map pages)."""
    data = json.loads(ROOM.read_text())
    plain = uvtt.convert(json.dumps(data))["doors"]
    for portal in data["portals"]:
        portal.update(rotation=1.5707963267948966, freestanding=True)
    assert uvtt.convert(json.dumps(data))["doors"] == plain == [{"points": [[5, 2], [5, 3]], "open": False}]


def test_decimals_stay_the_decimals_written():
    """A point at 1.1 less an origin of 0.1 is 1, not 1.0000000000000002."""
    text = export(resolution={"map_origin": {"x": 0.1, "y": 0.2}, "map_size": {"x": 4, "y": 4}, "pixels_per_grid": 50},
                  line_of_sight=[[{"x": 1.1, "y": 0.3}, {"x": 2.35, "y": 0.2}]], objects_line_of_sight=[], portals=[],
                  lights=[])
    assert uvtt.convert(text)["walls"] == [{"points": [[1, 0.1], [2.25, 0]], "kind": "wall"}]


@pytest.mark.parametrize(("text", "named"), [
    ("{not json", [""]),
    ("[1, 2]", [""]),
    (export(resolution=None), ["resolution"]),
    (export(resolution={"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 4}, "pixels_per_grid": 70}),
     ["resolution.map_size"]),
    (export(resolution={"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 4, "y": 4}, "pixels_per_grid": 0}),
     ["resolution.pixels_per_grid"]),
    (export(line_of_sight=[[{"x": 2, "y": 2}]]), ["line_of_sight.0"]),
    (export(line_of_sight=[[{"x": 2, "y": 2}, {"x": 500, "y": 2}]]), ["line_of_sight.0.1"]),
    (export(portals=[{"bounds": [{"x": 2, "y": 2}, {"x": "3", "y": 2}], "closed": True}]), ["portals.0.bounds.1"]),
    (export(lights=[{"position": {"x": 2, "y": 2}, "range": -1}]), ["lights.0.range"]),
    (export(portals=[{"bounds": [{"x": 2, "y": 2}, {"x": 3, "y": 2}]}]), ["portals.0.closed"]),
])
def test_unreadable_exports_name_the_field(text, named):
    """Not JSON, not an object, no resolution, a wall of one point, a point far outside the map: errors name it."""
    assert fields(text) == named


def test_a_huge_file_is_refused_before_it_is_parsed():
    """Above the stated limit (20 MB) the file is refused with its size, whatever it holds."""
    with pytest.raises(ScenarioError) as err:
        uvtt.convert(b" " * (uvtt.MAX_BYTES + 1))
    assert "20 MB" in err.value.errors[0]["message"]


def test_thousands_of_walls_all_convert():
    """4,000 walls of three points each all convert (how long it takes is ``make bench``'s to measure)."""
    walls = [[{"x": 1 + i % 90 / 10, "y": 1 + i % 7}, {"x": 2 + i % 80 / 10, "y": 2}, {"x": 3, "y": 3 + i % 5}]
             for i in range(4000)]
    text = export(resolution={"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 30, "y": 30}, "pixels_per_grid": 70},
                  line_of_sight=walls, objects_line_of_sight=[], portals=[], lights=[])
    walls = uvtt.convert(text)["walls"]
    assert len(walls) == 4000 and all(len(wall["points"]) == 3 for wall in walls)


def test_the_command_prints_the_map_or_the_errors(tmp_path):
    """``python -m pycore map FILE``: the map and exit 0; a bad file: {"errors": [...]} and exit 2."""
    out = io.StringIO()
    assert main(["map", str(ROOM)], stdout=out) == 0
    assert json.loads(out.getvalue())["doors"] == [{"points": [[5, 2], [5, 3]], "open": False}]
    bad = tmp_path / "bad.uvtt"
    bad.write_text(export(resolution=None))
    out = io.StringIO()
    assert main(["map", str(bad)], stdout=out) == 2
    assert json.loads(out.getvalue())["errors"][0]["field"] == "resolution"
    out = io.StringIO()
    assert main(["map", "-"], stdin=io.StringIO("nope"), stdout=out) == 2
    assert json.loads(out.getvalue())["errors"][0]["field"] == ""
