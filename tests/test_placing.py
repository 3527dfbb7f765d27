"""Where an imported square map's attacker and target start (pycore.maps.placing): in one room, a few squares apart
and in sight of each other, off the rock around a dungeon."""

from __future__ import annotations

from squares_cases import room

from pycore.maps.placing import Standing, rooms, starting_squares


def _closed(points: list[list[float]]) -> dict:
    return {"points": points, "kind": "wall"}


def test_a_closed_door_keeps_two_rooms_apart_and_an_open_one_joins_them():
    """The hand-drawn room (10 x 6, an inner wall along x = 5 with a door in it, a pillar on square 7, 1): closed,
    the left room's 5 x 6 = 30 squares, the right one's 30 less the pillar's = 29, and the pillar's 1; open, the two
    rooms are one of 59 (the low wall along x = 3 from y = 3 only bends the left room's way round)."""
    shut, opened = room(), room(door_open=True)
    assert sorted(len(r) for r in rooms(shut, Standing(shut))) == [1, 29, 30]
    assert sorted(len(r) for r in rooms(opened, Standing(opened))) == [1, 59]


def test_the_pieces_start_in_the_cave_not_in_the_rock_around_it():
    """A 12 x 8 board with a cave walled from (2, 2) to (8, 6), its outline one long polyline: the rock around it
    (96 - 24 = 72 squares) reaches the board's edge, the cave's 6 x 4 = 24 squares do not, so the cave is chosen
    though smaller. Its middle is 4.5, 3.5; none of the four squares next to it has a square 4 along a row or a
    column inside the cave, and of the next ring 3, 3 comes first, with 7, 3 four along: attacker and target."""
    outline = [[2, 2], [5, 2], [8, 2], [8, 4], [8, 6], [5, 6], [2, 6], [2, 4], [2, 2]]
    m = {"cols": 12, "rows": 8, "walls": [_closed(outline)], "doors": [], "lights": []}
    assert sorted(len(r) for r in rooms(m, Standing(m))) == [24, 72]
    assert starting_squares(m) == ((3, 3), (7, 3))


def test_a_board_of_walled_off_squares_has_no_start():
    """3 x 3 squares with a wall along every inner grid line: nine rooms of one square each, no two squares in sight
    of each other in one room, so there is no start (the page asks for the pieces to be placed)."""
    lines = [[[1, 0], [1, 3]], [[2, 0], [2, 3]], [[0, 1], [3, 1]], [[0, 2], [3, 2]]]
    m = {"cols": 3, "rows": 3, "walls": [_closed(p) for p in lines], "doors": [], "lights": []}
    assert [len(r) for r in rooms(m, Standing(m))] == [1] * 9
    assert starting_squares(m) is None
