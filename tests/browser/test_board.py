"""The hex board in real Chromium: click, tap and keyboard placement, the drawn line, links, a phone screen."""

from browser.support import (
    READY_TIMEOUT,
    full_calculator,
    page_script,
    scenario_in_url,
    wait_state,
)
from playwright.sync_api import expect

from pycore.page.handler import encode_fragment

EMPTY_MAP = "#s=" + encode_fragment({"system": "skirmish-d6", "attack": {"hits_on": 4}, "map": {}})
"""A link to the hex map with nothing on it, and the page's own base numbers (switching to the map in the form lays
out what the form describes)."""


def open_map(page, server, fragment=""):
    """The d6 calculator with the hex-map alternative chosen and the engine ready; without a link's fragment, an empty
    board."""
    page.goto(server.url + "calculator/skirmish-d6/" + (fragment or EMPTY_MAP))
    page.locator('.calc--full .calc-output[data-state]:not([data-state="loading"])').wait_for(timeout=READY_TIMEOUT)
    return page.locator('.calc--full')


def hexcell(page, key):
    """The board cell at axial ``q,r``."""
    return page.locator(f'.calc-board g.hex[data-hex="{key}"]')


def place(page, key, tool):
    """Choose the board's tool ``tool`` (a slot's index: 0 attacker, 1 target, 2 partial, 3 total obstacle on the d6
    board), then click hex ``key``."""
    page.locator(f'.calc--full [data-role="board-tools"] [data-tool="{tool}"]').click()
    hexcell(page, key).click()


def test_click_places_attacker_target_and_obstacle(page, server):
    """The attacker, the target, then a partial obstacle, each placed with its tool; the line is drawn and counted."""
    calc = open_map(page, server)
    place(page, "0,1", 0)
    place(page, "4,1", 1)
    calc.locator('[data-key="headline"]').filter(has_text="Hits on 4+").wait_for()  # the page's base 4+, no cover
    place(page, "2,1", 2)
    calc.locator(".calc-facts").filter(has_text="Level 1 (-1 to attacks)").wait_for()
    assert hexcell(page, "2,1").get_attribute("data-piece") == "partial"
    assert hexcell(page, "0,1").get_attribute("data-piece") == "attacker"
    assert page.locator(".calc-board .hexboard-segment--sight").count() == 1
    assert "path-used" in hexcell(page, "2,1").get_attribute("class")
    scenario = scenario_in_url(page)
    assert scenario["map"]["attacker"] == [0, 1] and scenario["map"]["obstacles"] == [{"kind": "partial", "hex": [2, 1]}]
    assert "Distance" in calc.locator(".calc-facts").inner_text() and "4″" in calc.locator(".calc-facts").inner_text()


def test_keyboard_moves_places_and_clears(page, server):
    """Arrows move a visible focus, digits place a piece, Delete clears, Enter on an empty hex only says what is
    there; changes are announced."""
    open_map(page, server)
    hexcell(page, "0,0").focus()
    page.keyboard.press("1")  # attacker
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.hex") == "3,0"
    page.keyboard.press("2")  # target
    announce = page.locator('.calc-board [data-role="board-announce"]')
    expect(announce).to_contain_text("Target placed")  # said once the piece is on screen
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("4")  # total obstacle between them
    page.locator('.calc--full [data-key="headline"]').filter(has_text="Cannot be targeted").wait_for()
    assert page.evaluate("document.activeElement.dataset.hex") == "2,0"  # focus survives the redraw
    page.keyboard.press("Delete")
    page.locator('.calc--full [data-key="headline"]').filter(has_text="Hits on 4+").wait_for()
    expect(announce).to_contain_text("cleared")
    page.keyboard.press("Enter")  # an empty hex: said, nothing placed
    expect(announce).to_contain_text("2, 0: empty")
    assert hexcell(page, "2,0").get_attribute("data-piece") is None
    page.keyboard.press("3")  # a partial obstacle
    page.locator('.calc--full .calc-facts').filter(has_text="Level 1").wait_for()


def test_map_link_restores_the_board(page, server):
    """A shared map link draws every piece and the same answer."""
    scenario = {"system": "skirmish-d6", "map": {"cols": 8, "rows": 5, "attacker": [0, 2], "target": [1, 0],
                "obstacles": [{"hex": [1, 1], "kind": "partial"}], "creatures": [{"hex": [0, 1], "side": "target"}]}}
    calc = open_map(page, server, "#s=" + encode_fragment(scenario))
    wait_state(calc, "ready")
    assert page.locator('input[data-role="alternative"][value="map"]').is_checked()
    assert hexcell(page, "1,1").get_attribute("data-piece") == "partial"
    assert hexcell(page, "0,1").get_attribute("data-piece") == "creature creature-target"
    assert page.locator(".calc-board g.hex").count() == 40
    assert page.locator(".calc-board g.hex.path-alt").count() >= 1  # the line runs along an edge: both paths
    rules = [a.get_attribute("data-rule") for a in calc.locator(".calc-rules a").all()]
    assert "d6.map.edge" in rules


def test_off_board_piece_is_a_field_error(page, server):
    """Shrinking the board under a piece says which piece, next to the board."""
    scenario = {"system": "skirmish-d6", "map": {"cols": 8, "rows": 5, "attacker": [0, 0], "target": [6, 0]}}
    calc = open_map(page, server, "#s=" + encode_fragment(scenario))
    wait_state(calc, "ready")
    calc.locator('[data-path="map.cols"]').fill("4")
    calc.locator('.calc-output[data-state="error"]').wait_for()
    message = calc.locator('[data-error-for="map.target"]')
    assert message.is_visible() and "Target's hex" in message.inner_text() and "off the 4 x 5 board" in message.inner_text()


def test_phone_screen_tap(browser, server, watch):
    """At 375 px wide with touch, the board's view fits the screen and a tap with the attacker tool places it."""
    ctx = browser.new_context(viewport={"width": 375, "height": 740}, has_touch=True, is_mobile=True)
    watch.attach(ctx)
    page = ctx.new_page()
    open_map(page, server)
    hexcell(page, "1,1").wait_for()
    box = page.locator(".calc-board-view").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 375
    page.locator('.calc--full [data-role="board-tools"] [data-tool="0"]').tap()
    hexcell(page, "1,1").tap()
    assert hexcell(page, "1,1").get_attribute("data-piece") == "attacker"
    ctx.close()
    watch.check()


def test_enchanted_realms_board_numbers_stray_hexes_and_odds(page, server):
    """On the Enchanted Realms board: creatures placed by click, named and given a Defense, the eight
    stray hexes numbered 1-8 and each creature's chance to be struck written on it."""
    page.goto(server.url + "calculator/enchanted-realms/")
    calc = full_calculator(page, "enchanted-realms")
    wait_state(calc, "ready")
    calc.locator('[data-path="target.cover"]').select_option("three-quarters")
    place(page, "5,0", 2)  # a creature
    name = calc.locator('[data-item-path="others.0.name"]')
    name.wait_for()
    assert name.input_value() == "Creature 1"
    name.fill("Goblin")
    calc.locator('[data-item-path="others.0.defense"]').fill("14")
    calc.locator(".calc-body").filter(has_text="Goblin").wait_for()
    texts = "els => els.map((e) => e.textContent)"
    slots = sorted(int(t) for t in page.locator(".calc-board .mark--slot").evaluate_all(texts))
    assert slots == list(range(1, 9))
    # the engine redraws after each edit: wait for the answer to the Defense 14 edit. The page's two dice at +3
    # both miss, then the d10 picks slot 5 (1/10) and a miss of 9..13 strikes the goblin forward:
    # 1/10 x ((13/20)^2 - (8/20)^2) = 21/800
    page.wait_for_function("() => [...document.querySelectorAll('.calc-board .mark--chance')]"
                           ".map((e) => e.textContent).join() === '2.6%'")
    assert page.locator(".calc-board .hexboard-segment--fire").count() == 1
    others = scenario_in_url(page)["others"]
    assert others == [{"defense": 14, "name": "Goblin", "hex": [5, 0]}]


# The board as drawn, in a form that does not depend on attribute order, the roving tab stop or the
# order of the glyph layer; and the engine's whole drawing of what the form holds now, in the same form.
SAME_AS_ENGINE = page_script("same-as-engine.js")


def test_board_changes_are_drawn_in_place_and_match_the_engine(page, server):
    """After clicks and keys the board shows exactly the engine's drawing of the form, while the engine only
    sent the hexes that changed: an untouched hex is still the same element, and the focused hex keeps focus."""
    calc = open_map(page, server)
    for key, tool in (("0,1", 0), ("5,1", 1), ("2,1", 2), ("3,1", 2)):  # attacker, target, then obstacles on the line
        place(page, key, tool)
    calc.locator(".calc-facts").filter(has_text="Level 2").wait_for()
    page.wait_for_function(SAME_AS_ENGINE, timeout=10_000, polling=100)
    # the board as the engine drew it (the first drawing may replace the whole board): from here on, changes
    page.evaluate("window.farHex = document.querySelector('.calc-board g.hex[data-hex=\"8,3\"]')")
    hexcell(page, "3,1").focus()
    page.keyboard.press("Delete")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("4")  # a total obstacle on the target's neighbour
    page.wait_for_function(SAME_AS_ENGINE, timeout=10_000, polling=100)
    assert hexcell(page, "4,1").get_attribute("data-piece") == "total"
    assert hexcell(page, "3,1").get_attribute("data-piece") is None
    assert page.evaluate("document.activeElement.dataset.hex") == "4,1"
    assert page.evaluate("window.farHex.isConnected"), "an untouched hex was redrawn"
    calc.locator('[data-path="map.cols"]').fill("9")  # a width alone: the height is asked for
    calc.locator('.calc-output[data-state="error"]').wait_for()
    assert "is required with map.cols" in calc.locator('[data-error-for="map.rows"]').inner_text()
    calc.locator('[data-path="map.rows"]').fill("9")  # a size: a whole new drawing
    page.wait_for_function("() => !window.farHex.isConnected", timeout=10_000)
    page.wait_for_function(SAME_AS_ENGINE, timeout=10_000, polling=100)
    assert page.locator(".calc-board g.hex").count() == 9 * 9


def test_a_map_without_edges_grows_around_its_pieces(page, server):
    """Without a board size the map has no edges: a piece placed on the border gets two more hexes beyond it, so
    the next piece can go further out, at negative coordinates too."""
    calc = open_map(page, server)
    for key, tool in (("0,1", 0), ("5,1", 1)):  # attacker, target
        place(page, key, tool)
    calc.locator('.calc-output[data-state="ready"]').wait_for()
    hexcell(page, "-2,1").wait_for()  # two hexes beyond the attacker, off the old 12 x 9 board
    place(page, "-2,1", 2)  # a partial obstacle
    hexcell(page, "-4,1").wait_for()
    assert hexcell(page, "-2,1").get_attribute("data-piece") is not None
    assert scenario_in_url(page)["map"]["obstacles"][0]["hex"] == [-2, 1]


def test_a_press_whose_hex_is_redrawn_before_release_still_places(page, server):
    """The engine's drawing may replace the pressed hex before the button (or finger) is lifted, as an answer lands
    mid-tap: the click then reaches only what both drawings share, and the hex under the pointer takes the piece."""
    open_map(page, server)
    page.locator('.calc--full [data-role="board-tools"] [data-tool="0"]').click()
    cell = hexcell(page, "1,1")
    cell.wait_for()
    cell.scroll_into_view_if_needed()
    box = cell.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    cell.evaluate("(g) => g.replaceWith(g.cloneNode(true))")  # what a patch of the drawing does to a changed hex
    page.mouse.up()
    expect(hexcell(page, "1,1")).to_have_attribute("data-piece", "attacker")
