"""Screenshots of the overlay, phone and desktop, light and dark, for a person to look at.

Opt-in (``--shots``, ``make shots``), saved in the test's own folder (the ``shots`` fixture): the d6 map shaded
for the target with creatures on both sides (so the everyone-against-everyone table shows too), a hex focused, and
the rulebook's overlay diagram; then the same for the Classic d20 map (``overlay-d20-*``). The test fails when the
page did not answer or is wider than the screen.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browser.support import wait_settled

from pycore.page.handler import encode_fragment

pytestmark = pytest.mark.shots

SCENARIO = {"system": "skirmish-d6", "attack": {"hits_on": 4}, "overlay": "target", "pairings": True,
            "map": {"cols": 8, "rows": 5, "attacker": [0, 2], "target": [6, 2],
                    "obstacles": [{"hex": [2, 1], "kind": "partial"}, {"hex": [3, 2], "kind": "total"},
                                  {"hex": [2, 3], "kind": "partial"}],
                    "creatures": [{"hex": [0, 4], "side": "attacker"}, {"hex": [5, 3], "side": "target"}]}}
D20 = {"system": "classic-d20", "attack": {"to_hit": 15}, "target": {"ac": 5}, "overlay": "target",
       "map": {"cols": 8, "rows": 5, "attacker": [0, 2], "target": [5, 2],
               "obstacles": [{"hex": [2, 2], "kind": "wall"}, {"hex": [2, 1], "kind": "wall"}],
               "creatures": [{"hex": [6, 2], "side": "target"}], "elevation": [{"hex": [0, 2], "height": 10}]}}
PAGES = {"calculator": "calculator/skirmish-d6/#s=" + encode_fragment(SCENARIO),
         "rulebook": "rules/skirmish-d6/map/#where-to-stand",
         "d20-calculator": "calculator/classic-d20/#s=" + encode_fragment(D20),
         "d20-rulebook": "rules/classic-d20/hex-map/#d20.map.overlay"}
SCREENS = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "desktop": {"viewport": {"width": 1280, "height": 1000}},
}


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("name", list(PAGES))
def test_overlay_screenshot(browser, server, watch, shots: Path, name, screen, scheme):
    """The shaded map answers and fits the screen; the board (a hex focused) and the whole page are saved."""
    ctx = browser.new_context(**SCREENS[screen], color_scheme=scheme)
    watch.attach(ctx)
    page = ctx.new_page()
    page.goto(server.url + PAGES[name])
    out = shots
    stem = "overlay-d20" if name.startswith("d20-") else "overlay"
    if name.endswith("calculator"):
        wait_settled(page)
        page.locator(".calc--full .calc-board g.hex[data-heat]").first.wait_for()
        page.locator('.calc--full .calc-board g.hex[data-hex="4,1"]').focus()
        page.locator(".calc--full .calc-board").screenshot(path=str(out / f"{stem}-board-{screen}-{scheme}.png"))
        page.locator(".calc--full .calc-output").screenshot(path=str(out / f"{stem}-panel-{screen}-{scheme}.png"))
    else:
        page.locator("figure.calc-diagram .overlay-legend").first.wait_for()
        page.locator("figure.calc-diagram").filter(has=page.locator(".overlay-legend")).first.screenshot(
            path=str(out / f"{stem}-diagram-{screen}-{scheme}.png"))
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page is {overflow} px wider than the screen"
    page.screenshot(path=str(out / f"overlay-{name}-{screen}-{scheme}.png"), full_page=True)
    ctx.close()
    watch.check()
