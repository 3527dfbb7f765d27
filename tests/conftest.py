"""Shared fixture: the site, built once per test session."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser.support import build_site


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole site, built once per test session."""
    return build_site(tmp_path_factory.mktemp("site"))
