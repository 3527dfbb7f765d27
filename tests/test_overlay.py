"""pycore.maps.overlay: the hexes a piece could stand on, and entries made from an answer."""

from pycore.geometry.hexgrid import Hex
from pycore.maps.overlay import each_hex, each_square, entry, overlay_result, square_overlay_result, standing_hexes


def test_standing_hexes_leave_out_taken_hexes_and_the_range():
    cells = [Hex.axial(q, 0) for q in range(-2, 3)]
    assert standing_hexes(cells, [Hex.axial(0, 0)], 1) == [Hex.axial(-1, 0), Hex.axial(1, 0)]


def test_entry_copies_the_contract_keys_and_the_cover_key():
    result = {"targetable": True, "hit_chance": 0.5, "hit_chance_exact": "1/2", "cover_level": 1, "other": 3}
    assert entry(Hex.axial(2, -1), result, ("cover_level",)) == {
        "hex": [2, -1], "targetable": True, "hit_chance": 0.5, "hit_chance_exact": "1/2", "cover_level": 1}


def test_each_hex_answers_every_hex_in_order():
    def answer(h):
        return {"targetable": h.q > 0, "hit_chance": 0.0, "hit_chance_exact": "0", "cover": "none"}

    hexes = [Hex.axial(q, 0) for q in (1, -1)]
    got = overlay_result("target", each_hex(hexes, answer, ("cover",)))
    assert got["moving"] == "target" and [e["targetable"] for e in got["hexes"]] == [True, False]


def test_each_square_answers_every_square_in_order_under_its_square_key():
    """On a square map each entry names its ``square`` and the list is ``squares`` (the contract's square form)."""
    def answer(c):
        return {"targetable": c[0] > 0, "hit_chance": 0.0, "hit_chance_exact": "0", "cover": 25, "other": 1}

    got = square_overlay_result("attacker", each_square([(1, 2), (-1, 0)], answer, ("cover",)))
    assert got == {"moving": "attacker", "squares": [
        {"square": [1, 2], "targetable": True, "hit_chance": 0.0, "hit_chance_exact": "0", "cover": 25},
        {"square": [-1, 0], "targetable": False, "hit_chance": 0.0, "hit_chance_exact": "0", "cover": 25}]}
