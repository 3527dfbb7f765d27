"""pycore.systems.enchanted_realms.strays: the line of fire and the eight numbered stray hexes."""

from __future__ import annotations

from fractions import Fraction

from enchanted_realms_cases import errors_of, run, slot_hexes

from pycore.geometry.hexgrid import Hex
from pycore.systems import enchanted_realms as er
from pycore.systems.enchanted_realms.strays import cross, line_of_fire, pick_side, stray_layout

RULINGS = {"er.ruling.edge-side": "right", "er.ruling.slot-order": "shooter-clockwise",
           "er.ruling.attacker-hex": "empty", "er.ruling.front-behind-shooter": "empty"}


def test_cross_says_which_side():
    """Right of the line (map with y down) is positive, left negative, on the line zero."""
    a, b = Hex.axial(0, 0), Hex.axial(4, 0)
    assert cross(a, b, Hex.axial(1, 1)) > 0 > cross(a, b, Hex.axial(1, -1)) and cross(a, b, Hex.axial(2, 0)) == 0


def test_pick_side_only_when_they_differ():
    """Equal resolutions are no tie; different ones are resolved to the asked side."""
    a, b = Hex.axial(0, 0), Hex.axial(4, 0)
    assert pick_side(a, b, Hex.axial(1, 0), Hex.axial(1, 0), "right") == (Hex.axial(1, 0), False)
    right, left = Hex.axial(1, 1), Hex.axial(1, -1)
    assert pick_side(a, b, left, right, "right") == (right, True)
    assert pick_side(a, b, left, right, "left") == (left, True)


def test_straight_line_of_fire():
    """Along a row the line is every hex between, with no edge tie."""
    line, tie = line_of_fire(Hex.axial(0, 0), Hex.axial(4, 0), "right")
    assert [h.qr for h in line] == [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)] and not tie


def test_eight_stray_hexes_numbered_from_the_front():
    """1 is 10 ft (2 hexes) in front of the target, 2-7 the six around it clockwise from the attacker's side,
    8 is 10 ft behind (rule text 000, ruling er.ruling.slot-order)."""
    layout = stray_layout(Hex.axial(0, 0), Hex.axial(4, 0), RULINGS)
    assert [s.number for s in layout.slots] == list(range(1, 9))
    assert layout.slots[0].hex.qr == (2, 0) and layout.slots[0].place == "front"
    assert layout.slots[-1].hex.qr == (6, 0) and layout.slots[-1].place == "behind"
    assert layout.slots[1].hex.qr == (3, 0)
    assert {s.place for s in layout.slots[1:7]} == {"adjacent"} and not layout.attacker_slot


def test_stray_hexes_six_around_plus_10_ft_in_front_and_behind():
    """Attacker [0, 0], target [4, 0]: 1 = [2, 0] (10 ft in front), 2..7 clockwise from [3, 0], 8 = [6, 0] (10 ft behind)."""
    result = run(blind_shot=True)
    assert slot_hexes(result) == {1: (2, 0), 2: (3, 0), 3: (4, -1), 4: (5, -1), 5: (5, 0), 6: (4, 1), 7: (3, 1), 8: (6, 0)}
    places = [s["place"] for s in result["friendly_fire"]["slots"]]
    assert places == ["front"] + ["adjacent"] * 6 + ["behind"]
    assert [s["number"] for s in result["friendly_fire"]["slots"]] == list(range(1, 9))
    assert result["friendly_fire"]["empty_faces"] == [9, 10]
    assert result["line_of_fire"] == [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]]


def test_grid_slot_order():
    """Ruling er.ruling.slot-order "grid": 1..6 in direction order from [q+1, r], then front, then behind."""
    result = run(blind_shot=True, rulings={"er.ruling.slot-order": "grid"})
    assert slot_hexes(result) == {1: (5, 0), 2: (5, -1), 3: (4, -1), 4: (3, 0), 5: (3, 1), 6: (4, 1), 7: (2, 0), 8: (6, 0)}


def test_front_and_behind_are_exactly_two_hexes_from_the_target():
    """For every direction and distance up to 6, the front and behind hexes are 10 ft (2 hexes) from the target."""
    from pycore.geometry.hexgrid import Hex, distance, spiral
    a = Hex.axial(0, 0)
    for b in spiral(a, 6)[1:]:
        for side in ("right", "left"):
            layout = er.stray_layout(a, b, {"er.ruling.edge-side": side, "er.ruling.slot-order": "shooter-clockwise",
                                            "er.ruling.attacker-hex": "empty", "er.ruling.front-behind-shooter": "empty"})
            hexes = [s.hex for s in layout.slots]
            assert len(set(hexes)) == 8 and b not in hexes
            assert [distance(h, b) for h in hexes] == [2, 1, 1, 1, 1, 1, 1, 2]
            front, behind = hexes[0], hexes[-1]
            assert distance(front, a) < distance(behind, a)


def test_line_along_an_edge_takes_the_attackers_right_by_default():
    """Target [4, -1] from [0, 0]: the 10 ft hexes fall on edges; right gives [2, 0] and [6, -1], left [2, -1] and [6, -2]."""
    right = run(target={"hex": [4, -1]}, blind_shot=True)
    assert slot_hexes(right)[1] == (2, 0) and slot_hexes(right)[8] == (6, -1)
    assert "er.ruling.edge-side" in right["rulings_used"]
    left = run(target={"hex": [4, -1]}, blind_shot=True, rulings={"er.ruling.edge-side": "left"})
    assert slot_hexes(left)[1] == (2, -1) and slot_hexes(left)[8] == (6, -2)
    straight = run(blind_shot=True)
    assert "er.ruling.edge-side" not in straight["rulings_used"]


def test_edge_side_also_picks_where_clockwise_numbering_starts():
    """Target [1, 1] (a diagonal, 10 ft away): the hex toward the attacker is [0, 1] on the right, [1, 0] on the left."""
    assert slot_hexes(run(target={"hex": [1, 1]}, blind_shot=True))[2] == (0, 1)
    assert slot_hexes(run(target={"hex": [1, 1]}, blind_shot=True, rulings={"er.ruling.edge-side": "left"}))[2] == (1, 0)


def test_attacker_10_ft_away_front_hex_is_the_attackers_own_hex():
    """Target 2 hexes away: the hex 10 ft in front is the attacker's; by default it counts as empty."""
    result = run(target={"hex": [2, 0]}, blind_shot=True)
    first = result["friendly_fire"]["slots"][0]
    assert first["hex"] == [0, 0] and first["blocked"] == "attacker" and first["occupant"] is None
    assert "er.ruling.attacker-hex" in result["rulings_used"]


def test_adjacent_attacker_own_hex_and_the_hex_behind_the_attacker():
    """Target next to the attacker: the attacker's hex is a stray hex and the front hex lies behind the attacker."""
    others = [{"name": "Bram", "hex": [-1, 0], "defense": 1}]
    result = run(target={"hex": [1, 0]}, blind_shot=True, others=others)
    slots = result["friendly_fire"]["slots"]
    assert slots[0]["hex"] == [-1, 0] and slots[0]["blocked"] == "behind-shooter"
    assert slots[1]["hex"] == [0, 0] and slots[1]["blocked"] == "attacker"
    assert result["friendly_fire"]["struck_chance"]["Bram"] == 0
    assert {"er.ruling.attacker-hex", "er.ruling.front-behind-shooter"} <= set(result["rulings_used"])
    counted = run(target={"hex": [1, 0]}, blind_shot=True, others=others,
                  rulings={"er.ruling.front-behind-shooter": "counts"})
    assert counted["friendly_fire"]["slots"][0]["occupant"] == "Bram"
    # Defense 1: every forward die strikes; 1/10 x (1 - (1/20)^1): a die misses the Defense 10 target on 1..9
    assert counted["friendly_fire"]["struck_chance_exact"]["Bram"] == str(Fraction(1, 10) * Fraction(9, 20))


def test_attacker_can_be_struck_under_the_ruling_and_needs_a_defense():
    """Ruling er.ruling.attacker-hex "struck": the attacker's hex holds "attacker", against attacker.defense."""
    assert errors_of(target={"hex": [1, 0]}, blind_shot=True, rulings={"er.ruling.attacker-hex": "struck"}) == {
        "attacker.defense": "is required: the attacker's hex is a stray hex and ruling er.ruling.attacker-hex "
                            "lets the attacker be struck"}
    result = run(target={"hex": [1, 0]}, attacker={"defense": 12}, blind_shot=True,
                 rulings={"er.ruling.attacker-hex": "struck"})
    assert result["friendly_fire"]["slots"][1]["occupant"] == "attacker"
    # misses the Defense 10 target on raw 1..9; of those, raw + 2 >= 12 never: struck only... by none
    assert result["friendly_fire"]["struck_chance_exact"]["attacker"] == "0"
    low = run(target={"hex": [1, 0]}, attacker={"defense": 5}, blind_shot=True, rulings={"er.ruling.attacker-hex": "struck"})
    # raw 3..9 rolled forward reach 5..11 >= 5: 7 faces of 20
    assert low["friendly_fire"]["struck_chance_exact"]["attacker"] == str(Fraction(1, 10) * Fraction(7, 20))


def test_creatures_outside_the_stray_hexes_are_never_struck():
    """Only the eight hexes count: a creature 3 hexes away has chance 0 and no slot."""
    result = run(blind_shot=True, others=[{"name": "Far", "hex": [7, 0], "defense": 1}])
    far = result["friendly_fire"]["creatures"][0]
    assert far["slot"] is None and far["struck_chance_exact"] == "0" and far["can_be_struck"] is False


def _nearest_centres(p):
    """The hexes whose centres are nearest the exact cube point ``p`` (Euclidean distance, which cube coordinates keep
    up to a factor): one hex holds ``p``, two when it lies on their shared edge."""
    from pycore.geometry.hexgrid import Hex
    q0, r0 = round(p[0]), round(p[1])
    near = [Hex.axial(q, r) for q in range(q0 - 2, q0 + 3) for r in range(r0 - 2, r0 + 3)]
    dist = {h: (p[0] - h.q) ** 2 + (p[1] - h.r) ** 2 + (p[2] - h.s) ** 2 for h in near}
    best = min(dist.values())
    return [h for h in near if dist[h] == best]


def test_edge_side_decides_the_tie_where_the_edge_runs_along_the_old_nudge():
    """Attacker [9, 3], target [0, 0] (12 hexes; [3, 1], 4 hexes, is the same line): 10 ft in front is the point 2/12
    of the way back, (3/2, 1/2, -2), the middle of the edge between [2, 0] and [1, 1] (they differ by (1, -1), the
    direction a fixed (1, 1, -2) nudge runs along). Facing the target (west, a little north), [2, 0] lies north of the
    line: the right; [1, 1] the left. Behind, (-3/2, -1/2, 2) is the middle of the edge between [-1, -1] (right) and
    [-2, 0] (left)."""
    for attacker in (Hex.axial(9, 3), Hex.axial(3, 1)):
        right = stray_layout(attacker, Hex.axial(0, 0), RULINGS)
        left = stray_layout(attacker, Hex.axial(0, 0), {**RULINGS, "er.ruling.edge-side": "left"})
        assert (right.slots[0].hex.qr, right.slots[-1].hex.qr) == ((2, 0), (-1, -1))
        assert (left.slots[0].hex.qr, left.slots[-1].hex.qr) == ((1, 1), (-2, 0))
        assert right.tie and left.tie


def test_edge_side_decides_every_edge_midpoint_tie_in_both_rulings():
    """Every attacker within 12 hexes of a target: where the point 10 ft in front or behind lies on an edge (two hex
    centres equally near), "right" takes the hex on the attacker's right facing the target and "left" the other,
    both holding the point; elsewhere both take the one hex that holds it."""
    from pycore.geometry.hexgrid import Hex, distance, spiral
    b = Hex.axial(0, 0)
    ties = along_old_nudge = 0
    for a in spiral(b, 12)[1:]:
        n = distance(a, b)
        layouts = {side: stray_layout(a, b, {**RULINGS, "er.ruling.edge-side": side}) for side in ("right", "left")}
        for k, index in ((-2, 0), (2, -1)):
            p = tuple(Fraction(n * x + k * (x - y), n) for x, y in ((b.q, a.q), (b.r, a.r), (b.s, a.s)))
            holding = _nearest_centres(p)
            got = {side: layouts[side].slots[index].hex for side in layouts}
            if len(holding) == 1:
                assert got == {"right": holding[0], "left": holding[0]}
                continue
            ties += 1
            x, y = holding
            along_old_nudge += (x.q - y.q, x.r - y.r) in ((1, -1), (-1, 1))
            on_right = x if cross(a, b, x) > cross(a, b, y) else y
            assert got["right"] == on_right and got["left"] == (y if on_right == x else x), (a, k)
            assert layouts["right"].tie and layouts["left"].tie
    assert ties > 0 and along_old_nudge > 0
