"""Areas and regions on the board in real Chromium, phone first: a fireball placed by a wall with the Area tool and
the table of whom it caught; a fog bank drawn between two archers with the Region tool and its 50% concealment; a
shared link carrying both restored; screenshots (phone and desktop, light and dark; opt-in: ``--shots``)."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest
from browser.support import (
    PHONE,
    READY_TIMEOUT,
    full_calculator,
    scenario_in_url,
    wait_scenario,
    wait_settled,
    wait_state,
)
from playwright.sync_api import expect

from pycore import evaluate
from pycore.page.handler import encode_fragment

ARCHERS = {"system": "classic-d20", "attack": {"to_hit": 15}, "target": {"ac": 5},
           "map": {"grid": "square", "cols": 12, "rows": 6, "attacker": [0, 2], "target": [9, 2]}}
"""Two archers 45 ft apart on a 12 x 6 square map."""
FIREBALL = {"system": "classic-d20", "attack": {"to_hit": 15}, "target": {"ac": 5},
            "map": {"cols": 8, "rows": 4, "attacker": [0, 1], "target": [4, 1],
                    "obstacles": [{"hex": [3, 1], "kind": "wall"}], "creatures": [{"hex": [2, 2], "side": "target"}]}}
"""The hex-map page's fireball by a wall, before the fireball is placed."""
SCREENS = {"phone": PHONE, "desktop": {"viewport": {"width": 1280, "height": 900}}}


def open_link(page, server, scenario):
    """The Classic d20 calculator opened on ``scenario``'s link, the engine ready."""
    page.goto(server.url + "calculator/classic-d20/#s=" + encode_fragment(scenario))
    calc = full_calculator(page, "classic-d20")
    calc.locator('.calc-output[data-state]:not([data-state="loading"])').wait_for(timeout=READY_TIMEOUT)
    wait_state(calc, "ready")
    return calc


def cell(calc, key):
    return calc.locator(f'.calc-board g.hex[data-hex="{key}"]')


def test_a_fireball_by_a_wall_on_a_phone(browser, server, watch):
    """Area tool, sphere of 10 ft, a tap on [2, 1]: the attacker, the ally and the target are caught; the target beside
    the wall hex has 90% cover from the blast, +10 to every save (the hex-map page's worked example)."""
    ctx = browser.new_context(**PHONE)
    watch.attach(ctx)
    page = ctx.new_page()
    calc = open_link(page, server, FIREBALL)
    calc.locator('[data-zone-tool="area"]').tap()
    calc.locator('[data-zone="shape"]').select_option("sphere")
    calc.locator('[data-zone="size"]').fill("10")
    cell(calc, "2,1").tap()
    table = calc.locator('[data-block="area"]')
    table.filter(has_text="Caught by the area: 3").wait_for(timeout=READY_TIMEOUT)
    target = table.locator('tr[data-piece="map.target"]')
    assert target.locator('[data-key="cover"]').inner_text() == "90%"
    assert target.locator('[data-key="save_bonus"]').inner_text() == "+10 to every save"
    assert calc.locator(".calc-board .hexboard-area circle.area--sphere").count() == 1
    # the caught table stands inside the answer's panel on the phone, none of its columns past the panel's edge
    inside = table.locator("table").bounding_box()
    panel = calc.locator(".calc-output").bounding_box()
    assert inside["x"] + inside["width"] <= panel["x"] + panel["width"] + 0.5, (inside, panel)
    assert table.evaluate("(box) => box.scrollWidth <= box.clientWidth")
    assert scenario_in_url(page)["area"] == {"shape": "sphere", "at": [2, 1], "size": 10}
    box = calc.locator('[data-zone-tool="area"]').bounding_box()
    assert box["height"] >= 44 and calc.locator('[data-zone="size"]').bounding_box()["height"] >= 44
    calc.locator('[data-role="board-undo"]').tap()
    calc.locator('[data-block="area"]').wait_for(state="detached", timeout=READY_TIMEOUT)
    ctx.close()
    watch.check()


def test_a_fog_bank_between_two_archers(page, server):
    """Region tool, fog, corner squares [3, 0] and [5, 5]: a bank three squares wide across the board, 15 ft of the
    line between the archers, 50% concealment (the fog rule: over 10 ft up to 20 ft)."""
    calc = open_link(page, server, ARCHERS)
    calc.locator('[data-zone-tool="region"]').click()
    calc.locator('[data-zone="kind"]').select_option("fog")
    cell(calc, "3,0").click()
    cell(calc, "5,5").click()
    calc.locator('[data-block="regions"]').filter(has_text="15 ft").wait_for(timeout=READY_TIMEOUT)
    assert "50%" in calc.locator(".calc-facts").inner_text()
    assert calc.locator(".calc-board g.region--fog").count() == 1
    assert scenario_in_url(page)["map"]["regions"][0]["points"] == [[3, 0], [6, 0], [6, 6], [3, 6]]


def linked(page):
    """The scenario in the page's own address (``location.hash``: the address Playwright reports can lag behind a
    replaced history entry on a phone)."""
    fragment = page.evaluate("location.hash").split("#s=", 1)[1]
    return json.loads(base64.urlsafe_b64decode(fragment + "=" * (-len(fragment) % 4)).decode())


def centre(calc, key):
    """Square ``key``'s centre on the screen (the board scrolled into view first)."""
    calc.locator(".calc-board-view").evaluate("(view) => view.scrollIntoView({ block: 'center' })")
    box = cell(calc, key).bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def touch_action(calc):
    """The board's view's touch-action, as the browser computes it."""
    return calc.locator(".calc-board-view").evaluate("(view) => getComputedStyle(view).touchAction")


def test_a_fog_bank_dragged_between_two_archers_on_a_phone(phone, server):
    """Region tool, fog, one finger from square [3, 0] to square [5, 5]: the rectangle shows dashed while the finger
    moves (the view does not pan: touch-action none), and on release the bank is drawn: 15 ft of the 45 ft line
    between the archers on [0, 2] and [9, 2] runs through it (columns 3 to 5), so 50% concealment (the fog rule:
    25% within 10 ft, 50% out to 20 ft). Another tool lets one finger pan again; a square in the bank is named "in
    fog", and a tap on it says so. Undo takes the bank away, and the square's name with it (a patched cell)."""
    calc = open_link(phone, server, ARCHERS)
    panning = touch_action(calc)
    calc.locator('[data-zone-tool="region"]').tap()
    calc.locator('[data-zone="kind"]').select_option("fog")
    assert touch_action(calc) == "none"
    (x0, y0), (x1, y1) = centre(calc, "3,0"), centre(calc, "5,5")
    cdp = phone.context.new_cdp_session(phone)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for step in range(1, 9):
        x, y = x0 + (x1 - x0) * step / 8, y0 + (y1 - y0) * step / 8
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    stretch = calc.locator(".calc-board rect.hexboard-stretch")
    assert stretch.count() == 1 and stretch.get_attribute("width") == "102"  # three squares of 34 units
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    calc.locator('[data-block="regions"]').filter(has_text="15 ft").wait_for(timeout=READY_TIMEOUT)
    assert "50%" in calc.locator(".calc-facts").inner_text()
    assert stretch.count() == 0
    assert linked(phone)["map"]["regions"] == [{"kind": "fog", "points": [[3, 0], [6, 0], [6, 6], [3, 6]]}]
    # a click: Playwright scrolls the tool row back into view first, and a tap landing while the page still scrolls
    # is taken by Chromium for stopping the scroll (no click), at times on a loaded machine
    calc.locator('[data-tool="-2"]').click()
    expect(calc.locator('[data-tool="-2"]')).to_have_attribute("aria-pressed", "true")
    expect(calc.locator(".calc-board")).not_to_have_attribute("data-drag-draws", "")
    assert touch_action(calc) == panning != "none"
    assert cell(calc, "4,2").get_attribute("aria-label") == "square 4, 2: empty, in fog"
    phone.touchscreen.tap(*centre(calc, "4,2"))
    expect(calc.locator('[data-role="board-announce"]')).to_have_text("Square 4, 2: empty, in fog.")
    calc.locator('[data-role="board-undo"]').tap()
    calc.locator('[data-block="regions"]').wait_for(state="detached", timeout=READY_TIMEOUT)
    assert not linked(phone)["map"].get("regions")
    expect(cell(calc, "4,2")).to_have_attribute("aria-label", "square 4, 2: empty")


def test_a_fog_bank_tapped_corner_to_corner_on_a_phone(phone, server):
    """The same bank by two taps, corner square [3, 0] then [5, 5]: the same polygon and the same 50%."""
    calc = open_link(phone, server, ARCHERS)
    calc.locator('[data-zone-tool="region"]').tap()
    phone.touchscreen.tap(*centre(calc, "3,0"))
    phone.touchscreen.tap(*centre(calc, "5,5"))
    calc.locator('[data-block="regions"]').filter(has_text="15 ft").wait_for(timeout=READY_TIMEOUT)
    assert "50%" in calc.locator(".calc-facts").inner_text()
    assert linked(phone)["map"]["regions"][0]["points"] == [[3, 0], [6, 0], [6, 6], [3, 6]]


def test_an_arrow_slit_drawn_with_the_wall_tool(page, server):
    """Wall line tool, arrow slit, a tap near the top left of square [5, 2] and one near its bottom left: a slit from
    (5, 2) to (5, 3) in front of the sniper on [5, 2], shot at from [0, 2] through it: 90% cover (the openings rule),
    drawn as a slit, not a wall."""
    sniper = {**ARCHERS, "map": {**ARCHERS["map"], "cols": 10, "rows": 5, "target": [5, 2]}}
    calc = open_link(page, server, sniper)
    calc.locator('[data-zone-tool="wall"]').click()
    calc.locator('[data-zone="wall-kind"]').select_option("slit")
    square = cell(calc, "5,2")
    box = square.bounding_box()
    square.click(position={"x": box["width"] * 0.1, "y": box["height"] * 0.1})
    square.click(position={"x": box["width"] * 0.1, "y": box["height"] * 0.9})
    calc.locator('[data-block="regions"]').filter(has_text="90% cover").wait_for(timeout=READY_TIMEOUT)
    assert scenario_in_url(page)["map"]["walls"] == [{"kind": "slit", "points": [[5, 2], [5, 3]]}]
    assert calc.locator(".calc-board g.wall--slit").count() == 1


def test_a_link_with_an_area_and_fog_opens_with_its_answer(page, server):
    """A shared link carrying fog and an area opens (not refused): the facts say 50%, the table lists the caught."""
    scenario = {**ARCHERS, "map": {**ARCHERS["map"], "regions": [{"kind": "fog", "points": [[3, 0], [6, 0], [6, 6],
                                                                                            [3, 6]]}]},
                "area": {"shape": "sphere", "at": [9.5, 2.5], "size": 5}}
    calc = open_link(page, server, scenario)
    assert "50%" in calc.locator(".calc-facts").inner_text()
    calc.locator('[data-block="area"]').filter(has_text="Caught by the area: 1").wait_for(timeout=READY_TIMEOUT)
    assert calc.locator(".calc-board g.region--fog").count() == 1


@pytest.mark.shots
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_screenshot_of_fog_and_a_fireball(browser, server, watch, shots: Path, screen, scheme):
    """Fog, a fireball and whom it caught, for a person to look at."""
    ctx = browser.new_context(**SCREENS[screen], color_scheme=scheme)
    watch.attach(ctx)
    page = ctx.new_page()
    scenario = {**ARCHERS, "map": {**ARCHERS["map"], "creatures": [{"hex": [8, 3], "side": "target"}],
                                   "walls": [{"points": [[10, 0], [10, 2]], "kind": "window"},
                                             {"points": [[10, 3], [10, 4]], "kind": "slit"}],
                                   "regions": [{"kind": "fog", "points": [[3, 0], [6, 0], [6, 6], [3, 6]]},
                                               {"kind": "brush", "points": [[1, 4], [3, 4], [3, 6], [1, 6]]}]},
                "area": {"shape": "sphere", "at": [8.5, 2.5], "size": 10}}
    page.goto(server.url + "calculator/classic-d20/#s=" + encode_fragment(scenario))
    wait_settled(page)
    calc = full_calculator(page, "classic-d20")
    wait_state(calc, "ready")
    calc.locator(".calc-board").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / f"zones-{screen}-{scheme}.png"), full_page=True)
    calc.locator(".calc-board").screenshot(path=str(shots / f"zones-board-{screen}-{scheme}.png"))
    ctx.close()
    watch.check()


@pytest.mark.shots
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_screenshot_of_a_fireball_placed_by_touch(browser, server, watch, shots: Path, scheme):
    """The fireball by a wall placed with the Area tool on a phone: the board and the caught table."""
    ctx = browser.new_context(**PHONE, color_scheme=scheme)
    watch.attach(ctx)
    page = ctx.new_page()
    calc = open_link(page, server, FIREBALL)
    calc.locator('[data-zone-tool="area"]').tap()
    calc.locator('[data-zone="size"]').fill("10")
    cell(calc, "2,1").tap()
    table = calc.locator('[data-block="area"]')
    table.filter(has_text="Caught by the area: 3").wait_for(timeout=READY_TIMEOUT)
    calc.locator(".calc-board").screenshot(path=str(shots / f"fireball-board-phone-{scheme}.png"))
    table.screenshot(path=str(shots / f"fireball-table-phone-{scheme}.png"))
    ctx.close()
    watch.check()


def drag(page, start, end, steps=8):
    """One finger from ``start`` to ``end`` (screen points), lifted at the end."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": start[0], "y": start[1]}]})
    for step in range(1, steps + 1):
        x, y = (a + (b - a) * step / steps for a, b in zip(start, end))
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


@pytest.mark.shots
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_screenshot_of_a_fog_bank_dragged_by_touch(browser, server, watch, shots: Path, scheme):
    """The fog bank dragged between the two archers on a phone: what the screen shows of the board, then of the
    answer."""
    ctx = browser.new_context(**PHONE, color_scheme=scheme)
    watch.attach(ctx)
    page = ctx.new_page()
    calc = open_link(page, server, ARCHERS)
    calc.locator('[data-zone-tool="region"]').tap()
    drag(page, centre(calc, "3,0"), centre(calc, "5,5"))
    calc.locator('[data-block="regions"]').filter(has_text="15 ft").wait_for(timeout=READY_TIMEOUT)
    calc.locator(".calc-board-view").evaluate("(view) => view.scrollIntoView({ block: 'center' })")
    page.screenshot(path=str(shots / f"fog-dragged-board-phone-{scheme}.png"))
    calc.locator('[data-block="regions"]').evaluate("(block) => block.scrollIntoView({ block: 'center' })")
    page.screenshot(path=str(shots / f"fog-dragged-answer-phone-{scheme}.png"))
    ctx.close()
    watch.check()


def test_the_wall_line_tool_is_for_square_maps(page, server):
    """On a hex map the Wall line tool and its choice are hidden; on the square map they are shown."""
    calc = open_link(page, server, FIREBALL)
    assert not calc.locator('[data-zone-tool="wall"]').is_visible()
    assert not calc.locator('[data-zone="wall-kind"]').is_visible()
    calc = open_link(page, server, ARCHERS)
    calc.locator('[data-zone-tool="wall"]').wait_for(timeout=READY_TIMEOUT)
    assert calc.locator('[data-zone-tool="wall"]').is_visible()


def test_brush_painted_on_hexes_in_d6_skirmish(page, server):
    """d6 Skirmish on hexes, Region tool, brush: a tap on [3, 2] and one on [3, 1] paint one patch of two hexes on the
    line from [0, 2] to [6, 2], a partial obstacle (the map page's worked example); a third tap on [3, 1] takes it off
    again and the patch stays one hex."""
    scenario = {"system": "skirmish-d6", "attack": {"hits_on": 4},
                "map": {"cols": 10, "rows": 5, "attacker": [0, 2], "target": [6, 2]}}
    page.goto(server.url + "calculator/skirmish-d6/#s=" + encode_fragment(scenario))
    calc = full_calculator(page, "skirmish-d6")
    wait_state(calc, "ready")
    calc.locator('[data-zone-tool="region"]').click()
    calc.locator('[data-zone="kind"]').select_option("brush")
    calc.locator('.calc-board g.hex[data-hex="3,2"]').click()
    calc.locator('.calc-board g.hex[data-hex="3,1"]').click()
    calc.locator('[data-block="regions"]').filter(has_text="Brush (region 1)").wait_for(timeout=READY_TIMEOUT)
    # (the block shows from the first hex's answer on: the link holds both once the second one's answer is in)
    wait_scenario(page, lambda s: s["map"]["regions"][0]["hexes"] == [[3, 2], [3, 1]])
    calc.locator('.calc-board g.hex[data-hex="3,1"]').click()
    wait_scenario(page, lambda s: s["map"]["regions"][0]["hexes"] == [[3, 2]])


def test_obscured_ground_painted_with_its_penalty_and_blindness(page, server):
    """Enchanted Realms, Region tool: obscured ground painted on the target's hex with a penalty of 2 and "blind"
    gives the attack its minus 2 (two dice at +3 against Defense 12 need a raw 11, 10 faces of 20) and makes the
    shot a blind one, so friendly fire is used."""
    scenario = {"system": "enchanted-realms", "attack": {"dice": 2, "modifier": 3},
                "attacker": {"hex": [0, 0]}, "target": {"hex": [5, 0], "defense": 12}}
    page.goto(server.url + "calculator/enchanted-realms/#s=" + encode_fragment(scenario))
    calc = full_calculator(page, "enchanted-realms")
    wait_state(calc, "ready")
    calc.locator('[data-zone-tool="region"]').click()
    calc.locator('[data-zone="penalty"]').fill("2")
    calc.locator('[data-zone="blind"]').check()
    calc.locator('.calc-board g.hex[data-hex="5,0"]').click()
    wait_scenario(page, lambda s: s["map"].get("regions") == [{"kind": "obscured", "hexes": [[5, 0]], "penalty": 2,
                                                                 "blind": True}])
    answer = evaluate(scenario_in_url(page))
    assert answer["needs"] == 11 and answer["friendly_fire"]["applies"] is True
