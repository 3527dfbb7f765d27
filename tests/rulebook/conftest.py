"""Fixtures for the plugin's modules: a page as MkDocs gives it, and a shortcode's context on it."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest
from repository import ROOT

from rulebook.shortcodes.context import Context, partials


def fake_page(uri: str = "rules/skirmish-d6/cover.md", url: str = "rules/skirmish-d6/cover/") -> Any:
    """What a shortcode reads of a page: its source path, its URL and its meta."""
    return SimpleNamespace(file=SimpleNamespace(src_uri=uri), url=url, meta={})


@pytest.fixture(scope="session")
def templates():
    """Our partials, as the plugin loads them."""
    return partials(ROOT / "templates")


@pytest.fixture
def context(templates) -> Callable[..., Context]:
    """A shortcode context on a page (``context(uri, url)``; the d6 cover page by default)."""

    def make(uri: str = "rules/skirmish-d6/cover.md", url: str = "rules/skirmish-d6/cover/") -> Context:
        return Context(page=fake_page(uri, url), templates=templates)

    return make
