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


# ---- who is caught, and their cover from the origin ------------------------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

COVER_KEY = {"skirmish-d6": "cover_level", "classic-d20": "cover"}


def area_of(system, m, area, **more):
    """The ``area.caught`` list of a map scenario, by piece path."""
    out = evaluate({"system": system, "map": m, "area": area, **more})["area"]["caught"]
    return {e["piece"]: e for e in out}


def test_d6_fireball_by_a_wall_hex():
    """d6 Skirmish, a [SPHERE] of 2 inches on hex (2, 0): the attacker at (0, 0) is 2 hexes off, so caught; the target
    at (4, 0) is 2 off, behind a total obstacle at (3, 0) that every line from (2, 0) meets: total cover, yet "can
    still be a target in an area of effect", so affected; the creature at (2, 1) is 1 off in the open: level 0; the
    text gives no save bonus. The creature at (6, 0) is 4 off: not caught."""
    m = {"attacker": [0, 0], "target": [4, 0], "obstacles": [{"hex": [3, 0], "kind": "total"}],
         "creatures": [{"hex": [2, 1], "side": "target"}, {"hex": [6, 0], "side": "target"}]}
    caught_ = area_of("skirmish-d6", m, {"shape": "sphere", "at": [2, 0], "size": 2})
    assert sorted(caught_) == ["map.attacker", "map.creatures.0", "map.target"]
    assert caught_["map.target"]["cover_level"] == "total" and caught_["map.target"]["affected"]
    assert caught_["map.attacker"]["cover_level"] == 0 and caught_["map.creatures.0"]["save_bonus"] == {}
    assert {r["id"] for r in caught_["map.target"]["rules"]} >= {"d6.cover.area-effect", "d6.ruling.area-inside"}


def test_d6_invisible_target_still_caught():
    """An invisible target inside the area is affected all the same ("can still be effected by an area spell")."""
    m = {"attacker": [0, 0], "target": [3, 0]}
    caught_ = area_of("skirmish-d6", m, {"shape": "sphere", "at": [3, 0], "size": 1}, target={"invisible": True})
    assert caught_["map.target"]["affected"] and caught_["map.target"]["cover_level"] == 0


def test_d20_fireball_by_a_wall():
    """Classic d20, a 10 ft fireball (2 hexes) on (2, 1): the target at (4, 1) is behind a wall hex at (3, 1); from
    the origin hex the corner lines make 100%, but a straight line still joins the hexes, so the map's ruling gives 90%
    cover: affected, and +10 (90% cover's classic AC bonus) to every save. The attacker at (0, 1), 2 hexes off, is
    caught in the open: 0%, no bonus."""
    m = {"cols": 8, "rows": 4, "attacker": [0, 1], "target": [4, 1], "obstacles": [{"hex": [3, 1]}],
         "creatures": [{"hex": [2, 2], "side": "target"}]}
    caught_ = area_of("classic-d20", m, {"shape": "sphere", "at": [2, 1], "size": 10})
    assert caught_["map.target"]["cover"] == 90 and caught_["map.target"]["save_bonus"] == {"all": 10}
    assert caught_["map.attacker"]["cover"] == 0 and caught_["map.attacker"]["save_bonus"] == {}


def test_d20_line_behind_a_wall_on_squares():
    """Classic d20 on squares, a 15 ft line (3 squares) from point (2, 0.5) toward (6, 0.5): it covers x 2..5 in row 0,
    so the target's square (4, 0) is caught (centre 4.5, 0.5). A wall along x = 3 from y = -1 to 2 breaks all 16 corner
    lines from both squares the point touches, (2, 0) and (1, 0): 100% cover, no line of effect, not affected."""
    m = {"grid": "square", "attacker": [0, 0], "target": [4, 0], "walls": [{"points": [[3, -1], [3, 2]]}]}
    caught_ = area_of("classic-d20", m, {"shape": "line", "at": [2, 0.5], "toward": [6, 0.5], "size": 15})
    assert list(caught_) == ["map.target"]
    assert caught_["map.target"]["cover"] == 100 and not caught_["map.target"]["affected"]


def test_cone_width_ruling():
    """A 15 ft cone (3 hexes) from (0, 0) toward (3, 0): a creature at hex (1, 1) has its centre at (1.5, 0.87), 1.5
    along and 0.87 across; as wide as it is long allows 0.75 across there (not caught), a quarter circle 1.5 (caught)."""
    m = {"attacker": [0, 0], "target": [6, 0], "creatures": [{"hex": [1, 1], "side": "target"}]}
    cone = {"shape": "cone", "at": [0, 0], "toward": [3, 0], "size": 15}
    assert "map.creatures.0" not in area_of("classic-d20", m, cone)
    assert "map.creatures.0" in area_of("classic-d20", m, cone, rulings={"d20.ruling.area-cone": "quarter"})


@st.composite
def hex_areas(draw):
    """A small hex board with pieces and obstacles, and a sphere on a free hex."""
    system = draw(st.sampled_from(sorted(COVER_KEY)))
    cells = [[q, r] for q in range(7) for r in range(5)]
    spots = draw(st.permutations(cells))
    n, k = draw(st.integers(0, 4)), draw(st.integers(0, 5))
    creatures = [{"hex": h, "side": draw(st.sampled_from(["attacker", "target"]))} for h in spots[2:2 + n]]
    kinds = ["partial", "total"] if system == "skirmish-d6" else ["wall"]
    obstacles = [{"hex": h, "kind": draw(st.sampled_from(kinds))} for h in spots[2 + n:2 + n + k]]
    m = {"attacker": spots[0], "target": spots[1], "creatures": creatures, "obstacles": obstacles}
    origin = spots[2 + n + k]
    size = draw(st.integers(1, 4)) * (5 if system == "classic-d20" else 1)
    return system, m, {"shape": "sphere", "at": origin, "size": size}


@settings(max_examples=40, deadline=None)
@given(hex_areas())
def test_each_entry_is_a_single_evaluation_from_the_origin(case):
    """Each caught piece's cover equals one evaluation with the origin as the attacker and that piece as the target,
    every other piece a creature of its side (a piece on the origin itself has no cover)."""
    system, m, area = case
    sides = {"map.attacker": "attacker", "map.target": "target",
             **{f"map.creatures.{i}": c["side"] for i, c in enumerate(m["creatures"])}}
    cells = {"map.attacker": m["attacker"], "map.target": m["target"],
             **{f"map.creatures.{i}": c["hex"] for i, c in enumerate(m["creatures"])}}
    for path, entry in area_of(system, m, area).items():
        if entry["cell"] == area["at"]:
            assert entry[COVER_KEY[system]] == 0
            continue
        others = [{"hex": cells[p], "side": sides[p]} for p in cells if p != path]
        single = evaluate({"system": system, "map": {"attacker": area["at"], "target": entry["cell"],
                                                     "obstacles": m["obstacles"], "creatures": others}})
        assert entry[COVER_KEY[system]] == single[COVER_KEY[system]]


def test_cli_area():
    """The command line answers an area end to end: the d6 fireball by the wall hex."""
    scenario = {"system": "skirmish-d6", "map": {"attacker": [0, 0], "target": [4, 0],
                                                  "obstacles": [{"hex": [3, 0], "kind": "total"}]},
                "area": {"shape": "sphere", "at": [2, 0], "size": 2}}
    proc = subprocess.run([sys.executable, "-m", "pycore", "evaluate"], input=json.dumps(scenario),
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    out = json.loads(proc.stdout)
    assert proc.returncode == 0
    assert [(e["piece"], e["cover_level"], e["affected"]) for e in out["area"]["caught"]] == [
        ("map.attacker", 0, True), ("map.target", "total", True)]


def test_er_fireball_catches_full_cover():
    """Enchanted Realms, a 5 ft sphere (1 hex) on the target's hex (4, 0): the target in full cover is caught with +5
    to Agility saves ("a +5 bonus to Agility saves is granted to the target with full cover"), Bo at (3, 1) 1 hex off
    with partial cover +3 ("the same bonus for Agility saves against area of effect attacks"), Al at (3, 0) in the open
    nothing; the attacker at (0, 0), 4 hexes off, is not caught."""
    scenario = {"system": "enchanted-realms", "attacker": {"hex": [0, 0]}, "target": {"hex": [4, 0], "cover": "full"},
                "others": [{"name": "Bo", "hex": [3, 1], "defense": 10, "cover": "partial"},
                           {"name": "Al", "hex": [3, 0], "defense": 10}],
                "area": {"shape": "sphere", "at": [4, 0], "size": 5}}
    out = {e["piece"]: e for e in evaluate(scenario)["area"]["caught"]}
    assert sorted(out) == ["others.0", "others.1", "target"]
    assert out["target"]["affected"] and out["target"]["save_bonus"] == {"agility": 5}
    assert out["others.0"]["cover"] == "partial" and out["others.0"]["save_bonus"] == {"agility": 3}
    assert out["others.1"]["cover"] == "none" and out["others.1"]["save_bonus"] == {}


def test_an_origin_on_a_corner_is_read_from_the_four_squares_at_it_or_the_one_holding_it():
    """Ruling area-point: a point on a grid corner lies on four squares (``least`` reads from each); ``square``
    takes the one holding it, whose top-left corner it is."""
    from pycore.maps.areas import origin_squares

    assert sorted(origin_squares([2, 3], "least")) == [(1, 2), (1, 3), (2, 2), (2, 3)]
    assert origin_squares([2, 3], "square") == [(2, 3)]
    assert origin_squares([2.5, 3.5], "least") == [(2, 3)]
