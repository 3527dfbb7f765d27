"""The home page: a calculator one tap from the top, a card per system, a live calculator and the offline state."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser.support import PHONE, READY_TIMEOUT, calculator_address, wait_state

from pycore.systems import SYSTEMS

SCREENS = {"phone": PHONE, "desktop": {"viewport": {"width": 1280, "height": 1000}}}


def phone_page(browser, watch):
    """A fresh watched phone context and its page."""
    ctx = browser.new_context(**PHONE)
    watch.attach(ctx)
    return ctx, ctx.new_page()


def test_each_calculator_is_one_tap_from_the_top(browser, server, watch):
    """On a phone every system's calculator link shows on the first screen, big enough to tap, and one tap opens it."""
    ctx, page = phone_page(browser, watch)
    page.goto(server.url)
    links = page.locator(".home-jump a")
    assert links.count() == len(SYSTEMS)
    for link in links.all():
        box = link.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 844 and box["height"] >= 44, link.inner_text()
    first = links.first
    system = next(s for s in SYSTEMS.values() if first.inner_text().startswith(s.title))
    first.tap()
    page.wait_for_url(calculator_address(system.id))
    ctx.close()
    watch.check()


def test_cards_show_a_typical_answer_and_links(page, server):
    """Each card has its system's rules, calculator and quick reference, and a typical answer worked out in the build."""
    page.goto(server.url)
    for system in SYSTEMS.values():
        card = page.locator(f'.home-system[data-system="{system.id}"]')
        assert card.locator("h2").inner_text() == system.title
        assert card.locator(".home-system__headline").inner_text().strip()
        hrefs = card.locator(".home-system__links a").evaluate_all("links => links.map((a) => a.href)")
        assert [h.removeprefix(server.url) for h in hrefs] == [system.rules[0].page, system.calculator,
                                                                f"reference/{system.id}/"]
    assert page.locator('.home-system[data-system="skirmish-d6"] .home-system__headline').inner_text() == "Hits on 6+"


def test_the_live_calculator_answers_on_the_home_page(page, server):
    """The inline calculator answers a change in place: normal sight in the dark is total cover."""
    page.goto(server.url)
    calc = page.locator('[data-calculator="skirmish-d6"][data-mode="inline"]')
    wait_state(calc, "ready")
    calc.locator('[data-path="light"]').select_option("dark")
    calc.locator(".calc-headline").filter(has_text="Cannot be targeted: total cover").wait_for(timeout=READY_TIMEOUT)
    wait_state(calc, "ready")
    assert page.url == server.url  # the home page stays where it is


@pytest.mark.offline
def test_offline_state_is_shown(page, server):
    """The offline line follows the site's real offline state until it is stored; the install line is filled in."""
    page.goto(server.url)
    panel = page.locator("[data-home-offline]")
    page.locator('[data-home-offline][data-offline="ready"]').wait_for(timeout=READY_TIMEOUT)
    assert panel.locator('[data-role="home-offline"]').inner_text().startswith("Ready offline")
    assert panel.get_attribute("data-install") in ("available", "menu")
    assert "home screen" in panel.inner_text() or "Install" in panel.inner_text()


@pytest.mark.shots
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_screenshot(browser, server, watch, shots: Path, screen, scheme):
    """The home page, phone and desktop, light and dark, no wider than the screen: saved for a person to look at."""
    ctx = browser.new_context(**SCREENS[screen], color_scheme=scheme)
    watch.attach(ctx)
    page = ctx.new_page()
    page.goto(server.url)
    wait_state(page.locator("[data-calculator]"), "ready")
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page is {overflow} px wider than the screen"
    page.screenshot(path=str(shots / f"home-{screen}-{scheme}.png"), full_page=True)
    page.screenshot(path=str(shots / f"home-{screen}-{scheme}-first-screen.png"))
    ctx.close()
    watch.check()
