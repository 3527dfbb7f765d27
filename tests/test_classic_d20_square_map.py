"""Classic d20 on a square map: the hand-drawn room (``tests/squares_cases.py``) worked out by hand from rule text 001
(cover: "Cover equal to 100% means there is no line of sight", "Cover up to the knees is equal to 25% cover")."""

import xml.etree.ElementTree as ET

from squares_cases import every_line, on_room, rooms

import pycore
from pycore.views import VIEWS
from pycore.views.svg import board_svg


def d20(at, to, door_open=False, **extra):
    """The answer for an attacker on square ``at`` and a target on ``to`` in the room (AC 5, THAC0 15)."""
    return pycore.evaluate(on_room("classic-d20", at, to, door_open, target={"ac": 5}, attack={"to_hit": 15}, **extra))


def test_a_closed_door_in_a_wall_is_full_cover():
    """From [1, 2] to [8, 2]: every corner line joins y = 2 or 3 to y = 2 or 3, and taken a millionth into its
    squares it crosses x = 5 between y = 2 and 3, through the closed door: 16 of 16 is 100%. The wall and the door fill
    x = 5 from y = 0 to 6, so no straight line gets through either: 100% cover, no line of sight."""
    r = d20([1, 2], [8, 2])
    assert r["map"]["blocked_lines"] == 16 and r["cover"] == 100 and r["targetable"] is False
    assert r["map"]["walls"] == ["map.doors.0"]


def test_the_open_door_lets_every_corner_line_through():
    """Door open: the lines from y = 2 corners to y = 2 corners pass exactly the wall's end at (5, 2); taken to their
    squares' side (a millionth inwards), they pass just inside the doorway, as every other line does between y = 2
    and 3: none broken, 0% cover."""
    r = d20([1, 2], [8, 2], door_open=True)
    assert r["map"]["blocked_lines"] == 0 and r["cover"] == 0


def test_a_wall_past_part_of_the_square_is_a_share_of_the_lines():
    """From [1, 2] to [5, 3], door open. The target's left edge lies on the wall x = 5 (y 3 to 6). Each corner is
    taken a millionth towards its square's centre ((1.5, 2.5) and (5.5, 3.5)):

    - to (5, 3) and (5, 4): the lines end just right of x = 5, crossing it at y just above 3 and at 4: the wall,
      8 lines;
    - to (6, 4): at x = 5 the lines from (1, 2), (2, 2), (1, 3), (2, 3) are at y = 3.6, 3.5, 3.8, 3.75: the wall,
      4 lines;
    - to (6, 3): from (1, 2) and (2, 2) at y = 2.8 and 2.75, through the doorway; from (1, 3) and (2, 3) the line runs
      along y = 3 past the wall's end (5, 3), and moved a millionth down at the target's end it passes just below it:
      the wall, 2 lines.

    14 of 16 is 87.5%, taken down (ruling d20.ruling.map-cover) to 75% cover."""
    r = d20([1, 2], [5, 3], door_open=True)
    assert r["map"]["blocked_lines"] == 14 and r["cover"] == 75
    assert r["map"]["walls"] == ["map.walls.2"]


def test_each_corner_line_is_given_broken_or_clear_for_the_board_to_draw():
    """The case above, line by line: of the 16 corner lines from [1, 2] to [5, 3] the two clear ones are those from
    (1, 2) and (2, 2) to (6, 3), through the doorway; the other 14 are broken. The board draws all 16, the broken ones
    apart (``hexboard-segment--broken``), from corner to corner: (1, 2) at 6 + 34 = 40, 6 + 68 = 74."""
    r = d20([1, 2], [5, 3], door_open=True)
    lines = r["map"]["corner_lines"]
    assert len(lines) == 16 and sum(broken for _, _, broken in lines) == 14
    assert sorted((a, b) for a, b, broken in lines if not broken) == [([1, 2], [6, 3]), ([2, 2], [6, 3])]
    scenario = on_room("classic-d20", [1, 2], [5, 3], True, target={"ac": 5}, attack={"to_hit": 15})
    svg = ET.fromstring(board_svg(VIEWS["classic-d20"].board(scenario, r)))
    drawn = svg.findall("{http://www.w3.org/2000/svg}line")
    corners = [line for line in drawn if "hexboard-segment--corner" in line.get("class", "")]
    assert len(corners) == 16
    assert sum("hexboard-segment--broken" in line.get("class") for line in corners) == 14
    assert any((line.get("x1"), line.get("y1")) == ("40", "74") for line in corners)


def test_a_pillar_between_them_is_full_cover_or_nothing_by_ruling():
    """From [6, 1] to [9, 1] every corner line runs within y = 1 to 2 across x = 7 to 8, through the pillar's outline
    or along its edges: 16 of 16, and no straight line gets past: 100%. Ruling d20.ruling.map-objects "ignore": 0%."""
    r = d20([6, 1], [9, 1])
    assert r["map"]["blocked_lines"] == 16 and r["cover"] == 100
    r = d20([6, 1], [9, 1], rulings={"d20.ruling.map-objects": "ignore"})
    assert r["cover"] == 0 and r["map"]["blocked_lines"] == 0


def test_a_low_wall_is_cover_up_to_the_knees():
    """From [1, 4] to [4, 4] the low wall x = 3 (y 3 to 6) lies between them: by default it breaks no corner line,
    but it is cover up to the knees, 25% (+2 AC with the source's table). Ruling d20.ruling.map-low-walls "block":
    all 16 lines cross it and no line gets over: 100%."""
    r = d20([1, 4], [4, 4])
    assert r["cover"] == 25 and r["map"]["blocked_lines"] == 0 and "d20.cover.examples" in [x["id"] for x in r["rules"]]
    r = d20([1, 4], [4, 4], rulings={"d20.ruling.map-low-walls": "block"})
    assert r["cover"] == 100


def test_distance_counts_every_second_diagonal_double():
    """Ruling d20.ruling.square-diagonal "alternate": from [6, 1] to [9, 4], three diagonal steps, is 5 + 10 + 5 =
    20 ft; "one": 15 ft."""
    assert d20([6, 1], [9, 4])["map"]["distance_ft"] == 20
    assert d20([6, 1], [9, 4], rulings={"d20.ruling.square-diagonal": "one"})["map"]["distance_ft"] == 15


def test_square_overlay_entries_equal_evaluate():
    """Every overlay entry is what evaluate answers with the attacker moved to that square."""
    scenario = on_room("classic-d20", [1, 2], [8, 2], True, target={"ac": 5}, attack={"to_hit": 15}, overlay="attacker")
    r = pycore.evaluate(scenario)
    assert r["overlay"]["moving"] == "attacker" and len(r["overlay"]["squares"]) == 10 * 6 - 1
    for entry in r["overlay"]["squares"][::6]:
        one = pycore.evaluate({**scenario, "overlay": "none", "map": {**scenario["map"], "attacker": entry["square"]}})
        assert (entry["cover"], entry["hit_chance"], entry["targetable"]) == (
            one["cover"], one["hit_chance"], one["targetable"]), entry["square"]


def test_squares_beside_a_closed_door_have_all_16_lines_broken():
    """A 3 x 5 map cut across by a closed door along y = 2, the target on [1, 1], cover rounded up, every diagonal one
    square. Every corner is moved a millionth towards its square's centre (ruling d20.ruling.map-corners "every"), so
    from [1, 2] the two corners on the door that the squares share start lines a two-millionths long that cross the
    door, as the other 14 do: 16 of 16, 100%, no line of effect. From [0, 2] (one shared corner) and [1, 3] all 16 are
    broken too. The overlay gives each square the answer evaluate gives it, the run of the door keeping each of the
    three apart from [1, 1]."""
    from pycore.memo import forget_all

    def small(at, overlay="none"):
        return {"system": "classic-d20", "attack": {"to_hit": 15}, "target": {"ac": 5}, "overlay": overlay,
                "rulings": {"d20.ruling.map-cover": "up", "d20.ruling.square-diagonal": "one"},
                "map": {"grid": "square", "cols": 3, "rows": 5, "attacker": at, "target": [1, 1],
                        "doors": [{"points": [[0, 2], [3, 2]], "open": False}]}}

    forget_all()
    overlay = pycore.evaluate(small([1, 4], "attacker"))["overlay"]["squares"]
    found = {tuple(e["square"]): (e["cover"], e["targetable"]) for e in overlay}
    for at in ([1, 2], [0, 2], [1, 3]):
        r = pycore.evaluate(small(at))
        assert (r["map"]["blocked_lines"], r["cover"], r["targetable"]) == (16, 100, False), at
        assert found[tuple(at)] == (100, False), at


def test_protectors_and_heights_on_squares():
    """An ally of the target diagonally next to it protects it (ruling d20.ruling.map-protectors "adjacent": the
    eight squares around count); an attacker 10 ft up, with a 10 ft step on the line, stands on a cliff
    (ruling d20.ruling.map-terrain "read": a step of at least 3 ft with one combatant that much above)."""
    r = pycore.evaluate({"system": "classic-d20", "attack": {"to_hit": 15}, "target": {"ac": 5}, "map": {
        "grid": "square", "cols": 8, "rows": 6, "attacker": [0, 1], "target": [4, 1],
        "creatures": [{"hex": [5, 2], "side": "target"}], "elevation": [{"hex": [0, 1], "height": 10}]}})
    assert r["map"]["protectors"] == [[5, 2]] and r["protectors"] is not None
    assert r["map"]["elevation"] == "higher" and r["map"]["terrain"] == "cliff" and r["map"]["steepest_step_ft"] == 10


def test_the_quick_path_changes_no_answer(monkeypatch):
    """On nine rooms (``rooms``, an obstacle in the bottom left room), overlays from a corner room and from the
    middle room (the low wall breaking lines as walls do, or by ruling cover up to the knees) answer exactly as they
    do when every square's 16 corner lines are counted, squares behind a run of walls (``square_map.walled_off``) and
    squares in plain view of the other piece (``square_map.in_view``) included; both quick paths are taken often."""
    from pycore.maps import square_map
    from pycore.memo import forget_all

    scenarios = [{"system": "classic-d20", "target": {"ac": 5}, "attack": {"to_hit": 15}, "overlay": moving,
                  "rulings": {"d20.ruling.map-low-walls": low},
                  "map": {**rooms(), "attacker": at, "target": to, "obstacles": [{"hex": [3, 12], "kind": "wall"}]}}
                 for moving, at, to, low in (("target", [2, 2], [12, 12], "block"),
                                             ("attacker", [2, 2], [7, 7], "block"),
                                             ("target", [7, 7], [1, 1], "knees"))]
    quick = [pycore.evaluate(s) for s in scenarios]
    taken = {"walled_off": 0, "in_view": 0}
    for name in taken:
        real = getattr(square_map, name)

        def counted(*args, real=real, name=name):
            found = real(*args)
            taken[name] += found
            return found

        monkeypatch.setattr(square_map, name, counted)
    forget_all()
    assert [pycore.evaluate(s) for s in scenarios] == quick
    assert taken["walled_off"] > 200 and taken["in_view"] > 10
    monkeypatch.setattr(square_map, "walled_off", lambda *args: False)
    monkeypatch.setattr(square_map, "in_view", lambda *args: False)
    forget_all()
    assert [pycore.evaluate(s) for s in scenarios] == quick
    full = [e for r in quick for e in r["overlay"]["squares"] if e["cover"] == 100]
    assert 300 < len(full) < 3 * 224 - 100


def test_the_kinds_that_break_lines_are_the_lines_that_do():
    """``blocking_kinds`` (what the quick proofs gather runs of) says of every kind of line, open or closed, under
    every choice of the two rulings, what ``blocking`` says of each line."""
    from pycore.systems.classic_d20.square_map import blocking, blocking_kinds

    for objects in ("block", "ignore"):
        for low in ("knees", "block"):
            rulings = {"d20.ruling.map-objects": objects, "d20.ruling.map-low-walls": low}
            kinds = blocking_kinds(rulings)
            for line in every_line():
                assert blocking(line, rulings) == (line.kind in kinds and not line.open), (line, rulings)
