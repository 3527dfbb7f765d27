"""The board as a tabletop on a 390 x 844 touch screen: a tap selects and never changes what stands there, a piece
moves by one drag or by two taps and nothing else changes, placing is the tool row's choice, Undo takes a change back,
and the keyboard does the same; every tool and cell is a finger's size."""

from __future__ import annotations

from browser.support import READY_TIMEOUT, scenario_in_url, wait_state
from playwright.sync_api import expect

from pycore.page.handler import encode_fragment

SCENARIO = {"system": "skirmish-d6", "map": {"cols": 8, "rows": 5, "attacker": [0, 2], "target": [5, 2],
            "obstacles": [{"hex": [2, 2], "kind": "partial"}]}}
"""A small board: the attacker, the target four hexes away and a partial obstacle between them."""



def open_board(page, server, scenario=SCENARIO):
    """The d6 calculator opened on ``scenario``'s map, its answer ready."""
    page.goto(server.url + "calculator/skirmish-d6/#s=" + encode_fragment(scenario))
    calc = page.locator(".calc--full")
    calc.locator('.calc-output[data-state]:not([data-state="loading"])').wait_for(timeout=READY_TIMEOUT)
    wait_state(calc, "ready")
    return calc


def cell(page, key):
    return page.locator(f'.calc--full .calc-board g.hex[data-hex="{key}"]')


def centre(page, key, scroll=True):
    """Cell ``key`` (scrolled into the board's view) and its centre on screen."""
    target = cell(page, key)
    if scroll:
        target.evaluate("(g) => g.scrollIntoView({ block: 'center', inline: 'center' })")
    box = target.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def tap(page, key):
    page.touchscreen.tap(*centre(page, key))


def pieces(page):
    """Every cell's piece, as drawn: key -> its data-piece."""
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('.calc--full .calc-board g.hex')]
      .filter((g) => g.dataset.piece).map((g) => [g.dataset.hex, g.dataset.piece]))""")


def settle(page, calc):
    """The answer to the last change is on the page (the fields written, the engine's drawing in)."""
    page.wait_for_timeout(300)
    wait_state(calc, "ready")


def test_a_tap_on_the_target_leaves_it_the_target(phone, server):
    """Tapping the target, an obstacle (each twice: picked up and put back) and an empty hex only selects: the
    scenario and the drawing stay as they were,
    and the line under the board says what is there."""
    calc = open_board(phone, server)
    before = pieces(phone)
    assert before == {"0,2": "attacker", "5,2": "target", "2,2": "partial"}
    for key in ("5,2", "5,2", "2,2", "2,2", "6,3", "6,3"):  # a piece tapped twice: picked up, then put back
        tap(phone, key)
    settle(phone, calc)
    assert pieces(phone) == before
    assert scenario_in_url(phone)["map"]["target"] == [5, 2]
    assert "empty" in calc.locator('[data-role="board-announce"]').inner_text()


def test_the_attacker_moves_in_one_drag_and_nothing_else_changes(phone, server):
    """One finger from the attacker to a free hex moves it there (the view does not pan): the target and the obstacle
    stay, and the attacker's hex is empty, not an obstacle."""
    calc = open_board(phone, server)
    (x0, y0), (x1, y1) = centre(phone, "0,2"), centre(phone, "1,3", scroll=False)
    cdp = phone.context.new_cdp_session(phone)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for step in range(1, 9):
        x, y = x0 + (x1 - x0) * step / 8, y0 + (y1 - y0) * step / 8
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    calc.locator('.calc-board g.hex[data-hex="1,3"][data-piece="attacker"]').wait_for()
    settle(phone, calc)
    assert pieces(phone) == {"1,3": "attacker", "5,2": "target", "2,2": "partial"}
    scenario = scenario_in_url(phone)
    assert scenario["map"]["attacker"] == [1, 3] and scenario["map"]["target"] == [5, 2]
    assert scenario["map"]["obstacles"] == [{"hex": [2, 2], "kind": "partial"}]


def test_the_attacker_moves_in_two_taps_and_undo_puts_it_back(phone, server):
    """A tap on the attacker picks it up, a tap on a free hex puts it down there; nothing else changes; Undo takes the
    move back."""
    calc = open_board(phone, server)
    tap(phone, "0,2")
    assert cell(phone, "0,2").get_attribute("data-held") == ""
    tap(phone, "1,1")
    calc.locator('.calc-board g.hex[data-hex="1,1"][data-piece="attacker"]').wait_for()
    settle(phone, calc)
    assert pieces(phone) == {"1,1": "attacker", "5,2": "target", "2,2": "partial"}
    assert scenario_in_url(phone)["map"]["attacker"] == [1, 1]
    calc.locator('[data-role="board-undo"]').tap()
    calc.locator('.calc-board g.hex[data-hex="0,2"][data-piece="attacker"]').wait_for()
    settle(phone, calc)
    assert pieces(phone) == {"0,2": "attacker", "5,2": "target", "2,2": "partial"}
    assert calc.locator('[data-role="board-undo"]').is_disabled()


def test_placing_is_the_tool_rows_choice(phone, server):
    """With the total-obstacle tool a tap places one (and again on another hex); Erase clears the partial obstacle;
    Undo takes back the last change only."""
    calc = open_board(phone, server)
    calc.locator('.calc-board-tool', has_text="Total").tap()
    tap(phone, "3,2")
    tap(phone, "3,1")
    calc.locator('.calc-board-tool', has_text="Erase").tap()
    tap(phone, "2,2")
    settle(phone, calc)
    assert pieces(phone) == {"0,2": "attacker", "5,2": "target", "3,2": "total", "3,1": "total"}
    calc.locator('[data-role="board-undo"]').tap()
    calc.locator('.calc-board g.hex[data-hex="2,2"][data-piece="partial"]').wait_for()
    settle(phone, calc)
    assert pieces(phone) == {"0,2": "attacker", "5,2": "target", "3,2": "total", "3,1": "total", "2,2": "partial"}


def test_the_keyboard_picks_up_and_puts_down(page, server):
    """Enter on the attacker picks it up, the arrows move the focus, Enter puts it down; a digit still places a piece,
    and Ctrl+Z undoes."""
    calc = open_board(page, server)
    cell(page, "0,2").focus()
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowUp")
    there = page.evaluate("document.activeElement.dataset.hex")
    assert there != "0,2"
    page.keyboard.press("Enter")
    calc.locator(f'.calc-board g.hex[data-hex="{there}"][data-piece="attacker"]').wait_for()
    expect(calc.locator('[data-role="board-announce"]')).to_contain_text("moved here")  # said once it is on screen
    page.keyboard.press("ArrowRight")
    beside = page.evaluate("document.activeElement.dataset.hex")
    page.keyboard.press("4")  # a total obstacle
    calc.locator(f'.calc-board g.hex[data-hex="{beside}"][data-piece="total"]').wait_for()
    page.keyboard.press("Control+z")
    calc.locator(f'.calc-board g.hex[data-hex="{beside}"]:not([data-piece])').wait_for()
    settle(page, calc)
    assert pieces(page) == {there: "attacker", "5,2": "target", "2,2": "partial"}


def test_cells_and_controls_are_a_fingers_size(phone, server):
    """At the opening size a hex is at least 44 px wide, and every tool and zoom button shown at least 44 px both
    ways (the Wall line tool is hidden on hexes)."""
    calc = open_board(phone, server)
    a, b = cell(phone, "0,0").bounding_box(), cell(phone, "1,0").bounding_box()
    assert a is not None and b is not None and b["x"] - a["x"] >= 43.5
    sizes = calc.locator(".calc-board-tool, .calc-board-zoom-button").evaluate_all(
        "(els) => els.filter((e) => !e.hidden).map((e) => [e.textContent.trim(), e.getBoundingClientRect().width,"
        " e.getBoundingClientRect().height])")
    assert len(sizes) >= 8
    for name, width, height in sizes:
        assert width >= 44 and height >= 44, name


def test_the_boards_help_is_one_line_above_the_tools_the_rest_a_tap_away(phone, server):
    """On a phone the board's help says what a tap and a drag do in a few lines right above the tools; the keys and
    the zone tools' use are in a closed "More" of a finger's height, which a tap opens."""
    calc = open_board(phone, server)
    help_box = calc.locator(".calc-board-help").bounding_box()
    tools = calc.locator('[data-role="board-tools"]').bounding_box()
    assert help_box is not None and tools is not None
    assert tools["y"] - help_box["y"] < 170, (help_box, tools)  # a few lines and the More, not a screenful
    more = calc.locator(".calc-board-more")
    keys = more.get_by_text("Keyboard: arrow keys move")
    assert not keys.is_visible() and more.get_attribute("open") is None
    summary = more.locator("summary")
    assert summary.inner_text() == "More: the keyboard, doors, areas and regions"
    size = summary.bounding_box()
    assert size is not None and size["height"] >= 44
    summary.tap()
    expect(keys).to_be_visible()
    expect(more.get_by_text("Area: tap its origin")).to_be_visible()
