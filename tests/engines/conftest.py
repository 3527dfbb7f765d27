"""Fixtures of the cross-engine tier: one browser per engine for the session (Chromium is the session's own)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from engines.drivers import DRIVERS, ENGINES, Driver, EngineMissing


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test of this folder is in the tier: ``-m "not engines"`` leaves it out. Under pytest-xdist
    (``--dist loadgroup``) one process runs all of an engine's tests, so each engine starts once per run."""
    for item in items:
        if Path(str(item.path)).parent == Path(__file__).parent:
            item.add_marker(pytest.mark.engines)
            callspec = getattr(item, "callspec", None)
            if callspec is not None and "engine" in callspec.params:
                item.add_marker(pytest.mark.xdist_group(f"engine-{callspec.params['engine']}"))


@pytest.fixture(scope="session", params=ENGINES)
def engine(request: pytest.FixtureRequest) -> Iterator[Driver]:
    """One browser of each engine for the session (per worker), closed at its end."""
    try:
        # Chromium runs in the session's browser: a second Playwright in one process is refused
        driver = DRIVERS["chromium"](request.getfixturevalue("browser")) if request.param == "chromium" \
            else DRIVERS[request.param]()
    except EngineMissing as missing:
        pytest.fail(str(missing))
    yield driver
    driver.close()


@pytest.fixture
def tab(engine: Driver) -> Iterator[Driver]:
    """The engine with a fresh browsing context (its own storage and cache), checked after the test."""
    engine.fresh()
    yield engine
    engine.check()
