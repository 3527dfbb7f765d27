"""The classic-d20 calculator in real Chromium: numbers, rule links, situation pickers, shared links, errors."""

from browser.support import READY_TIMEOUT, full_calculator, scenario_in_url, wait_state

from pycore.page.handler import encode_fragment

SYSTEM = "classic-d20"
PAGE = "calculator/classic-d20/"


def headline(root, text):
    """Wait until the headline reads ``text``."""
    root.locator('[data-key="headline"]').filter(has_text=text).wait_for(timeout=READY_TIMEOUT)


def test_numbers_steps_and_rule_links(page, server):
    """THAC0 15 vs AC 4, then 50% cover and higher ground: numbers, step costs and rule links update live."""
    page.goto(server.url + PAGE)
    calc = full_calculator(page, SYSTEM)
    wait_state(calc, "ready")
    calc.locator('[data-path="attack.to_hit"]').fill("15")
    calc.locator('[data-path="target.ac"]').fill("4")
    headline(calc, "Hits on a natural 11+")
    assert "50% chance to hit" in calc.locator('[data-key="hit_chance"]').inner_text()
    calc.locator('[data-path="target.cover"]').select_option("50")
    calc.locator('[data-path="attacker.elevation"]').select_option("higher")
    headline(calc, "Hits on a natural 14+")
    body = calc.locator('[data-role="body"]').inner_text()
    assert "0 (AC 4, 4 harder to hit)" in body and "35% (7/20)" in body and "+4 to every save" in body
    steps = calc.locator('[data-block="steps"] tbody tr')
    assert steps.count() == 3  # before any modifier, higher ground, cover
    assert "-20 points" in steps.nth(2).inner_text() and "+5 points" in steps.nth(1).inner_text()
    rules = [a.get_attribute("data-rule") for a in calc.locator(".calc-rules a").all()]
    assert rules[0] == "d20.ac.descending" and "d20.cover.percent" in rules and "d20.elevation.higher" in rules
    sent = scenario_in_url(page)
    assert sent["target"]["ac"] == 4 and sent["target"]["cover"] == 50 and sent["attacker"]["elevation"] == "higher"
    href = calc.locator('.calc-rules a[data-rule="d20.cover.percent"]').get_attribute("href")
    page.goto(page.url.split("#")[0] + href)
    assert page.locator('[id="d20.cover.percent"]').count() == 1


def test_picker_and_invisibility_panel(page, server):
    """Picking the arrow slit card sets 90% cover; an invisible target unpinpointed cannot be attacked, step by step."""
    page.goto(server.url + PAGE)
    calc = full_calculator(page, SYSTEM)
    wait_state(calc, "ready")
    calc.locator('[data-path="attack.to_hit"]').fill("15")
    calc.locator('[data-path="target.ac"]').fill("5")
    calc.locator('label[for="full-f-target-cover-example-arrow-slit"]').click()
    headline(calc, "Hits only on a natural 20")
    assert "90% (+10 AC)" in calc.locator('[data-role="body"]').inner_text()
    assert scenario_in_url(page)["target"]["cover_example"] == "arrow-slit"
    calc.locator('label[for="full-f-target-cover-example-none"]').click()
    calc.locator('[data-path="target.invisible"]').check()
    headline(calc, "Cannot be targeted: the unseen target is not pinpointed")
    panel = calc.locator('[data-panel="target"] li')
    assert panel.nth(0).inner_text().startswith("Can the attacker see the target? No: the target is invisible.")
    assert "Has the attacker pinpointed it? No." in panel.nth(1).inner_text()
    calc.locator('[data-path="target.pinpointed"]').check()
    calc.locator('[data-path="target.pinpointed_by"]').select_option("hear-noise")
    headline(calc, "Hits on a natural 14+")  # the same for either check: wait for the answer to the second change
    panel.nth(1).filter(has_text="out of hearing range").wait_for(timeout=READY_TIMEOUT)
    link = panel.nth(1).locator("a").get_attribute("data-rule")
    assert link == "d20.detect.hear-noise"


def test_shared_link_restores_form_and_result(page, server):
    """A #s= link restores every field, the picked situation and a ruling, and shows that scenario's answer."""
    scenario = {"system": "classic-d20", "ac_convention": "ascending", "attack": {"to_hit": 5},
                "target": {"ac": 14, "concealment_example": "bushes", "protectors": 2, "protector_ac": [12, 16]},
                "attacker": {"invisible": True, "detected": "sensed"},
                "rulings": {"d20.ruling.concealment-values": "as-cover"}}
    page.goto(server.url + PAGE + "#s=" + encode_fragment(scenario))
    calc = full_calculator(page, SYSTEM)
    wait_state(calc, "ready")
    assert calc.locator('[data-path="ac_convention"]').input_value() == "ascending"
    assert calc.locator('[data-path="attack.to_hit"]').input_value() == "5"
    assert calc.locator('[data-path="target.protector_ac"]').input_value() == "12 16"
    assert calc.locator("#full-f-target-concealment-example-bushes").is_checked()
    assert calc.locator('[data-path="attacker.detected"]').input_value() == "sensed"
    assert calc.locator('[data-path="rulings.d20.ruling.concealment-values"]').input_value() == "as-cover"
    # AC 14 -> 10 (invisible attacker, limit 10), +4 for 2 protectors, +4 for 50% concealment (as cover): 18
    headline(calc, "Hits on a natural 13+")
    body = calc.locator('[data-role="body"]').inner_text()
    assert "18 (AC 14, 4 harder to hit)" in body and "+17% to surprise" in body
    assert calc.locator('[data-block="protectors"] li').count() == 2
    assert scenario_in_url(page)["rulings"]["d20.ruling.concealment-values"] == "as-cover"


def test_field_error_next_to_the_field(page, server):
    """A bad THAC0 and a mismatched protector list: error state, messages by each field, then ready again."""
    page.goto(server.url + PAGE)
    calc = full_calculator(page, SYSTEM)
    wait_state(calc, "ready")
    box = calc.locator('[data-path="attack.to_hit"]')
    box.fill("fifteen")
    wait_state(calc, "error")
    message = calc.locator('[data-error-for="attack.to_hit"]')
    assert "'fifteen' is not a whole number from -20 to 40" in message.inner_text()
    assert box.get_attribute("aria-invalid") == "true"
    box.fill("15")
    wait_state(calc, "ready")
    calc.locator('[data-path="target.protectors"]').fill("3")
    calc.locator('[data-path="target.protector_ac"]').fill("5 6")
    calc.locator('[data-error-for="target.protector_ac"]').filter(has_text="2 ACs for 3 protectors").wait_for()
    assert calc.locator(".calc-output").get_attribute("data-state") == "error"
    assert "Protectors' AC" in calc.locator('[data-role="status"]').inner_text()
    calc.locator('[data-path="target.protector_ac"]').fill("5")
    wait_state(calc, "ready")
    assert not calc.locator('[data-error-for="target.protector_ac"]').is_visible()


def test_inline_worked_example(page, server):
    """The cover page's protector example: built-time answer first, then live, and the link to the full calculator."""
    page.goto(server.url + "rules/classic-d20/cover/")
    inline = page.locator('[data-calculator="classic-d20"][data-mode="inline"]').filter(
        has=page.locator('[data-path="target.protectors"]'))
    assert "Rolls that miss only because of the protectors' parries: 10, 11, 12, 13" in inline.inner_text()
    wait_state(inline, "ready")
    inline.locator('[data-path="target.protectors"]').fill("1")
    inline.locator('[data-path="target.protector_ac"]').fill("6")
    inline.locator('[data-block="protectors"]').filter(has_text="Rolls that miss only because of the protectors' "
                                                       "parries: 10, 11.").wait_for()
    assert "chance 10% (1/10)" in inline.locator('[data-block="protectors"]').inner_text()
    assert "#s=" not in page.url
    assert "calculator/classic-d20/#s=" in inline.locator('[data-role="open"]').get_attribute("href")
