"""Regions on the map (fog, light, brush, screens, obscured ground) and windows and arrow slits: known answers worked
by hand from the rule texts, overlays equal to single evaluations, bad input named by field, and the command line."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from overlay_cases import check_overlay

from pycore import ScenarioError, evaluate
from pycore.geometry.hexgrid import Hex
from pycore.maps import regions as rg

ROOT = Path(__file__).resolve().parent.parent


def d20_squares(regions=(), walls=(), target=(9, 2), **more):
    """A Classic d20 square map: the attacker on [0, 2], the target on ``target``, THAC0 15 against AC 5."""
    return {"system": "classic-d20", "attack": {"to_hit": 15}, "target": {"ac": 5, **more.pop("tgt", {})},
            "map": {"grid": "square", "cols": 12, "rows": 6, "attacker": [0, 2], "target": list(target),
                    "regions": list(regions), "walls": list(walls)}, **more}


def band(kind, x0, x1, **more):
    """A region across the whole 6-row board between x0 and x1."""
    return {"kind": kind, "points": [[x0, 0], [x1, 0], [x1, 6], [x0, 6]], **more}


def errors_of(scenario):
    with pytest.raises(ScenarioError) as caught:
        evaluate(scenario)
    return caught.value.errors


# ---- the geometry ---------------------------------------------------------------------------------------------


def test_a_segment_inside_a_polygon_is_measured_exactly():
    """From the centre of [0, 4] (0.5, 4.5) to that of [8, 4] (8.5, 4.5) the line runs 2 squares through the band x 2-4;
    diagonally from [0, 0] to [8, 8] it runs x 2-4 too, 2 x sqrt 2 squares; from [3, 4] it starts inside, 0.5."""
    found = rg.read([{"hexes": None, "penalty": None, "blind": None, **band("fog", 2, 4)}])
    sh = rg.shapes(found)
    assert rg.cells_inside(found, (0, 4), (8, 4), sh) == 2.0
    assert rg.cells_inside(found, (0, 0), (8, 8), sh) == pytest.approx(2 * 2 ** 0.5)
    assert rg.cells_inside(found, (3, 4), (8, 4), sh) == 0.5
    assert rg.crossed(found, (0, 4), (1, 4), sh) == ()


def test_a_line_along_a_regions_edge_is_not_inside_it():
    """The centre line y = 2.5 from [0, 2] to [9, 2] runs along the bottom edge of a region ending at y = 2.5: on its
    boundary, never inside."""
    found = rg.read([{"kind": "fog", "points": [[2, 0], [5, 0], [5, 2.5], [2, 2.5]], "hexes": None, "penalty": None,
                      "blind": None}])
    assert rg.cells_inside(found, (0, 2), (9, 2), rg.shapes(found)) == 0.0


def test_the_regions_covering_each_cell():
    """Squares whose centre lies in a region or on its edge are covered: fog from x 2 to 4 covers columns 2 and 3
    (centres 2.5 and 3.5), a triangle (0, 0), (4, 0), (0, 4) covers [1, 1] (centre (1.5, 1.5), inside) and [1, 2] and
    [2, 1] (centres on its long edge, x + y = 4) but not [2, 2] or [3, 1]; on hexes a region covers the hexes it
    lists."""
    found = rg.read([{"hexes": None, "penalty": None, "blind": None, **band("fog", 2, 4)},
                     {"kind": "brush", "points": [[0, 0], [4, 0], [0, 4]], "hexes": None, "penalty": None,
                      "blind": None}])
    fog, brush = found
    covered = rg.covering(found, [(1, 1), (1, 2), (2, 2), (3, 1), (4, 0), (2, 1)])
    assert covered == {(1, 1): (brush,), (1, 2): (brush,), (2, 2): (fog,), (3, 1): (fog,), (2, 1): (fog, brush)}
    dim = rg.read([{"kind": "dim", "hexes": [[4, 0]], "points": None, "penalty": None, "blind": None}])
    assert rg.covering(dim, [Hex.axial(4, 0), Hex.axial(3, 0)]) == {Hex.axial(4, 0): dim}
    assert rg.covering((), [(0, 0)]) == {}


def test_hexes_count_half_at_each_end():
    """On hexes the centre line holds half of each end hex and the whole of each hex between: fog on [1, 0] and
    [2, 0] of the line [0, 0]-[4, 0] is 2 hexes of it; with the target's [4, 0] fogged too, 2.5."""
    two = rg.read([{"kind": "fog", "hexes": [[1, 0], [2, 0]], "points": None, "penalty": None, "blind": None}])
    more = rg.read([{"kind": "fog", "hexes": [[1, 0], [2, 0], [4, 0]], "points": None, "penalty": None, "blind": None}])
    assert rg.cells_inside(two, Hex.axial(0, 0), Hex.axial(4, 0), None) == 2.0
    assert rg.cells_inside(more, Hex.axial(0, 0), Hex.axial(4, 0), None) == 2.5


# ---- Classic d20 ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("x0", "x1", "feet", "percent"), [
    (3, 4, 5, 25),   # 1 square of fog = 5 ft: "sight within 10 feet with 25% concealment"
    (3, 5, 10, 25),  # exactly 10 ft: still within 10 feet
    (3, 6, 15, 50),  # 15 ft: "50% concealment out to 20 feet"
    (3, 7, 20, 50),  # exactly 20 ft
    (3, 8, 25, 100),  # past 20 ft: "invisibility (100% concealment)"
])
def test_d20_fog_by_the_feet_the_line_runs_through_it(x0, x1, feet, percent):
    """The centre line from [0, 2] to [9, 2] runs (x1 - x0) squares through the fog band, 5 ft a square."""
    result = evaluate(d20_squares([band("fog", x0, x1)]))
    assert result["map"]["regions"]["fog_ft"] == feet
    assert result["concealment"] == percent
    assert "d20.map.fog" in [r["id"] for r in result["rules"]] and "d20.ruling.map-fog" in result["rulings_used"]


def test_d20_fog_on_hexes():
    """Hex map, 5 ft a hex: fog on [1, 0] and [2, 0] between [0, 0] and [4, 0] is 10 ft, 25%; the target's hex fogged
    as well adds half a hex, 12.5 ft, 50%."""
    base = {"system": "classic-d20", "map": {"attacker": [0, 0], "target": [4, 0]}}
    fog = {"kind": "fog", "hexes": [[1, 0], [2, 0]]}
    assert evaluate({**base, "map": {**base["map"], "regions": [fog]}})["concealment"] == 25
    fog["hexes"].append([4, 0])
    assert evaluate({**base, "map": {**base["map"], "regions": [fog]}})["concealment"] == 50


def test_d20_map_fog_and_the_distance_given():
    """15 ft of the map's fog (50%) and fog_distance_ft 30 (100%): by default the map's measure replaces the distance;
    ruling ``longer`` takes 30 ft. A line that misses the fog has none, whatever the box says."""
    s = d20_squares([band("fog", 3, 6)], fog_distance_ft=30)
    assert evaluate(s)["concealment"] == 50
    assert evaluate({**s, "rulings": {"d20.ruling.map-fog": "longer"}})["concealment"] == 100
    missed = d20_squares([{"kind": "fog", "points": [[3, 4], [6, 4], [6, 6]]}], fog_distance_ft=30)
    assert evaluate(missed)["concealment"] == 0


def test_d20_bushes_and_screens_conceal():
    """Thick bushes the line passes: 50%; a translucent screen: 25%; both: the larger, 50%; the form's 75% is larger
    still (ruling ``d20.ruling.map-soft``: highest), and ruling ``map`` puts the bushes' 50% in its place."""
    assert evaluate(d20_squares([band("brush", 4, 5)]))["concealment"] == 50
    assert evaluate(d20_squares([band("screen", 4, 5)]))["concealment"] == 25
    assert evaluate(d20_squares([band("screen", 2, 3), band("brush", 4, 5)]))["concealment"] == 50
    given = d20_squares([band("brush", 4, 5)], tgt={"concealment": 75})
    assert evaluate(given)["concealment"] == 75
    assert evaluate({**given, "rulings": {"d20.ruling.map-soft": "map"}})["concealment"] == 50


def wall_with(kind):
    """A wall down x = 5 with an opening of ``kind`` between y = 2 and y = 3."""
    return [{"points": [[5, 0], [5, 2]], "kind": "wall"}, {"points": [[5, 2], [5, 3]], "kind": kind},
            {"points": [[5, 3], [5, 6]], "kind": "wall"}]


@pytest.mark.parametrize(("kind", "cover"), [("window", 75), ("slit", 90)])
def test_d20_a_sniper_at_an_opening(kind, cover):
    """The target on [5, 2], right behind the opening in the wall at x = 5, is shot at from [0, 2] through it: "high
    narrow windows would provide 75% cover ... arrow slits would provide 90%" (the walls' corner lines give less)."""
    result = evaluate(d20_squares(walls=wall_with(kind), target=(5, 2)))
    assert result["cover"] == cover
    assert result["map"]["regions"]["at_opening"] is True
    assert "d20.map.openings" in [r["id"] for r in result["rules"]]


def test_d20_a_target_away_from_the_slit():
    """On [8, 2] the target is three squares past the slit: not at it, so by default the slit gives it nothing (ruling
    ``d20.ruling.opening-far``); ruling ``opening`` gives it the slit's 90%."""
    s = d20_squares(walls=wall_with("slit"), target=(8, 2))
    assert evaluate(s)["cover"] < 90
    assert evaluate({**s, "rulings": {"d20.ruling.opening-far": "opening"}})["cover"] == 90


def test_d20_a_corner_of_the_window_is_at_it_only_by_the_default():
    """The window runs x = 5, y 2-3; square [5, 3] touches it only at its corner (5, 3). From [0, -3] the centre line
    (0.5, -2.5)-(5.5, 3.5) meets x = 5 at y = 2.9, through the window: touching counts by default, so the target is
    at it, 75%; ruling ``side`` wants the window along a side of its square, so it is not, and gets nothing."""
    walls = [{"points": [[5, 2], [5, 3]], "kind": "window"}]
    s = {"system": "classic-d20", "map": {"grid": "square", "attacker": [0, -3], "target": [5, 3], "walls": walls}}
    assert evaluate(s)["cover"] == 75
    assert evaluate({**s, "rulings": {"d20.ruling.opening-at": "side"}})["cover"] == 0


def test_d20_overlays_equal_single_evaluations_with_regions():
    """Every square's entry equals evaluate with the target moved there, with fog, bushes and a slit on the map; the
    same for the attacker on a hex map with fog."""
    s = d20_squares([band("fog", 3, 5), {"kind": "brush", "points": [[7, 0], [9, 1], [8, 4]]}],
                    walls=wall_with("slit"), overlay="target")
    check_overlay(s, every=1)
    hexes = {"system": "classic-d20", "overlay": "attacker", "attack": {"to_hit": 15}, "target": {"ac": 5},
             "map": {"attacker": [0, 2], "target": [6, 2], "cols": 8, "rows": 5,
                     "regions": [{"kind": "fog", "hexes": [[2, 2], [3, 2], [3, 1], [4, 2]]}]}}
    entries = evaluate(hexes)["overlay"]["hexes"]
    assert len(entries) == 8 * 5 - 1
    for entry in entries:
        alone = evaluate({**hexes, "overlay": "none", "map": {**hexes["map"], "attacker": entry["hex"]}})
        assert (entry["cover"], entry["hit_chance"]) == (alone["cover"], alone["hit_chance"]), entry["hex"]
    assert len({entry["hit_chance"] for entry in entries}) > 1  # the fog makes some hexes worse than others


# ---- d6 Skirmish ----------------------------------------------------------------------------------------------


def d6(regions, **more):
    """A d6 Skirmish hex map: attacker [0, 2], target [6, 2] on a 10 x 5 board, normal sight, bright scene."""
    return {"system": "skirmish-d6", "attacker": {"vision": more.pop("vision", "normal")}, "light": "bright",
            "map": {"cols": 10, "rows": 5, "attacker": [0, 2], "target": [6, 2], "regions": list(regions)}, **more}


def test_d6_light_at_the_target_against_the_attackers_vision():
    """The target stands in a dim region: normal sight in dim light is 1 level (the light table); darksight in dim is
    1; dimsight none. A dark region: normal sight, total cover; darksight none."""
    dim = [{"kind": "dim", "hexes": [[6, 2]]}]
    assert evaluate(d6(dim))["cover_level"] == 1
    assert evaluate(d6(dim, vision="dim"))["cover_level"] == 0
    dark = [{"kind": "dark", "hexes": [[6, 2], [5, 2]]}]
    assert evaluate(d6(dark))["cover_level"] == "total"
    assert evaluate(d6(dark, vision="dark"))["cover_level"] == 0


def test_d6_region_light_and_the_scene():
    """A dim region in a bright scene: by default the region's dim holds (1 level for normal sight); ruling
    ``brighter`` takes the scene's bright (none). A region away from the target changes nothing."""
    dim = [{"kind": "dim", "hexes": [[6, 2]]}]
    assert evaluate({**d6(dim), "rulings": {"d6.ruling.region-light": "brighter"}})["cover_level"] == 0
    assert evaluate(d6([{"kind": "dark", "hexes": [[3, 2]]}]))["cover_level"] == 0


def test_d6_brush_is_a_partial_obstacle_and_dense_brush_a_total_one():
    """Brush on the line: 1 level ("trees and brush" are partial obstacles); two patches: 2; brush and the dim light
    at the target: 1 + 1 = 2 (ruling add); dense brush: total cover ("dense brush" is a total obstacle), or one
    level by ruling ``partial``."""
    brush = {"kind": "brush", "hexes": [[3, 2]]}
    assert evaluate(d6([brush]))["cover_level"] == 1
    assert evaluate(d6([brush, {"kind": "brush", "hexes": [[4, 2]]}]))["cover_level"] == 2
    assert evaluate(d6([brush, {"kind": "dim", "hexes": [[6, 2]]}]))["cover_level"] == 2
    dense = {"kind": "dense-brush", "hexes": [[3, 2], [3, 1]]}
    result = evaluate(d6([dense]))
    assert result["cover_level"] == "total" and result["targetable"] is False
    assert evaluate({**d6([dense]), "rulings": {"d6.ruling.dense-brush": "partial"}})["cover_level"] == 1


def test_d6_windows_and_slits_on_squares():
    """On squares the centre line through a window or a slit counts it as one partial obstacle (ruling
    ``d6.ruling.openings``): level 1; ruling ``open``: none."""
    walls = wall_with("window")
    s = {"system": "skirmish-d6", "map": {"grid": "square", "attacker": [0, 2], "target": [8, 2], "walls": walls}}
    result = evaluate(s)
    assert result["cover_level"] == 1 and "d6.map.openings" in [r["id"] for r in result["rules"]]
    assert evaluate({**s, "rulings": {"d6.ruling.openings": "open"}})["cover_level"] == 0


def test_d6_overlays_equal_single_evaluations_with_regions():
    """Hexes and squares, target and attacker moving: each entry is evaluate's answer with the piece moved."""
    regions = [{"kind": "brush", "hexes": [[3, 2], [3, 1]]}, {"kind": "dim", "hexes": [[6, 2], [7, 2], [6, 1]]},
               {"kind": "dense-brush", "hexes": [[4, 3]]}]
    check_overlay({**d6(regions), "overlay": "target"}, every=1)
    check_overlay({**d6(regions), "overlay": "attacker"}, every=1)
    square = {"system": "skirmish-d6", "overlay": "target", "attacker": {"vision": "dim"},
              "map": {"grid": "square", "cols": 12, "rows": 6, "attacker": [0, 2], "target": [8, 2],
                      "walls": wall_with("slit"), "regions": [band("brush", 2, 3), band("dark", 9, 12)]}}
    check_overlay(square, every=1)


# ---- Enchanted Realms ------------------------------------------------------------------------------------------


def er(regions, penalty=0, target=(5, 0)):
    """Two d20s at +3 against Defense 12, an ally of the target's next to it."""
    return {"system": "enchanted-realms", "attack": {"dice": 2, "modifier": 3, "penalty": penalty},
            "attacker": {"hex": [0, 0]}, "target": {"hex": list(target), "defense": 12},
            "others": [{"name": "ally", "hex": [6, 0], "defense": 10}], "map": {"regions": list(regions)}}


FOG = {"kind": "obscured", "hexes": [[4, 0], [5, 0], [6, 0]], "penalty": 2}


def test_er_obscured_penalty_on_the_one_acting_into_it():
    """A die hits on raw + 3 - penalty >= 12. Outside the fog: raw >= 9, 12 of 20. Into fog of minus 2: raw >= 11, 10
    of 20. With a penalty of 3 given as well: the larger, 3, raw >= 12, 9 of 20; ruling ``add``: 5, raw >= 14, 7."""
    assert evaluate(er([FOG], target=(3, 0)))["die_hit_chance"] == 12 / 20
    assert evaluate(er([FOG]))["die_hit_chance"] == 10 / 20
    assert evaluate(er([FOG], penalty=3))["die_hit_chance"] == 9 / 20
    added = {**er([FOG], penalty=3), "rulings": {"er.ruling.region-penalty": "add"}}
    assert evaluate(added)["die_hit_chance"] == 7 / 20


def test_er_a_blind_shot_into_a_blind_region_brings_friendly_fire():
    """"A blind shot, when a target is known to be in an obscured area but exact visual confirmation is not possible"
    uses friendly fire: the ally beside the target may be struck. Without ``blind``, no trigger: no friendly fire."""
    assert evaluate(er([FOG]))["friendly_fire"]["applies"] is False
    blind = evaluate(er([{**FOG, "blind": True}]))
    assert blind["friendly_fire"]["applies"] is True and "blind-shot" in blind["friendly_fire"]["triggers"]
    assert blind["friendly_fire"]["struck_chance"]["ally"] > 0


def test_er_into_by_the_line():
    """Fog on [2, 0] only: by default the target on [5, 0] is not in it; ruling ``line``: the line of fire crosses it."""
    s = er([{**FOG, "hexes": [[2, 0]]}])
    assert evaluate(s)["die_hit_chance"] == 12 / 20
    assert evaluate({**s, "rulings": {"er.ruling.region-into": "line"}})["die_hit_chance"] == 10 / 20


def test_er_overlays_equal_single_evaluations_with_regions():
    """The target moved to each hex: inside the fog it faces the penalty and the blind shot, outside it does not."""
    check_overlay({**er([{**FOG, "blind": True}]), "overlay": "target"}, every=1)
    check_overlay({**er([FOG]), "overlay": "attacker", "rulings": {"er.ruling.region-into": "line"}}, every=1)


# ---- bad input ------------------------------------------------------------------------------------------------


def test_a_region_of_two_points_is_refused():
    """A polygon needs three corners."""
    errors = errors_of(d20_squares([{"kind": "fog", "points": [[1, 1], [3, 3]]}]))
    assert [e["field"] for e in errors] == ["map.regions.0.points"] and "at least 3" in errors[0]["message"]


def test_a_region_with_thousands_of_points_is_refused():
    """At most ``MAX_REGION_POINTS`` corners."""
    ring = [[(i % 50) / 10, (i // 50) / 10] for i in range(3000)]
    errors = errors_of(d20_squares([{"kind": "fog", "points": ring}]))
    assert [e["field"] for e in errors] == ["map.regions.0.points"] and "at most 200" in errors[0]["message"]


@pytest.mark.parametrize(("system", "kind"), [("classic-d20", "dark"), ("classic-d20", "obscured"),
                                             ("skirmish-d6", "fog"), ("skirmish-d6", "screen"),
                                             ("enchanted-realms", "fog"), ("enchanted-realms", "brush")])
def test_a_kind_the_system_has_no_rule_for_is_refused(system, kind):
    """Each system names the kind it cannot read, by field."""
    if system == "enchanted-realms":
        s = er([{"kind": kind, "hexes": [[5, 0]]}])
    else:
        s = {"system": system, "map": {"attacker": [0, 0], "target": [3, 0], "regions": [{"kind": kind,
                                                                                          "hexes": [[1, 0]]}]}}
    assert [e["field"] for e in errors_of(s)] == ["map.regions.0.kind"]


def test_penalty_and_blind_only_on_obscured_ground():
    """A penalty on fog, a blind brush: each named; the wrong cells for the grid and a flat polygon too."""
    errors = errors_of(d20_squares([band("fog", 1, 2, penalty=2), {"kind": "brush", "hexes": [[1, 1]]},
                                    {"kind": "screen", "points": [[0, 0], [1, 1], [2, 2]]}]))
    assert [e["field"] for e in errors] == ["map.regions.0.penalty", "map.regions.1.hexes", "map.regions.1.points",
                                            "map.regions.2.points"]
    errors = errors_of(d6([{"kind": "brush", "hexes": [[1, 0.5]], "blind": True}]))
    assert [e["field"] for e in errors] == ["map.regions.0.hexes", "map.regions.0.blind"]


def test_a_region_hex_off_the_board_or_twice():
    """On a sized board a region's hexes lie on it, each once."""
    errors = errors_of(d6([{"kind": "dim", "hexes": [[30, 0]]}, {"kind": "dim", "hexes": [[1, 1], [1, 1]]}]))
    assert [e["field"] for e in errors] == ["map.regions.0.hexes", "map.regions.1.hexes"]


def test_an_unknown_key_in_a_region_is_refused():
    """A typo never passes silently."""
    errors = errors_of(d6([{"kind": "dim", "hexes": [[1, 1]], "lvl": 2}]))
    assert [e["field"] for e in errors] == ["map.regions.0.lvl"]


# ---- the command line -----------------------------------------------------------------------------------------


def cli(scenario):
    """``python -m pycore evaluate`` on a scenario: exit status and the JSON printed."""
    proc = subprocess.run([sys.executable, "-m", "pycore", "evaluate"], input=json.dumps(scenario),
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    return proc.returncode, json.loads(proc.stdout)


def test_cli_answers_regions_and_openings():
    """The command line answers the fog bank (50%), the sniper at the slit (90%), d6 brush and ER's obscured fog, and
    refuses a region of two points with exit status 2 naming the field."""
    code, out = cli(d20_squares([band("fog", 3, 6)]))
    assert code == 0 and out["concealment"] == 50
    code, out = cli(d20_squares(walls=wall_with("slit"), target=(5, 2)))
    assert code == 0 and out["cover"] == 90
    code, out = cli(d6([{"kind": "brush", "hexes": [[3, 2]]}]))
    assert code == 0 and out["cover_level"] == 1
    code, out = cli(er([FOG]))
    assert code == 0 and out["die_hit_chance"] == 0.5
    code, out = cli(d20_squares([{"kind": "fog", "points": [[1, 1], [3, 3]]}]))
    assert code == 2 and [e["field"] for e in out["errors"]] == ["map.regions.0.points"]


def test_cli_reads_a_dungeondraft_window():
    """The sample export's open portal, 0.76 of a square wide, is a window; its closed one a door."""
    sample = Path("/work/shared/data/maps/sample-dungeondraft.dd2vtt")
    if not sample.exists():
        pytest.skip("the shared sample map is not here")
    proc = subprocess.run([sys.executable, "-m", "pycore", "map", str(sample)], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    m = json.loads(proc.stdout)
    assert proc.returncode == 0 and m["doors"] == [{"points": [[5, 1.5], [5, 2.5]], "open": False}]
    assert [w for w in m["walls"] if w["kind"] == "window"] == [{"points": [[5, 7.619141], [5, 8.380859]],
                                                                 "kind": "window"}]
