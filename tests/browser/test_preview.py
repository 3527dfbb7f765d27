"""Rule previews (assets/page/preview.js): a rule link beside a field or in an answer shows the rule's own section in place."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser.support import (
    AXE,
    CALCULATORS,
    PHONE,
    READY_TIMEOUT,
    assert_no_blocking,
    both_schemes,
    calculator_address,
    page_script,
    run_axe,
)

PREVIEW = "dialog[data-rule-preview]"
LIGHT_RULE = '[data-field="light"] a.calc-rule-link'
"""The light field's rule link: d6.light.vision, "The light table" on the light page."""
DUPLICATE_IDS = page_script("duplicate-ids.js")


def open_preview(page, link_selector: str):
    """Click a rule link and wait for its preview to show the rule; the dialog's locator."""
    page.locator(link_selector).first.click()
    dialog = page.locator(f'{PREVIEW}[open][data-state="ready"]')
    dialog.wait_for()
    return dialog


def test_field_rule_opens_its_section_and_escape_returns_focus(page, server):
    """The light field's rule link shows "The light table" from the light page, from its heading to the next
    heading of its level (the inline calculator left out, ids kept unique); Escape closes it and focus returns."""
    page.goto(server.url + CALCULATORS["skirmish-d6"])
    dialog = open_preview(page, LIGHT_RULE)
    assert calculator_address("skirmish-d6").search(page.url)  # the page stayed (with its #s= once the engine answered)
    assert dialog.get_attribute("role") is None and dialog.evaluate("d => d.tagName") == "DIALOG"
    assert dialog.get_attribute("data-ref") == "d6.light.vision"
    assert page.locator("#rule-preview-title").inner_text() == "The light table"
    assert dialog.get_attribute("aria-labelledby") == "rule-preview-title"
    body = dialog.locator('[data-role="preview-body"]')
    assert "Find the light level in the rows" in body.inner_text()
    assert body.locator("table").count() == 1  # the light table itself
    assert "light-and-obstacles" in body.inner_text()  # the ruling box inside the section
    assert "Fighting blind in the dark" not in body.inner_text()  # the next section is not included
    assert body.locator("[data-calculator], form, script").count() == 0
    assert page.evaluate(DUPLICATE_IDS) == []
    more = dialog.locator('[data-role="preview-more"]')
    assert more.evaluate("a => a.href").endswith("/rules/skirmish-d6/light/#d6.light.vision")
    assert page.evaluate("document.activeElement.closest('dialog[data-rule-preview]') !== null")  # focus moved in
    beside, link = dialog.bounding_box(), page.locator(LIGHT_RULE).bounding_box()
    assert beside and link and (beside["y"] >= link["y"] + link["height"] or beside["y"] + beside["height"] <= link["y"])
    page.keyboard.press("Escape")
    page.locator(f"{PREVIEW}[open]").wait_for(state="detached")
    assert page.evaluate(f"document.activeElement.matches({LIGHT_RULE!r})")


def test_ruling_box_and_answer_links(page, server):
    """A ruling link shows the ruling's box (its title the ruling's), and a rule link in the answer shows that rule."""
    page.goto(server.url + CALCULATORS["skirmish-d6"])
    dialog = open_preview(page, '.calc-rulings a.calc-rule-link')
    assert page.locator("#rule-preview-title").inner_text().startswith("Ruling:")
    assert "Why the default" in dialog.inner_text()
    dialog.locator('[data-role="preview-close"]').click()
    page.locator(f"{PREVIEW}[open]").wait_for(state="detached")
    answer_link = page.locator(".calc-result .calc-rules a[data-rule]").first
    rule_id = answer_link.get_attribute("data-rule")
    dialog = open_preview(page, ".calc-result .calc-rules a[data-rule]")
    assert dialog.get_attribute("data-ref") == rule_id
    assert dialog.locator('[data-role="preview-body"]').inner_text().strip()
    page.keyboard.press("Escape")
    page.locator(f"{PREVIEW}[open]").wait_for(state="detached")
    assert page.evaluate("document.activeElement.dataset.rule") == rule_id


def test_phone_sheet_closes_on_a_tap_outside(browser, server, watch):
    """On a phone the preview is a sheet along the bottom edge, as wide as the screen; a tap above it closes it
    and focus returns to the link."""
    ctx = browser.new_context(**PHONE)
    watch.attach(ctx)
    page = ctx.new_page()
    page.goto(server.url + CALCULATORS["skirmish-d6"])
    dialog = open_preview(page, LIGHT_RULE)
    box = dialog.bounding_box()
    assert box is not None
    assert box["x"] == 0 and box["width"] == 390 and abs(box["y"] + box["height"] - 844) < 1
    assert box["height"] <= 0.75 * 844 + 1
    page.touchscreen.tap(195, 40)
    page.locator(f"{PREVIEW}[open]").wait_for(state="detached")
    assert page.evaluate(f"document.activeElement.matches({LIGHT_RULE!r})")
    ctx.close()
    watch.check()


def test_modified_click_opens_the_page(page, context, server):
    """Ctrl-click is the browser's: the rule's page opens in a new tab and no preview shows."""
    page.goto(server.url + CALCULATORS["skirmish-d6"])
    with context.expect_page() as opened:
        page.locator(LIGHT_RULE).click(modifiers=["Control"])
    opened.value.wait_for_load_state()
    assert opened.value.url.endswith("/rules/skirmish-d6/light/#d6.light.vision")
    assert page.locator(f"{PREVIEW}[open]").count() == 0


def test_without_scripts_a_rule_link_is_a_plain_link(browser, server, watch):
    """With JavaScript off the rule link simply opens the rule's page at its anchor."""
    ctx = browser.new_context(java_script_enabled=False)
    watch.attach(ctx)
    page = ctx.new_page()
    page.goto(server.url + CALCULATORS["skirmish-d6"])
    page.locator(LIGHT_RULE).click()
    page.wait_for_url("**/rules/skirmish-d6/light/#d6.light.vision")
    ctx.close()
    watch.check()


@pytest.mark.offline
def test_preview_works_offline(page, context, server):
    """Once the site is stored on the device, a preview shows its rule with no network at all."""
    page.goto(server.url + CALCULATORS["skirmish-d6"])
    page.locator('[data-offline-status][data-state="ready"]').wait_for(timeout=2 * READY_TIMEOUT)
    page.reload()
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    context.set_offline(True)
    dialog = open_preview(page, LIGHT_RULE)
    assert "Find the light level in the rows" in dialog.inner_text()


def test_a_link_inside_a_preview_opens_its_page(page, server):
    """Links in a preview are plain links: following one leaves for the full page."""
    page.goto(server.url + CALCULATORS["skirmish-d6"])
    dialog = open_preview(page, LIGHT_RULE)
    dialog.locator('[data-role="preview-more"]').click()
    page.wait_for_url("**/rules/skirmish-d6/light/#d6.light.vision")


def test_unreadable_page_says_so_and_keeps_the_link(page, server, watch):
    """When the rule's page cannot be fetched the preview says so and still offers the link to the page."""
    watch.allowed_console.append("net::ERR_FAILED")
    page.goto(server.url + CALCULATORS["skirmish-d6"])
    page.route("**/rules/skirmish-d6/light/", lambda route: route.abort())
    page.locator(LIGHT_RULE).click()
    dialog = page.locator(f'{PREVIEW}[open][data-state="failed"]')
    dialog.wait_for()
    assert "could not be shown here" in dialog.inner_text()
    assert dialog.locator('[data-role="preview-more"]').evaluate("a => a.href").endswith("#d6.light.vision")


def test_open_preview_is_accessible(browser, server, watch):
    """With a preview open (a ruling box, a table and links in it), axe finds no serious or critical violation, in
    light and in dark (one load: the header's toggle turns the scheme while the preview is closed)."""
    ctx = browser.new_context(color_scheme="light")
    watch.attach(ctx)
    ctx.add_init_script(path=str(AXE))
    page = ctx.new_page()
    page.goto(server.url + CALCULATORS["skirmish-d6"])
    for turn, scheme in enumerate(both_schemes(page)):
        open_preview(page, LIGHT_RULE)
        assert_no_blocking(run_axe(page, PREVIEW, colours_only=turn > 0), f"rule preview ({scheme})")
        page.keyboard.press("Escape")
        page.locator(f"{PREVIEW}[open]").wait_for(state="detached")
    ctx.close()
    watch.check()


@pytest.mark.shots
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("screen", ["phone", "desktop"])
def test_screenshot(browser, server, watch, shots: Path, screen, scheme):
    """The preview open over the calculator, phone and desktop, light and dark: saved for a person to look at."""
    settings = PHONE if screen == "phone" else {"viewport": {"width": 1280, "height": 900}}
    ctx = browser.new_context(**settings, color_scheme=scheme)
    watch.attach(ctx)
    page = ctx.new_page()
    page.goto(server.url + CALCULATORS["skirmish-d6"])
    page.locator(LIGHT_RULE).first.scroll_into_view_if_needed()
    open_preview(page, LIGHT_RULE)
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0
    page.screenshot(path=str(shots / f"preview-{screen}-{scheme}.png"))
    ctx.close()
    watch.check()
