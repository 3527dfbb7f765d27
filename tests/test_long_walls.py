"""Long walls on square maps (``square_map.LineTable.pieces``): a wall of many points is asked about the pieces by
what is asked, and runs too short to wall two squares apart are not tried (``square_map._sealing``). Both only save
work: every answer, and every overlay, is the one the whole walls give."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pycore import evaluate
from pycore.maps import square_map
from pycore.memo import forget_all

ATTACKS = {"skirmish-d6": {"attack": {"hits_on": 4}}, "classic-d20": {"attack": {"to_hit": 12}, "target": {"ac": 5}}}
"""The two systems with square maps, each with an attack that has a number."""
SOLID = {"skirmish-d6": "total", "classic-d20": "wall"}
"""Each system's whole-square obstacle that stops lines."""


def whole_walls(monkeypatch: pytest.MonkeyPatch) -> None:
    """The straightforward reading: every wall asked about whole, every run tried."""
    monkeypatch.setattr(square_map, "LONG", 10 ** 9)
    monkeypatch.setattr(square_map, "_sealing", lambda wall_runs, scale: set(wall_runs.starts))


def both(scenario: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The result as the engine gives it, and with the whole walls (nothing remembered between the two)."""
    forget_all()
    fast = evaluate(scenario)
    with pytest.MonkeyPatch.context() as mp:
        whole_walls(mp)
        forget_all()
        plain = evaluate(scenario)
    forget_all()
    return fast, plain


def arc(cx: float, cy: float, r: float, start: float, span: float, points: int, wave: float) -> list[list[float]]:
    """A curved wall of ``points`` points to three decimals, as map makers draw caves (the bench's ``cave``)."""
    out = []
    for i in range(points):
        a = start + span * i / (points - 1)
        radius = r * (1 + wave * math.sin(5 * a))
        out.append([round(cx + radius * math.cos(a), 3), round(cy + radius * math.sin(a), 3)])
    return out


walls = st.lists(st.builds(
    lambda cx, cy, r, start, span, points, wave, kind: {"points": arc(cx, cy, r, start, span, points, wave),
                                                        "kind": kind},
    st.floats(1, 7), st.floats(1, 7), st.floats(0.6, 3.5), st.floats(0, 6.3), st.floats(0.5, 6.3),
    st.integers(9, 40), st.sampled_from([0, 0.15]), st.sampled_from(["wall", "wall", "object", "low", "window"])),
    min_size=1, max_size=4)
zigzags = st.lists(st.builds(
    lambda start, steps, kind: {"points": [[start[0] + i * 0.5, start[1] + (i % 2) * 0.5] for i in range(steps)],
                                "kind": kind},
    st.tuples(st.integers(0, 4), st.integers(0, 7)), st.integers(10, 14), st.sampled_from(["wall", "object"])),
    max_size=1)


@settings(max_examples=40, deadline=None)
@given(walls, zigzags, st.sampled_from(sorted(ATTACKS)),
       st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), min_size=2, max_size=4, unique=True),
       st.booleans(), st.sampled_from(["target", "attacker"]))
def test_long_walls_give_the_answers_the_whole_walls_give(curves, zigzag, system, spots, door, moving):
    """An 8 x 8 map of curved walls (9 to 40 points each, some of every kind) and a zigzag of half squares, with a
    door and a creature or an obstacle: the overlay of either piece, every square's answer, is the same read piece by
    piece as read whole."""
    m: dict[str, Any] = {"grid": "square", "cols": 8, "rows": 8, "attacker": list(spots[0]), "target": list(spots[1]),
                         "walls": curves + zigzag}
    if door:
        m["doors"] = [{"points": [[3, 0], [3, 1]], "open": False}]
    if len(spots) > 2:
        m["obstacles"] = [{"hex": list(spots[2]), "kind": SOLID[system]}]
    if len(spots) > 3:
        m["creatures"] = [{"hex": list(spots[3]), "side": "target"}]
    scenario = {"system": system, "map": m, "overlay": moving, **ATTACKS[system]}
    fast, plain = both(scenario)
    assert fast == plain


def test_a_cave_reads_the_same_piece_by_piece():
    """A 10 x 10 cave of four curved walls of 60 points (the bench's cave, smaller): both systems' target overlays,
    all 99 squares, are those of the whole walls; and the pieces asked about are fewer than the walls have (60 a
    wall, 59 pieces: the hull of two neighbouring squares meets a few of them)."""
    curves = [{"points": arc(3, 3, 2, 0, 5, 60, 0.15), "kind": "wall"},
              {"points": arc(7, 6, 2.5, 2, 4, 60, 0.15), "kind": "wall"},
              {"points": arc(5, 5, 3.5, 4, 3, 60, 0), "kind": "wall"},
              {"points": arc(2, 8, 1.5, 1, 6, 60, 0.15), "kind": "wall"}]
    m = {"grid": "square", "cols": 10, "rows": 10, "attacker": [0, 0], "target": [9, 9], "walls": curves}
    for system in sorted(ATTACKS):
        fast, plain = both({"system": system, "map": m, "overlay": "target", **ATTACKS[system]})
        assert fast == plain and len(fast["overlay"]["squares"]) == 99
    from pycore import SYSTEMS

    sm = square_map.read(SYSTEMS["skirmish-d6"].inputs.validate({"system": "skirmish-d6", "map": m})["map"])
    near = square_map.pieces_near(sm, (4, 4), (5, 4), sm.lines)
    assert all(line.long for line in sm.lines)
    assert sum(len(p or ()) for p in near) < 4 * 59
