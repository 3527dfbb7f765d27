"""House rulings in real Chromium: remembered on the device, applied to every calculator, never over a link's own.

The ruling used is d6 Skirmish's area cover: by default cover levels 1 and 2 do not touch an area spell
("Ignore cover"), so an area spell through one partial obstacle, base 4+, still hits on 4+; with the table's
"Apply -1 / -2" the level-1 cover takes 1 off and it hits on 5+.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest
from browser.support import (
    AXE,
    CSP_PROBE,
    QUIET_PAGE,
    SCHEMES,
    assert_no_blocking,
    block_engine,
    both_schemes,
    calculator_address,
    csp_violations,
    full_calculator,
    page_script,
    paste_link,
    run_axe,
    scenario_in_url,
    wait_scenario,
    wait_settled,
    wait_state,
)

from pycore import SYSTEMS
from pycore.page.handler import encode_fragment

SYSTEM = "skirmish-d6"
CALCULATOR = "calculator/skirmish-d6/"
RULEBOOK_COVER = "rules/skirmish-d6/cover/"
"""A rulebook page whose inline calculator has the attack's kind and the counted obstacles."""
AREA = "d6.ruling.area-cover"
LIGHT = "d6.ruling.light-and-obstacles"
KEY = f"house-rulings:{SYSTEM}"
"""Where the device keeps the d6 Skirmish table's rulings (one localStorage key per system)."""
AREA_SPELL = {"system": SYSTEM, "attack": {"kind": "area-spell", "hits_on": 4}, "obstacles": {"partial": 1}}
SCREENS = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "desktop": {"viewport": {"width": 1280, "height": 1000}},
}


def ruling(root, rid: str):
    """The select of ruling ``rid`` in a full calculator."""
    return root.locator(f'[data-path="rulings.{rid}"]')


def house(root, role: str = "house"):
    """A part of the house-rulings panel of a calculator."""
    return root.locator(f'[data-role="{role}"]')


def headline(root, text: str) -> None:
    """Wait until the calculator's headline reads ``text``."""
    root.locator('[data-key="headline"]').filter(has_text=text).wait_for()


def area_spell_through_cover(root) -> None:
    """Fill the form: an area spell through one partial obstacle, base 4+."""
    root.locator('[data-path="attack.kind"]').select_option("area-spell")
    root.locator('[data-path="obstacles.partial"]').fill("1")
    root.locator('[data-path="attack.hits_on"]').fill("4")


def stored(page) -> dict | None:
    """The table's rulings as this device remembers them (None: nothing stored)."""
    text = page.evaluate("(key) => localStorage.getItem(key)", KEY)
    return None if text is None else json.loads(text)


def remember(page, server, rulings: dict, system: str = SYSTEM) -> None:
    """Store a table's rulings on this context's device, from a page without a calculator."""
    page.goto(server.url + QUIET_PAGE)
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [f"house-rulings:{system}", json.dumps(rulings)])


def decoded(href: str) -> dict:
    """The scenario in a link's #s= fragment."""
    fragment = href.split("#s=", 1)[1]
    return json.loads(base64.urlsafe_b64decode(fragment + "=" * (-len(fragment) % 4)).decode())


def test_ruling_is_remembered_across_a_reload_and_applied(page, server):
    """A ruling changed in the full calculator changes the answer, is stored, and is the table's after a reload."""
    page.goto(server.url + CALCULATOR)
    calc = full_calculator(page, SYSTEM)
    wait_state(calc, "ready")
    assert house(calc).is_hidden()  # nothing differs from the defaults yet
    area_spell_through_cover(calc)
    headline(calc, "Hits on 4+")
    ruling(calc, AREA).select_option("apply")
    headline(calc, "Hits on 5+")
    assert stored(page) == {AREA: "apply"}
    assert house(calc).is_visible()
    assert "remembered on this device" in house(calc, "house-title").inner_text()
    item = house(calc, "house-list").locator("li")
    assert item.count() == 1 and "Apply -1 / -2" in item.inner_text()
    assert item.locator("a").get_attribute("href").endswith("rules/skirmish-d6/cover/#d6.ruling.area-cover")
    assert "Remembered as your table's ruling" in house(calc, "house-said").inner_text()

    page.goto(server.url + CALCULATOR)  # no link: the table's rulings
    calc = full_calculator(page, SYSTEM)
    wait_state(calc, "ready")
    assert ruling(calc, AREA).input_value() == "apply"
    assert scenario_in_url(page)["rulings"][AREA] == "apply"
    assert house(calc, "house-list").locator("li").count() == 1
    area_spell_through_cover(calc)
    headline(calc, "Hits on 5+")

    ruling(calc, AREA).select_option("ignore")  # the default again: forgotten
    headline(calc, "Hits on 4+")
    assert stored(page) is None
    assert house(calc, "house-list").is_hidden()
    assert "no longer remembered" in house(calc, "house-said").inner_text()


def test_every_full_calculator_starts_from_the_tables_rulings(page, server):
    """Each system's calculator, opened without a link, shows and evaluates with the table's choice of its first
    ruling: the first loaded, the others opened in place from its navigation (their calculators are set up anew)."""
    choices = {}
    for system in sorted(SYSTEMS):
        first = SYSTEMS[system].rulings[0]
        choices[system] = next(value for value in first.values if value != first.default)
        remember(page, server, {first.id: choices[system]}, system)
    for i, system in enumerate(sorted(SYSTEMS)):
        first = SYSTEMS[system].rulings[0]
        if i == 0:
            page.goto(server.url + f"calculator/{system}/")
            page.evaluate("window.__sameDocument = true")
        else:
            page.locator(f".md-sidebar--primary a.md-nav__link[href$='{system}/']", has_text="Calculator").first.click()
            page.wait_for_url(calculator_address(system))
        calc = full_calculator(page, system)
        wait_state(calc, "ready")
        assert ruling(calc, first.id).input_value() == choices[system], system
        assert scenario_in_url(page)["rulings"][first.id] == choices[system], system
        assert house(calc).get_attribute("data-kind") == "table", system
        assert first.title in house(calc, "house-list").inner_text(), system
    assert page.evaluate("window.__sameDocument") is True  # opened in place: one load


def test_table_rulings_apply_to_an_inline_calculator(page, server):
    """An inline calculator on a rulebook page evaluates with the table's rulings, says so, and its Reset forgets them."""
    remember(page, server, {AREA: "apply", "no.such.ruling": "x", LIGHT: "not-a-choice"})
    page.goto(server.url + RULEBOOK_COVER)
    inline = page.locator(f'[data-calculator="{SYSTEM}"][data-mode="inline"]')
    wait_state(inline, "ready")
    assert inline.locator('[data-role="body"]').get_attribute("data-provisional") is None  # the engine's answer
    items = house(inline, "house-list").locator("li")
    assert items.count() == 1 and "Apply -1 / -2" in items.inner_text()  # unknown ids and choices ignored
    assert "apply here" in house(inline, "house-title").inner_text()
    area_spell_through_cover(inline)
    headline(inline, "Hits on 5+")
    assert "#s=" not in page.url  # inline calculators never take over the address
    opened = decoded(inline.locator('[data-role="open"]').get_attribute("href"))
    assert opened["rulings"][AREA] == "apply"

    house(inline, "house-reset").click()
    headline(inline, "Hits on 4+")
    assert stored(page) is None
    assert house(inline, "house-list").is_hidden()
    assert "back to the defaults" in house(inline, "house-said").inner_text()


def test_the_inline_situation_opens_in_the_full_calculator_with_the_tables_rulings(page, server):
    """"Open in the full calculator" (in place, same engine): the link carries the table's rulings, so the full
    calculator shows them as the table's, with no notice."""
    remember(page, server, {AREA: "apply"})
    page.goto(server.url + RULEBOOK_COVER)
    inline = page.locator(f'[data-calculator="{SYSTEM}"][data-mode="inline"]')
    wait_state(inline, "ready")
    area_spell_through_cover(inline)
    headline(inline, "Hits on 5+")
    link = inline.locator('[data-role="open"]')
    page.wait_for_function("([a]) => a.href.includes('#s=')", arg=[link.element_handle()])
    link.click()
    page.wait_for_url("**/calculator/skirmish-d6/#s=*")
    calc = full_calculator(page, SYSTEM)
    wait_state(calc, "ready")
    headline(calc, "Hits on 5+")
    assert ruling(calc, AREA).input_value() == "apply"
    assert house(calc).get_attribute("data-kind") == "table"
    assert house(calc, "house-use-table").is_hidden()


def test_a_ruling_changed_in_one_tab_reaches_a_page_open_in_another(context, server):
    """The table's rulings are the device's: an inline calculator already open follows a change made elsewhere."""
    rulebook = context.new_page()
    rulebook.goto(server.url + RULEBOOK_COVER)
    inline = rulebook.locator(f'[data-calculator="{SYSTEM}"][data-mode="inline"]')
    wait_state(inline, "ready")
    area_spell_through_cover(inline)
    headline(inline, "Hits on 4+")
    page = context.new_page()
    page.goto(server.url + CALCULATOR)
    calc = full_calculator(page, SYSTEM)
    wait_state(calc, "ready")
    ruling(calc, AREA).select_option("apply")
    headline(inline, "Hits on 5+")
    assert "Apply -1 / -2" in house(inline, "house-list").inner_text()


def test_a_links_own_rulings_win_and_the_page_says_so(page, server):
    """A #s= link without rulings shows the defaults, not the table's, with a notice; only a button changes that."""
    remember(page, server, {AREA: "apply"})
    page.goto(server.url + CALCULATOR + "#s=" + encode_fragment(AREA_SPELL))
    calc = full_calculator(page, SYSTEM)
    wait_state(calc, "ready")
    headline(calc, "Hits on 4+")
    assert ruling(calc, AREA).input_value() == "ignore"
    assert house(calc).get_attribute("data-kind") == "link"
    assert "differ from your table's" in house(calc, "house-title").inner_text()
    assert "(your table: Apply -1 / -2)" in house(calc, "house-list").inner_text()
    assert house(calc, "house-use-table").is_visible() and house(calc, "house-remember").is_visible()

    ruling(calc, LIGHT).select_option("highest")  # while a link is open: the link's rulings only
    house(calc, "house-said").filter(has_text="for this link only").wait_for()
    assert stored(page) == {AREA: "apply"}
    wait_scenario(page, lambda s: s["rulings"][LIGHT] == "highest")  # the address follows the engine's answer

    house(calc, "house-use-table").click()
    headline(calc, "Hits on 5+")
    assert ruling(calc, AREA).input_value() == "apply" and ruling(calc, LIGHT).input_value() == "add"
    rulings = scenario_in_url(page)["rulings"]  # the address changed with them
    assert rulings[AREA] == "apply" and rulings[LIGHT] == "add"
    assert house(calc).get_attribute("data-kind") == "table"
    assert house(calc, "house-use-table").is_hidden()
    assert page.evaluate("document.activeElement.dataset.role") == "house-said"  # focus kept in the panel


def test_share_link_round_trips_and_can_be_adopted(browser, server, watch):
    """The panel's link carries exactly the table's rulings; a receiver sees them with a notice and can adopt them."""
    sender = browser.new_context()
    watch.attach(sender)
    page = sender.new_page()
    remember(page, server, {AREA: "apply", LIGHT: "highest"})
    page.goto(server.url + CALCULATOR)
    calc = full_calculator(page, SYSTEM)
    wait_state(calc, "ready")
    href = house(calc, "house-share").get_attribute("href")
    assert decoded(href) == {"system": SYSTEM, "rulings": {LIGHT: "highest", AREA: "apply"}}
    sender.close()

    receiver = browser.new_context()
    watch.attach(receiver)
    page = receiver.new_page()
    page.goto(server.url + CALCULATOR + "#s=" + href.split("#s=", 1)[1])
    calc = full_calculator(page, SYSTEM)
    wait_state(calc, "ready")
    assert ruling(calc, AREA).input_value() == "apply" and ruling(calc, LIGHT).input_value() == "highest"
    assert house(calc).get_attribute("data-kind") == "link"
    assert stored(page) is None
    remember_button = house(calc, "house-remember")
    remember_button.focus()
    page.keyboard.press("Enter")  # a real button: the keyboard works
    house(calc, "house-said").filter(has_text="Remembered as your table's rulings").wait_for()
    assert stored(page) == {LIGHT: "highest", AREA: "apply"}
    assert house(calc).get_attribute("data-kind") == "table"

    page.goto(server.url + CALCULATOR)
    calc = full_calculator(page, SYSTEM)
    wait_state(calc, "ready")
    assert ruling(calc, AREA).input_value() == "apply" and ruling(calc, LIGHT).input_value() == "highest"
    receiver.close()
    watch.check()


def test_reset_in_the_full_calculator(page, server, shots: Path):
    """Reset puts every ruling back to its default, forgets the table's and moves the address with them."""
    remember(page, server, {AREA: "apply", LIGHT: "highest"})
    page.goto(server.url + CALCULATOR)
    calc = full_calculator(page, SYSTEM)
    wait_state(calc, "ready")
    area_spell_through_cover(calc)
    headline(calc, "Hits on 5+")
    assert house(calc, "house-list").locator("li").count() == 2
    house(calc, "house-reset").focus()
    page.keyboard.press("Enter")
    headline(calc, "Hits on 4+")
    assert ruling(calc, AREA).input_value() == "ignore" and ruling(calc, LIGHT).input_value() == "add"
    assert stored(page) is None
    assert scenario_in_url(page)["rulings"][AREA] == "ignore"
    assert house(calc, "house-list").is_hidden() and house(calc, "house-reset").is_hidden()
    assert page.evaluate("document.activeElement.dataset.role") == "house-said"
    calc.locator(".calc-output").screenshot(path=str(shots / "reset-done.png"))


def test_build_time_answer_is_marked_while_the_tables_rulings_differ(browser, server, watch, shots: Path):
    """With the engine blocked, a build-time answer worked out with the default rulings says so instead of posing
    as the table's answer (a screenshot of each is saved to look at)."""
    context = browser.new_context(service_workers="block")
    watch.attach(context)
    page = context.new_page()
    remember(page, server, {AREA: "apply"})
    block_engine(page, watch)
    for url, mode in ((CALCULATOR, "full"), (RULEBOOK_COVER, "inline")):
        page.goto(server.url + url)
        calc = page.locator(f'[data-calculator="{SYSTEM}"][data-mode="{mode}"]')
        assert calc.locator('[data-role="body"]').get_attribute("data-provisional") == ""
        wait_state(calc, "failed")
        assert "with the default rulings, not your table's" in calc.locator('[data-role="status"]').inner_text()
        assert calc.locator('[data-role="body"][data-provisional]').is_visible()
        calc.locator(".calc-output").screenshot(path=str(shots / f"provisional-{mode}.png"))
    context.close()
    watch.check()


@pytest.mark.parametrize("script", ["storage-blocked.js", "storage-full.js"])
def test_blocked_or_full_storage_leaves_the_calculators_working(page, server, watch, script):
    """localStorage that throws (blocked, or full): the calculators answer, a ruling still applies (for this page
    only), nothing breaks."""
    page.add_init_script(page_script(script))
    page.goto(server.url + CALCULATOR)
    calc = full_calculator(page, SYSTEM)
    wait_state(calc, "ready")
    area_spell_through_cover(calc)
    headline(calc, "Hits on 4+")
    ruling(calc, AREA).select_option("apply")
    headline(calc, "Hits on 5+")
    assert "for this page only" in house(calc, "house-title").inner_text()
    page.goto(server.url + RULEBOOK_COVER)
    inline = page.locator(f'[data-calculator="{SYSTEM}"][data-mode="inline"]')
    wait_state(inline, "ready")
    area_spell_through_cover(inline)
    headline(inline, "Hits on 4+")  # nothing was remembered: the defaults
    assert house(inline).is_hidden()


SCREEN_PAGES = {
    "calculator": (CALCULATOR, {"table": None, "link": AREA_SPELL}),
    "inline": (RULEBOOK_COVER, {"inline": None}),
}
"""Each page shot -> the kinds of panel it shows in turn, each with the link pasted into its address to show it
(None: the page as opened)."""


@pytest.mark.parametrize("screen", [pytest.param(screen, marks=[pytest.mark.shots] if screen != "phone" else [])
                                    for screen in SCREENS])
@pytest.mark.parametrize("where", list(SCREEN_PAGES))
def test_screenshot(browser, server, watch, shots: Path, where, screen):
    """The panel on a phone (and with ``--shots`` a desktop): the table's and, pasted into the same calculator, a
    link's, or an inline calculator's; in light and dark it fits the screen, axe finds nothing serious in the output
    around it, the page's security policy holds; the screenshots are saved to look at."""
    context = browser.new_context(**SCREENS[screen], color_scheme="light")
    watch.attach(context)
    context.add_init_script(path=str(AXE))
    context.add_init_script(CSP_PROBE)
    page = context.new_page()
    remember(page, server, {AREA: "apply", LIGHT: "highest"})
    url, kinds = SCREEN_PAGES[where]
    page.goto(server.url + url)
    wait_settled(page)
    assert page.evaluate("document.body.dataset.mdColorScheme") == SCHEMES["light"]
    for name, scenario in kinds.items():
        if scenario:
            paste_link(page, "#s=" + encode_fragment(scenario))
        panel = page.locator('[data-role="house"]:visible').first
        panel.wait_for()
        assert panel.get_attribute("data-kind") == name
        for turn, scheme in enumerate(both_schemes(page)):
            overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 0, f"the page is {overflow} px wider than the screen ({name}, {scheme})"
            assert_no_blocking(run_axe(page, ".calc-output:has(.calc-house:not([hidden]))", colours_only=turn > 0),
                               f"{name} ({screen}, {scheme})")
            assert csp_violations(page) == []
            panel.scroll_into_view_if_needed()
            page.screenshot(path=str(shots / f"{name}-{screen}-{scheme}.png"))
            page.screenshot(path=str(shots / f"{name}-{screen}-{scheme}-full.png"), full_page=True)
    context.close()
    watch.check()
