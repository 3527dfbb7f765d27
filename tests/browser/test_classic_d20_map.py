"""The Classic d20 hex map in real Chromium: placing pieces, cover read off the board, the overlay, heights from a
link, and screenshots (phone and desktop, light and dark; opt-in: ``--shots``) saved for a person to look at."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser.support import READY_TIMEOUT, full_calculator, scenario_in_url, wait_settled, wait_state
from playwright.sync_api import expect

from pycore.page.handler import encode_fragment

SITUATION = {"system": "classic-d20", "attack": {"to_hit": 15}, "target": {"ac": 5}, "overlay": "target",
             "map": {"cols": 8, "rows": 6, "attacker": [0, 2], "target": [5, 2],
                     "obstacles": [{"hex": [2, 2], "kind": "wall"}, {"hex": [2, 1], "kind": "wall"},
                                   {"hex": [4, 4], "kind": "wall"}],
                     "creatures": [{"hex": [6, 2], "side": "target"}, {"hex": [3, 4], "side": "attacker"}],
                     "elevation": [{"hex": [0, 2], "height": 10}]}}
SCREENS = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "desktop": {"viewport": {"width": 1280, "height": 1000}},
}


EMPTY_MAP = "#s=" + encode_fragment({"system": "classic-d20", "attack": {"to_hit": 15}, "target": {"ac": 5}, "map": {}})
"""A link to the hex map with nothing on it, and the page's own base numbers (switching to the map in the form lays
out what the form describes)."""


def open_map(page, server, fragment=""):
    """The Classic d20 calculator with the hex-map alternative chosen and the engine ready; without a link's
    fragment, an empty board."""
    page.goto(server.url + "calculator/classic-d20/" + (fragment or EMPTY_MAP))
    calc = full_calculator(page, "classic-d20")
    calc.locator('.calc-output[data-state]:not([data-state="loading"])').wait_for(timeout=READY_TIMEOUT)
    return calc


def hexcell(calc, key):
    return calc.locator(f'.calc-board g.hex[data-hex="{key}"]')


def test_clicks_place_pieces_and_a_wall_gives_cover(page, server):
    """Attacker, target, then a wall right between them: 34 of 36 lines broken, 90% cover, a natural 20 only."""
    calc = open_map(page, server)
    calc.locator('[data-path="attack.to_hit"]').fill("15")
    calc.locator('[data-path="target.ac"]').fill("5")
    calc.locator('[data-role="board-tools"] [data-tool="0"]').click()
    hexcell(calc, "0,1").click()
    calc.locator('[data-role="board-tools"] [data-tool="1"]').click()
    hexcell(calc, "4,1").click()
    calc.locator('[data-key="headline"]').filter(has_text="Hits on a natural 10+").wait_for()
    corner = calc.locator(".calc-board svg > line.hexboard-segment--corner")
    broken = calc.locator(".calc-board svg > line.hexboard-segment--broken")
    expect(corner).to_have_count(36)  # every line drawn, none broken
    expect(broken).to_have_count(0)
    calc.locator('[data-role="board-tools"] [data-tool="2"]').click()
    hexcell(calc, "2,1").click()  # a wall, with its tool
    calc.locator('[data-key="headline"]').filter(has_text="Hits only on a natural 20").wait_for()
    assert hexcell(calc, "2,1").get_attribute("data-piece") == "total wall"
    facts = calc.locator(".calc-facts").inner_text()
    assert "34 of 36 corner lines broken, 20 ft apart" in facts and "90%" in facts
    expect(corner).to_have_count(36)  # the lines the patch brought replace the old ones: 34 broken, as counted
    expect(broken).to_have_count(34)
    scenario = scenario_in_url(page)
    assert scenario["map"]["obstacles"] == [{"kind": "wall", "hex": [2, 1]}]
    assert "target" not in scenario or "cover" not in scenario.get("target", {})


def test_a_link_restores_the_map_heights_and_overlay(page, server):
    """A shared map link: pieces drawn, the height written on its hex, the protector marked, every free hex shaded
    by the overlay with its chance to hit."""
    calc = open_map(page, server, "#s=" + encode_fragment(SITUATION))
    wait_state(calc, "ready")
    assert calc.locator('input[data-role="alternative"][value="map"]').is_checked()
    assert hexcell(calc, "6,2").get_attribute("data-piece") == "creature creature-target"
    assert calc.locator(".mark--height").count() == 1 and calc.locator(".mark--height").text_content() == "+10 ft"
    assert calc.locator(".mark--protector").count() == 1
    shaded = calc.locator(".calc-board g.hex[data-heat]")
    assert shaded.count() == 8 * 6 - 7 + 1  # every free hex, and the target's own
    assert hexcell(calc, "5,2").get_attribute("aria-label").endswith("15% to hit, 90% cover")
    facts = calc.locator(".calc-facts").inner_text()
    assert "attacker higher, across a cliff face" in facts


def test_a_bad_height_names_the_field_and_the_page_keeps_working(page, server):
    bad = {**SITUATION, "map": {**SITUATION["map"], "elevation": [{"hex": [20, 20], "height": 5}]}}
    calc = open_map(page, server, "#s=" + encode_fragment(bad))
    wait_state(calc, "error")
    error = calc.locator('[data-error-for="map.elevation.0.hex"]')  # beside that height's row in the list
    error.wait_for(state="visible", timeout=READY_TIMEOUT)
    # a list row off screen is not rendered (content-visibility: auto), so its text shows once it is scrolled to
    error.scroll_into_view_if_needed()
    expect(error).to_contain_text("off the 8 x 6 board", use_inner_text=True, timeout=READY_TIMEOUT)
    assert calc.locator("[data-summary]").inner_text() == "Fix Height 1, Hex: hex 20, 20 is off the 8 x 6 board"
    calc.locator('[data-role="board-tools"] [data-tool="2"]').click()
    hexcell(calc, "1,0").click()  # the board still answers a click
    assert hexcell(calc, "1,0").get_attribute("data-piece")


@pytest.mark.shots
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_screenshot_of_the_map(browser, server, watch, shots: Path, screen, scheme):
    """The map with its overlay fits the screen and answers; the screenshot is saved for a person to look at."""
    ctx = browser.new_context(**SCREENS[screen], color_scheme=scheme)
    watch.attach(ctx)
    page = ctx.new_page()
    page.goto(server.url + "calculator/classic-d20/#s=" + encode_fragment(SITUATION))
    wait_settled(page)
    calc = full_calculator(page, "classic-d20")
    wait_state(calc, "ready")
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page is {overflow} px wider than the screen"
    calc.locator(".calc-board").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / f"map-{screen}-{scheme}.png"), full_page=True)
    calc.locator(".calc-board").screenshot(path=str(shots / f"board-{screen}-{scheme}.png"))
    ctx.close()
    watch.check()
