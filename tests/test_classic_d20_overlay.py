"""pycore.systems.classic_d20.overlay: where to stand, each entry equal to evaluate with the piece moved there."""

import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from overlay_cases import check_overlay as check_any_overlay
from strategies import square_maps

from pycore import SYSTEMS, evaluate
from pycore.geometry.hexgrid import ODD, Hex, rectangle
from pycore.systems.classic_d20.corner_lines import Lines
from pycore.systems.classic_d20.hex_map import board_of, reading
from pycore.systems.classic_d20.overlay import drawn_cells, guarding, key, key_of


def moved(scenario, moving, qr):
    """The scenario with the piece standing on ``qr`` and no overlay: what the entry must equal."""
    s = copy.deepcopy(scenario)
    s.pop("overlay", None)
    s["map"][moving] = list(qr)
    return s


def check_overlay(scenario, moving):
    s = {**copy.deepcopy(scenario), "overlay": moving}
    result = evaluate(s)
    overlay = result["overlay"]
    assert overlay["moving"] == moving
    m = scenario["map"]
    taken = {tuple(item["hex"]) for item in [*m.get("obstacles", []), *m.get("creatures", [])]}
    other = tuple(m["target" if moving == "attacker" else "attacker"])
    hexes = [tuple(e["hex"]) for e in overlay["hexes"]]
    assert len(hexes) == len(set(hexes)) and not (set(hexes) & (taken | {other}))
    assert tuple(m[moving]) in hexes
    for entry in overlay["hexes"]:
        alone = evaluate(moved(scenario, moving, entry["hex"]))
        assert (entry["targetable"], entry["hit_chance"], entry["hit_chance_exact"], entry["cover"]) == \
            (alone["targetable"], alone["hit_chance"], alone["hit_chance_exact"], alone["cover"]), entry["hex"]
    return overlay


def test_overlay_on_a_small_board_with_a_wall():
    """A 6 x 4 board: every free hex is listed (24 hexes less the wall and the other piece), the hex right behind
    the wall is in 90% cover, and the entry where the target stands is the answer itself."""
    scenario = {"system": "classic-d20", "attack": {"to_hit": 15}, "target": {"ac": 5},
                "map": {"cols": 6, "rows": 4, "attacker": [0, 1], "target": [4, 1], "obstacles": [{"hex": [2, 1]}]}}
    overlay = check_overlay(scenario, "target")
    assert len(overlay["hexes"]) == 24 - 2
    by_hex = {tuple(e["hex"]): e for e in overlay["hexes"]}
    assert by_hex[(4, 1)]["cover"] == 90 and by_hex[(4, 1)]["hit_chance_exact"] == "1/20"
    assert by_hex[(5, 1)]["cover"] == 90
    assert by_hex[(1, 0)]["cover"] == 0 and by_hex[(1, 0)]["hit_chance_exact"] == "11/20"
    check_overlay(scenario, "attacker")


board_sizes = st.tuples(st.integers(3, 9), st.integers(3, 8))


@st.composite
def maps(draw):
    cols, rows = draw(board_sizes)
    cells = [h.qr for h in rectangle(cols, rows, ODD)]
    n = draw(st.integers(2, min(len(cells), 14)))
    spots = draw(st.permutations(cells))[:n]
    sides = draw(st.lists(st.sampled_from(["attacker", "target"]), min_size=n, max_size=n))
    walls = draw(st.integers(0, n - 2))
    heights = draw(st.lists(st.tuples(st.sampled_from(cells), st.sampled_from([-3, 2, 3, 5, 10])), max_size=5))
    m = {"cols": cols, "rows": rows, "attacker": list(spots[0]), "target": list(spots[1]),
         "obstacles": [{"hex": list(h)} for h in spots[2:2 + walls]],
         "creatures": [{"hex": list(h), "side": side} for h, side in zip(spots[2 + walls:], sides)],
         "elevation": [{"hex": list(h), "height": z} for h, z in dict(heights).items()]}
    target = {"ac": draw(st.integers(-5, 10)), "speaking": draw(st.booleans()), "invisible": draw(st.booleans())}
    rulings = {"d20.ruling.map-cover": draw(st.sampled_from(["down", "up"])),
               "d20.ruling.map-protectors": draw(st.sampled_from(["adjacent", "none"])),
               "d20.ruling.map-terrain": draw(st.sampled_from(["read", "higher-only"]))}
    return {"system": "classic-d20", "attack": {"to_hit": draw(st.integers(5, 20))}, "target": target, "map": m,
            "rulings": rulings}


@settings(max_examples=40, deadline=None)
@given(maps(), st.sampled_from(["target", "attacker"]))
def test_every_entry_is_evaluate_with_the_piece_moved(scenario, moving):
    check_overlay(scenario, moving)


def test_overlay_without_a_board_size_covers_the_drawn_board():
    """Without a size the drawing is the 12 x 9 board grown around the pieces: the overlay lists its free hexes."""
    scenario = {"system": "classic-d20", "attack": {"to_hit": 12}, "target": {"ac": 4},
                "map": {"attacker": [-3, 2], "target": [6, 4], "obstacles": [{"hex": [1, 3]}],
                        "creatures": [{"hex": [7, 4], "side": "target"}]}}
    overlay = check_overlay(scenario, "attacker")
    assert len(overlay["hexes"]) >= 12 * 9 - 3


def test_overlay_near_the_coordinate_limit_keeps_within_it():
    """Pieces at the +-999 corner of an unbounded map: the drawing grows past it, but the overlay lists only hexes a
    single evaluation accepts (each coordinate within -999..999), as d6 Skirmish's does, and each entry is that
    evaluation."""
    scenario = {"system": "classic-d20", "attack": {"to_hit": 12}, "target": {"ac": 4},
                "map": {"attacker": [999, -999], "target": [996, -997], "obstacles": [{"hex": [998, -998]}]}}
    s = {**copy.deepcopy(scenario), "overlay": "target"}
    result = evaluate(s)
    hexes = [tuple(e["hex"]) for e in result["overlay"]["hexes"]]
    unsized = {**scenario["map"], "cols": None, "rows": None, "creatures": []}
    drawn = drawn_cells(unsized, Hex.axial(999, -999), Hex.axial(996, -997))
    beyond = [h for h in drawn if max(abs(h.q), abs(h.r)) > 999]
    assert beyond and hexes
    assert all(-999 <= q <= 999 and -999 <= r <= 999 for q, r in hexes)
    assert len(hexes) == len(drawn) - len(beyond) - 2   # less the wall and the attacker
    check_overlay(scenario, "target")
    check_overlay(scenario, "attacker")


def test_overlay_where_a_line_gets_through_every_broken_corner_line():
    """Attacker [0, 0], target [8, -4], walls [1, 0] and [3, -2]: all 36 corner lines broken but a line gets through
    (ruling d20.ruling.map-line-through): 90% cover at the target's own hex in the overlay too, and every entry is
    the single evaluation with the piece moved, seen from either piece."""
    scenario = {"system": "classic-d20", "attack": {"to_hit": 15}, "target": {"ac": 5},
                "map": {"attacker": [0, 0], "target": [8, -4], "obstacles": [{"hex": [1, 0]}, {"hex": [3, -2]}]}}
    for moving in ("target", "attacker"):
        overlay = check_overlay(scenario, moving)
        here = next(e for e in overlay["hexes"] if e["hex"] == scenario["map"][moving])
        assert here["cover"] == 90 and here["hit_chance_exact"] == "1/20"


def big_map(seed):
    """40 x 40 hexes, 200 walls and 20 creatures, placed at random."""
    rng = random.Random(seed)
    picked = rng.sample(rectangle(40, 40, ODD), 222)
    return {"system": "classic-d20", "attack": {"to_hit": 15}, "target": {"ac": 5},
            "map": {"cols": 40, "rows": 40, "attacker": list(picked[0].qr), "target": list(picked[1].qr),
                    "obstacles": [{"hex": list(h.qr)} for h in picked[2:202]],
                    "creatures": [{"hex": list(h.qr), "side": rng.choice(["attacker", "target"])} for h in picked[202:]]}}


def test_the_big_overlay_agrees_with_moved_evaluations_on_a_sample():
    scenario = big_map(11)
    overlay = evaluate({**copy.deepcopy(scenario), "overlay": "target"})["overlay"]
    assert len(overlay["hexes"]) == 1600 - 221
    for entry in random.Random(3).sample(overlay["hexes"], 40):
        alone = evaluate(moved(scenario, "target", entry["hex"]))
        assert (entry["cover"], entry["hit_chance_exact"]) == (alone["cover"], alone["hit_chance_exact"])


@settings(max_examples=60, deadline=None)
@given(maps(), st.sampled_from(["target", "attacker"]))
def test_every_hex_reads_the_key_its_full_reading_gives(scenario, moving):
    """Each hex's key, read with the lines from the piece that stays, is the key of its full reading there."""
    clean = SYSTEMS["classic-d20"].inputs.validate({**scenario, "overlay": moving})
    attacker, target, board = board_of(clean["map"])
    stays = target if moving == "attacker" else attacker
    lines = Lines(board.blockers, stays)
    speaking = clean["target"]["speaking"] or clean["attacker"]["speaking"]
    for h in drawn_cells(clean["map"], attacker, target):
        if h in board.blockers or h == stays:
            continue
        a, t = (attacker, h) if moving == "target" else (h, target)
        assert key_of(a, t, board, clean["rulings"], lines, speaking, guarding(board)) == \
            key(reading(a, t, board, clean["rulings"]), speaking), h


@settings(max_examples=40, deadline=None)
@given(square_maps("classic-d20"))
def test_on_square_maps_every_entry_equals_evaluate(s):
    """On small square maps with walls, doors, outlines and low walls, the overlay lists the drawn board's free
    squares, each entry evaluate's own answer with the piece moved there."""
    check_any_overlay(s, every=3)
