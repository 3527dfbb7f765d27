"""Material's page chrome as adjusted by ``site/assets/styles/theme.css``, and the header's colour toggle
(``site/assets/page/palette.js``)."""

from __future__ import annotations

import pytest
from browser.support import CALCULATORS, QUIET_PAGE, SCHEMES, next_frame, page_script


def test_sidebar_title_never_covers_an_entry(page, server):
    """On a short desktop window, with the sidebar scrolled to the active page (the last), no entry it shows
    lies under the site title or its shadow."""
    page.set_viewport_size({"width": 1280, "height": 600})
    page.goto(server.url + QUIET_PAGE)
    last = page.locator(".md-sidebar--primary .md-nav__link[href]").last.evaluate("(link) => link.href")
    page.goto(last)
    page.wait_for_function("() => document.querySelector('.md-sidebar--primary .md-sidebar__scrollwrap').scrollTop > 0")
    side = page.evaluate(page_script("sidebar-boxes.js"))
    tl, tt, tr, tb = side["title"]
    covered = [name for name, (left, top, right, bottom) in side["links"]
               if left < tr and right > tl and top < tb and bottom > tt]
    assert side["links"] and not covered, f"under the site title: {covered}"


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_scheme_is_set_before_paint_and_never_again_while_loading(browser, server, watch, scheme):
    """A first visit in either preference: the page's colours are set while the header is parsed, before the first
    paint, and nothing sets them again while the page loads (no second restyle of the whole page, nor transitions
    turned off and on: the light colours are the page's own, so only the media query is written, and the dark scheme
    is set once); the toggle shown is the one to the other scheme."""
    ctx = browser.new_context(color_scheme=scheme, service_workers="block")
    watch.attach(ctx)
    ctx.add_init_script(page_script("record-colours.js"))
    page = ctx.new_page()
    page.goto(server.url + CALCULATORS["skirmish-d6"])
    page.wait_for_load_state("load")
    page.wait_for_function("() => window.__painted")
    next_frame(page)
    changes = page.evaluate("window.__colours")
    media = ["data-md-color-media", f"(prefers-color-scheme: {scheme})", False]  # the page's tag names none
    assert changes == ([media] if scheme == "light" else [media, ["data-md-color-scheme", "slate", False]])
    assert page.evaluate("document.body.dataset.mdColorScheme") == SCHEMES[scheme]
    shown = page.locator("form[data-palette] label:visible")
    assert shown.count() == 1
    other = "dark" if scheme == "light" else "light"
    assert other in shown.get_attribute("title").lower()
    ctx.close()
    watch.check()


def test_the_toggle_switches_keeps_the_choice_and_answers_enter(browser, server, watch):
    """The header's toggle turns the page dark (transitions off for a frame only, the browser's theme colour the
    dark one), the choice is kept for the next page whatever the device prefers, and Enter on the toggle turns it
    back."""
    ctx = browser.new_context(color_scheme="light", service_workers="block")
    watch.attach(ctx)
    page = ctx.new_page()
    page.goto(server.url + QUIET_PAGE)
    light = page.evaluate("document.head.querySelector(\"meta[name='theme-color']:not([media])\").content")
    page.locator("form[data-palette] label:visible").click()
    page.locator('body[data-md-color-scheme="slate"]').wait_for(state="attached")
    page.wait_for_function("() => !document.body.hasAttribute('data-md-color-switching')")
    dark = page.evaluate("document.head.querySelector(\"meta[name='theme-color']:not([media])\").content")
    assert light != dark and dark.startswith("#")
    page.goto(server.url + CALCULATORS["classic-d20"])
    assert page.evaluate("document.body.dataset.mdColorScheme") == "slate"
    page.focus("form[data-palette] input:checked")
    page.keyboard.press("Enter")
    page.locator('body[data-md-color-scheme="default"]').wait_for(state="attached")
    page.reload()
    assert page.evaluate("document.body.dataset.mdColorScheme") == "default"
    ctx.close()
    watch.check()
