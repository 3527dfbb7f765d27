"""Screenshots of the maps at the table, phone and desktop, light and dark, for a person to look at.

Opt-in (``--shots``, ``make shots``), saved in the test's own folder (the ``shots`` fixture): the d6 hex board as
the calculator opens it on the map, an imported export with its picture and its door closed and then opened by a
tap, and Classic d20's 16 corner lines on a square map with a wall breaking half of them. The test fails when the
page did not answer as asked or is wider than the screen.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browser.support import READY_TIMEOUT, full_calculator, wait_settled, wait_state

from pycore.page.handler import encode_fragment

pytestmark = pytest.mark.shots

SCREENS = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "desktop": {"viewport": {"width": 1280, "height": 1000}},
}
ROOM = Path(__file__).parent.parent / "maps" / "room.dd2vtt"
"""A small Universal VTT export with a picture, four walls, a door and a light."""
D20_LINES = {"system": "classic-d20", "attack": {"to_hit": 15}, "target": {"ac": 5},
             "map": {"grid": "square", "cols": 6, "rows": 3, "attacker": [0, 1], "target": [4, 1],
                     "walls": [{"points": [[2, 0], [2, 1.5]]}]}}
"""A wall from the top to the middle of the row breaks 8 of the 16 corner lines: 50% cover."""


def _fits(page) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page is {overflow} px wider than the screen"


def _board_shot(calc, path: Path) -> None:
    board = calc.locator(".calc-board")
    board.scroll_into_view_if_needed()
    board.screenshot(path=str(path))


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_hex_board_and_imported_doors(browser, server, watch, shots: Path, screen, scheme):
    """The d6 hex board as opened on the map; the room's export imported, its door closed, then opened by a tap."""
    ctx = browser.new_context(**SCREENS[screen], color_scheme=scheme)
    watch.attach(ctx)
    page = ctx.new_page()
    page.goto(server.url + "calculator/skirmish-d6/")
    calc = full_calculator(page, "skirmish-d6")
    wait_state(calc, "ready")
    calc.locator('input[data-role="alternative"][value="map"]').check()
    calc.locator('.calc-board g.hex[data-piece="attacker"]').wait_for(timeout=READY_TIMEOUT)
    wait_settled(page)
    _fits(page)
    _board_shot(calc, shots / f"hex-board-{screen}-{scheme}.png")
    calc.locator('[data-role="import-file"]').set_input_files(str(ROOM))
    door = calc.locator('.calc-board g.door[data-door="0"]')
    door.wait_for(timeout=READY_TIMEOUT)
    wait_settled(page)
    assert "door--closed" in (door.get_attribute("class") or "").split()
    _fits(page)
    _board_shot(calc, shots / f"imported-door-closed-{screen}-{scheme}.png")
    door.tap() if screen == "phone" else door.click()
    calc.locator('.calc-board g.door--open[data-door="0"]').wait_for(timeout=READY_TIMEOUT)
    wait_settled(page)
    _board_shot(calc, shots / f"imported-door-open-{screen}-{scheme}.png")
    page.screenshot(path=str(shots / f"imported-page-{screen}-{scheme}.png"), full_page=True)
    ctx.close()
    watch.check()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_classic_d20_corner_lines(browser, server, watch, shots: Path, screen, scheme):
    """Classic d20's 16 lines on squares, 8 broken by the wall, with the answer that counts them."""
    ctx = browser.new_context(**SCREENS[screen], color_scheme=scheme)
    watch.attach(ctx)
    page = ctx.new_page()
    page.goto(server.url + "calculator/classic-d20/#s=" + encode_fragment(D20_LINES))
    calc = full_calculator(page, "classic-d20")
    wait_state(calc, "ready")
    wait_settled(page)
    assert "8 of 16 corner lines broken" in calc.locator(".calc-facts").inner_text()
    _fits(page)
    _board_shot(calc, shots / f"d20-lines-board-{screen}-{scheme}.png")
    calc.locator(".calc-output").screenshot(path=str(shots / f"d20-lines-answer-{screen}-{scheme}.png"))
    ctx.close()
    watch.check()
