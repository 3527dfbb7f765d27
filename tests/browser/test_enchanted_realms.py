"""The enchanted-realms calculator in real Chromium: exact odds, friendly fire, a resolved throw, links, errors."""

import json

from browser.support import READY_TIMEOUT, full_calculator, scenario_in_url, wait_state

from pycore.page.handler import encode_fragment

SYSTEM = "enchanted-realms"
URL = "calculator/enchanted-realms/"
CROWD = [{"name": "Bram", "hex": [5, 0], "defense": 12}, {"name": "Wren", "hex": [3, 0], "defense": 10},
         {"name": "Ilsa", "hex": [7, 2], "defense": 13}]


def test_inputs_give_exact_odds_and_friendly_fire_with_rule_links(page, server):
    """Three dice at +2 against Defense 15 in partial cover, blind shot into a crowd: every number, every link."""
    page.goto(server.url + URL)
    calc = full_calculator(page, SYSTEM)
    wait_state(calc, "ready")
    calc.locator('[data-path="attack.dice"]').fill("3")
    calc.locator('[data-path="attack.modifier"]').fill("2")
    calc.locator('[data-path="target.defense"]').fill("15")
    calc.locator('[data-path="target.cover"]').select_option("partial")
    # the board owns the creatures: its hidden field holds them, as a click on the board would set it
    calc.locator('[data-path="others"]').evaluate(
        "(el, crowd) => { el.value = crowd; el.form.dispatchEvent(new Event('input', { bubbles: true })); }",
        json.dumps(CROWD))
    calc.locator('[data-path="blind_shot"]').check()
    calc.locator('[data-block="friendly-fire"]').wait_for(timeout=READY_TIMEOUT)
    assert calc.locator('[data-key="headline"]').inner_text() == "Each die hits on a roll of 16+"
    body = calc.locator('[data-role="body"]').inner_text()
    # Defense 18: a die hits on 16..20 (1/4); at least one of three: 1 - (3/4)^3 = 37/64
    assert "18 (15 +3 partial cover)" in body and "25% (1/4)" in body and "57.8% (37/64)" in body
    assert "Chance the shot strays" in body and "42.2% (27/64)" in body
    dist = calc.locator('[data-block="distribution"] tr[data-hits="3"]').inner_text()
    assert "1.6%" in dist and "1/64" in dist
    # Bram (Defense 12) is struck on raw 8..15 of the misses 1..15: 1/10 x ((15/20)^3 - (7/20)^3)
    bram = calc.locator('[data-block="friendly-fire"] tr[data-slot="5"]')
    assert "Bram" in bram.inner_text() and "3.8%" in bram.inner_text() and "379/10000" in bram.inner_text()
    assert "Not in a stray hex, so never struck: Ilsa." in body
    rules = [a.get_attribute("data-rule") for a in calc.locator(".calc-rules a").all()]
    assert rules == ["er.attack.pool", "er.cover.partial", "er.attack.natural", "er.ff.when", "er.ff.whole-pool",
                     "er.ff.stray-hexes", "er.ff.d10", "er.ff.forward"]
    saved = scenario_in_url(page)
    assert saved["attack"]["dice"] == 3 and saved["blind_shot"] is True and saved["others"][0]["name"] == "Bram"
    href = calc.locator('.calc-rules a[data-rule="er.ff.forward"]').get_attribute("href")
    page.goto(page.url.split("#")[0] + href)
    assert page.locator('[id="er.ff.forward"]').count() == 1


def test_shared_link_restores_a_resolved_throw(page, server):
    """A #s= link with the dice and the d10 actually rolled restores the form and shows the throw step by step."""
    scenario = {"system": "enchanted-realms", "attack": {"dice": 3, "modifier": 1, "rolls": [9, 1, 14], "d10": 5},
                "target": {"defense": 16}, "blind_shot": True, "others": CROWD[:2]}
    page.goto(server.url + URL + "#s=" + encode_fragment(scenario))
    calc = full_calculator(page, SYSTEM)
    wait_state(calc, "ready")
    calc.locator('[data-block="steps"]').wait_for(timeout=READY_TIMEOUT)
    assert calc.locator('[data-path="attack.rolls"]').input_value() == "9 1 14"
    assert calc.locator('[data-path="attack.d10"]').input_value() == "5"
    assert calc.locator('[data-path="blind_shot"]').is_checked()
    # each creature comes back with the cover an area would find it behind: the default, none
    assert json.loads(calc.locator('[data-path="others"]').input_value()) == [{**c, "cover": "none"} for c in CROWD[:2]]
    steps = calc.locator('[data-block="steps"] li')
    assert steps.count() == 10
    assert "The raw dice roll forward by 2: 9 → 11, 1 → 3, 14 → 16." in steps.nth(5).inner_text()
    assert steps.nth(5).locator("a").get_attribute("data-rule") == "er.ff.forward"
    assert calc.locator('[data-key="outcome"]').inner_text() == "Result: 0 dice hit the target; Bram is struck by 2 dice."
    # change the d10 to an empty slot: nothing is struck
    calc.locator('[data-path="attack.d10"]').fill("9")
    calc.locator('[data-key="outcome"]').filter(has_text="Result: 0 dice hit the target.").wait_for()
    assert scenario_in_url(page)["attack"]["d10"] == 9


def set_board_field(calc, path, value):
    """Set a field the hex board owns (hidden in the form), as a board action would."""
    calc.locator(f'[data-path="{path}"]').evaluate(
        "(el, v) => { el.value = v; el.form.dispatchEvent(new Event('input', { bubbles: true })); }", value)


def test_field_level_errors(page, server):
    """A bad box, a target on the attacker's hex and a creature on the target: each message sits by its field."""
    page.goto(server.url + URL)
    calc = full_calculator(page, SYSTEM)
    wait_state(calc, "ready")
    dice = calc.locator('[data-path="attack.dice"]')
    dice.fill("0")
    wait_state(calc, "error")
    message = calc.locator('[data-error-for="attack.dice"]')
    assert message.is_visible() and "0 is out of range: must be a whole number from 1 to 20" in message.inner_text()
    assert dice.get_attribute("aria-invalid") == "true"
    assert "d20s in the pool" in calc.locator('[data-role="status"]').inner_text()
    dice.fill("2")
    wait_state(calc, "ready")
    assert not message.is_visible()
    set_board_field(calc, "target.hex", "0, 0")
    hex_error = calc.locator('[data-error-for="target.hex"]')
    hex_error.filter(has_text="is the attacker's hex").wait_for()
    assert calc.locator('.calc-output').get_attribute("data-state") == "error"
    set_board_field(calc, "target.hex", "4, 0")
    wait_state(calc, "ready")
    calc.locator('[data-path="attack.rolls"]').fill("3")
    calc.locator('[data-error-for="attack.rolls"]').filter(has_text="has 1 die, but the pool has 2").wait_for()
    calc.locator('[data-path="attack.rolls"]').fill("3 20")
    wait_state(calc, "ready")
    calc.locator('[data-block="steps"]').wait_for()


def test_rulings_switch_the_numbering(page, server):
    """Switching er.ruling.slot-order in the form renumbers the stray hexes and is listed as used."""
    scenario = {"system": "enchanted-realms", "blind_shot": True, "others": CROWD[:1]}
    page.goto(server.url + URL + "#s=" + encode_fragment(scenario))
    calc = full_calculator(page, SYSTEM)
    wait_state(calc, "ready")
    calc.locator('[data-block="friendly-fire"] tr[data-slot="5"] [data-creature="Bram"]').wait_for(timeout=READY_TIMEOUT)
    calc.locator('[data-path="rulings.er.ruling.slot-order"]').select_option("grid")
    calc.locator('[data-block="friendly-fire"] tr[data-slot="1"] [data-creature="Bram"]').wait_for()
    used = [a.get_attribute("data-rule") for a in calc.locator(".calc-rulings-used a").all()]
    assert used == ["er.ruling.slot-order"]
    assert scenario_in_url(page)["rulings"]["er.ruling.slot-order"] == "grid"


def test_inline_calculator_and_worked_examples_on_the_rulebook(page, server):
    """The attacks page: worked examples are there before the engine; its inline calculator answers live."""
    page.goto(server.url + "rules/enchanted-realms/attacks/")
    example = page.locator('.calc-example[data-example="enchanted-realms"]').first
    assert "Each die hits only on a natural 20" in example.inner_text() and "39/400" in example.inner_text()
    inline = page.locator('[data-calculator="enchanted-realms"][data-mode="inline"]')
    assert inline.locator('[data-key="headline"]').inner_text() == "Each die hits on a roll of 12+"  # built-time answer
    wait_state(inline, "ready")
    inline.locator('[data-path="target.defense"]').fill("24")
    inline.locator('[data-key="headline"]').filter(has_text="Each die hits only on a natural 20").wait_for()
    inline.locator('[data-path="attack.modifier"]').fill("8")
    inline.locator('[data-key="headline"]').filter(has_text="Each die hits on a roll of 16+").wait_for()
    assert "25% (1/4)" in inline.inner_text()
    assert "#s=" not in page.url
    assert "calculator/enchanted-realms/#s=" in inline.locator('[data-role="open"]').get_attribute("href")
