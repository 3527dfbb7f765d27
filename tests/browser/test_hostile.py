"""Hostile links in real Chromium, on all three calculators.

A link from chat may be garbage, cut short, not UTF-8, a megabyte long, of the wrong types, or carry
markup and script in every string it holds (creature names included). The page must keep its
defaults and say why, show every user string as text (no element ever injected), execute nothing,
and log no console error (the ``watch`` fixture fails the test on one).
"""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest
from browser.support import (
    CALCULATORS,
    CSP_PROBE,
    INJECTED,
    PWNED_PROBE,
    READY_TIMEOUT,
    csp_violations,
    page_script,
    scenario_in_url,
)

from pycore import SYSTEMS
from pycore.page.handler import encode_fragment

MARKUP = [
    '<img src=x onerror="window.__pwned=1">',
    "</script><script>window.__pwned=2</script>",
    '"><svg onload="window.__pwned=3">',
    "'><iframe src=javascript:window.__pwned=4>",
    "<b onclick=window.__pwned=5>bold</b>&amp;",
]
"""Strings that would run or inject something if any of them were ever treated as HTML."""
NAMES = ["<img src=x onerror=__pwned=1>", "<script>__pwned=2</script>", '"><svg onload=__pwned=3>',
         "<b onclick=__pwned=4>B</b>&amp;"]
"""The same, short enough for a creature's name (40 characters)."""


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def markup_everywhere(system: str) -> dict[str, Any]:
    """A scenario with markup in every string field: each choice, a ruling, unknown keys and the system's text."""
    inputs = SYSTEMS[system].inputs
    scenario: dict[str, Any] = {"system": system}
    for i, field in enumerate(inputs.fields):
        if field.kind in ("choice", "text"):
            node = scenario
            *parents, leaf = field.path.split(".")
            for part in parents:
                node = node.setdefault(part, {})
            node[leaf] = MARKUP[i % len(MARKUP)]
    scenario[MARKUP[0]] = MARKUP[1]
    scenario["rulings"] = {MARKUP[2]: MARKUP[3], inputs.rulings[0].id: MARKUP[4]}
    return scenario


def deep(levels: int) -> str:
    return "#s=" + b64(("[" * levels + "]" * levels).encode())


GOOD = {"system": "skirmish-d6", "light": "dim"}
BROKEN: dict[str, Any] = {
    "garbage": lambda system: "#s=%%%<script>window.__pwned=1</script>!!",
    "garbage-base64": lambda system: "#s=" + b64(bytes(range(256)) * 3),
    "truncated": lambda system: "#s=" + encode_fragment({"system": system, "attack": {"kind": "melee"}})[:-7],
    "not-utf8": lambda system: "#s=" + b64(b'{"system": "' + system.encode() + b'", "x": "\xff\xfe\xc3"}'),
    "megabyte": lambda system: "#s=" + "QUFB" * 262_144,
    "wrong-system": lambda system: "#s=" + encode_fragment({**GOOD, "system": MARKUP[0]}),
    "not-an-object": lambda system: "#s=" + encode_fragment([system, MARKUP[1]]),
    "wrong-types": lambda system: "#s=" + encode_fragment(
        {"system": system, "attack": MARKUP[2], "target": [1, 2], "rulings": MARKUP[3]}),
    "deep-nesting": lambda system: deep(6_000),
    "empty": lambda system: "#s=",
    "markup-everywhere": markup_everywhere,
}
"""Kinds of bad link -> the fragment for a system (markup-everywhere gives a scenario to encode)."""


_DEFAULTS: dict[str, dict[str, Any]] = {}


def defaults(context, server, system: str) -> dict[str, Any]:
    """The calculator's form values and headline with no link, read once per system on a page of its own as the
    build wrote it, the page closed before its engine starts (the engine's first answer is the same: test_startup.py)."""
    if system not in _DEFAULTS:
        page = context.new_page()
        page.goto(server.url + CALCULATORS[system], wait_until="domcontentloaded")
        _DEFAULTS[system] = snapshot(page)
        page.close()
    return _DEFAULTS[system]


def snapshot(page) -> dict[str, Any]:
    """Every form value of the full calculator, and its headline."""
    return page.evaluate(page_script("form-snapshot.js"))


def assert_nothing_ran(page) -> None:
    """No injected element anywhere, no handler fired, no script ran, no policy violation."""
    injected = page.evaluate(f"document.querySelectorAll({json.dumps(INJECTED)}).length")
    assert injected == 0, page.evaluate(f"[...document.querySelectorAll({json.dumps(INJECTED)})].map(e => e.outerHTML)")
    assert page.evaluate("window.__pwned") is None
    assert csp_violations(page) == []


@pytest.fixture
def hostile(context):
    """The watched context, with the injection and policy probes on every page."""
    context.add_init_script(CSP_PROBE + PWNED_PROBE)
    return context


OPENED_WITH = ("garbage", "megabyte")
"""The kinds also opened as a new page's address (the page restores its link while its engine starts); every kind is
pasted into an open page, which restores it the same way."""
OPENINGS = [*((system, OPENED_WITH[0]) for system in sorted(CALCULATORS)), ("classic-d20", OPENED_WITH[1])]
"""Each calculator opened with garbage (then every other kind pasted in); the megabyte link opened on one of them,
as every calculator restores its link with the same code."""


def fragment_of(kind: str, system: str) -> str:
    """The address fragment of a bad link of ``kind`` for ``system``."""
    made = BROKEN[kind](system)
    return made if isinstance(made, str) else "#s=" + encode_fragment(made)


def assert_refused(page, expected: dict[str, Any], kind: str) -> None:
    """The calculator says why the link was refused, in a short line, and keeps its defaults; nothing ran."""
    calc = page.locator(".calc--full")
    calc.locator('[data-role="status"]').filter(has_text="The shared link").wait_for(timeout=READY_TIMEOUT)
    calc.locator('.calc-output[data-state="ready"]').wait_for(timeout=READY_TIMEOUT)
    status = calc.locator('[data-role="status"]').inner_text()
    assert "defaults are shown" in status, (kind, status)
    assert "internal engine error" not in status, kind
    reason = status.split("The shared link", 1)[1]
    assert len(reason) < 1_000, "the reason is short, whatever the link held"
    assert snapshot(page) == expected, kind
    if kind in ("wrong-system", "wrong-types", "markup-everywhere", "not-an-object"):
        # the strings come back as plain text in the message, not as markup
        assert any(m in status for m in MARKUP) or "not a" in status, (kind, status)
    assert_nothing_ran(page)


@pytest.mark.parametrize(("system", "opened"), OPENINGS)
def test_bad_link_keeps_defaults_and_says_why(hostile, server, system, opened):
    """A page opened with a bad link (and, opened with the first, every other kind pasted into its address): the
    defaults kept, a reason on the page each time, nothing injected or run."""
    expected = defaults(hostile, server, system)
    page = hostile.new_page()
    page.goto(server.url + CALCULATORS[system] + fragment_of(opened, system))
    assert_refused(page, expected, opened)
    if opened != OPENED_WITH[0]:
        return
    for kind in BROKEN:
        if kind == opened:
            continue
        page.evaluate("() => { document.querySelector('.calc--full [data-role=status]').textContent = ''; }")
        page.evaluate("f => { location.hash = f; }", fragment_of(kind, system))
        assert_refused(page, expected, kind)


def test_markup_in_creature_names_is_text(hostile, server):
    """Valid names full of markup: the answer, the board and its editors show them as text, run nothing."""
    names = NAMES
    others = [{"name": name, "hex": [3, i - 1], "defense": 10} for i, name in enumerate(names)]
    scenario = {"system": "enchanted-realms", "blind_shot": True, "attack": {"dice": 2}, "target": {"hex": [4, 0]},
                "others": others}
    page = hostile.new_page()
    page.goto(server.url + CALCULATORS["enchanted-realms"] + "#s=" + encode_fragment(scenario))
    calc = page.locator(".calc--full")
    calc.locator('.calc-output[data-state="ready"]').wait_for(timeout=READY_TIMEOUT)
    assert calc.locator('[data-role="status"]').inner_text() == ""
    body = calc.locator('[data-role="body"]').inner_text()
    stray = [n for n in names if n in body]
    assert stray, "the creatures in stray hexes are named in the answer, as typed"
    editors = calc.locator(".calc-list input").evaluate_all("els => els.map(e => e.value)")
    assert set(names) <= set(editors), editors
    # the address still holds them exactly
    assert [o["name"] for o in scenario_in_url(page)["others"]] == names
    assert_nothing_ran(page)


def test_markup_typed_into_a_name_is_text(hostile, server):
    """A player typing markup as a creature's name: shown as text in the answer, nothing run."""
    page = hostile.new_page()
    page.goto(server.url + CALCULATORS["enchanted-realms"])
    calc = page.locator(".calc--full")
    calc.locator('.calc-output[data-state="ready"]').wait_for(timeout=READY_TIMEOUT)
    calc.locator('[data-list="others"] [data-role="list-add"]').click()
    calc.locator('[data-item-path="others.0.name"]').fill(NAMES[0])
    calc.locator('[data-item-path="others.0.hex"][data-item-part="0"]').fill("3")  # a stray hex: named in the answer
    calc.locator('[data-item-path="others.0.hex"][data-item-part="1"]').fill("0")
    calc.locator('[data-path="blind_shot"]').check()
    calc.locator('[data-role="body"]').filter(has_text=NAMES[0]).wait_for(timeout=READY_TIMEOUT)
    assert_nothing_ran(page)
