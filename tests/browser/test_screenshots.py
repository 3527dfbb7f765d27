"""Screenshots of the calculators and a rulebook page, phone and desktop, light and dark, for a person to look at.

Opt-in (``--shots``, ``make shots``): each is saved in the test's own folder (the ``shots`` fixture). The test
fails when the page did not render as asked: the colour scheme not applied, the answer not ready, or the page
wider than the screen (test_fit.py checks the width on every run).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browser.support import CALCULATORS, INLINE_CALCULATOR, wait_settled

from pycore.page.handler import encode_fragment

pytestmark = pytest.mark.shots

SITUATIONS = {
    "skirmish-d6": {"system": "skirmish-d6", "light": "dim", "obstacles": {"partial": 1}, "attack": {"hits_on": 4}},
    "classic-d20": {"system": "classic-d20", "attack": {"to_hit": 15},
                    "target": {"ac": 5, "cover_example": "table", "protectors": 2, "invisible": True, "pinpointed": True},
                    "attacker": {"invisible": True}},
    "enchanted-realms": {"system": "enchanted-realms",
                         "attack": {"dice": 3, "modifier": 2, "rolls": [4, 9, 1], "d10": 2},
                         "target": {"defense": 15, "cover": "partial"}, "blind_shot": True,
                         "others": [{"name": "Bram", "hex": [5, 0], "defense": 12},
                                    {"name": "Wren", "hex": [3, 0], "defense": 10}]},
}
PAGES = {**{system: CALCULATORS[system] + "#s=" + encode_fragment(s) for system, s in SITUATIONS.items()},
         "rules-inline": INLINE_CALCULATOR}
SCREENS = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "desktop": {"viewport": {"width": 1280, "height": 1000}},
}
SCHEME_ATTRIBUTE = {"light": "default", "dark": "slate"}
"""The colour scheme asked for -> Material's ``data-md-color-scheme`` on the body."""


def _luminance(rgb: str) -> float:
    """Relative brightness 0..1 of a computed ``rgb(r, g, b)`` colour."""
    r, g, b = (int(v) for v in rgb[rgb.index("(") + 1:rgb.index(")")].split(",")[:3])
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("name", list(PAGES))
def test_screenshot(browser, server, watch, shots: Path, name, screen, scheme):
    """The page renders in the asked scheme, answers, fits the screen's width; its screenshot is saved."""
    ctx = browser.new_context(**SCREENS[screen], color_scheme=scheme)
    watch.attach(ctx)
    page = ctx.new_page()
    page.goto(server.url + PAGES[name])
    wait_settled(page)
    assert page.locator('.calc-output[data-state="ready"]').count() >= 1
    assert page.evaluate("document.body.dataset.mdColorScheme") == SCHEME_ATTRIBUTE[scheme]
    background = _luminance(page.evaluate("getComputedStyle(document.body).backgroundColor"))
    assert background > 0.8 if scheme == "light" else background < 0.3
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page is {overflow} px wider than the screen"
    page.screenshot(path=str(shots / f"{name}-{screen}-{scheme}.png"), full_page=True)
    ctx.close()
    watch.check()
