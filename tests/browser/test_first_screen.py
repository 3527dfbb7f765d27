"""What a phone shows first: each calculator's title, its one-line lead and its first field on the first screen, and
nothing on the screen moves when the engine's answer replaces the one worked out when the page was built."""

from __future__ import annotations

import pytest
from browser.support import CALCULATORS, Gate, next_frame, page_script, wait_settled
from browser.test_screenshots import SCREENS

LEAD = ".md-content h1 + p"
"""The lead: the paragraph right under the page's title."""
FIRST_FIELD = ".calc .calc-form .calc-field"
"""The first field of the page's first calculator: its label, control and help."""
INLINE_PAGES = {"skirmish-d6-light": "rules/skirmish-d6/light/", "classic-d20-cover": "rules/classic-d20/cover/"}
"""Rule pages with inline calculators: one with a calculator, one with three."""


def _open(browser, watch, screen: str):
    """A watched context on ``screen`` (service workers blocked) whose pages record every layout shift."""
    context = browser.new_context(**SCREENS[screen], service_workers="block")
    watch.attach(context)
    context.add_init_script(page_script("layout-shifts.js"))
    return context


def _shifts(page) -> list[dict]:
    """The layout shifts the page's own work made (none followed an input, none came while the document was still
    being parsed), once all answered."""
    wait_settled(page)
    next_frame(page)
    return [shift for shift in page.evaluate("window.__shifts") if not shift["input"] and not shift["parsing"]]


def _uncovered(page, selectors: list[str]) -> dict[str, str]:
    """Each selector whose element is not wholly on the uncovered screen, with where it is and where that ends."""
    screen = page.evaluate(page_script("screen-boxes.js"), selectors)
    out = {}
    for selector, box in screen["boxes"].items():
        if box is None or box["top"] < screen["top"] or box["bottom"] > screen["bottom"]:
            out[selector] = f"{box} outside {screen['top']:.0f}..{screen['bottom']:.0f}"
    return out


@pytest.mark.parametrize("system", list(CALCULATORS))
def test_phone_first_screen_shows_title_lead_and_first_field(browser, server, watch, system):
    """At 390 x 844 with touch the title, the lead (linking the rules) and the first field show at once; nothing moves."""
    context = _open(browser, watch, "phone")
    page = context.new_page()
    page.goto(server.url + CALCULATORS[system])
    assert _uncovered(page, ["h1", LEAD, FIRST_FIELD]) == {}
    assert page.locator(LEAD).inner_text().count(".") == 1, "the lead is one sentence"
    assert page.locator(f'{LEAD} a[href*="/rules/{system}/"]').count() == 1
    assert page.locator("#how-this-calculator-works").count() == 1, "the explanation has its own heading"
    shifts = _shifts(page)
    assert page.locator('.calc-output[data-state="ready"]').count() == 1
    context.close()
    watch.check()
    assert shifts == []


@pytest.mark.parametrize("name", list(INLINE_PAGES))
@pytest.mark.parametrize("screen", list(SCREENS))
def test_inline_calculator_first_field_and_no_shift(browser, server, watch, screen, name):
    """An inline calculator scrolled to the top shows its first field, and nothing moves when the engine answers."""
    context = _open(browser, watch, screen)
    gate = Gate()  # the engine's runtime waits until the calculator is in view, so its answer always comes after
    context.route("**/assets/runtime/**", gate.handle)
    page = context.new_page()
    page.goto(server.url + INLINE_PAGES[name], wait_until="domcontentloaded")
    page.evaluate(page_script("scroll-to-top.js"), ".calc--inline")
    still_built = page.locator('.calc--inline .calc-output[data-state="loading"]').count()
    uncovered = _uncovered(page, [".calc--inline .calc-form .calc-field"])
    gate.open()
    shifts = _shifts(page)
    context.close()
    watch.check()
    assert still_built >= 1, "the engine answered before the calculator was in view: the check below proves nothing"
    assert uncovered == {}
    assert shifts == []


def test_desktop_calculators_do_not_move(browser, server, watch):
    """At 1280 x 900, where the answer stands beside the form, nothing moves when the engine's answer arrives."""
    context = _open(browser, watch, "desktop")
    moved = {}
    for system, url in CALCULATORS.items():
        page = context.new_page()
        page.goto(server.url + url)
        if shifts := _shifts(page):
            moved[system] = shifts
        page.close()
    context.close()
    watch.check()
    assert moved == {}
