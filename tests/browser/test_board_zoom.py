"""The hex board on a phone: it fills the width, zooms (buttons, pinch) and pans, and a tap places a piece at
fit and zoomed in; a big board says how to zoom; screenshots phone and desktop, light and dark (opt-in: ``--shots``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser.support import PHONE, READY_TIMEOUT, next_frame, page_script, scenario_in_url, wait_state

from pycore.page.handler import encode_fragment

DESKTOP = {"viewport": {"width": 1280, "height": 900}}
HEX_WIDTH = 3 ** 0.5 * 20
"""A hex's width in drawing units (pycore.views.svg.HEX_SIZE 20, pointy top)."""
BIG = {"system": "skirmish-d6", "map": {"cols": 40, "rows": 40, "attacker": [2, 2], "target": [10, 35]}}


EMPTY_MAP = "#s=" + encode_fragment({"system": "skirmish-d6", "attack": {"hits_on": 4}, "map": {}})
"""A link to the hex map with nothing on it, and the page's own base numbers (switching to the map in the form lays
out what the form describes)."""


def open_map(page, server, fragment=""):
    """The d6 calculator with the hex map chosen and the engine ready; without a link's fragment, an empty board."""
    page.goto(server.url + "calculator/skirmish-d6/" + (fragment or EMPTY_MAP))
    calc = page.locator(".calc--full")
    calc.locator('.calc-output[data-state]:not([data-state="loading"])').wait_for(timeout=READY_TIMEOUT)
    return calc


def hexcell(page, key):
    return page.locator(f'.calc--full .calc-board g.hex[data-hex="{key}"]')


def hex_px(page) -> float:
    """The width of a hex on screen, in CSS pixels: the step from one hex to the next in a row."""
    return page.evaluate("""() => {
      const [a, b] = document.querySelectorAll('.calc--full .calc-board g.hex[data-row="0"]');
      return b.getBoundingClientRect().left - a.getBoundingClientRect().left;
    }""")


def hexes_with(page, piece):
    """The keys of the full calculator's hexes that show ``piece``."""
    cells = page.locator(f'.calc--full .calc-board g.hex[data-piece="{piece}"]')
    return cells.evaluate_all("(gs) => gs.map((g) => g.dataset.hex)")


def view(page):
    return page.locator('.calc--full [data-role="board-view"]')


def tap_visible(page, key):
    """Scroll hex ``key`` into the middle of the board's view, then tap it where it is on screen."""
    cell = hexcell(page, key)
    cell.evaluate("(g) => g.scrollIntoView({ block: 'center', inline: 'center' })")
    box = cell.bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)



def use_tool(page, tool):
    """Choose the board's tool ``tool`` (a slot's index, -1 Erase, -2 Move)."""
    page.locator(f'.calc--full [data-role="board-tools"] [data-tool="{tool}"]').tap()


def test_phone_board_opens_at_a_fingers_size_and_taps_place_zoomed_and_at_fit(phone, server):
    """At 390 x 844 the 12 x 9 board opens with 44 px hexes (the view scrolls both ways) and the attacker tool's tap
    places the attacker; Fit shows the whole board in the view's width (hexes of at least 24 px) and the target
    tool's tap places the target; + zooms back to 44 px."""
    page = phone
    calc = open_map(page, server)
    box = view(page).bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert hex_px(page) == pytest.approx(44, abs=1)
    assert page.locator('.calc--full [data-role="zoom-level"]').inner_text() == "Hexes 44 px"
    assert view(page).evaluate("(v) => v.scrollWidth > v.clientWidth")
    assert page.locator('.calc--full [data-role="zoom-hint"]').is_hidden()
    use_tool(page, 0)
    tap_visible(page, "1,1")
    assert hexcell(page, "1,1").get_attribute("data-piece") == "attacker"  # marked at once, before the engine
    page.wait_for_function("() => !document.querySelector('.hexboard-pending[data-marks]')")  # the engine drew it
    page.locator('.calc--full [data-role="zoom-fit"]').tap()
    board = page.locator(".calc--full .calc-board-svg > svg").bounding_box()
    box = view(page).bounding_box()
    assert abs(board["width"] - box["width"]) <= 1, (board, box)
    assert 24 <= hex_px(page) < 44 and view(page).evaluate("(v) => v.scrollWidth <= v.clientWidth")
    assert page.locator('.calc--full [data-role="zoom-out"]').is_disabled()
    use_tool(page, 1)
    tap_visible(page, "7,6")
    assert hexcell(page, "7,6").get_attribute("data-piece") == "target"
    page.wait_for_function("() => !document.querySelector('.hexboard-pending[data-marks]')")  # the engine drew it
    assert hexcell(page, "7,6").get_attribute("data-piece") == "target"
    wait_state(calc, "ready")
    assert scenario_in_url(page)["map"]["target"] == [7, 6]
    assert 24 <= hex_px(page) < 44  # the engine's drawing keeps the fit
    page.locator('.calc--full [data-role="zoom-in"]').tap()
    assert hex_px(page) == pytest.approx(44, abs=1)


SMALL_SQUARES = {"system": "classic-d20", "attack": {"to_hit": 15}, "target": {"ac": 5},
                 "map": {"grid": "square", "cols": 6, "rows": 3, "attacker": [0, 1], "target": [4, 1]}}
"""Six squares across: at a finger's 44 px it is narrower than a phone's view."""


def test_a_small_map_opens_at_a_fingers_size_in_the_middle_of_its_view(phone, server):
    """A 6 x 3 square map on a 390 px phone opens with 44 px squares (its drawn size, 34 px, is too small to tap),
    standing in the middle of the view rather than against its left side, and nothing to pan."""
    page = phone
    page.goto(server.url + "calculator/classic-d20/#s=" + encode_fragment(SMALL_SQUARES))
    calc = page.locator(".calc--full")
    wait_state(calc, "ready")
    assert page.locator('.calc--full [data-role="zoom-level"]').inner_text() == "Squares 44 px"
    board = page.locator(".calc--full .calc-board-svg > svg").bounding_box()
    box = view(page).bounding_box()
    assert board["width"] < box["width"] - 44
    left, right = board["x"] - box["x"], box["x"] + box["width"] - board["x"] - board["width"]
    assert left == pytest.approx(right, abs=2), (board, box)
    assert view(page).evaluate("(v) => v.scrollWidth <= v.clientWidth")


def test_big_board_says_how_to_zoom_and_a_tap_zoomed_in_places_a_piece(phone, server):
    """A 40 x 40 board opens at 44 px hexes; fitted to the phone's width its hexes are too small to tap, so it says how
    to zoom; two + taps give 44 px hexes again, the hint goes, and a tap anywhere on the board (scrolled there) places
    the chosen piece."""
    page = phone
    calc = open_map(page, server, "#s=" + encode_fragment(BIG))
    wait_state(calc, "ready")
    assert hex_px(page) == pytest.approx(44, abs=1)
    page.locator('.calc--full [data-role="zoom-fit"]').tap()
    hint = page.locator('.calc--full [data-role="zoom-hint"]')
    assert hint.is_visible() and "pinch" in hint.inner_text()
    assert hex_px(page) < 24
    for _ in range(2):
        page.locator('.calc--full [data-role="zoom-in"]').tap()
    assert hex_px(page) == pytest.approx(44, abs=1)
    assert hint.is_hidden()
    use_tool(page, 2)  # a partial obstacle
    tap_visible(page, "20,30")
    assert hexcell(page, "20,30").get_attribute("data-piece") == "partial"
    page.wait_for_function("() => !document.querySelector('.hexboard-pending[data-marks]')")
    assert {"hex": [20, 30], "kind": "partial"} in scenario_in_url(page)["map"]["obstacles"]


MARKS = page_script("tap-marks.js")
"""A tap on a hex (or a key pressed there), then each marked hex: its symbol, and the canvas's opacity in and around it."""


def test_a_tap_marks_its_hex_at_once_at_fit_and_zoomed(phone, server):
    """Before the engine answers, a tapped hex shows the new piece's symbol in a mark drawn exactly over it (opaque
    inside its edges, clear just outside), at fit and at 44 px; when the target moves (key 2 on another hex), the
    hex it left shows an empty mark; once the engine has drawn them the canvas is clear."""
    page = phone
    calc = open_map(page, server)
    wait_state(calc, "error")  # the engine has answered the empty map (no attacker yet): nothing is pending
    page.locator('.calc--full [data-role="zoom-fit"]').tap()
    attacker, target = (s["symbol"] for s in page.evaluate(
        "JSON.parse(document.querySelector('.calc--full [data-board]').dataset.board).slots.slice(0, 2)"))
    steps = [("4,2", None, 0, {"4,2": attacker}, False), ("6,5", None, 1, {"6,5": target}, True),
             ("4,2", "2", None, {"4,2": target, "6,5": ""}, False)]  # key 2 puts the target here: it moves from 6,5
    for key, press, tool, expected, zoom_in in steps:
        page.wait_for_function("() => !document.querySelector('.hexboard-pending[data-marks]')")
        marks = page.evaluate(MARKS, [key, press, tool])
        assert {m["hex"]: m["symbol"] for m in marks} == expected
        for mark in marks:
            assert mark["centre"] == 255 and mark["inside"] == [255, 255] and mark["outside"] == [0, 0], mark
        if zoom_in:
            page.wait_for_function("() => !document.querySelector('.hexboard-pending[data-marks]')")
            page.locator('.calc--full [data-role="zoom-in"]').tap()
            assert hex_px(page) == pytest.approx(44, abs=1)
    page.wait_for_function("() => !document.querySelector('.hexboard-pending[data-marks]')")
    assert hexes_with(page, "target") == ["4,2"] and hexes_with(page, "attacker") == []
    assert page.evaluate(page_script("canvas-clear.js"))


def test_keys_move_the_zoomed_view_with_the_focus(phone, server):
    """Zoomed in, arrow keys still move the focus hex by hex, and the view scrolls to keep it on screen."""
    page = phone
    open_map(page, server, "#s=" + encode_fragment(BIG))
    for _ in range(2):
        page.locator('.calc--full [data-role="zoom-in"]').tap()
    hexcell(page, "0,0").focus()
    for _ in range(12):
        page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.hex") == "12,0"
    focused = hexcell(page, "12,0").bounding_box()
    shown = view(page).bounding_box()
    assert shown["x"] <= focused["x"] and focused["x"] + focused["width"] <= shown["x"] + shown["width"] + 1


def test_two_fingers_pinch_the_board(phone, server):
    """Two fingers moving apart on the board zoom it in (the page itself does not zoom)."""
    page = phone
    open_map(page, server, "#s=" + encode_fragment(BIG))
    page.locator('.calc--full [data-role="zoom-fit"]').tap()
    before = hex_px(page)
    view(page).scroll_into_view_if_needed()  # the fingers land on the board
    box = view(page).bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = page.context.new_cdp_session(page)

    def touch(kind, spread):
        points = [] if kind == "touchEnd" else [{"x": cx - spread, "y": cy, "id": 1}, {"x": cx + spread, "y": cy, "id": 2}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", 20)
    for spread in range(30, 130, 10):
        touch("touchMove", spread)
        next_frame(page)  # one step of the pinch per frame, as fingers move
    touch("touchEnd", 0)
    page.wait_for_function(f"() => document.querySelector('.calc--full .calc-board g.hex').getBoundingClientRect().width"
                           f" > {before * 3}")
    assert page.evaluate("visualViewport.scale") == 1
    assert page.locator('.calc--full [data-role="zoom-fit"]').is_enabled()


@pytest.mark.shots
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("screen", ["phone", "desktop"])
def test_board_screenshots(browser, server, watch, shots: Path, screen, scheme):
    """The board with its zoom buttons, at fit and zoomed in (the big board at fit with its hint), saved to look at."""
    ctx = browser.new_context(**(PHONE if screen == "phone" else DESKTOP), color_scheme=scheme)
    watch.attach(ctx)
    scenario = {"system": "skirmish-d6", "map": {"cols": 12, "rows": 9, "attacker": [1, 4], "target": [9, 4],
                "obstacles": [{"hex": [5, 4], "kind": "partial"}], "creatures": [{"hex": [4, 3], "side": "target"}]}}
    for name, fragment, zoom in (("board", scenario, 0), ("board-zoomed", scenario, 1), ("big-board", BIG, 0)):
        page = ctx.new_page()
        calc = open_map(page, server, "#s=" + encode_fragment(fragment))
        wait_state(calc, "ready")
        for _ in range(zoom):
            page.locator('.calc--full [data-role="zoom-in"]').click()
        # the board's help at the top of the screen, below the header
        page.locator(".calc--full .calc-board").evaluate("(b) => { b.scrollIntoView(); window.scrollBy(0, -60); }")
        assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        page.screenshot(path=str(shots / f"{name}-{screen}-{scheme}.png"))
        page.close()
    ctx.close()
    watch.check()
