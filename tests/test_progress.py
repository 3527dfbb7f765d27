"""Long work's progress: what a listener hears, how often, and that an overlay reports every cell as a step."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import pycore
from pycore import progress
from pycore.memo import forget_all


@pytest.fixture
def heard(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[int, int]]]:
    """Every report passed on, with no pause between two."""
    monkeypatch.setattr(progress, "PERIOD", 0.0)
    said: list[tuple[int, int]] = []
    progress.listen(lambda done, total: said.append((done, total)))
    yield said
    progress.listen(None)


def test_nobody_listening_costs_nothing_and_says_nothing() -> None:
    progress.listen(None)
    progress.working(3, 10)  # no listener: nothing to call, nothing raised
    assert list(progress.counted("abc")) == ["a", "b", "c"]


def test_counted_reports_each_step_before_it(heard: list[tuple[int, int]]) -> None:
    assert list(progress.counted(["x", "y", "z"])) == ["x", "y", "z"]
    assert heard == [(0, 3), (1, 3), (2, 3)]


def test_reports_closer_than_the_period_are_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    said: list[tuple[int, int]] = []
    clock = iter([10.0, 10.1, 10.3, 10.31])
    monkeypatch.setattr(progress.time, "monotonic", lambda: next(clock))
    progress.listen(lambda done, total: said.append((done, total)))
    try:
        for done in range(4):
            progress.working(done, 4)
    finally:
        progress.listen(None)
    # 10.0 passed (the first), 10.1 is 0.1 s later (dropped), 10.3 is 0.3 s after 10.0 (passed), 10.31 dropped
    assert said == [(0, 4), (2, 4)]


@pytest.mark.parametrize("system, extra", [
    ("skirmish-d6", {"attack": {"hits_on": 4}}),
    ("classic-d20", {"attack": {"to_hit": 15}, "target": {"ac": 5}}),
])
def test_a_square_overlay_reports_every_free_square(heard: list[tuple[int, int]], system: str,
                                                      extra: dict[str, object]) -> None:
    # an 8 x 8 board with the attacker and the target on it: the target may stand on any of the 63 squares the
    # attacker does not hold, each one step of the work
    m = {"grid": "square", "cols": 8, "rows": 8, "attacker": [0, 3], "target": [4, 3],
         "walls": [{"points": [[2, 0], [2, 5]]}]}
    forget_all()
    result = pycore.evaluate({"system": system, "map": m, "overlay": "target", **extra})
    squares = len(result["overlay"]["squares"])
    assert squares == 63
    assert heard == [(done, 63) for done in range(63)]


def test_a_hex_overlay_reports_its_hexes(heard: list[tuple[int, int]]) -> None:
    result = pycore.evaluate({"system": "skirmish-d6", "attack": {"hits_on": 4}, "overlay": "target",
                              "map": {"attacker": [0, 0], "target": [3, 0]}})
    hexes = len(result["overlay"]["hexes"])
    assert hexes > 1 and heard and heard[-1] == (hexes - 1, hexes)
