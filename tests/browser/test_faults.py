"""Faults while the calculators run, in real Chromium: each is injected, and the calculators keep answering.

A browser call that throws once while an answer is written, the engine's worker ended under the page (as
browsers end the workers of background tabs), a worker that cannot be started again, and storage that throws
on every call. After each, the next change is answered, or the page says plainly that the engine stopped and
offers to reload. No service worker in these contexts: its own requests would not pass the routes that block
the runtime.
"""

from __future__ import annotations

import time

import pytest
from browser.support import (
    CALCULATORS,
    READY_TIMEOUT,
    full_calculator,
    page_script,
    wait_scenario,
    wait_settled,
    wait_state,
)

RECOVERY = 20.0
"""Seconds within which a calculator whose worker was ended answers again, or says that the engine stopped."""
SYSTEM = "skirmish-d6"
SEVERAL = "rules/classic-d20/cover/"
"""A rulebook page with several inline calculators, all served by the one engine."""
HOME = ""
"""The home page, with its live calculator."""
ENGINE_ENDED_CONSOLE = ["Failed to load resource", "net::ERR_FAILED", "Failed to fetch",
                        "could not be fetched", "MessageEvent"]
"""What the console may say when the engine's runtime is blocked as it starts again."""


@pytest.fixture
def keeping_workers(browser, watch):
    """A fresh watched context without service workers, keeping a handle on each engine worker."""
    ctx = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 900})
    watch.attach(ctx)
    ctx.add_init_script(page_script("keep-workers.js"))
    yield ctx
    ctx.close()
    watch.check()


def status(root) -> str:
    """What the calculator ``root`` says in its status line."""
    return root.locator('[data-role="status"]').inner_text()


def end_engine(page) -> None:
    """End the page's engine worker as the browser would, without a word to the page."""
    assert page.evaluate(page_script("end-engine-workers.js")) == 1


def test_answer_that_throws_once_is_reported_and_the_next_change_answered(keeping_workers, server):
    """The page's address cannot be written once while an answer is shown: the status says the answer was not
    shown and why, and the next change is worked out and shown as usual (dim light, one partial obstacle,
    base 4+: hits on 6+)."""
    page = keeping_workers.new_page()
    page.goto(server.url + CALCULATORS[SYSTEM])
    calc = full_calculator(page, SYSTEM)
    wait_state(calc, "ready")
    page.evaluate(page_script("replace-state-throws-once.js"))
    calc.locator('[data-path="light"]').select_option("dim")
    wait_state(calc, "error")
    said = status(calc)
    assert "Not shown: the page failed while writing this answer" in said and "SecurityError" in said, said
    calc.locator('[data-path="obstacles.partial"]').fill("1")
    calc.locator('[data-path="attack.hits_on"]').fill("4")
    wait_state(calc, "ready")
    calc.locator('[data-key="headline"]').filter(has_text="Hits on 6+").wait_for()
    wait_scenario(page, lambda s: s.get("light") == "dim" and s.get("obstacles", {}).get("partial") == 1)
    assert status(calc) == ""


def test_ended_or_silent_worker_is_replaced_and_answers(keeping_workers, server):
    """The engine's worker ended under the page, then the new one alive but silent (stuck), one after the other on
    one page: within seconds of the next change a new worker is started and the change answered (dim light: hits
    on 6+; bright again: 5+, as the calculator opens); the silent one holds the change at most the bound on an
    answer, then it is ended and another answers (dim light: 6+), the bar saying meanwhile that the engine is started
    again."""
    page = keeping_workers.new_page()
    page.goto(server.url + CALCULATORS[SYSTEM])
    calc = full_calculator(page, SYSTEM)
    wait_state(calc, "ready")
    end_engine(page)
    started = time.monotonic()
    calc.locator('[data-path="light"]').select_option("dim")
    calc.locator('[data-key="headline"]').filter(has_text="Hits on 6+").wait_for(timeout=RECOVERY * 1000)
    wait_state(calc, "ready")
    took = time.monotonic() - started
    assert took < RECOVERY, f"answered after {took:.1f} s"
    assert page.evaluate("window.__engineWorkers.length") == 2
    assert page.evaluate("document.documentElement.dataset.engine") == "ready"
    calc.locator('[data-path="light"]').select_option("bright")  # the new worker keeps answering
    calc.locator('[data-key="headline"]').filter(has_text="Hits on 5+").wait_for()
    wait_state(calc, "ready")
    assert page.evaluate(page_script("silence-engine-workers.js")) == 2  # the ended worker is still on the list
    started = time.monotonic()
    calc.locator('[data-path="light"]').select_option("dim")
    calc.locator('.calc-output[data-state="loading"]').wait_for(timeout=RECOVERY * 1000)
    assert "The calculator engine stopped (it did not answer within" in status(calc), status(calc)
    bar = calc.locator('[data-role="summary-bar"]')  # the bar says so too, and no longer shows the last answer
    assert bar.get_attribute("data-state") == "loading" and "starting it again" in bar.inner_text(), bar.inner_text()
    calc.locator('[data-key="headline"]').filter(has_text="Hits on 6+").wait_for(timeout=RECOVERY * 1000)
    wait_state(calc, "ready")
    took = time.monotonic() - started
    assert took < RECOVERY, f"answered after {took:.1f} s"
    assert page.evaluate("window.__engineWorkers.length") == 3


@pytest.mark.parametrize("url", [SEVERAL, HOME])
def test_every_calculator_on_the_page_recovers_together(keeping_workers, server, url):
    """The calculators of a page share the engine (several inline ones on a rulebook page, the home page's live
    one): its worker ended, a new one is started and every one of them answers a change on it."""
    page = keeping_workers.new_page()
    page.goto(server.url + url)
    outputs = page.locator(".calc-output")
    assert outputs.count() >= (2 if url == SEVERAL else 1)
    wait_settled(page)
    assert page.locator('.calc-output[data-state="ready"]').count() == outputs.count()
    end_engine(page)
    started = time.monotonic()
    page.evaluate(page_script("answer-again.js"))  # every calculator asked again: none can answer now
    for i in range(outputs.count()):
        outputs.nth(i).and_(page.locator('.calc-output[data-state="ready"]')).wait_for(timeout=RECOVERY * 1000)
    took = time.monotonic() - started
    assert took < RECOVERY, f"all answered after {took:.1f} s"
    assert page.evaluate("window.__engineWorkers.length") == 2


def test_worker_that_cannot_start_again_says_the_engine_stopped(keeping_workers, server, watch):
    """The worker ended while the runtime can no longer be fetched: the calculator says plainly that the engine
    stopped, within seconds, and offers to reload; the reload starts a working engine once the runtime is back."""
    watch.allowed_console.extend(ENGINE_ENDED_CONSOLE)
    page = keeping_workers.new_page()
    page.goto(server.url + CALCULATORS[SYSTEM])
    calc = full_calculator(page, SYSTEM)
    wait_state(calc, "ready")
    page.route("**/runtime/**", lambda route: route.abort())
    end_engine(page)
    started = time.monotonic()
    calc.locator('[data-path="light"]').select_option("dim")
    calc.locator('.calc-output[data-state="failed"]').wait_for(timeout=RECOVERY * 1000)
    took = time.monotonic() - started
    assert took < RECOVERY, f"said so after {took:.1f} s"
    said = status(calc)
    assert "The calculator engine stopped" in said and "could not be started again" in said, said
    assert "Reload the page" in said and "rulebook stays fully readable" in said, said
    assert page.evaluate("document.documentElement.dataset.engine") == "failed"
    calc.locator('[data-path="light"]').select_option("dark")  # a change does not bring back "loading"
    assert calc.locator(".calc-output").get_attribute("data-state") == "failed"
    page.unroute("**/runtime/**")
    reload = calc.locator('[data-role="reload"]')
    assert reload.is_visible() and reload.inner_text() == "Reload the page"
    reload.click()
    page.wait_for_load_state()
    wait_state(full_calculator(page, SYSTEM), "ready")


def test_storage_that_throws_on_every_call_never_stops_an_answer(keeping_workers, server):
    """localStorage and sessionStorage throw on every call: the calculators answer their changes and a change of a
    ruling (kept for this page only), on the full calculator and inline."""
    page = keeping_workers.new_page()
    page.add_init_script(page_script("storage-throws.js"))
    page.goto(server.url + CALCULATORS["classic-d20"])
    calc = full_calculator(page, "classic-d20")
    wait_state(calc, "ready")
    ruling = calc.locator('select[data-path="rulings.d20.ruling.cover-high"]')
    other = ruling.locator("option:not(:checked)").first.get_attribute("value")
    assert other
    ruling.select_option(other)
    wait_scenario(page, lambda s: s.get("rulings", {}).get("d20.ruling.cover-high") == other)
    assert "for this page only" in calc.locator('[data-role="house-title"]').inner_text()
    wait_state(calc, "ready")
    page.goto(server.url + SEVERAL)
    wait_settled(page, READY_TIMEOUT)
    outputs = page.locator(".calc-output")
    assert page.locator('.calc-output[data-state="ready"]').count() == outputs.count()
