"""List editors on a phone (390 x 844, touch): rows of controls instead of JSON, in step with the board and the link."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from browser.support import (
    AXE,
    PHONE,
    READY_TIMEOUT,
    assert_no_blocking,
    full_calculator,
    page_script,
    paste_link,
    run_axe,
    wait_scenario,
    wait_settled,
    wait_state,
)
from browser.test_failures import EXPECTED_NOISE

from pycore.page.handler import encode_fragment

DESKTOP = {"viewport": {"width": 1280, "height": 1000}}
ER = "calculator/enchanted-realms/"
D6 = "calculator/skirmish-d6/"
FRIENDLY_FIRE = "rules/enchanted-realms/friendly-fire/"


@pytest.fixture
def phone(browser, watch):
    """A fresh, watched phone context: 390 x 844 with touch."""
    ctx = browser.new_context(**PHONE)
    ctx.add_init_script(path=str(AXE))  # axe-core, for the accessibility check
    watch.attach(ctx)
    yield ctx
    ctx.close()
    watch.check()


def rows(calc, path: str):
    """The rows of the list editor of ``path``."""
    return calc.locator(f'[data-list="{path}"] .calc-list-row')


def box(calc, path: str, index: int, key: str, part: int | None = None):
    """One control of row ``index`` (``part`` 0 or 1: a hex's q or r)."""
    where = f'[data-item-path="{path}.{index}.{key}"]'
    return calc.locator(where + (f'[data-item-part="{part}"]' if part is not None else ""))


def hexcell(calc, key: str):
    """The board's hex at axial ``q,r``."""
    return calc.locator(f'.calc-board g.hex[data-hex="{key}"]')


def test_creatures_added_named_placed_and_removed_round_trip_through_the_link(phone, server):
    """Enchanted Realms: Add puts a creature on a free hex next to the last one, its row names it and takes its
    Defense, Place on board moves it by a tap, a tap on the board adds another row; the link restores them all. Then
    errors in a row sit by it (``an_item_error_sits_by_its_row``)."""
    page = phone.new_page()
    page.goto(server.url + ER)
    calc = full_calculator(page, "enchanted-realms")
    wait_state(calc, "ready")
    assert rows(calc, "others").count() == 0
    calc.locator('[data-list="others"] [data-role="list-add"]').tap()
    assert rows(calc, "others").count() == 1
    assert box(calc, "others", 0, "name").input_value() == "Creature 1"
    assert box(calc, "others", 0, "defense").input_value() == "10"
    q, r = (box(calc, "others", 0, "hex", part).input_value() for part in (0, 1))
    assert hexcell(calc, f"{q},{r}").get_attribute("data-piece") == "creature"  # marked at once
    box(calc, "others", 0, "name").fill("Bram")
    box(calc, "others", 0, "defense").fill("12")
    wait_scenario(page, lambda s: s.get("others") == [{"name": "Bram", "defense": 12, "hex": [int(q), int(r)]}])
    # place it by tapping: the board does not cycle the tapped hex, the row's hex follows
    calc.locator('[data-list="others"] [data-role="list-place"]').first.tap()
    assert calc.locator('[data-list="others"] [data-role="list-place"]').first.get_attribute("aria-pressed") == "true"
    hexcell(calc, "3,1").tap()
    assert box(calc, "others", 0, "hex", 0).input_value() == "3"
    assert box(calc, "others", 0, "hex", 1).input_value() == "1"
    assert "Creature 1 placed on hex 3, 1" in calc.locator('[data-list="others"] [data-role="list-announce"]').inner_text()
    wait_scenario(page, lambda s: s.get("others") == [{"name": "Bram", "defense": 12, "hex": [3, 1]}])
    assert hexcell(calc, "3,1").get_attribute("data-piece") == "creature"
    # a tap with the creature tool on an empty hex of the board adds a row
    calc.locator('[data-role="board-tools"] [data-tool="2"]').tap()
    hexcell(calc, "2,-1").tap()
    rows(calc, "others").nth(1).wait_for()
    assert box(calc, "others", 1, "name").input_value() == "Creature 1"  # no other name ends with a number
    assert (box(calc, "others", 1, "hex", 0).input_value(), box(calc, "others", 1, "hex", 1).input_value()) == ("2", "-1")
    box(calc, "others", 1, "hex", 1).fill("0")  # typed: the board follows
    scenario = wait_scenario(page, lambda s: len(s.get("others", [])) == 2 and s["others"][1]["hex"] == [2, 0])
    assert scenario["others"][1] == {"name": "Creature 1", "defense": 10, "hex": [2, 0]}
    calc.locator(".calc-board g.hex[data-hex=\"2,0\"][data-piece=\"creature\"]").wait_for()
    # the link restores both rows, pasted into this page after a situation without them
    link = "#" + page.url.split("#", 1)[1]
    paste_link(page, "#s=" + encode_fragment({"system": "enchanted-realms", "others": []}))
    assert rows(calc, "others").count() == 0
    assert hexcell(calc, "3,1").get_attribute("data-piece") is None
    paste_link(page, link)
    assert rows(calc, "others").count() == 2
    assert box(calc, "others", 0, "name").input_value() == "Bram"
    assert box(calc, "others", 0, "defense").input_value() == "12"
    assert box(calc, "others", 1, "hex", 0).input_value() == "2"
    assert hexcell(calc, "3,1").get_attribute("data-piece") == "creature"
    # remove the first: the second becomes the list's first row, its controls renumbered
    calc.locator('[data-list="others"] [data-role="list-remove"]').first.tap()
    assert rows(calc, "others").count() == 1
    assert calc.locator('[data-list="others"] [data-role="list-title"]').first.inner_text() == "Creature 1"
    assert box(calc, "others", 0, "name").input_value() == "Creature 1"
    assert box(calc, "others", 0, "hex", 0).get_attribute("id").endswith("-0-hex-q")
    wait_scenario(page, lambda s: s.get("others") == [{"name": "Creature 1", "defense": 10, "hex": [2, 0]}])
    hexcell(calc, "3,1").and_(page.locator(":not([data-piece])")).wait_for()
    an_item_error_sits_by_its_row(page, calc)


def an_item_error_sits_by_its_row(page, calc) -> None:
    """A Defense out of range and a creature on the target's hex: each message names the row's field, next to it
    (two creatures pasted into the open Enchanted Realms calculator)."""
    scenario = {"system": "enchanted-realms", "others": [{"name": "Bram", "hex": [5, 0], "defense": 12},
                                                         {"name": "Wren", "hex": [3, 0], "defense": 10}]}
    paste_link(page, "#s=" + encode_fragment(scenario))
    wait_state(calc, "ready")
    box(calc, "others", 1, "defense").fill("70")
    wait_state(calc, "error")
    message = calc.locator('[data-error-for="others.1.defense"]')
    assert message.is_visible()
    assert message.inner_text().endswith("Creature 2, Defense: 70 is out of range: must be a whole number from 0 to 60")
    assert box(calc, "others", 1, "defense").get_attribute("aria-invalid") == "true"
    assert box(calc, "others", 0, "defense").get_attribute("aria-invalid") is None
    assert "Creature 2, Defense" in calc.locator('[data-role="status"]').inner_text()
    box(calc, "others", 1, "defense").fill("11")
    wait_state(calc, "ready")
    assert not message.is_visible()
    box(calc, "others", 0, "hex", 0).fill("4")  # the target stands on 4, 0
    hex_error = calc.locator('[data-error-for="others.0.hex"]')
    hex_error.filter(has_text="is the target's hex").wait_for()
    assert box(calc, "others", 0, "hex", 0).get_attribute("aria-invalid") == "true"
    assert box(calc, "others", 0, "hex", 1).get_attribute("aria-invalid") == "true"


def test_d6_map_lists_change_kind_and_side_and_round_trip(phone, server):
    """d6 map: an obstacle's kind and a creature's side chosen in their rows change the board and the answer;
    the link restores the rows."""
    scenario = {"system": "skirmish-d6", "map": {"cols": 8, "rows": 5, "attacker": [0, 2], "target": [4, 2],
                "obstacles": [{"hex": [2, 2], "kind": "partial"}], "creatures": [{"hex": [4, 1], "side": "target"}]}}
    page = phone.new_page()
    page.goto(server.url + D6 + "#s=" + encode_fragment(scenario))
    calc = full_calculator(page, "skirmish-d6")
    wait_state(calc, "ready")
    assert rows(calc, "map.obstacles").count() == 1 and rows(calc, "map.creatures").count() == 1
    calc.locator(".calc-facts").filter(has_text="Level 1").wait_for()
    box(calc, "map.obstacles", 0, "kind").select_option(label="Total obstacle")
    calc.locator('[data-key="headline"]').filter(has_text="Cannot be targeted").wait_for()
    assert hexcell(calc, "2,2").get_attribute("data-piece") == "total"
    box(calc, "map.creatures", 0, "side").select_option(label="Attacker's ally")
    calc.locator('.calc-board g.hex[data-hex="4,1"][data-piece="creature creature-attacker"]').wait_for()
    calc.locator('[data-list="map.obstacles"] [data-role="list-add"]').tap()
    assert box(calc, "map.obstacles", 1, "kind").input_value() == "0"  # the item field's default: partial
    added = [int(box(calc, "map.obstacles", 1, "hex", part).input_value()) for part in (0, 1)]
    expected = {"attacker": [0, 2], "target": [4, 2], "cols": 8, "rows": 5,
                "obstacles": [{"hex": [2, 2], "kind": "total"}, {"kind": "partial", "hex": added}],
                "creatures": [{"hex": [4, 1], "side": "attacker"}], "elevation": [],
                "grid": "hex", "walls": [], "doors": [], "lights": []}  # the form's square-map boxes, at their defaults
    wait_scenario(page, lambda s: s.get("map") == expected)
    link = "#" + page.url.split("#", 1)[1]
    paste_link(page, "#s=" + encode_fragment(scenario))  # the situation it opened with: one row each, as they were
    assert rows(calc, "map.obstacles").count() == 1
    assert box(calc, "map.obstacles", 0, "kind").evaluate("s => s.selectedOptions[0].text") == "Partial obstacle"
    assert box(calc, "map.creatures", 0, "side").evaluate("s => s.selectedOptions[0].text") == "Target's ally"
    paste_link(page, link)
    assert rows(calc, "map.obstacles").count() == 2
    assert box(calc, "map.obstacles", 0, "kind").evaluate("s => s.selectedOptions[0].text") == "Total obstacle"
    assert box(calc, "map.creatures", 0, "side").evaluate("s => s.selectedOptions[0].text") == "Attacker's ally"
    assert [box(calc, "map.obstacles", 1, "hex", p).input_value() for p in (0, 1)] == [str(v) for v in added]


def test_a_long_list_from_a_link_starts_folded(phone, server):
    """A map with more than a dozen obstacles opened from a link shows the count and a folded list (its rows are not in
    the page); a tap on the board still adds an obstacle, the button draws the rows, and an error in a folded list's
    row draws them to show it there."""
    obstacles = [{"hex": [q, 0], "kind": "partial"} for q in range(2, 16)]
    scenario = {"system": "skirmish-d6", "map": {"cols": 20, "rows": 5, "attacker": [0, 2], "target": [18, 2],
                "obstacles": obstacles}}
    page = phone.new_page()
    page.goto(server.url + D6 + "#s=" + encode_fragment(scenario))
    calc = full_calculator(page, "skirmish-d6")
    wait_state(calc, "ready")
    toggle = calc.locator('[data-list="map.obstacles"] [data-role="list-toggle"]')
    assert toggle.is_visible() and toggle.get_attribute("aria-expanded") == "false"
    assert "(14)" in calc.locator('[data-list="map.obstacles"] [data-role="list-count"]').inner_text()
    assert rows(calc, "map.obstacles").count() == 0
    assert calc.locator('[data-list="map.creatures"] [data-role="list-toggle"]').is_hidden()  # none: nothing to fold
    calc.locator('[data-role="board-tools"] [data-tool="2"]').tap()
    hexcell(calc, "5,4").tap()  # a partial obstacle, with its tool
    wait_scenario(page, lambda s: len(s["map"]["obstacles"]) == 15)
    assert "(15)" in calc.locator('[data-list="map.obstacles"] [data-role="list-count"]').inner_text()
    assert rows(calc, "map.obstacles").count() == 0
    toggle.tap()
    assert toggle.get_attribute("aria-expanded") == "true" and rows(calc, "map.obstacles").count() == 15
    assert [box(calc, "map.obstacles", 14, "hex", p).input_value() for p in (0, 1)] == ["5", "4"]
    toggle.tap()
    assert rows(calc, "map.obstacles").count() == 0
    calc.locator('[data-path="map.cols"]').fill("12")  # obstacles 10 to 13 are off the board now
    wait_state(calc, "error")
    assert toggle.get_attribute("aria-expanded") == "true"
    calc.locator('[data-error-for="map.obstacles.10.hex"]').filter(has_text="Obstacle 11, Hex").wait_for()


def test_keyboard_places_a_row_on_the_board(browser, server, watch):
    """Keyboard only: Place on board, arrows to a hex, Enter moves the item there and focus returns to the row."""
    ctx = browser.new_context(**DESKTOP)
    watch.attach(ctx)
    page = ctx.new_page()
    scenario = {"system": "enchanted-realms", "others": [{"name": "Bram", "hex": [5, 0], "defense": 12}]}
    page.goto(server.url + ER + "#s=" + encode_fragment(scenario))
    calc = full_calculator(page, "enchanted-realms")
    wait_state(calc, "ready")
    place = calc.locator('[data-list="others"] [data-role="list-place"]')
    place.focus()
    page.keyboard.press("Enter")
    assert place.get_attribute("aria-pressed") == "true"
    page.keyboard.press("Escape")  # on the button
    assert place.get_attribute("aria-pressed") == "false"
    page.keyboard.press("Enter")
    hexcell(calc, "5,0").focus()
    page.keyboard.press("Escape")  # on the board: back to the row, nothing moved
    assert place.get_attribute("aria-pressed") == "false"
    assert page.evaluate("document.activeElement.dataset.role") == "list-place"
    assert "Creature 1 stays where it was" in calc.locator('[data-list="others"] [data-role="list-announce"]').inner_text()
    page.keyboard.press("Enter")
    hexcell(calc, "5,0").focus()
    page.keyboard.press("ArrowDown")
    target = page.evaluate("document.activeElement.dataset.hex")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.dataset.role") == "list-place"
    q, r = (int(v) for v in target.split(","))
    wait_scenario(page, lambda s: s.get("others") == [{"name": "Bram", "hex": [q, r], "defense": 12}])
    ctx.close()
    watch.check()


def test_lists_and_board_work_without_the_engine(browser, server, watch):
    """The engine blocked: Add, Place on board and Remove still edit the list, and the board shows it at once."""
    watch.allowed_console.extend(EXPECTED_NOISE)
    ctx = browser.new_context(**PHONE, service_workers="block")
    watch.attach(ctx)
    page = ctx.new_page()
    page.route("**/runtime/**", lambda route: route.abort())
    page.goto(server.url + ER)
    calc = full_calculator(page, "enchanted-realms")
    wait_state(calc, "failed")
    calc.locator('[data-list="others"] [data-role="list-add"]').tap()
    q, r = (box(calc, "others", 0, "hex", part).input_value() for part in (0, 1))
    assert hexcell(calc, f"{q},{r}").get_attribute("data-piece") == "creature"
    calc.locator('[data-list="others"] [data-role="list-place"]').tap()
    hexcell(calc, "2,1").tap()
    assert hexcell(calc, "2,1").get_attribute("data-piece") == "creature"
    assert hexcell(calc, f"{q},{r}").get_attribute("data-piece") is None
    hidden = calc.locator('input[type="hidden"][data-path="others"]')
    assert json.loads(hidden.input_value()) == [{"defense": 10, "name": "Creature 1", "hex": [2, 1]}]
    calc.locator('[data-list="others"] [data-role="list-remove"]').tap()
    assert json.loads(hidden.input_value()) == []
    assert hexcell(calc, "2,1").get_attribute("data-piece") is None
    assert calc.locator(".calc-output").get_attribute("data-state") == "failed"
    ctx.close()
    watch.check()


def test_inline_calculator_list_asks_for_a_new_rows_hex(phone, server):
    """On a rulebook page (no board) Add gives a named row whose hex must be typed; the error says so by the row."""
    page = phone.new_page()
    page.goto(server.url + FRIENDLY_FIRE)
    inline = page.locator('[data-calculator="enchanted-realms"][data-mode="inline"]').first
    wait_state(inline, "ready")
    assert rows(inline, "others").count() == 2
    inline.locator('[data-list="others"] [data-role="list-add"]').tap()
    assert box(inline, "others", 2, "name").input_value() == "Creature 1"  # Bram and Wren end with no number
    assert page.evaluate("document.activeElement.dataset.itemPath") == "others.2.name"
    inline.locator('[data-error-for="others.2.hex"]').filter(has_text="is required").wait_for(timeout=READY_TIMEOUT)
    box(inline, "others", 2, "hex", 0).fill("4")
    box(inline, "others", 2, "hex", 1).fill("1")
    wait_state(inline, "ready")
    assert "calculator/enchanted-realms/#s=" in inline.locator('[data-role="open"]').get_attribute("href")


ROW_CONTROLS = ".calc-list input:not([type=hidden]), .calc-list select, .calc-list button"
SCREENS = {"phone": PHONE, "desktop": DESKTOP}
SHOT_PAGES = {
    "er": ER + "#s=" + encode_fragment({"system": "enchanted-realms", "blind_shot": True,
                                        "others": [{"name": "Bram", "hex": [5, 0], "defense": 12},
                                                   {"name": "Wren", "hex": [3, 0], "defense": 10}]}),
    "d6-map": D6 + "#s=" + encode_fragment({"system": "skirmish-d6", "map": {
        "cols": 8, "rows": 5, "attacker": [0, 2], "target": [4, 2], "obstacles": [{"hex": [2, 2], "kind": "partial"}],
        "creatures": [{"hex": [4, 1], "side": "target"}]}}),
    "inline": FRIENDLY_FIRE,
}


def json_boxes(page) -> list[str]:
    """What the page's calculators show in text boxes that reads as JSON (a list or an object)."""
    texts = page.locator('.calc input[type="text"]').evaluate_all("els => els.map((e) => e.value)")
    return [t for t in texts if t.lstrip().startswith(("[", "{"))]


@pytest.mark.parametrize("name", list(SHOT_PAGES))
def test_no_json_box_and_rows_named_for_assistive_technology(phone, server, name):
    """A full calculator (opened without a link) or an inline one shows no list as text to edit, before the engine
    answers or after; then, with a full calculator's rows pasted in from a link, every row control has a name, every
    reference resolves and ids stay unique, after Add and Remove too; axe finds nothing serious in the lists."""
    url, _, fragment = SHOT_PAGES[name].partition("#")
    page = phone.new_page()
    page.goto(server.url + url)
    assert json_boxes(page) == []
    wait_settled(page)
    assert json_boxes(page) == []
    assert "JSON" not in page.locator(".calc").first.inner_text()
    if fragment:
        paste_link(page, "#" + fragment)
    editor = page.locator("[data-list]").first
    editor.locator('[data-role="list-add"]').tap()
    editor.locator('[data-role="list-add"]').tap()
    editor.locator('[data-role="list-remove"]').first.tap()
    assert page.evaluate(page_script("unnamed-controls.js"), ROW_CONTROLS) == []
    assert page.evaluate(page_script("dangling-references.js")) == []
    assert page.evaluate(page_script("duplicate-ids.js")) == []
    assert_no_blocking(run_axe(page, "[data-list]"), f"{name} list editor")


@pytest.mark.shots
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("name", list(SHOT_PAGES))
def test_list_screenshots(browser, server, watch, shots: Path, name, screen, scheme):
    """The list editors fit the screen in both schemes; a screenshot of each is saved for a person to look at."""
    ctx = browser.new_context(**SCREENS[screen], color_scheme=scheme)
    watch.attach(ctx)
    page = ctx.new_page()
    page.goto(server.url + SHOT_PAGES[name])
    wait_settled(page)
    editor = page.locator("[data-list]").first
    editor.scroll_into_view_if_needed()
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page is {overflow} px wider than the screen"
    region = page.locator(".calc-board:has([data-list]), .calc-field--records").first  # the board and its lists
    region.screenshot(path=str(shots / f"lists-{name}-{screen}-{scheme}.png"))
    ctx.close()
    watch.check()
