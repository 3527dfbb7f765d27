"""Browser fixtures: each test's context watched (the session's Chromium and served site are in tests/conftest.py)."""

from __future__ import annotations

import pytest
from browser.support import PHONE, Watch


@pytest.fixture
def watch() -> Watch:
    """Collects what the page did; checked after the test."""
    return Watch()


@pytest.fixture
def context(request: pytest.FixtureRequest, browser, watch: Watch):
    """A fresh browser context (own cache and storage) watched for foreign requests and errors. Service workers are
    blocked (the site's would store all of it in the background of every test) unless the test is marked offline."""
    offline = request.node.get_closest_marker("offline") is not None
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="allow" if offline else "block")
    watch.attach(ctx)
    yield ctx
    ctx.close()
    watch.check()


@pytest.fixture
def page(context):
    """A fresh page in a watched context."""
    return context.new_page()


@pytest.fixture
def phone(browser, watch):
    """A page on a 390 x 844 touch screen, watched like every other (a file may ask for its own context instead)."""
    ctx = browser.new_context(**PHONE)
    watch.attach(ctx)
    yield ctx.new_page()
    ctx.close()
    watch.check()
