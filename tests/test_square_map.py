"""Square maps read off a validated scenario (``pycore.maps.square_map``): pieces, walls and lights, errors by field."""

import dataclasses
from fractions import Fraction

import pytest
from squares_cases import room

from pycore import SYSTEMS, ScenarioError
from pycore.maps import square_cells, square_map


def clean(m):
    """The validated map of a d6 Skirmish scenario."""
    return SYSTEMS["skirmish-d6"].inputs.validate({"system": "skirmish-d6", "map": m})["map"]


def test_pieces_walls_doors_and_lights_are_read():
    """The room: five walls and outlines, one door, one light at (8, 4) reaching 2; points exact."""
    sm = square_map.read(clean({**room(), "attacker": [1, 2], "target": [8, 2]}))
    assert (sm.attacker, sm.target) == ((1, 2), (8, 2))
    assert [line.kind for line in sm.lines] == ["wall", "wall", "wall", "object", "low", "door"]
    assert sm.lines[-1].field == "map.doors.0" and sm.lines[3].field == "map.walls.3"
    assert sm.lights[0].at == (Fraction(8), Fraction(4)) and sm.lights[0].range == 2


def test_a_piece_off_the_board_or_on_anothers_square_is_named():
    """With cols 10 and rows 6, square [10, 0] is off the board; two pieces cannot share a square."""
    with pytest.raises(ScenarioError) as err:
        square_map.read(clean({**room(), "attacker": [10, 0], "target": [3, 3],
                              "obstacles": [{"hex": [3, 3], "kind": "total"}]}))
    assert [e["field"] for e in err.value.errors] == ["map.attacker", "map.obstacles.0.hex"]


def test_heights_name_squares_once_each():
    """A square given two heights is an error naming the second."""
    m = clean({"grid": "square", "attacker": [0, 0], "target": [2, 0],
               "elevation": [{"hex": [1, 0], "height": 2.5}, {"hex": [1, 0], "height": 1}]})
    with pytest.raises(ScenarioError) as err:
        square_cells.heights(m)
    assert [e["field"] for e in err.value.errors] == ["map.elevation.1.hex"]
    assert square_cells.heights({**m, "elevation": m["elevation"][:1]}) == {(1, 0): Fraction(5, 2)}


def test_a_light_reaches_within_its_range_unless_a_wall_is_between():
    """The light at (8, 4), range 2: square [8, 4] (centre 0.71 away) is lit, [9, 1] (2.9 away) is not; a wall between
    the light and a square's centre shades it."""
    sm = square_map.read(clean({**room(), "attacker": [1, 2], "target": [8, 2]}))
    light = sm.lights[0]
    assert square_cells.lit(light, (8, 4), ())
    assert not square_cells.lit(light, (9, 1), ())
    shade = square_map.WallLine("wall", ((Fraction(7), Fraction(3)), (Fraction(10), Fraction(3))), 9)
    assert not square_cells.lit(light, (8, 2), (shade,)) and square_cells.lit(light, (8, 2), ())


def test_only_walls_near_the_two_squares_are_asked_about():
    """From [1, 2] to [3, 3] the walls at x = 5 are outside the rectangle x 1..4, y 2..4; the outer wall and the low
    wall are not."""
    sm = square_map.read(clean({**room(), "attacker": [1, 2], "target": [3, 3]}))
    assert [line.field for line in square_map.near(sm, (1, 2), (3, 3), sm.lines)] == ["map.walls.0", "map.walls.4"]


def test_on_a_big_map_the_walls_asked_about_are_every_one_a_line_between_the_squares_can_meet():
    """With more walls than are scanned one by one (``NEAR_SCAN``), ``near`` looks them up by the squares along the
    hull of the two squares: on random maps of 60 one- or two-square walls, every wall that meets the centre line or a
    corner line of a random pair (``crossings.meeting``) is among them, and none outside the rectangle around the two."""
    import random

    from pycore.geometry.crossings import meeting

    pick = random.Random(17)
    for _ in range(60):
        walls = []
        for _ in range(60):
            x, y = pick.randint(0, 20), pick.randint(0, 20)
            dx, dy = pick.choice([(1, 0), (0, 1), (2, 0), (0, 2), (1, 1), (2, -1)])
            walls.append({"points": [[x, y], [x + dx, y + dy]]})
        a, b = (pick.randint(0, 19), pick.randint(0, 19)), (pick.randint(0, 19), pick.randint(0, 19))
        if a == b:
            continue
        sm = square_map.read(clean({"grid": "square", "cols": 21, "rows": 21, "attacker": list(a), "target": list(b),
                                   "walls": walls}))
        assert len(sm.lines) > square_map.NEAR_SCAN
        asked = {line.index for line in square_map.near(sm, a, b, sm.lines)}
        ends = [(Fraction(x), Fraction(y)) for x in (0, 1) for y in (0, 1)]
        segments = [((Fraction(2 * a[0] + 1, 2), Fraction(2 * a[1] + 1, 2)), (Fraction(2 * b[0] + 1, 2),
                                                                              Fraction(2 * b[1] + 1, 2)))]
        segments += [((a[0] + p[0], a[1] + p[1]), (b[0] + q[0], b[1] + q[1])) for p in ends for q in ends]
        met = {line.index for line in sm.lines for p, q in segments if meeting(p, q, line.points) is not None}
        assert met <= asked
        k = sm.plane.scale
        for line in square_map.near(sm, a, b, sm.lines):
            x0, y0, x1, y1 = (v / k for v in line.box)
            assert x0 <= max(a[0], b[0]) + 1 and x1 >= min(a[0], b[0]) and y0 <= max(a[1], b[1]) + 1 \
                and y1 >= min(a[1], b[1])


def test_the_drawn_board_is_sized_or_grown_around_the_pieces():
    """A sized board is its squares; without a size, the default 12 x 9 grows to leave two squares around a piece."""
    assert len(square_cells.cells({"cols": 4, "rows": 3}, [])) == 12
    cells = square_cells.cells({"cols": None, "rows": None}, [(14, 0)])
    assert (16, 0) in cells and (-1, 0) not in cells and len(cells) == 17 * 9 + 17 * 2


def test_a_long_slanting_wall_is_listed_by_the_squares_along_it():
    """A wall from (-900, -900) to (900, 900) among 30 short ones: the lookup by square lists it by the few squares
    each column it passes (not the 1,800 x 1,800 of its rectangle), and a square it runs through finds it."""
    walls = [{"points": [[-900, -900], [900, 900]], "kind": "wall"}]
    walls += [{"points": [[i, 0], [i, 1]], "kind": "wall"} for i in range(30)]
    sm = square_map.read(clean({"grid": "square", "attacker": [0, 5], "target": [5, -5], "walls": walls}))
    index = sm.table.index
    assert sum(0 in at for at in index.values()) < 4 * 1800
    assert 0 in index[(400, 400)] and 0 not in index.get((400, 410), [])
    assert [line.index for line in square_map.along(sm, (-3, 3), (3, -3))][:1] == [0]


def test_a_light_is_read_alike_in_the_plane_and_in_fractions():
    """The map's plane scales grid units to whole numbers, which keeps every crossing: a light's reach is the same
    answer either way, for every square of the room, shaded by a wall or not."""
    sm = square_map.read(clean({**room(), "attacker": [1, 2], "target": [8, 2]}))
    light = sm.lights[0]
    for square in [(c, r) for c in range(12) for r in range(6)]:
        assert square_cells.lit(light, square, sm.lines, sm.plane) == square_cells.lit(light, square, sm.lines), square


def test_a_light_off_the_planes_points_is_read_in_fractions():
    """A light at a point the plane's scale was not made for (1/256 of a square, no wall there) is still read, the
    same answer as without the plane."""
    sm = square_map.read(clean({**room(), "attacker": [1, 2], "target": [8, 2]}))
    light = dataclasses.replace(sm.lights[0], at=(Fraction(8), Fraction(1025, 256)))
    assert square_cells.lit(light, (8, 4), sm.lines, sm.plane) == square_cells.lit(light, (8, 4), sm.lines)
