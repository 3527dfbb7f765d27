"""The skirmish-d6 calculator in real Chromium: engine in a worker, URL state, errors, inline use."""

import re

import pytest
from browser.support import block_engine, full_calculator, page_script, scenario_in_url, wait_state

from pycore.page.handler import encode_fragment

SYSTEM = "skirmish-d6"
STATES = page_script("record-states.js")


def test_loads_computes_and_links_rules(page, server):
    """Loading -> ready; dim light plus one obstacle, base 4+: level 2, hits on 6+, 16.7%, linked rules."""
    page.add_init_script(STATES)
    page.goto(server.url + "calculator/skirmish-d6/")
    calc = full_calculator(page, SYSTEM)
    assert calc.locator(".calc-output").get_attribute("data-state") in ("loading", "ready")
    wait_state(calc, "ready")
    calc.locator('[data-path="light"]').select_option("dim")
    calc.locator('[data-path="obstacles.partial"]').fill("1")
    calc.locator('[data-path="attack.hits_on"]').fill("4")
    headline = calc.locator('[data-key="headline"]')
    headline.filter(has_text="Hits on 6+").wait_for()
    body = calc.locator('[data-role="body"]').inner_text()
    assert "Level 2 (-2 to attacks)" in body and "16.7% (1/6)" in body
    rules = [a.get_attribute("data-rule") for a in calc.locator(".calc-rules a").all()]
    assert rules == ["d6.cover.partial-obstacle", "d6.light.vision", "d6.cover.level-2", "d6.limits.natural"]
    assert scenario_in_url(page)["obstacles"]["partial"] == 1
    assert scenario_in_url(page)["light"] == "dim"
    # every rule link lands on an element carrying that rule id
    href = calc.locator('.calc-rules a[data-rule="d6.cover.level-2"]').get_attribute("href")
    page.goto(page.url.split("#")[0] + href)
    assert page.locator('[id="d6.cover.level-2"]').count() == 1


def test_states_loading_ready_error_ready(page, server):
    """data-state goes loading -> ready -> error (bad box, message by the field) -> ready again."""
    page.add_init_script(STATES)
    page.goto(server.url + "calculator/skirmish-d6/")
    calc = full_calculator(page, SYSTEM)
    wait_state(calc, "ready")
    box = calc.locator('[data-path="attack.hits_on"]')
    box.fill("seven")
    wait_state(calc, "error")
    message = calc.locator('[data-error-for="attack.hits_on"]')
    assert message.is_visible()
    assert "'seven' is not a whole number from 2 to 6" in message.inner_text()
    assert box.get_attribute("aria-invalid") == "true"
    assert "Hits on (base)" in calc.locator('[data-role="status"]').inner_text()
    box.fill("9")
    calc.locator('[data-error-for="attack.hits_on"]').filter(has_text="out of range").wait_for()
    box.fill("3")
    wait_state(calc, "ready")
    assert not message.is_visible()
    assert box.get_attribute("aria-invalid") is None
    calc.locator('[data-key="headline"]').filter(has_text="Hits on 4+").wait_for()  # base 3+, one partial obstacle
    states = page.evaluate("window.__states")
    assert states[0] == "ready" and "error" in states and states[-1] == "ready"
    assert states.index("error") < len(states) - 1


def test_shared_link_restores_form_and_result(page, server):
    """Opening a #s= link restores every field and shows that scenario's answer."""
    scenario = {"system": "skirmish-d6", "light": "radiant", "attacker": {"vision": "dim"},
                "obstacles": {"partial": 0, "total": 0}, "attack": {"kind": "melee", "hits_on": 3}}
    page.goto(server.url + "calculator/skirmish-d6/#s=" + encode_fragment(scenario))
    calc = full_calculator(page, SYSTEM)
    wait_state(calc, "ready")
    assert calc.locator('[data-path="light"]').input_value() == "radiant"
    assert calc.locator('[data-path="attacker.vision"]').input_value() == "dim"
    assert calc.locator('[data-path="attack.kind"]').input_value() == "melee"
    assert calc.locator('[data-path="attack.hits_on"]').input_value() == "3"
    assert calc.locator('[data-key="headline"]').inner_text() == "Hits on 5+"
    assert scenario_in_url(page)["light"] == "radiant"


def test_inline_light_calculator(page, server):
    """The light page's inline calculator: static default first, then live answers from the engine."""
    page.goto(server.url + "rules/skirmish-d6/light/")
    inline = page.locator('[data-calculator="skirmish-d6"][data-mode="inline"]')
    assert inline.locator('[data-key="headline"]').inner_text() == "No modifier"  # built-time answer
    wait_state(inline, "ready")
    inline.locator('[data-path="light"]').select_option("dark")
    inline.locator('[data-key="headline"]').filter(has_text="Cannot be targeted").wait_for()
    assert "vulnerable to Sanity damage" in inline.inner_text()
    inline.locator('[data-path="attacker.vision"]').select_option("dark")
    inline.locator('[data-key="headline"]').filter(has_text="No modifier").wait_for()
    assert "#s=" not in page.url  # inline calculators never take over the address
    link = inline.locator('[data-role="open"]').get_attribute("href")
    assert re.search(r"calculator/skirmish-d6/#s=", link)


def test_page_usable_before_engine_and_failed_state(browser, server, watch):
    """With the Python runtime blocked the form still works and the output says the engine failed."""
    # no service worker here: requests it makes itself would not pass through the route that blocks the runtime
    context = browser.new_context(service_workers="block")
    watch.attach(context)
    page = context.new_page()
    block_engine(page, watch)
    page.goto(server.url + "calculator/skirmish-d6/")
    calc = full_calculator(page, SYSTEM)
    calc.locator('[data-path="light"]').select_option("dim")
    assert calc.locator(".calc-output").get_attribute("data-state") in ("loading", "failed")
    started = page.evaluate("performance.now()")
    wait_state(calc, "failed")
    assert page.evaluate("performance.now()") - started < 60_000  # bounded by the engine's own timeout
    assert "could not load" in calc.locator('[data-role="status"]').inner_text()
    assert page.locator("h1").inner_text().startswith("d6 Skirmish calculator")
    context.close()
    watch.check()



def test_engine_starts_from_the_builds_snapshot(page, server, built_site, watch):
    """Built with the engine snapshot, a calculator's engine is restored from it: the loader does not fall
    back to a plain start (which only says so in a console warning and is twice as slow)."""
    if not list((built_site / "assets").glob("engine-*.mjs")):
        pytest.skip("built without the engine snapshot (no Node)")
    page.goto(server.url + "calculator/skirmish-d6/")
    wait_state(full_calculator(page, SYSTEM), "ready")
    assert page.evaluate("document.documentElement.dataset.engine") == "ready"
    assert not [w for w in watch.console_warnings if "without the snapshot" in w], watch.console_warnings
