"""Long work in the page, in real Chromium on a phone: a large map's overlay says how far it is in the bar, where the
eye is, and can be cancelled; the answer then comes without the overlay, from a new engine, and nothing else of
the form changes."""

from __future__ import annotations

import re
import time

import pytest
from bench.dungeon import cave
from browser.support import CALCULATORS, PHONE, READY_TIMEOUT, full_calculator, page_script, scenario_in_url, wait_state

from pycore.fragment import encode_fragment

SYSTEM = "skirmish-d6"


@pytest.fixture
def phone_workers(browser, watch):
    """A phone page without service workers, keeping a handle on each engine worker (keep-workers.js)."""
    ctx = browser.new_context(**PHONE, service_workers="block")
    watch.attach(ctx)
    ctx.add_init_script(page_script("keep-workers.js"))
    yield ctx.new_page()
    ctx.close()
    watch.check()


BOUND_S = 8.0
"""The bound on an answer after the first (engine/life.js's ANSWER_TIMEOUT_MS): a worker silent this long is ended."""


def test_a_long_overlay_is_not_taken_for_a_dead_engine_and_can_be_cancelled(phone_workers, server):
    """A shared link of a 32 x 32 cave (18 curved walls of 135 points) answered, then the target overlay asked for:
    about 8 s of CPython, more in the page's worker, longer than the bound on an answer. The bar says "Working out
    the overlay: N% (k of 1023 squares)" (1,024 squares less the attacker's; the target may stand on its own), and
    the worker's reports keep it alive: the overlay comes from the same worker, past the bound. Then the attacker
    overlay, cancelled with a tap on the bar's Cancel: the overlay is turned off, the engine starts again and answers
    the same situation without it."""
    page = phone_workers
    scenario = {"system": SYSTEM, "attack": {"hits_on": 4}, "map": cave(side=32, walls=18)}
    page.goto(server.url + CALCULATORS[SYSTEM] + "#s=" + encode_fragment(scenario))
    calc = full_calculator(page, SYSTEM)
    wait_state(calc, "ready")
    note = calc.locator('[data-role="summary-note"][data-kind="busy"]')
    cancel = calc.locator('[data-role="cancel-work"]')
    overlay = calc.locator('[data-path="overlay"]')

    asked = time.monotonic()
    overlay.select_option("target")
    note.filter(has_text=re.compile(r"Working out the overlay: \d+% \(\d+ of 1023 squares\)")).wait_for(
        timeout=READY_TIMEOUT)
    calc.locator("[data-heat]").first.wait_for(timeout=READY_TIMEOUT)
    took = time.monotonic() - asked
    assert took > BOUND_S, f"the overlay took {took:.1f} s: too quick to show the bound kept"
    assert page.evaluate("window.__engineWorkers.length") == 1  # busy, never taken for dead
    assert not cancel.is_visible() and note.count() == 0

    overlay.select_option("attacker")
    note.filter(has_text="Working out the overlay").wait_for(timeout=READY_TIMEOUT)
    box = cancel.bounding_box()
    assert box and box["height"] >= 44, box  # a finger's target
    cancel.tap()
    assert overlay.input_value() == "none"
    calc.locator('.calc-output[data-state="loading"]').wait_for()
    assert "overlay was cancelled" in calc.locator('[data-role="status"]').inner_text()
    wait_state(calc, "ready")
    assert page.evaluate("window.__engineWorkers.length") == 2  # the busy one ended, a new one answered
    assert not cancel.is_visible() and note.count() == 0
    assert calc.locator("[data-heat]").count() == 0  # no shaded cell left
    shared = scenario_in_url(page)
    assert shared.get("overlay", "none") == "none" and shared["map"]["walls"] == scenario["map"]["walls"]
