"""Overlays in real Chromium: the toggle shades the board, its legend, keyboard focus telling a hex's numbers, the
best-hexes table, the shading following a moved piece, and the everyone-against-everyone table sorted and opened;
then the same on the Classic d20 map."""

import pytest
from browser.support import AXE, READY_TIMEOUT, assert_no_blocking, full_calculator, run_axe, scenario_in_url, wait_state

from pycore import evaluate
from pycore.page.handler import encode_fragment
from pycore.views import overlay
from pycore.views.classic_d20 import OVERLAY as D20_OVERLAY
from pycore.views.skirmish_d6 import OVERLAY

MAP = {"system": "skirmish-d6", "attack": {"hits_on": 4},
       "map": {"cols": 8, "rows": 5, "attacker": [0, 2], "target": [6, 2],
               "obstacles": [{"hex": [2, 1], "kind": "partial"}, {"hex": [3, 2], "kind": "total"},
                             {"hex": [2, 3], "kind": "partial"}]}}
"""A small map: an attacker hitting on 4+, a boulder and two low walls between it and the target."""
CROWD = {"system": "skirmish-d6", "attack": {"hits_on": 4}, "pairings": True,
         "map": {"cols": 8, "rows": 6, "attacker": [0, 0], "target": [4, 2],
                 "obstacles": [{"hex": [2, 1], "kind": "partial"}],
                 "creatures": [{"hex": [0, 3], "side": "attacker"}, {"hex": [5, 0], "side": "target"}]}}
"""Two creatures on each side, a low wall between the attacker and the target."""
D20 = {"system": "classic-d20", "attack": {"to_hit": 15}, "target": {"ac": 5},
       "map": {"cols": 8, "rows": 5, "attacker": [0, 2], "target": [5, 2], "obstacles": [{"hex": [2, 2], "kind": "wall"}],
               "creatures": [{"hex": [6, 2], "side": "target"}]}}
"""A Classic d20 map: THAC0 15 against AC 5, a wall on the line and a protector beside the target."""


def open_calculator(page, server, scenario):
    """The scenario's calculator opened on it and answered."""
    page.goto(server.url + f"calculator/{scenario['system']}/#s=" + encode_fragment(scenario))
    calc = full_calculator(page, scenario["system"])
    calc.locator('.calc-output[data-state="ready"]').wait_for(timeout=READY_TIMEOUT)
    return calc


def expected(scenario, moving):
    """The engine's own overlay for ``scenario`` with ``moving`` shaded, as the test's reference."""
    return evaluate({**scenario, "overlay": moving})["overlay"]


def shaded(calc):
    """Hex key -> aria-label of every shaded hex on the board."""
    return calc.locator(".calc-board g.hex[data-heat]").evaluate_all(
        "gs => Object.fromEntries(gs.map(g => [g.dataset.hex, g.getAttribute('aria-label')]))")


def test_toggle_shades_every_free_hex_with_its_numbers_and_a_legend(page, server):
    """Choosing the target overlay shades exactly the engine's hexes, each named with its numbers; the legend
    lists five bands with their patterns, in the answer and by the board; choosing none takes it all away again."""
    calc = open_calculator(page, server, MAP)
    assert calc.locator(".calc-board g.hex[data-heat]").count() == 0
    calc.locator('select[data-path="overlay"]').select_option("target")
    calc.locator('[data-role="overlay-legend"]').wait_for(timeout=READY_TIMEOUT)
    want = expected(MAP, "target")
    labels = shaded(calc)
    assert set(labels) == {f"{e['hex'][0]},{e['hex'][1]}" for e in want["hexes"]}
    for e in want["hexes"]:
        key = f"{e['hex'][0]},{e['hex'][1]}"
        assert labels[key].startswith(f"hex {e['hex'][0]}, {e['hex'][1]}: ")  # the target's own hex names it first
        assert labels[key].endswith(overlay.entry_words(e, "target", OVERLAY))
    open_hex = next(e for e in want["hexes"] if e["hex"] == [1, 0])
    assert open_hex["hit_chance_exact"] == "1/2" and "50% to hit, no cover" in labels["1,0"]
    legend = calc.locator('[data-role="overlay-legend"] li')
    assert legend.count() == 5 and "plus signs" in legend.first.inner_text()
    # the key by the board too, right under it, the same five bands (for the eye: the answer's is the one read out)
    key = calc.locator('.calc-board [data-role="overlay-key"]')
    assert key.is_visible() and key.get_attribute("aria-hidden") == "true"
    assert key.locator("li").all_inner_texts() == legend.all_inner_texts()
    under = calc.locator('.calc-board [data-role="board-view"]').bounding_box()
    assert 0 <= key.bounding_box()["y"] - (under["y"] + under["height"]) < 120
    assert scenario_in_url(page)["overlay"] == "target"
    calc.locator('select[data-path="overlay"]').select_option("none")
    calc.locator('[data-role="overlay-legend"]').wait_for(state="detached", timeout=READY_TIMEOUT)
    assert calc.locator(".calc-board g.hex[data-heat]").count() == 0
    assert key.is_hidden()


def test_keyboard_focus_tells_a_hexs_numbers(page, server):
    """Focusing a shaded hex names its numbers (its accessible name) and writes them under the board; the arrow
    keys move on and the readout follows."""
    calc = open_calculator(page, server, {**MAP, "overlay": "target"})
    calc.locator(".calc-board g.hex[data-heat]").first.wait_for(timeout=READY_TIMEOUT)
    calc.locator('.calc-board g.hex[data-hex="1,0"]').focus()
    readout = calc.locator('[data-role="overlay-readout"]')
    assert readout.is_visible()
    assert readout.inner_text() == "hex 1, 0: target here: 50% to hit, no cover"
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.hex") == "2,0"
    focused = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert readout.inner_text() == focused and "% to hit" in focused
    calc.locator('.calc-board g.hex[data-hex="1,4"]').hover()
    assert readout.inner_text().startswith("hex 1, 4: target here:")


def test_table_alternative_lists_the_best_hexes_first(context, server):
    """The table under the answer lists the engine's hexes in the order the view ranks them (safest first
    for the target), its numbers in words; axe finds nothing serious in the panel."""
    context.add_init_script(path=str(AXE))
    page = context.new_page()
    calc = open_calculator(page, server, {**MAP, "overlay": "target"})
    table = calc.locator('[data-role="overlay-table"]')
    table.wait_for(timeout=READY_TIMEOUT)
    ranked = overlay.ranked(expected(MAP, "target"), OVERLAY)[:overlay.TABLE_ROWS]
    rows = table.locator("tbody tr")
    assert rows.evaluate_all("rs => rs.map(r => r.dataset.hex)") == [f"{e['hex'][0]},{e['hex'][1]}" for e in ranked]
    assert rows.first.locator("td").nth(1).inner_text() == overlay.chance_words(ranked[0], "target")
    assert "lowest chance to be hit first" in table.locator("caption").inner_text()
    assert_no_blocking(run_axe(page, ".calc--full .calc-output"), "overlay panel")


def test_the_shading_follows_a_moved_piece(page, server):
    """With the attacker's overlay on, moving the target (keyboard: focus a hex, 2) shades the board for the new
    target: the numbers are the engine's for the moved scenario, and the readout follows the redrawn hex."""
    calc = open_calculator(page, server, {**MAP, "overlay": "attacker"})
    calc.locator(".calc-board g.hex[data-heat]").first.wait_for(timeout=READY_TIMEOUT)
    before = shaded(calc)
    calc.locator('.calc-board g.hex[data-hex="5,0"]').focus()
    page.keyboard.press("2")  # the target moves here
    moved = {**MAP, "map": {**MAP["map"], "target": [5, 0]}}
    want = {f"{e['hex'][0]},{e['hex'][1]}": overlay.entry_words(e, "attacker", OVERLAY)
            for e in expected(moved, "attacker")["hexes"]}
    page.wait_for_function("want => [...document.querySelectorAll('.calc--full .calc-board g.hex[data-heat]')]"
                           ".length === want", arg=len(want), timeout=READY_TIMEOUT)
    page.wait_for_function("() => !document.querySelector('.calc--full .calc-board g.hex[data-hex=\"5,0\"]')"
                           ".hasAttribute('data-heat')", timeout=READY_TIMEOUT)
    wait_state(calc, "ready")
    after = shaded(calc)
    assert after != before and "6,2" in after and "5,0" not in after
    for key, words in want.items():
        assert after[key].endswith(words)
    readout = calc.locator('[data-role="overlay-readout"]')
    readout.wait_for(state="hidden")  # the focused hex now holds the target: no longer shaded
    calc.locator('.calc-board g.hex[data-hex="6,2"]').focus()
    assert readout.inner_text() == after["6,2"]


def test_everyone_against_everyone_sorts_and_opens_a_pairing(page, server):
    """Two on each side: four rows; the chance header sorts ascending then descending (aria-sort says so); a
    row's link opens that pairing, and the calculator answers it with the row's chance."""
    calc = open_calculator(page, server, CROWD)
    table = calc.locator('[data-role="pairings"] table')
    rows = table.locator("tbody tr")
    assert rows.count() == 4
    chance = table.locator('button[data-sort-column="3"]')
    chance.click()
    values = rows.evaluate_all("rs => rs.map(r => Number(r.cells[3].dataset.sort))")
    assert values == sorted(values) and values[0] == pytest.approx(1 / 3, abs=1e-6)
    assert table.locator("th").nth(3).get_attribute("aria-sort") == "ascending"
    chance.focus()
    page.keyboard.press("Enter")
    values = rows.evaluate_all("rs => rs.map(r => Number(r.cells[3].dataset.sort))")
    assert values == sorted(values, reverse=True)
    assert table.locator("th").nth(3).get_attribute("aria-sort") == "descending"
    best = rows.first
    shown = best.locator("td").nth(2).inner_text()  # the chance column (the row header is a th)
    best.locator("a").click()
    calc.locator('[data-key="hit_chance"]').filter(has_text=f" {shown} chance to hit").wait_for(timeout=READY_TIMEOUT)
    wait_state(calc, "ready")
    scenario = scenario_in_url(page)
    assert scenario["map"]["attacker"] != CROWD["map"]["attacker"] or scenario["map"]["target"] != CROWD["map"]["target"]
    assert evaluate(scenario)["hit_chance"] == pytest.approx(max(values))


def test_d20_toggle_legend_and_keyboard_focus(page, server):
    """Classic d20 through the same overlay: the toggle shades exactly the engine's hexes, named with their numbers
    (THAC0 15 against AC 5 in the open: a natural 10+, 55%), the legend has five bands, focus writes the readout."""
    calc = open_calculator(page, server, D20)
    assert calc.locator(".calc-board g.hex[data-heat]").count() == 0
    calc.locator('select[data-path="overlay"]').select_option("target")
    calc.locator('[data-role="overlay-legend"]').wait_for(timeout=READY_TIMEOUT)
    want = {f"{e['hex'][0]},{e['hex'][1]}": overlay.entry_words(e, "target", D20_OVERLAY)
            for e in expected(D20, "target")["hexes"]}
    labels = shaded(calc)
    assert set(labels) == set(want) and all(labels[key].endswith(words) for key, words in want.items())
    assert calc.locator('[data-role="overlay-legend"] li').count() == 5
    calc.locator('.calc-board g.hex[data-hex="1,0"]').focus()
    readout = calc.locator('[data-role="overlay-readout"]')
    assert readout.inner_text() == "hex 1, 0: target here: 55% to hit, no cover"


def test_d20_table_alternative_lists_the_safest_hexes_first(page, server):
    """The Classic d20 table: the view's ranking, safest first for the target, cover in percent."""
    calc = open_calculator(page, server, {**D20, "overlay": "target"})
    table = calc.locator('[data-role="overlay-table"]')
    table.wait_for(timeout=READY_TIMEOUT)
    ranked = overlay.ranked(expected(D20, "target"), D20_OVERLAY)[:overlay.TABLE_ROWS]
    rows = table.locator("tbody tr")
    assert rows.evaluate_all("rs => rs.map(r => r.dataset.hex)") == [f"{e['hex'][0]},{e['hex'][1]}" for e in ranked]
    assert rows.first.locator("td").nth(2).inner_text() == D20_OVERLAY.cover(ranked[0]["cover"])
