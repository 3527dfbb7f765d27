"""The last-calls memo and the engine answers it speeds up: the same with and without remembered calls."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pycore.errors import ScenarioError
from pycore.geometry.hexgrid import Hex
from pycore.maps import hex_map
from pycore.maps.hex_map import board_cells
from pycore.memo import forget_all, recent_calls
from pycore.page import handler
from pycore.views import skirmish_d6 as d6view


def counted(size: int) -> tuple[Any, list[tuple[Any, ...]]]:
    """A remembered function that records each call it really makes."""
    made: list[tuple[Any, ...]] = []

    @recent_calls(size)
    def fn(*args: Any) -> tuple[Any, ...]:
        made.append(args)
        return ("answer", *args)

    return fn, made


def test_the_same_list_object_is_answered_from_memory():
    fn, made = counted(2)
    items = [{"hex": [1, 2]}]
    first = fn(items, 3)
    assert fn(items, 3) is first
    assert len(made) == 1


def test_an_equal_but_different_list_is_worked_out_again():
    """Lists match by identity only: comparing their content would cost what the memo saves."""
    fn, made = counted(2)
    fn([1, 2], "a")
    fn([1, 2], "a")
    assert len(made) == 2


@pytest.mark.parametrize("other", [1.0, True, "1"])
def test_scalars_match_by_value_and_type(other):
    fn, made = counted(4)
    fn(1)
    fn(1)
    assert len(made) == 1
    fn(other)
    assert len(made) == 2
    assert fn(other) == ("answer", other)


def test_only_the_last_calls_are_remembered():
    fn, made = counted(2)
    for x in ("a", "b", "c", "a"):
        fn(x)
    assert [m[0] for m in made] == ["a", "b", "c", "a"]
    fn("c")  # still remembered (one of the last two)
    assert len(made) == 4


def test_a_failing_call_is_not_remembered():
    calls = []

    @recent_calls(2)
    def fails(x: int) -> int:
        calls.append(x)
        raise ValueError(x)

    for _ in range(2):
        with pytest.raises(ValueError):
            fails(1)
    assert calls == [1, 1]


def test_forget_all_forgets():
    fn, made = counted(2)
    fn("a")
    forget_all()
    fn("a")
    assert len(made) == 2


# ---- the engine: remembered calls never change an answer ------------------------------------------------


def form_values(scenario: dict[str, Any]) -> dict[str, Any]:
    """What the page sends for a map scenario: every value as its control holds it (records as JSON text)."""
    system = handler.SYSTEMS[scenario["system"]]
    forget_all()
    clean = system.inputs.validate(scenario)
    values = handler.scenario_to_values(system.inputs, clean)
    values.pop("_alternative", None)
    out = {}
    for path, value in values.items():
        if path.startswith("obstacles."):
            continue  # the counted alternative's fields are disabled while the map is chosen
        out[path] = value if isinstance(value, (bool, str)) else str(value)
    return out


def ask(values: dict[str, Any], board: Any) -> dict[str, Any]:
    return json.loads(handler.handle(json.dumps({"op": "evaluate", "system": "skirmish-d6", "values": values, "board": board})))


@st.composite
def crowded_maps(draw: st.DrawFn) -> dict[str, Any]:
    """A valid d6 map scenario with up to 16 obstacles and 6 other creatures on a board of up to 12 x 12."""
    cols, rows = draw(st.integers(3, 12)), draw(st.integers(3, 12))
    cells = [list(h.qr) for h in board_cells(cols, rows)]
    n_obstacles = draw(st.integers(0, min(16, len(cells) - 2)))
    n_creatures = draw(st.integers(0, min(6, len(cells) - 2 - n_obstacles)))
    spots = draw(st.lists(st.sampled_from(cells), min_size=2 + n_obstacles + n_creatures,
                          max_size=2 + n_obstacles + n_creatures, unique_by=tuple))
    kinds = draw(st.lists(st.sampled_from(["partial", "total"]), min_size=n_obstacles, max_size=n_obstacles))
    sides = draw(st.lists(st.sampled_from(["attacker", "target"]), min_size=n_creatures, max_size=n_creatures))
    return {"system": "skirmish-d6", "attack": {"hits_on": draw(st.integers(2, 6))},
            "map": {"cols": cols, "rows": rows, "attacker": spots[0], "target": spots[1],
                    "obstacles": [{"hex": h, "kind": k} for h, k in zip(spots[2:], kinds)],
                    "creatures": [{"hex": h, "side": side} for h, side in zip(spots[2 + n_obstacles:], sides)]}}


@settings(max_examples=40, deadline=None)
@given(crowded_maps(), st.randoms(use_true_random=False))
def test_editing_a_map_gives_the_answers_of_a_cold_engine(scenario, rnd: random.Random):
    """A sequence of edits: the attacker or the target moved (often onto a hex something else holds, or off
    the board), or an obstacle taken away or put back. Each warm reply (the engine remembering the calls of
    earlier edits) equals the reply of an engine that forgot everything."""
    values = form_values(scenario)
    m = scenario["map"]
    cells = [h.qr for h in board_cells(m["cols"], m["rows"])]
    forget_all()
    first = ask(values, True)
    assert first["state"] == "ready", first
    asked: Any = {"frame": first.get("board_frame"), "shown": dict(first.get("board_marks") or {})}
    removed: list[Any] = []
    for _ in range(8):
        obstacles = json.loads(values["map.obstacles"] or "[]")
        held = [tuple(item["hex"]) for key in ("map.obstacles", "map.creatures") for item in json.loads(values[key] or "[]")]
        edit = rnd.random()
        if edit < 0.2 and obstacles:
            removed.append(obstacles.pop(rnd.randrange(len(obstacles))))
            values = {**values, "map.obstacles": json.dumps(obstacles)}
        elif edit < 0.3 and removed:
            values = {**values, "map.obstacles": json.dumps(obstacles + [removed.pop()])}
        else:
            piece = rnd.choice(["map.attacker", "map.target"])
            q, r = rnd.choice(held + [(99, 99)]) if held and rnd.random() < 0.5 else rnd.choice(cells)
            values = {**values, piece: f"{q}, {r}"}
        warm = ask(values, asked)
        forget_all()
        cold = ask(values, asked)
        assert warm == cold
        for key, (digest, _cell, _glyphs) in (warm.get("board_patch") or {"cells": {}})["cells"].items():
            if digest:
                asked["shown"][key] = digest
            else:
                asked["shown"].pop(key, None)


def test_a_clash_with_a_remembered_obstacle_is_named_as_without_memory():
    """The target moved onto an obstacle the engine remembers: the same error as a cold engine gives."""
    values = {"attack.hits_on": "4", "map.cols": "12", "map.rows": "9", "map.attacker": "0, 0",
              "map.target": "5, 0", "map.obstacles": json.dumps([{"hex": [2, 0], "kind": "partial"}]),
              "map.creatures": "[]"}
    forget_all()
    assert ask(values, None)["state"] == "ready"
    moved = {**values, "map.target": "2, 0"}
    warm = ask(moved, None)
    assert warm["state"] == "error"
    assert warm["errors"] == [{"field": "map.obstacles.0.hex", "message": "hex 2, 0 is already taken by map.target"}]
    forget_all()
    assert ask(moved, None) == warm


def outcome(fn: Any, m: dict[str, Any]) -> Any:
    """What ``fn(m)`` returns, or the errors it raises."""
    try:
        return fn(m)
    except ScenarioError as exc:
        return exc.errors


@settings(max_examples=60, deadline=None)
@given(crowded_maps(), st.data())
def test_reading_a_map_from_memory_matches_reading_it_piece_by_piece(scenario, data):
    """``read`` answers from the remembered obstacles and creatures only when the attacker and the target
    clash with nothing; otherwise (and always in ``_read_slowly``) each piece is placed in turn."""
    m = dict(scenario["map"])
    held = [item["hex"] for key in ("obstacles", "creatures") for item in m[key]]
    cells = [list(h.qr) for h in board_cells(m["cols"], m["rows"])]
    spots = st.sampled_from(held + [m["attacker"], m["target"], [m["cols"] + 5, 0]] + cells)
    forget_all()
    for _ in range(4):
        m = {**m, "attacker": data.draw(spots), "target": data.draw(spots)}
        assert outcome(hex_map.read, m) == outcome(hex_map._read_slowly, m)


@settings(max_examples=60, deadline=None)
@given(crowded_maps(), st.data())
def test_the_board_shows_the_first_piece_put_on_each_hex(scenario, data):
    """Attacker and target first, then obstacles, then creatures: a later piece on a taken hex is not drawn
    (the form may hold such clashes while it shows an error)."""
    m = scenario["map"]
    held = [item["hex"] for key in ("obstacles", "creatures") for item in m[key]]
    if held:
        m["target"] = data.draw(st.sampled_from(held + [m["target"]]))
    if len(held) > 1:
        m["creatures"] = m["creatures"] + [{"hex": data.draw(st.sampled_from(held)), "side": "target"}]
    forget_all()
    expected: dict[Hex, str] = {}
    for key, kind in (("attacker", "attacker"), ("target", "target")):
        expected.setdefault(Hex.axial(*m[key]), kind)
    for item in m["obstacles"]:
        expected.setdefault(Hex.axial(*item["hex"]), item["kind"])
    for item in m["creatures"]:
        expected.setdefault(Hex.axial(*item["hex"]), f"creature creature-{item['side']}")
    for _ in range(2):  # cold, then from memory
        drawn = d6view.board(scenario, None)
        assert {h: piece.kind for h, piece in drawn.pieces} == expected
