"""The browser tests' own Chromium switches, against the pinned Playwright, and the pages they rely on."""

from __future__ import annotations

import re
from pathlib import Path

import playwright
from browser.support import CHROMIUM_ARGS, DOCS, PLAYWRIGHT_DISABLED_FEATURES, QUIET_PAGE

BUNDLE = Path(playwright.__file__).parent / "driver" / "package" / "lib" / "coreBundle.js"


def playwright_disabled_features() -> set[str]:
    """The names in the pinned Playwright's own ``disabledFeatures`` list (its Chromium switches)."""
    text = BUNDLE.read_text(encoding="utf-8")
    found = re.search(r"disabledFeatures = \[(.*?)\]", text, re.S)
    assert found, f"{BUNDLE} no longer lists disabledFeatures: see PLAYWRIGHT_DISABLED_FEATURES"
    return {name for name in re.findall(r'^\s*"(\w+)"', found.group(1), re.M)}


def test_our_disable_features_keeps_playwrights():
    """Chromium keeps the last --disable-features only: ours holds every feature Playwright turns off."""
    ours = [arg for arg in CHROMIUM_ARGS if arg.startswith("--disable-features=")]
    assert len(ours) == 1
    names = set(ours[0].split("=", 1)[1].split(","))
    expected = playwright_disabled_features()
    assert len(expected) >= 10, expected
    assert expected <= names, f"add to PLAYWRIGHT_DISABLED_FEATURES: {sorted(expected - names)}"
    assert set(PLAYWRIGHT_DISABLED_FEATURES) <= names


def test_the_quiet_page_has_no_calculator():
    """QUIET_PAGE's source exists and places no calculator (a page that does starts an engine)."""
    source = DOCS / (QUIET_PAGE.rstrip("/") + ".md")
    assert source.is_file(), source
    assert "{{ calculator" not in source.read_text(encoding="utf-8")
