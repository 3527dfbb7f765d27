"""d6 Skirmish on a square map: the hand-drawn room (``tests/squares_cases.py``) worked out by hand from rule text 003,
section 7.1 (cover) and 7.2 (light)."""

from squares_cases import every_line, on_room, rooms

import pycore


def d6(at, to, door_open=False, **extra):
    """The answer for an attacker on square ``at`` and a target on ``to`` in the room, hitting on 4+ before cover."""
    return pycore.evaluate(on_room("skirmish-d6", at, to, door_open, attack={"hits_on": 4}, **extra))


def test_a_closed_door_in_a_wall_is_total_cover():
    """7.1: "total obstacles provide total cover". From [1, 2] to [8, 2] the centre line (y = 2.5) crosses the closed
    door; the wall and the door close x = 5 from y = 0 to 6, so no unbroken line from any part of one square to any
    part of the other exists: total cover (level 3), no [ATTACK]."""
    r = d6([1, 2], [8, 2])
    assert r["cover_level"] == "total" and r["targetable"] is False
    assert r["map"]["walls"] == ["map.doors.0"]


def test_an_open_door_blocks_nothing():
    """The same shot through the open door: the centre line passes the doorway (y = 2.5 between 2 and 3), crosses
    nothing: no cover, hits on 4+."""
    r = d6([1, 2], [8, 2], door_open=True)
    assert r["cover_level"] == 0 and r["hits_on"] == 4


def test_a_wall_some_line_gets_past_is_one_level():
    """7.1: "If you can draw an unbroken line between any part of the attacker to any part of the target the obstacle
    is partial cover". From [1, 2] (centre 1.5, 2.5) to [7, 3] (centre 7.5, 3.5), door open: the centre line is at
    y = 2.5 + 3.5/6 = 3.08 at x = 5, so it crosses the wall below the door; the line from (1.5, 2.5) to (7.5, 3) passes
    the doorway at y = 2.79 and misses the pillar: one level, -1, hits on 5+."""
    r = d6([1, 2], [7, 3], door_open=True)
    assert r["cover_level"] == 1 and r["hits_on"] == 5
    assert r["map"]["walls"] == ["map.walls.2"] and r["map"]["seen_past"] == 1


def test_a_pillar_is_a_total_obstacle_or_one_level_by_ruling():
    """From [6, 1] to [9, 1] every line between the two squares stays within y = 1 to 2, where the pillar on [7, 1]
    fills x = 7 to 8: no line gets past. Ruling d6.ruling.map-objects "total": total cover; "partial": one level
    (hits on 5+)."""
    r = d6([6, 1], [9, 1])
    assert r["cover_level"] == "total" and "d6.ruling.map-objects" in r["rulings_used"]
    r = d6([6, 1], [9, 1], rulings={"d6.ruling.map-objects": "partial"})
    assert r["cover_level"] == 1 and r["hits_on"] == 5


def test_a_pillar_some_line_gets_past_is_one_level():
    """From [6, 3] to [8, 0] the centre line meets y = 2 at x = 7.5, inside the pillar; but the line from (7, 4) to
    (8.65, 1) passes x = 8.1 at y = 2, right of the pillar, and ends in the target's square: the pillar is seen past,
    one level (7.1), hits on 5+."""
    r = d6([6, 3], [8, 0])
    assert r["cover_level"] == 1 and r["map"]["seen_past"] == 1 and r["map"]["walls"] == ["map.walls.3"]


def test_a_low_wall_is_a_partial_obstacle():
    """7.1 lists "Low walls or stones" among the partial obstacles: from [1, 4] to [4, 4] the line (y = 4.5) crosses
    the low wall at x = 3: one level, hits on 5+. Ruling d6.ruling.map-low-walls "ignore": no cover."""
    assert d6([1, 4], [4, 4])["cover_level"] == 1
    assert d6([1, 4], [4, 4], rulings={"d6.ruling.map-low-walls": "ignore"})["cover_level"] == 0


def test_a_light_brightens_the_target_in_the_dark():
    """7.2: dark light and normal sight is total cover. In a dark room (``light`` dark) the target on [8, 4] stands
    0.71 squares from the light at (8, 4), within its range of 2: bright, no cover, hits on 4+. On [9, 1] it is 2.9
    squares away: dark, total cover. With ruling d6.ruling.map-light "scenario" the room is dark everywhere."""
    assert d6([6, 4], [8, 4], light="dark")["cover_level"] == 0
    assert d6([6, 4], [9, 1], light="dark")["cover_level"] == "total"
    r = d6([6, 4], [8, 4], light="dark", rulings={"d6.ruling.map-light": "scenario"})
    assert r["cover_level"] == "total" and "d6.ruling.map-light" not in r["rulings_used"]


def test_distance_in_squares_decides_the_blinded_reach():
    """A blinded attacker reaches 1 inch: diagonally next to the target it is 1 square (ruling
    d6.ruling.square-diagonal "one"), so it can attack (hits only on 6)."""
    r = d6([6, 4], [7, 5], attacker={"blinded": True})
    assert r["distance"] == 1 and r["targetable"] is True and r["hits_on"] == 6


def test_square_overlay_entries_equal_evaluate():
    """Every overlay entry is what evaluate answers with the target moved to that square."""
    scenario = on_room("skirmish-d6", [1, 2], [8, 2], True, attack={"hits_on": 4}, overlay="target")
    r = pycore.evaluate(scenario)
    assert r["overlay"]["moving"] == "target" and len(r["overlay"]["squares"]) == 10 * 6 - 1
    for entry in r["overlay"]["squares"][::7]:
        one = pycore.evaluate({**scenario, "overlay": "none", "map": {**scenario["map"], "target": entry["square"]}})
        assert (entry["cover_level"], entry["hits_on"], entry["hit_chance"], entry["targetable"]) == (
            one["cover_level"], one["hits_on"], one["hit_chance"], one["targetable"]), entry["square"]


def test_creatures_and_heights_on_squares():
    """An ally of the attacker diagonally opposite it across the target surrounds the target (+1, ruling
    d6.ruling.surround "adjacent": the eight squares around count); a creature on the centre line is a partial
    obstacle (7.1: "Other creatures, including your allies"); a target 2 inches up a hill is attacked from below (-1);
    of the two penalties (-1 cover, -1 from below) only the largest counts: hits on 5+."""
    base = {"grid": "square", "cols": 8, "rows": 6}
    r = pycore.evaluate({"system": "skirmish-d6", "attack": {"hits_on": 4}, "map": {
        **base, "attacker": [2, 2], "target": [3, 3], "creatures": [{"hex": [4, 4], "side": "attacker"}]}})
    assert r["map"]["surrounded_by"] == [[2, 2], [4, 4]] and r["hits_on"] == 3
    r = pycore.evaluate({"system": "skirmish-d6", "attack": {"hits_on": 4}, "map": {
        **base, "attacker": [0, 1], "target": [4, 1], "creatures": [{"hex": [2, 1], "side": "target"}],
        "elevation": [{"hex": [4, 1], "height": 2}]}})
    assert r["map"]["crossed"] == [[2, 1]] and r["cover_level"] == 1 and r["elevation"] == "below"
    assert r["hits_on"] == 5


def test_the_quick_paths_change_no_answer(monkeypatch):
    """On nine rooms (``rooms``), overlays from a corner room, from the middle room and (in the dark, by the map's
    light) from the lit room answer exactly as they do with the quick paths taken out: the centre line read against
    the lines by it alone (``along``) rather than all near the two squares, the light's line against those by it
    (``by_segment``) rather than all, and squares behind a run of walls (``square_map.walled_off``) searched for a line
    that gets past like any other. Many squares are behind walls, so the quick proof is taken."""
    from pycore.maps import square_cells, square_map
    from pycore.memo import forget_all

    scenarios = [{"system": "skirmish-d6", "attack": {"hits_on": 4, "kind": kind}, "overlay": moving, "light": light,
                  "map": {**rooms(), "attacker": at, "target": to}}
                 for moving, at, to, light, kind in (("target", [2, 2], [12, 12], "bright", "ranged"),
                                                     ("attacker", [2, 2], [7, 7], "bright", "ranged"),
                                                     ("target", [7, 7], [1, 1], "bright", "area-spell"),
                                                     ("target", [12, 11], [1, 1], "dark", "ranged"))]
    quick = [pycore.evaluate(s) for s in scenarios]
    taken = [0]
    real = square_map.walled_off

    def counted(*args):
        found = real(*args)
        taken[0] += found
        return found

    monkeypatch.setattr(square_map, "walled_off", counted)
    forget_all()
    assert [pycore.evaluate(s) for s in scenarios] == quick
    assert taken[0] > 200
    monkeypatch.setattr(square_map, "walled_off", lambda *args: False)
    monkeypatch.setattr(square_map, "along", lambda sm, a, b: square_map.near(sm, a, b, sm.lines))
    monkeypatch.setattr(square_cells, "by_segment", lambda sm, p, q: list(sm.lines))
    forget_all()
    assert [pycore.evaluate(s) for s in scenarios] == quick
    totals = [e for r in quick for e in r["overlay"]["squares"] if e["cover_level"] == "total"]
    assert 300 < len(totals) < 4 * 224 - 100
    lit = [e for e in quick[-1]["overlay"]["squares"] if e["cover_level"] != "total"]
    assert 0 < len(lit) < 20  # in the dark, only squares the map's light reaches in the attacker's room are seen


def test_the_kinds_that_are_total_are_the_lines_that_are():
    """``total_kinds`` (what the quick proof gathers runs of) says of every kind of line, open or closed, under every
    choice of the two rulings, what ``line_kind`` says of each line."""
    from pycore.systems.skirmish_d6.square_map import line_kind, total_kinds
    from pycore.systems.skirmish_d6.tables import TOTAL

    for objects in ("total", "partial"):
        for low in ("partial", "ignore"):
            rulings = {"d6.ruling.map-objects": objects, "d6.ruling.map-low-walls": low}
            kinds = total_kinds(rulings)
            for line in every_line():
                assert (line_kind(line, rulings) == TOTAL) == (line.kind in kinds and not line.open), (line, rulings)


def test_each_counted_wall_says_what_it_counts_as():
    """Beside each wall line the centre line counts (``walls``, by field), what it counts as (``walls_as``), as 7.1
    has it: the closed door from [1, 2] to [8, 2], no line past it, total; the inner wall below the open door from
    [1, 2] to [7, 3], some line past it through the doorway, one partial level. No square obstacle is crossed."""
    shut = d6([1, 2], [8, 2])
    assert shut["map"]["walls"] == ["map.doors.0"] and shut["map"]["walls_as"] == ["total"]
    past = d6([1, 2], [7, 3], door_open=True)
    assert past["map"]["walls"] == ["map.walls.2"] and past["map"]["walls_as"] == ["partial"]
    assert past["map"]["crossed"] == [] == past["map"]["crossed_as"]
