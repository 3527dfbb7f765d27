"""Shared fixtures and options: the site built once per run, markers from what a test uses, opt-in screenshots."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser.support import CHROMIUM_ARGS, SiteBuild, SiteServer, chromium_path

MARKERS = {"browser": "browser", "build": "built_site"}
"""Marker -> the fixture that earns it: a test using it (directly or through another fixture) gets the marker."""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--shots", action="store_true",
                     help="also run the screenshot tests (marked shots), which save pictures for a person to look at")
    parser.addoption("--shots-dir", metavar="DIR", default=None,
                     help="save screenshots under DIR/<test>/ instead of each test's temporary folder")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark each test by what it needs (``-m "not browser"`` runs without Chromium, ``-m "not build"`` without
    a build), and leave the screenshot tests out unless ``--shots`` asks for them.

    Tests that need no build run first (while the site builds in the background), then the groups that must stay
    in one process (the cross-engine tier's engines, the longest units), then the rest; `make test` keeps this
    order in pytest-xdist's queue (``--no-loadscope-reorder``)."""
    for item in items:
        used = set(getattr(item, "fixturenames", ()))
        for marker, fixture in MARKERS.items():
            if fixture in used:
                item.add_marker(marker)
    items.sort(key=lambda item: (item.get_closest_marker("build") is not None,
                                 item.get_closest_marker("xdist_group") is None))
    if config.getoption("--shots"):
        return
    kept = [item for item in items if item.get_closest_marker("shots") is None]
    if len(kept) < len(items):
        config.hook.pytest_deselected(items=[item for item in items if item.get_closest_marker("shots")])
        items[:] = kept


@pytest.fixture(scope="session")
def site_build(tmp_path_factory: pytest.TempPathFactory) -> SiteBuild:
    """The run's one build of the site (shared by pytest-xdist's processes through the run's temporary folder)."""
    run = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        run = run.parent  # each worker's temporary folder sits in the run's
    return SiteBuild(run)


@pytest.fixture(scope="session", autouse=True)
def _build_early(request: pytest.FixtureRequest, site_build: SiteBuild) -> None:
    """Start the site's build with the run's first test when some test of the run will need it."""
    if any(item.get_closest_marker("build") for item in request.session.items):
        site_build.start()


@pytest.fixture(scope="session")
def built_site(site_build: SiteBuild) -> Path:
    """The whole site, built once per test run; tests only read it (copy it to break it on purpose)."""
    return site_build.wait()


@pytest.fixture
def shots(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    """The folder a test saves its screenshots in: its own temporary folder, or ``--shots-dir``/<module>-<test>."""
    where = request.config.getoption("--shots-dir")
    if where is None:
        return tmp_path
    test = f"{request.node.path.stem}-{request.node.name}"  # test_home-test_screenshot-phone-light
    folder = Path(where).resolve() / re.sub(r"[^\w.-]+", "-", test).strip("-")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the session (the browser tests' and the cross-engine tier's); each test gets its own
    fresh context."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def server(built_site: Path) -> Iterator[SiteServer]:
    """The built site served on loopback for the whole session (browser tests and the cross-engine tier)."""
    srv = SiteServer(built_site)
    srv.start()
    yield srv
    srv.stop()
