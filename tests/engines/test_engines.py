"""The cross-engine tier: the same checks in Chromium, Firefox ESR and WebKitGTK, where engines differ most (start-up
of the engine, links, fields, the board, previews, storage, the service worker, sharing).

Console errors fail a test in Chromium and Firefox; WebKitWebDriver has no log endpoint, so in WebKitGTK only
foreign requests (stopped by a proxy on a dead port, listed from the page's resource timings) are checked.
"""

from __future__ import annotations

import contextlib

import pytest
from browser.support import SiteServer
from engines.drivers import READY, Driver

from pycore.page.handler import encode_fragment

LIGHT_RULE = '[data-field="light"] a.calc-rule-link'
"""The light field's rule link: d6.light.vision, "The light table" on the light page."""
AREA = "d6.ruling.area-cover"
ELSEWHERE = "http://192.0.2.1/page.html"
"""An address off this machine (a documentation-only network): no engine may reach it."""


def full(system: str) -> str:
    """The selector of ``system``'s full calculator."""
    return f'[data-calculator="{system}"][data-mode="full"]'


def open_calculator(tab: Driver, server: SiteServer, system: str, fragment: str = "") -> str:
    """Open ``system``'s calculator and wait until its engine has answered; the calculator's selector."""
    tab.goto(f"{server.url}calculator/{system}/{fragment}")
    root = full(system)
    state = tab.wait("settled", root, READY, "the engine's first answer")
    assert state == "ready", (tab.name, tab.text(f'{root} [data-role="status"]'))
    return root


def open_in_place(tab: Driver, system: str) -> str:
    """Open ``system``'s calculator from the open calculator page's navigation (in place: no new load, the same
    engine) and wait until it has answered; the calculator's selector."""
    assert tab.call("open-in-place", system), f"no link to {system}'s calculator"
    root = full(system)
    state = tab.wait("settled", root, READY, "the calculator opened in place")
    assert state == "ready", (tab.name, system, tab.text(f'{root} [data-role="status"]'))
    assert tab.url.split("#")[0].endswith(f"/calculator/{system}/"), tab.url
    assert tab.call("() => window.__sameDocument === true"), "the calculator page was loaded anew, not opened in place"
    return root


def headline(tab: Driver, root: str, text: str) -> None:
    """Wait until the calculator's headline reads ``text``."""
    tab.wait_text(f'{root} [data-key="headline"]', text)


CHANGES = {
    "skirmish-d6": ([("type", "attack.hits_on", "2"), ("choose", "light", "dim")], "Hits on 4+", "50% (1/2)"),
    "enchanted-realms": ([("type", "attack.dice", "3"), ("type", "attack.modifier", "2"),
                          ("type", "target.defense", "15"), ("choose", "target.cover", "partial")],
                         "Each die hits on a roll of 16+", "57.8% (37/64)"),
    "classic-d20": ([("type", "attack.to_hit", "15"), ("type", "target.ac", "4")],
                    "Hits on a natural 11+", "50% chance to hit"),
}
"""Per system: changes made in the form, then the headline and a number of the body they give (from the rule texts:
d6 dim light and the page's one partial obstacle at base 2+ is cover level 2, 4+ on a d6; Enchanted Realms Defense
15 +3 partial cover against +2 needs 16+ on each of three d20s, at least one in 37/64; Classic d20 THAC0 15 against
AC 4 needs 11+). No step before the last gives the headline wanted: a box typed into is emptied first, and the answer
to that (ready, or an error) may be the one shown when the test first looks."""


def test_each_calculator_goes_live_and_answers_a_change(tab: Driver, server: SiteServer) -> None:
    """Each calculator's engine starts and answers a change of its form with the rule texts' numbers: the first
    calculator page loaded, the others opened in place from its navigation, served by the same engine."""
    for i, system in enumerate(sorted(CHANGES)):
        root = open_calculator(tab, server, system) if i == 0 else open_in_place(tab, system)
        steps, wanted, number = CHANGES[system]
        assert wanted not in tab.text(f'{root} [data-key="headline"]'), system  # it opens with another situation
        for how, path, value in steps:
            selector = f'{root} [data-path="{path}"]'
            tab.choose(selector, value) if how == "choose" else tab.type(selector, value)
        headline(tab, root, wanted)
        tab.wait_text(f'{root} [data-role="body"]', number)
        # a box typed into is emptied first, and that answer (an error) may still be on its way: wait for the last
        tab.wait("(r) => document.querySelector(`${r} .calc-output`)?.getAttribute('data-state') === 'ready'", root,
                 20, "the answer to the last change")
        assert wanted in tab.text(f'{root} [data-key="headline"]'), system


def test_shared_link_opens_the_same_situation_and_share_copies_it(tab: Driver, server: SiteServer) -> None:
    """A #s= link restores every field and shows that situation's answer: radiant light, a dim-sighted attacker in
    melee at base 3+ hits on 5+. Without navigator.share, Share then copies the answer's line and the #s= link, and
    says so (desktop Firefox and WebKitGTK have no share sheet at all; the check takes it away in every engine so all
    three take this path)."""
    scenario = {"system": "skirmish-d6", "light": "radiant", "attacker": {"vision": "dim"},
                "obstacles": {"partial": 0, "total": 0}, "attack": {"kind": "melee", "hits_on": 3}}
    root = open_calculator(tab, server, "skirmish-d6", "#s=" + encode_fragment(scenario))
    headline(tab, root, "Hits on 5+")
    for path, value in {"light": "radiant", "attacker.vision": "dim", "attack.kind": "melee", "attack.hits_on": "3"}.items():
        assert tab.call("field", {"root": root, "path": path})["value"] == value, path
    assert tab.call("scenario")["light"] == "radiant"
    assert tab.call("no-share-sheet"), "this engine has no clipboard to copy to"
    line = tab.text(f"{root} [data-summary]")
    assert "5+" in line, line
    tab.click(f'{root} [data-role="share"]')
    said = tab.wait_text(f'{root} [data-role="share-said"]', "Link copied")
    assert said.startswith("Link copied")
    copied = tab.call("() => window.__copied")
    assert len(copied) == 1 and copied[0].startswith("d6 Skirmish · ") and copied[0].endswith(f"\n{line}\n{tab.url}")
    assert tab.call("scenario")["light"] == "radiant"  # the copied address is the restored situation's


def test_bad_input_shows_its_message_beside_the_field(tab: Driver, server: SiteServer) -> None:
    """A word typed in a number box: the message by the field names what is wanted, then a good value clears it."""
    root = open_calculator(tab, server, "skirmish-d6")
    box = f'{root} [data-path="attack.hits_on"]'
    tab.type(box, "seven")  # key by key: "s", "se", ... each answered; the last answer is the one to read
    tab.wait_text(f'{root} [data-error-for="attack.hits_on"]', "'seven'")
    field = tab.wait("field-invalid", {"root": root, "path": "attack.hits_on"}, 20, "the field's message")
    assert "'seven' is not a whole number from 2 to 6" in field["message"], field
    assert tab.call("state", root) == "error"
    tab.type(box, "3")
    headline(tab, root, "Hits on 4+")  # the page's own situation hits on 5+ at base 4+
    field = tab.call("field", {"root": root, "path": "attack.hits_on"})
    assert field["message"] == "" and field["invalid"] is None, field


def test_map_tap_places_a_piece(tab: Driver, server: SiteServer) -> None:
    """Switched to the hex map, the page's situation stands laid out on row 2 (the attacker, its one partial obstacle,
    the target 6 hexes away); with the partial obstacle chosen in the tool row, a finger's tap between them places a
    second one, and the answer comes for the drawn line. (WebKitGTK's automation delivers the finger as a mouse
    pointer: the board takes both alike.)"""
    root = open_calculator(tab, server, "skirmish-d6")
    tab.click('input[data-role="alternative"][value="map"]')
    cell = '.calc-board g.hex[data-hex="{}"]'
    tab.wait("(q) => document.querySelector(q)?.getAttribute('data-piece') === 'attacker'", cell.format("0,2"), 20,
             "the attacker laid out on 0,2")
    headline(tab, root, "Hits on 5+")  # the page's base 4+, one partial obstacle: level 1
    tab.click(f'{root} button.calc-board-tool[title="Place: Partial obstacle"]')  # placing is the tool row's choice
    tab.click(cell.format("3,2"), touch=True)
    tab.wait("(q) => document.querySelector(q)?.getAttribute('data-piece') === 'partial'", cell.format("3,2"), 20,
             "a partial obstacle on 3,2")
    headline(tab, root, "Hits on 6+")  # two partial obstacles on the line: level 2
    scenario = tab.wait("map-scenario", None, 20, "the link")  # written with the answer
    assert scenario["map"]["attacker"] == [0, 2] and scenario["map"]["target"] == [6, 2]
    assert {"kind": "partial", "hex": [3, 2]} in scenario["map"]["obstacles"]


def test_rule_preview_opens_and_closes_with_escape(tab: Driver, server: SiteServer) -> None:
    """The light field's rule link shows "The light table" in a dialog; Escape closes it and focus returns."""
    open_calculator(tab, server, "skirmish-d6")
    tab.click(LIGHT_RULE)
    shown = tab.wait("preview-ready", LIGHT_RULE, 20, "the preview")
    assert shown["ref"] == "d6.light.vision" and shown["title"] == "The light table", shown
    assert shown["focusInside"], shown
    assert "Find the light level in the rows" in tab.text("dialog[data-rule-preview] [data-role=\"preview-body\"]")
    tab.press("Escape")
    tab.wait("() => !document.querySelector('dialog[data-rule-preview][open]')", None, 20, "the preview closed")
    assert tab.call("preview-state", LIGHT_RULE)["focusOnLink"]


def test_house_ruling_is_remembered_across_a_reload(tab: Driver, server: SiteServer) -> None:
    """The table's area-cover ruling ("Apply -1 / -2") changes an area spell through one partial obstacle from 4+ to
    5+, is stored on the device, and is the calculator's again after a reload."""
    root = open_calculator(tab, server, "skirmish-d6")
    tab.choose(f'{root} [data-path="attack.kind"]', "area-spell")
    tab.type(f'{root} [data-path="obstacles.partial"]', "1")
    tab.type(f'{root} [data-path="attack.hits_on"]', "4")
    headline(tab, root, "Hits on 4+")
    tab.choose(f'{root} [data-path="rulings.{AREA}"]', "apply")
    headline(tab, root, "Hits on 5+")
    tab.goto(f"{server.url}calculator/skirmish-d6/")  # no link: the table's rulings
    tab.wait("settled", root, READY, "the engine after the reload")
    assert tab.call("field", {"root": root, "path": f"rulings.{AREA}"})["value"] == "apply"
    assert tab.wait("scenario", None, 20, "the link")["rulings"][AREA] == "apply"
    tab.choose(f'{root} [data-path="attack.kind"]', "area-spell")
    tab.type(f'{root} [data-path="obstacles.partial"]', "1")
    tab.type(f'{root} [data-path="attack.hits_on"]', "4")
    headline(tab, root, "Hits on 5+")


def test_site_works_offline_after_one_visit(tab: Driver, built_site) -> None:
    """After one visit that stores the site, with the server gone a calculator page opens and its engine answers
    (the automation of all three engines lets the site's service worker install)."""
    server = SiteServer(built_site)
    server.start()
    try:
        root = open_calculator(tab, server, "skirmish-d6")
        tab.wait("offline-ready", None, READY, "the site stored for offline use")
    finally:
        server.stop()
    tab.goto(f"{server.url}calculator/skirmish-d6/")
    tab.wait("settled", root, READY, "the engine offline")
    tab.type(f'{root} [data-path="attack.hits_on"]', "3")
    headline(tab, root, "Hits on 4+")  # the page's own situation hits on 5+ at base 4+


def test_a_request_for_another_host_is_stopped(tab: Driver) -> None:
    """The lockdown every check relies on: an address off the machine never loads (Chromium resolves nothing but
    127.0.0.1; Firefox and WebKitGTK send it to a proxy on a dead local port), and where the automation shows
    requests (Chromium, Firefox) it is recorded and fails the test's check. WebKitGTK shows its own error page."""
    with contextlib.suppress(Exception):  # Chromium and Firefox report the failed navigation, WebKitGTK does not
        tab.goto(ELSEWHERE)
    if tab.name == "webkit":
        said = tab.call("() => document.body ? document.body.innerText : ''")
        assert "Could not connect to proxy server" in said, said
        return
    with pytest.raises(AssertionError, match=r"requests left 127\.0\.0\.1: \['http://192\.0\.2\.1/page\.html'\]"):
        tab.check()
