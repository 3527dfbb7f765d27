"""pycore.systems.enchanted_realms.strays: the line of fire and the eight numbered stray hexes."""

from pycore.hexgrid import Hex
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
