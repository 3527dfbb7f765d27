"""Area effects: the shared ``area`` inputs, the shapes and what counts as inside them."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pycore import ScenarioError, evaluate
from pycore.maps.areas import Shape, caught, hex_centre, hex_corners

ROOT = Path(__file__).resolve().parent.parent

MAPS = {
    "skirmish-d6": {"map": {"attacker": [0, 0], "target": [4, 0]}},
    "classic-d20": {"map": {"attacker": [0, 0], "target": [4, 0]}},
    "enchanted-realms": {},
}


def fields(scenario):
    """The fields a bad scenario's errors name."""
    with pytest.raises(ScenarioError) as caught_error:
        evaluate(scenario)
    return [e["field"] for e in caught_error.value.errors]


@pytest.mark.parametrize("system", sorted(MAPS))
@pytest.mark.parametrize(("area", "field"), [
    ({"shape": "line", "at": [1, 0], "size": 10}, "area.toward"),
    ({"shape": "cone", "at": [1, 0], "size": 10}, "area.toward"),
    ({"shape": "sphere", "at": [1, 0], "size": 0}, "area.size"),
    ({"shape": "sphere", "at": [1, 0], "size": -5}, "area.size"),
    ({"shape": "sphere", "at": [1, 0]}, "area.size"),
    ({"shape": "cube", "at": [1, 0], "size": 10}, "area.shape"),
    ({"at": [1, 0], "size": 10}, "area.shape"),
    ({"shape": "sphere", "size": 10}, "area.at"),
    ({"shape": "sphere", "at": [0.5, 0], "size": 10}, "area.at"),
    ({"shape": "sphere", "at": [1, 0], "size": 10, "width": 5}, "area.width"),
    ({"shape": "line", "at": [1, 0], "toward": [3, 0], "size": 10, "width": 0}, "area.width"),
    ({"shape": "line", "at": [1, 0], "toward": [1, 0], "size": 10}, "area.toward"),
])
def test_bad_area_names_the_field(system, area, field):
    """Each bad area is refused with an error naming its field, in every system (hex maps: whole hexes only)."""
    assert fields({"system": system, **MAPS[system], "area": area}) == [field]


def test_area_is_on_maps_only():
    """An area with counted obstacles is refused: an area is placed on a map."""
    assert fields({"system": "skirmish-d6", "obstacles": {"partial": 1},
                   "area": {"shape": "sphere", "at": [1, 0], "size": 2}}) == ["area"]


def test_square_map_takes_a_point():
    """On a square map the origin is a point in grid units, so a fraction is accepted."""
    evaluate({"system": "classic-d20", "map": {"grid": "square", "attacker": [0, 0], "target": [4, 0]},
              "area": {"shape": "sphere", "at": [2.5, 0.5], "size": 10}})


def test_others_cover_choices():
    """An Enchanted Realms bystander's cover takes the target's choices; another value names the field."""
    assert fields({"system": "enchanted-realms",
                   "others": [{"name": "Bo", "hex": [1, 1], "defense": 10, "cover": "most"}]}) == ["others.0.cover"]


def test_sphere_centres_on_hexes():
    """A 2-hex sphere on hexes: neighbouring centres are 1 apart, so the 19 hexes within 2 steps are inside (a ring-2
    hex between two corners is sqrt(3) = 1.73 away) and no ring-3 hex is (the nearest is sqrt(7) = 2.65 away)."""
    shape = Shape("sphere", hex_centre(0, 0), None, 2, 1, 0.5)
    inside = [(q, r) for q in range(-4, 5) for r in range(-4, 5)
              if caught(shape, hex_centre(q, r), hex_corners(q, r), "centre")]
    assert len(inside) == 19 and (2, -1) in inside and (3, -1) not in inside


def test_line_and_cone():
    """A line 4 long, 1 wide, from (0, 0) toward (1, 0) holds (4, 0.5) on its edge, not (4.1, 0) or (2, 0.6); a cone
    4 long as wide as it is long holds (2, 1) (half-width 2 x 0.5 = 1 there) but not (2, 1.1)."""
    line = Shape("line", (0, 0), (1, 0), 4, 1, 0.5)
    assert line.holds((4, 0.5)) and not line.holds((4.1, 0)) and not line.holds((2, 0.6))
    cone = Shape("cone", (0, 0), (1, 0), 4, 1, 0.5)
    assert cone.holds((2, 1)) and not cone.holds((2, 1.1)) and not cone.holds((-0.5, 0))


def test_cli_bad_area():
    """The command line answers a line without its aim with exit 2 and the error naming ``area.toward``."""
    scenario = {"system": "skirmish-d6", **MAPS["skirmish-d6"], "area": {"shape": "line", "at": [1, 0], "size": 3}}
    proc = subprocess.run([sys.executable, "-m", "pycore", "evaluate"], input=json.dumps(scenario),
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 2 and json.loads(proc.stdout)["errors"][0]["field"] == "area.toward"
