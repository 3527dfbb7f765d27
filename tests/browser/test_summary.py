"""The answer in one line (``[data-summary]``): in view on a phone while the form scrolls, and beside the form on a
wide screen; it changes with the answer, and only the output region announces it."""

from __future__ import annotations

import pytest
from browser.support import CALCULATORS, full_calculator, page_script, wait_state

IN_VIEW = page_script("in-view.js")

CHANGES = {
    # base 4+ behind one partial obstacle: level 1, hits on 5+ (2/6); a surrounded target gives +1: 4+ (3/6)
    "skirmish-d6": ("target.surrounded", "Hits on 5+ · 33.3%", "Hits on 4+ · 50%"),
    # THAC0 15 against AC 5: 10+ (11/20); a blinded target cannot see the attacker, as if invisible: 6+ (15/20)
    "classic-d20": ("target.blinded", "Hits on a natural 10+ · 55%", "Hits on a natural 6+ · 75%"),
    # two dice +3 against Defense 14 + 3 partial cover: 14+ a die, 1 - (13/20)^2 = 57.75% for at least one;
    # an invisible target calls for friendly fire: both dice miss (13/20)^2 = 42.25% of the time and stray
    "enchanted-realms": ("target.invisible", "Hits on 14+ per die · 57.8% at least one hit",
                         "Hits on 14+ per die · 57.8% at least one hit · friendly fire: strays 42.2%, nobody in the way"),
}



@pytest.mark.parametrize("system", sorted(CHANGES))
def test_phone_summary_stays_in_view_and_follows_the_answer(phone, server, system):
    """At the end of a long form, a change of one of the last fields shows its new answer in the bar, on screen."""
    path, before, after = CHANGES[system]
    phone.goto(server.url + CALCULATORS[system])
    calc = full_calculator(phone, system)
    summary = calc.locator("[data-summary]")
    assert summary.inner_text() == before  # the page's own situation, worked out when it was built
    wait_state(calc, "ready")
    assert summary.inner_text() == before
    box = calc.locator(f'[data-path="{path}"]')
    box.scroll_into_view_if_needed()
    box.tap()
    summary.filter(has_text=after).wait_for()
    assert summary.inner_text() == after
    assert phone.evaluate("window.scrollY") > 844, "the changed field should be far down the page"
    assert phone.evaluate(IN_VIEW, f'[data-calculator="{system}"] [data-summary]')
    # the full answer changed with it
    assert after.split(" · ")[1].split(" ")[0] in calc.locator('[data-role="body"]').inner_text()


def test_tapping_the_bar_shows_the_full_answer(phone, server):
    """A tap on the line brings the whole answer into view and puts focus on it."""
    phone.goto(server.url + CALCULATORS["enchanted-realms"])
    calc = full_calculator(phone, "enchanted-realms")
    wait_state(calc, "ready")
    assert not phone.evaluate(IN_VIEW, '[data-calculator="enchanted-realms"] [data-key="headline"]')
    calc.locator('[data-role="summary-show"]').tap()
    phone.wait_for_function(f"({IN_VIEW})('[data-calculator=\"enchanted-realms\"] [data-key=\"headline\"]')")
    assert phone.evaluate("document.activeElement.classList.contains('calc-output')")


def test_only_the_output_announces(page, server):
    """The output region is the one live region holding the answer: the line is outside every live region."""
    page.goto(server.url + CALCULATORS["skirmish-d6"])
    calc = full_calculator(page, "skirmish-d6")
    wait_state(calc, "ready")
    assert calc.locator(".calc-output").get_attribute("aria-live") == "polite"
    assert calc.locator("[data-summary]").evaluate("el => el.closest('[aria-live], [role=status], [role=alert]')") is None


def test_error_says_so_in_the_bar_and_nothing_is_shared(phone, server):
    """While the input is invalid the bar names the field to fix and Share is off; a tap on the bar goes to that
    field; a good value brings the answer and Share back."""
    phone.goto(server.url + CALCULATORS["skirmish-d6"])
    calc = full_calculator(phone, "skirmish-d6")
    wait_state(calc, "ready")
    box = calc.locator('[data-path="attack.hits_on"]')
    box.fill("seven")
    wait_state(calc, "error")
    assert calc.locator("[data-summary]").inner_text() == "Fix Hits on (base): 'seven' is not a whole number from 2 to 6"
    assert calc.locator('[data-role="share"]').is_disabled()
    phone.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    calc.locator('[data-role="summary-show"]').tap()
    phone.wait_for_function(f"({IN_VIEW})('[data-calculator=\"skirmish-d6\"] [data-path=\"attack.hits_on\"]')")
    assert box.evaluate("el => el === document.activeElement")
    box.fill("3")
    calc.locator("[data-summary]").filter(has_text="Hits on 4+ · 50%").wait_for()
    assert calc.locator('[data-role="share"]').is_enabled()


def test_wide_screen_keeps_the_answer_beside_the_form(page, server):
    """At 1280 x 900 the line and the answer stay in view beside the form while its last fields are changed."""
    page.goto(server.url + CALCULATORS["enchanted-realms"])
    calc = full_calculator(page, "enchanted-realms")
    wait_state(calc, "ready")
    box = calc.locator('[data-path="target.invisible"]')
    box.scroll_into_view_if_needed()
    box.check()
    calc.locator("[data-summary]").filter(has_text="friendly fire").wait_for()
    assert page.evaluate("window.scrollY") > 300
    assert page.evaluate(IN_VIEW, '[data-calculator="enchanted-realms"] [data-summary]')
    assert page.evaluate(IN_VIEW, '[data-calculator="enchanted-realms"] [data-key="headline"]')
