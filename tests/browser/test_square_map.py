"""Square maps in the d6 Skirmish and Classic d20 calculators in real Chromium: a shared link drawn on squares with
its walls and doors, a door opened by a tap and closed by the keyboard, a piece placed on a square, and screenshots
(phone first; opt-in: ``--shots``) saved for a person to look at."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser.support import (
    AXE,
    PHONE,
    READY_TIMEOUT,
    Gate,
    assert_no_blocking,
    full_calculator,
    page_script,
    run_axe,
    scenario_in_url,
    wait_scenario,
    wait_settled,
    wait_state,
)

from pycore.page.handler import encode_fragment

# A wall at x = 2 from the top to y = 1.8 and a door at x = 3 across the board: closed, total cover; open, the wall
# is seen past (one level, a 4+ attack hits on 5+).
ROOM = {"system": "skirmish-d6", "attack": {"hits_on": 4},
        "map": {"grid": "square", "cols": 6, "rows": 3, "attacker": [0, 1], "target": [4, 1],
                "walls": [{"points": [[2, 0], [2, 1.8]]}, {"points": [[1, 2], [1, 3]], "kind": "low"}],
                "doors": [{"points": [[3, 0], [3, 3]], "open": False}],
                "lights": [{"at": [5, 0], "range": 1.5}]}}


def open_link(page, server, scenario):
    """A calculator opened from a shared link, its engine's answer in."""
    page.goto(server.url + f"calculator/{scenario['system']}/#s=" + encode_fragment(scenario))
    calc = full_calculator(page, scenario["system"])
    calc.locator('.calc-output[data-state]:not([data-state="loading"])').wait_for(timeout=READY_TIMEOUT)
    return calc


def headline(calc, text):
    calc.locator('[data-key="headline"]').filter(has_text=text).wait_for(timeout=READY_TIMEOUT)


def test_a_square_link_is_drawn_and_a_door_opens_and_closes(page, server):
    """The link comes back as squares (the grid chosen in the form, 18 squares, the walls and the closed door:
    cannot be targeted); a tap on the door opens it (hits on 5+, the link says open) and Enter on it, still focused,
    closes it again."""
    calc = open_link(page, server, ROOM)
    wait_state(calc, "ready")
    assert calc.locator('[data-path="map.grid"]').input_value() == "square"
    board = calc.locator(".calc-board")
    board.locator("g.hex.square").first.wait_for()
    assert board.locator("g.hex.square").count() == 18
    assert board.locator("polyline.wall--wall").count() == 1 and board.locator("polyline.wall--low").count() == 1
    assert board.locator("circle.light-reach").count() == 1
    key = calc.locator(".calc-board > .hexboard-legend")
    key.filter(has_text="door: tap to open or close it").wait_for()  # the build drew the key of a hex board
    assert {"wall", "low wall", "light and its reach"} <= set(key.locator("li > span:last-child").all_inner_texts())
    headline(calc, "Cannot be targeted")
    door = board.locator('g.door[data-door="0"]')
    assert "door--closed" in door.get_attribute("class").split()
    door.click()
    headline(calc, "Hits on 5+")
    assert scenario_in_url(page)["map"]["doors"] == [{"points": [[3, 0], [3, 3]], "open": True}]
    door = board.locator('g.door[data-door="0"]')
    assert "door--open" in door.get_attribute("class").split()
    door.focus()
    page.keyboard.press("Enter")
    headline(calc, "Cannot be targeted")
    assert "door--closed" in board.locator('g.door[data-door="0"]').get_attribute("class").split()
    assert page.evaluate("document.activeElement.dataset.door") == "0"  # the redrawn door keeps the focus
    assert scenario_in_url(page)["map"]["doors"][0]["open"] is False


def test_a_tap_with_a_tool_on_a_square_places_that_piece(page, server):
    """With the attacker and the target placed, a tap with the partial-obstacle tool on an empty square puts one
    there, drawn by the engine on that square and in the link; its row in the list names the square's column and row, and the zoom
    speaks of squares."""
    calc = open_link(page, server, {**ROOM, "map": {**ROOM["map"], "doors": []}})
    headline(calc, "Hits on 5+")
    square = calc.locator('.calc-board g.hex[data-hex="2,2"]')
    calc.locator('[data-role="board-tools"] [data-tool="2"]').click()
    square.click()
    calc.locator('.calc-board g.hex[data-hex="2,2"][data-piece="partial"]').wait_for(timeout=READY_TIMEOUT)
    wait_scenario(page, lambda s: s["map"].get("obstacles") == [{"kind": "partial", "hex": [2, 2]}])
    axes = calc.locator('[data-list="map.obstacles"] .calc-list-axis')
    assert axes.all_inner_texts()[:2] == ["col", "row"]
    named = calc.locator('[data-list="map.obstacles"] .calc-list-label').first
    assert named.inner_text() == "Square"
    assert calc.locator('[data-role="zoom-level"]').inner_text().startswith("Squares ")
    # an error on a square map names squares: the row's field, and the board's own pieces
    calc.locator('[data-list="map.obstacles"] input[data-item-part="0"]').first.fill("9")
    error = calc.locator('[data-error-for="map.obstacles.0.hex"]')
    error.filter(has_text="Obstacle 1, Square: square 9, 2 is off the 6 x 3 board").wait_for(timeout=READY_TIMEOUT)
    calc.locator('[data-list="map.obstacles"] input[data-item-part="0"]').first.fill("2")
    error.wait_for(state="hidden", timeout=READY_TIMEOUT)
    calc.locator('.calc-board g.hex[data-hex="4,1"]').press("Delete")
    calc.locator('[data-error-for="map.target"]').filter(has_text="Target's square: is required on a map").wait_for(
        timeout=READY_TIMEOUT)
    calc.locator('[data-path="map.grid"]').select_option("hex")
    assert axes.all_inner_texts()[:2] == ["q", "r"]
    assert named.inner_text() == "Hex"


def test_a_classic_d20_square_link_is_drawn(page, server):
    """Classic d20 from a square link: the wall breaks half the corner lines (50%, needs 14), drawn on squares."""
    scenario = {"system": "classic-d20", "attack": {"to_hit": 15}, "target": {"ac": 5},
                "map": {"grid": "square", "cols": 6, "rows": 3, "attacker": [0, 1], "target": [4, 1],
                        "walls": [{"points": [[2, 0], [2, 1.5]]}]}}
    calc = open_link(page, server, scenario)
    wait_state(calc, "ready")
    assert calc.locator(".calc-board g.hex.square").count() == 18
    assert "8 of 16 corner lines broken" in calc.locator(".calc-facts").inner_text()


def test_a_square_board_passes_the_accessibility_checks(context, server):
    """The board with walls, doors and lights (doors as buttons) raises no blocking axe finding."""
    context.add_init_script(path=str(AXE))
    page = context.new_page()
    calc = open_link(page, server, ROOM)
    wait_state(calc, "ready")
    assert_no_blocking(run_axe(page, ".calc-board"), "the square board")


@pytest.mark.shots
def test_screenshot_of_a_square_board_on_a_phone(browser, server, watch, shots: Path):
    """The square map fits a phone's width; the page and the board are saved for a person to look at."""
    ctx = browser.new_context(**PHONE)
    watch.attach(ctx)
    page = ctx.new_page()
    page.goto(server.url + "calculator/skirmish-d6/#s=" + encode_fragment(ROOM))
    wait_settled(page)
    calc = full_calculator(page, "skirmish-d6")
    wait_state(calc, "ready")
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page is {overflow} px wider than the screen"
    calc.locator(".calc-board").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "square-phone.png"))
    calc.locator(".calc-board").screenshot(path=str(shots / "square-board-phone.png"))
    ctx.close()
    watch.check()


def test_switching_to_a_map_starts_from_the_forms_situation(page, server):
    """Two partial obstacles counted (hits on 6+): switched to the map, the attacker, the target and the two obstacles
    stand laid out on row 2 and the answer is the same, with no error shown at any moment; switched to squares, the
    same pieces stand on squares, the same answer."""
    page.goto(server.url + "calculator/skirmish-d6/")
    calc = full_calculator(page, "skirmish-d6")
    wait_state(calc, "ready")
    calc.locator('[data-path="obstacles.partial"]').fill("2")
    headline(calc, "Hits on 6+")
    page.evaluate("""() => {
      const output = document.querySelector('.calc--full .calc-output');
      window.statesSeen = [];
      new MutationObserver(() => window.statesSeen.push(output.dataset.state))
        .observe(output, { attributes: true, attributeFilter: ['data-state'] });
    }""")
    calc.locator('input[data-role="alternative"][value="map"]').check()
    board = calc.locator(".calc-board")
    board.locator('g.hex[data-hex="2,2"][data-piece="partial"]').wait_for(timeout=READY_TIMEOUT)
    headline(calc, "Hits on 6+")
    assert board.locator('g.hex[data-hex="0,2"]').get_attribute("data-piece") == "attacker"
    assert board.locator('g.hex[data-hex="6,2"]').get_attribute("data-piece") == "target"
    assert board.locator('g.hex[data-hex="1,2"]').get_attribute("data-piece") == "partial"
    assert "error" not in page.evaluate("window.statesSeen")
    assert calc.locator(".calc-field-error:not([hidden])").count() == 0
    calc.locator('[data-path="map.grid"]').select_option("square")
    board.locator('g.hex.square[data-hex="1,2"][data-piece="partial"]').wait_for(timeout=READY_TIMEOUT)
    headline(calc, "Hits on 6+")
    wait_scenario(page, lambda s: s["map"].get("grid") == "square")
    assert "error" not in page.evaluate("window.statesSeen")


def test_a_switch_to_the_map_made_before_the_engine_is_ready_is_laid_out_once_it_is(context, server):
    """On a slow phone the engine may still be starting when the player switches to the map: the board is laid out
    from the form (attacker [0, 2], target [6, 2]) as soon as the engine is ready, and its first answer is on it."""
    gate = Gate()
    context.route("**/assets/runtime/**", gate.handle)
    page = context.new_page()
    page.goto(server.url + "calculator/skirmish-d6/", wait_until="domcontentloaded")
    calc = full_calculator(page, "skirmish-d6")
    calc.locator('input[data-role="alternative"][value="map"]').check()
    assert calc.locator('.calc-output[data-state="loading"]').count() == 1, "the engine was ready: nothing tested"
    gate.open()
    calc.locator('.calc-board g.hex[data-hex="0,2"][data-piece="attacker"]').wait_for(timeout=READY_TIMEOUT)
    calc.locator('.calc-board g.hex[data-hex="6,2"][data-piece="target"]').wait_for(timeout=READY_TIMEOUT)
    wait_state(calc, "ready")
    scenario = wait_scenario(page, lambda s: s["map"].get("target") == [6, 2])
    assert scenario["map"]["attacker"] == [0, 2]


def test_the_kept_maps_are_read_once_the_map_is_shown(page, server):
    """Opened by a link, the maps kept on this device are read when the map is shown, not at start: a calculator
    opened on a link's counted form has not opened their store once its engine answered and the page went idle;
    switched to the map, it has. (Opened without a link it reads them to offer a kept map.)"""
    page.add_init_script(page_script("count-kept-opens.js"))
    counted = {"system": "skirmish-d6", "obstacles": {"partial": 1}, "attack": {"hits_on": 4}}
    page.goto(server.url + "calculator/skirmish-d6/#s=" + encode_fragment(counted))
    calc = full_calculator(page, "skirmish-d6")
    wait_state(calc, "ready")
    page.evaluate("() => new Promise((done) => requestIdleCallback(() => setTimeout(done, 0), { timeout: 5000 }))")
    assert page.evaluate("window.keptOpens") == 0
    calc.locator('input[data-role="alternative"][value="map"]').check()
    page.wait_for_function("() => window.keptOpens > 0", timeout=READY_TIMEOUT)


def test_an_export_is_imported_and_a_bad_file_is_named(page, server, tmp_path):
    """A file that is not an export is refused with the reason beside the input, nothing changed; the room's export
    picked with the file input comes in as the square map (60 squares, its door closed), the link carries the walls,
    and no piece of the earlier board stays: the attacker starts on 2, 1 and the target on 2, 5 in the left room, and
    the partial obstacle laid out on 1, 2 before is gone."""
    page.goto(server.url + "calculator/skirmish-d6/")
    calc = full_calculator(page, "skirmish-d6")
    wait_state(calc, "ready")
    calc.locator('input[data-role="alternative"][value="map"]').check()
    calc.locator('.calc-board g.hex[data-hex="0,2"][data-piece="attacker"]').wait_for(timeout=READY_TIMEOUT)
    calc.locator('.calc-board g.hex[data-hex="1,2"][data-piece="partial"]').wait_for(timeout=READY_TIMEOUT)
    bad = tmp_path / "notes.uvtt"
    bad.write_text("these are notes")
    picker = calc.locator('[data-role="import-file"]')
    picker.set_input_files(str(bad))
    said = calc.locator('[data-role="import-said"]')
    said.filter(has_text="notes.uvtt was not imported").wait_for(timeout=READY_TIMEOUT)
    assert "the file: not a Universal VTT export: the file is not JSON" in said.inner_text()
    assert calc.locator('[data-path="map.grid"]').input_value() == "hex"
    picker.set_input_files(str(Path(__file__).parent.parent / "maps" / "room.dd2vtt"))
    said.filter(has_text="room.dd2vtt imported: 10 x 6 squares, 4 walls, 1 door and 1 light, with its picture").wait_for(
        timeout=READY_TIMEOUT)
    calc.locator('.calc-board g.door[data-door="0"]').wait_for(timeout=READY_TIMEOUT)
    assert calc.locator(".calc-board g.hex.square").count() == 60
    assert calc.locator('[data-path="map.grid"]').input_value() == "square"
    scenario = wait_scenario(page, lambda s: s["map"].get("grid") == "square")
    assert (scenario["map"]["attacker"], scenario["map"]["target"]) == ([2, 1], [2, 5])
    assert not scenario["map"].get("obstacles") and len(scenario["map"]["walls"]) == 4
    calc.locator('.calc-board g.hex[data-hex="2,1"][data-piece="attacker"]').wait_for(timeout=READY_TIMEOUT)
    assert calc.locator(".calc-board g.hex[data-piece]").count() == 2  # the attacker and the target, nothing else
    assert_the_picture_is_shown_and_the_map_kept(page, calc)


def assert_the_picture_is_shown_and_the_map_kept(page, calc):
    """The export's picture lies under the board's 10 x 6 squares (from this device's memory, a blob: URL) and the
    map is kept on the device. A reload (the page opened again from its link) finds the kept map by its walls and
    doors and shows the picture again; the kept map opens again from its list too. Once it is forgotten, the link
    draws its walls on a plain grid and says the picture stays where it was imported."""
    board = calc.locator(".calc-board")
    picture = calc.locator(".calc-board svg > image.hexboard-picture")
    assert picture.get_attribute("href").startswith("blob:")
    assert picture.get_attribute("data-size") == "10,6" and board.get_attribute("data-picture") is not None
    said = calc.locator('[data-role="import-said"]')
    said.filter(has_text="Kept on this device for your next visit").wait_for(timeout=READY_TIMEOUT)
    kept = calc.locator('[data-role="kept-list"] li')
    kept.first.wait_for(timeout=READY_TIMEOUT)
    assert kept.count() == 1 and kept.first.inner_text().startswith("room.dd2vtt, 10 x 6 squares, kept ")
    page.reload()
    calc = full_calculator(page, "skirmish-d6")
    wait_state(calc, "ready")
    said = calc.locator('[data-role="import-said"]')
    said.filter(has_text="The picture of room.dd2vtt is shown again").wait_for(timeout=READY_TIMEOUT)
    calc.locator('.calc-board g.door[data-door="0"]').wait_for(timeout=READY_TIMEOUT)
    picture = calc.locator(".calc-board svg > image.hexboard-picture")
    assert picture.get_attribute("href").startswith("blob:") and picture.get_attribute("data-size") == "10,6"
    calc.get_by_role("button", name="Open room.dd2vtt").click()
    said.filter(has_text="room.dd2vtt opened from this device: 10 x 6 squares").wait_for(timeout=READY_TIMEOUT)
    assert calc.locator(".calc-board svg > image.hexboard-picture").get_attribute("href").startswith("blob:")
    assert calc.locator(".calc-board").get_attribute("data-picture") is not None
    calc.get_by_role("button", name="Forget room.dd2vtt").click()
    said.filter(has_text="room.dd2vtt is forgotten").wait_for(timeout=READY_TIMEOUT)
    calc.locator('[data-role="kept-maps"]').wait_for(state="hidden", timeout=READY_TIMEOUT)
    page.reload()
    calc = full_calculator(page, "skirmish-d6")
    wait_state(calc, "ready")
    said = calc.locator('[data-role="import-said"]')
    said.filter(has_text="its picture stays on the device that imported it").wait_for(timeout=READY_TIMEOUT)
    calc.locator('.calc-board g.door[data-door="0"]').wait_for(timeout=READY_TIMEOUT)
    assert calc.locator(".calc-board").get_attribute("data-picture") is None
    assert calc.locator(".calc-board svg > image.hexboard-picture").get_attribute("href") is None


def test_an_export_dropped_on_the_board_is_imported(page, server):
    """The room's export dropped on the board (the board takes the drag) comes in as the square map."""
    page.goto(server.url + "calculator/classic-d20/")
    calc = full_calculator(page, "classic-d20")
    wait_state(calc, "ready")
    calc.locator('input[data-role="alternative"][value="map"]').check()
    calc.locator('.calc-board g.hex[data-hex="0,2"][data-piece="attacker"]').wait_for(timeout=READY_TIMEOUT)
    room = (Path(__file__).parent.parent / "maps" / "room.dd2vtt").read_text()
    assert page.evaluate(page_script("drop-file.js"), ["room.dd2vtt", room]) is True
    calc.locator('[data-role="import-said"]').filter(has_text="room.dd2vtt imported").wait_for(timeout=READY_TIMEOUT)
    calc.locator(".calc-board g.hex.square").first.wait_for(timeout=READY_TIMEOUT)
    assert calc.locator(".calc-board g.hex.square").count() == 60
    assert calc.locator(".calc-board polyline.wall--object").count() == 1


def test_classic_d20_lays_out_its_counted_cover_again_on_squares(page, server):
    """Classic d20 with 75% cover (a window), two protectors and 40 ft counted: the map, on hexes and then on
    squares, is laid out anew each time (walls that break that share of the corner lines, the allies behind the
    target), so the headline stays the counted one; once a piece is moved by hand, another grid keeps the board."""
    page.goto(server.url + "calculator/classic-d20/")
    calc = full_calculator(page, "classic-d20")
    wait_state(calc, "ready")
    calc.locator('[data-path="attack.to_hit"]').fill("12")
    calc.locator('[data-path="target.ac"]').fill("5")
    calc.locator('[data-path="target.cover"]').select_option("75")
    calc.locator('[data-path="target.protectors"]').fill("2")
    calc.locator('[data-path="distance_ft"]').fill("40")
    wait_scenario(page, lambda s: s.get("distance_ft") == 40 and s["target"].get("protectors") == 2)
    counted = calc.locator('[data-key="headline"]').inner_text()
    calc.locator('input[data-role="alternative"][value="map"]').check()
    hexes = wait_scenario(page, lambda s: bool((s.get("map") or {}).get("obstacles")))
    assert len(hexes["map"]["creatures"]) == 2
    headline(calc, counted)
    calc.locator('[data-path="map.grid"]').select_option("square")
    squares = wait_scenario(page, lambda s: s["map"].get("grid") == "square" and bool(s["map"].get("walls")))
    assert not squares["map"].get("obstacles") and len(squares["map"]["creatures"]) == 2
    calc.locator(".calc-board polyline.wall").first.wait_for(state="attached", timeout=READY_TIMEOUT)
    headline(calc, counted)
    calc.locator('[data-role="board-tools"] [data-tool="2"]').click()
    calc.locator('.calc-board g.hex[data-hex="3,0"]').click()  # a piece placed by hand
    wait_scenario(page, lambda s: len(s["map"].get("obstacles") or []) == 1)
    calc.locator('[data-path="map.grid"]').select_option("hex")
    kept = wait_scenario(page, lambda s: s["map"].get("grid") == "hex")
    assert kept["map"]["walls"] == squares["map"]["walls"] and kept["map"]["obstacles"] == [{"hex": [3, 0], "kind": "wall"}]


def test_a_kept_map_is_offered_at_the_top_without_a_link(page, server):
    """The room imported, the calculator opened again without a link: the top of the calculator offers the kept map;
    a tap chooses the map, opens the room on it with its picture, and takes the offer away."""
    page.goto(server.url + "calculator/skirmish-d6/")
    calc = full_calculator(page, "skirmish-d6")
    wait_state(calc, "ready")
    offer = calc.locator('[data-role="kept-offer"]')
    assert offer.is_hidden()  # nothing kept yet
    calc.locator('input[data-role="alternative"][value="map"]').check()
    calc.locator('[data-role="import-file"]').set_input_files(str(Path(__file__).parent.parent / "maps" / "room.dd2vtt"))
    calc.locator('[data-role="import-said"]').filter(has_text="Kept on this device").wait_for(timeout=READY_TIMEOUT)
    page.goto(server.url + "calculator/skirmish-d6/")
    calc = full_calculator(page, "skirmish-d6")
    wait_state(calc, "ready")
    button = calc.locator('[data-role="kept-offer-open"]')
    button.filter(has_text="Open room.dd2vtt on the map").wait_for(timeout=READY_TIMEOUT)
    assert calc.locator('input[data-role="alternative"][value="map"]').is_checked() is False
    button.click()
    calc.locator('[data-role="import-said"]').filter(has_text="room.dd2vtt opened from this device").wait_for(
        timeout=READY_TIMEOUT)
    assert calc.locator('input[data-role="alternative"][value="map"]').is_checked()
    assert calc.locator(".calc-board svg > image.hexboard-picture").get_attribute("href").startswith("blob:")
    assert offer.is_hidden()
