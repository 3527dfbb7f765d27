"""Share: the system share sheet where there is one, otherwise the clipboard (and saying so); what is shared is
the page's #s= link and the answer in one line."""

from __future__ import annotations

import base64
import json

import pytest
from browser.support import CALCULATORS, PHONE, full_calculator, page_script, scenario_in_url, wait_state

SYSTEM = "skirmish-d6"


def _scenario(url: str) -> dict:
    fragment = url.split("#s=", 1)[1]
    return json.loads(base64.urlsafe_b64decode(fragment + "=" * (-len(fragment) % 4)).decode())


def _phone(browser, watch, script: str, **extra):
    ctx = browser.new_context(**PHONE, **extra)
    watch.attach(ctx)
    ctx.add_init_script(page_script(script))
    return ctx


def _changed(page, server):
    """The d6 calculator, answered, then a surrounded target: hits on 4+, 50%."""
    page.goto(server.url + CALCULATORS[SYSTEM])
    calc = full_calculator(page, SYSTEM)
    wait_state(calc, "ready")
    calc.locator('[data-path="target.surrounded"]').tap()
    calc.locator("[data-summary]").filter(has_text="Hits on 4+ · 50%").wait_for()
    page.wait_for_function("() => location.hash.startsWith('#s=')")
    return calc


@pytest.mark.parametrize("system", sorted(CALCULATORS))
def test_without_a_share_sheet_the_link_is_copied(browser, server, watch, system):
    """No share sheet: Share copies the situation in a line (the system first), the answer's line and the #s= link
    (which restores this very situation) and says so."""
    ctx = _phone(browser, watch, "no-share-sheet.js", permissions=["clipboard-read", "clipboard-write"])
    page = ctx.new_page()
    page.goto(server.url + CALCULATORS[system])
    calc = full_calculator(page, system)
    wait_state(calc, "ready")
    page.wait_for_function("() => location.hash.startsWith('#s=')")
    line = calc.locator("[data-summary]").inner_text()
    calc.locator('[data-role="share"]').tap()
    said = calc.locator('[data-role="share-said"]')
    said.filter(has_text="Link copied").wait_for()
    situation, text, url = page.evaluate("navigator.clipboard.readText()").split("\n")
    assert text == line and "%" in line
    assert situation.startswith(("d6 Skirmish", "Classic d20", "Enchanted Realms")), situation
    assert url == page.url and _scenario(url) == scenario_in_url(page) and _scenario(url)["system"] == system
    ctx.close()
    watch.check()


def test_share_sheet_gets_the_link_and_the_new_answer(browser, server, watch):
    """With a share sheet, Share hands it the #s= link, the line of the answer now shown and a title naming the
    calculator's system."""
    ctx = _phone(browser, watch, "share-sheet.js")
    page = ctx.new_page()
    calc = _changed(page, server)
    calc.locator('[data-role="share"]').tap()
    page.wait_for_function("() => window.__shared.length === 1")
    shared = page.evaluate("window.__shared[0]")
    situation, line = shared["text"].split("\n")
    assert line == "Hits on 4+ · 50%" and situation.startswith("d6 Skirmish · cover "), situation
    assert shared["title"].startswith("d6 Skirmish calculator")
    assert _scenario(shared["url"])["target"]["surrounded"] is True and shared["url"] == page.url
    ctx.close()
    watch.check()


def test_a_refused_clipboard_shows_the_link(browser, server, watch):
    """Neither a share sheet nor the clipboard: the link is shown to copy by hand."""
    ctx = _phone(browser, watch, "clipboard-refused.js")
    page = ctx.new_page()
    calc = _changed(page, server)
    calc.locator('[data-role="share"]').tap()
    said = calc.locator('[data-role="share-said"]')
    said.filter(has_text="Copy this link").wait_for()
    assert page.url in said.inner_text()
    ctx.close()
    watch.check()


def test_an_inline_calculator_shares_its_full_calculator_link(browser, server, watch):
    """On a rulebook page the inline calculator's Share copies the link that opens its situation in the full one."""
    ctx = _phone(browser, watch, "no-share-sheet.js", permissions=["clipboard-read", "clipboard-write"])
    page = ctx.new_page()
    page.goto(server.url + "rules/skirmish-d6/light/")
    inline = page.locator(f'[data-calculator="{SYSTEM}"][data-mode="inline"]')
    wait_state(inline, "ready")
    inline.locator('[data-path="light"]').select_option("dark")
    inline.locator("[data-summary]").filter(has_text="Cannot be targeted").wait_for()
    inline.locator('[data-role="share"]').tap()
    inline.locator('[data-role="share-said"]').filter(has_text="Link copied").wait_for()
    situation, text, url = page.evaluate("navigator.clipboard.readText()").split("\n")
    assert situation.startswith("d6 Skirmish · cover ") and text.startswith("Cannot be targeted")
    assert "/calculator/skirmish-d6/#s=" in url and _scenario(url)["light"] == "dark"
    ctx.close()
    watch.check()
