"""PyScript never falls back: each way its start can fail, in real Chromium, with only loopback reachable.

Stock PyScript answers some failures by starting Pyodide on the page's own thread, from a CDN. Here each failure is
made on purpose: its eval refused (the page's own policy), its worker refused (a host's stricter policy), the
interpreter module missing or throwing, PyScript's own files missing. Each must leave no request off 127.0.0.1
(the watch fails the test on one, and the browser resolves no other host), no Python on the page's thread, and a
calculator saying what failed within seconds.
"""

from __future__ import annotations

import time

import pytest
from browser.support import CALCULATORS, CSP_PROBE, READY_TIMEOUT, csp_violations, page_script

FAST = 20.0
"""Seconds within which a failed start must be said in the calculator."""
PAGE = CALCULATORS["skirmish-d6"]
"""The calculator page each failure is tried on (every page starts the engine with the same code)."""
NOISE = ["Failed to load resource", "Failed to fetch", "net::ERR_", "could not be fetched", "is missing",
         "broken interpreter", "worker-src", "Refused to create a worker", "dynamically imported module"]
"""What the browser itself logs for a missing or refused file, and the thrown test error: expected here."""


@pytest.fixture
def fresh(browser, watch):
    """A watched context with no service worker and no cache, recording policy violations."""
    watch.allowed_console.extend(NOISE)
    ctx = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 900})
    watch.attach(ctx)
    ctx.add_init_script(CSP_PROBE)
    yield ctx
    ctx.close()
    watch.check()  # no request left loopback, no unexpected console error


def python_on_page(page) -> list[str]:
    """Evidence of Python started on the page's own thread (none expected)."""
    return page.evaluate(page_script("python-on-page.js"))


def failed_saying(page, started: float) -> str:
    """Wait for the full calculator to say its engine failed; assert it did within FAST; its message."""
    output = page.locator('.calc--full .calc-output[data-state="failed"]')
    output.wait_for(timeout=READY_TIMEOUT)
    took = time.monotonic() - started
    assert took < FAST, f"took {took:.1f} s to say it failed"
    return output.inner_text()


def test_eval_refused_the_engine_starts_without_it(fresh, server):
    """The page's policy refuses eval and Function(): PyScript's worker starts all the same (its one hook that would
    be rebuilt with Function() is cleared), the calculator answers, and no eval was even tried (a PyScript that
    tried it would be refused and reported, and fall back)."""
    page = fresh.new_page()
    page.goto(server.url + PAGE)
    page.locator('.calc--full .calc-output[data-state="ready"]').wait_for(timeout=READY_TIMEOUT)
    assert [v for v in csp_violations(page) if "eval" in v] == []
    assert python_on_page(page) == []


def test_worker_refused_says_so_without_falling_back(fresh, server):
    """A host whose own policy refuses workers: the calculator says the engine could not load, and Python never
    starts on the page's thread instead."""
    page = fresh.new_page()

    def strict(route):
        response = route.fetch()
        route.fulfill(response=response, headers={**response.headers, "content-security-policy": "worker-src 'none'"})

    page.route("**" + PAGE, strict)
    started = time.monotonic()
    page.goto(server.url + PAGE)
    message = failed_saying(page, started)
    assert "could not load" in message and ("security policy" in message or "worker" in message), message
    assert python_on_page(page) == []


@pytest.mark.parametrize(("body", "said"), [(None, "engine-"), ("throw new Error('broken interpreter');", "broken interpreter")])
def test_interpreter_module_missing_or_throwing(fresh, server, body, said):
    """The interpreter module (the build's loader) missing, or throwing as it is imported: the calculator says so,
    and neither a CDN's Pyodide nor the page's thread is tried instead."""
    page = fresh.new_page()

    def serve(route):
        head = route.request.method == "HEAD"  # the calculator's check of the file: no body
        route.fulfill(status=404 if body is None else 200, body="" if head else body or "not here",
                      content_type="text/javascript")

    page.route("**/assets/engine-*.mjs", serve)
    started = time.monotonic()
    page.goto(server.url + PAGE)
    message = failed_saying(page, started)
    assert "could not load" in message and said in message, message
    assert python_on_page(page) == []


@pytest.mark.parametrize("missing", ["**/runtime/pyscript/core.js", "**/runtime/pyscript/core-*.js",
                                     "**/runtime/pyscript/worker.js", "**/runtime/pyscript/error-*.js"])
def test_pyscript_files_missing(fresh, server, missing):
    """One of PyScript's own files missing from the host: the calculator says the engine could not load, naming
    what failed, and nothing is fetched from anywhere else in its place."""
    page = fresh.new_page()
    page.route(missing, lambda route: route.fulfill(status=404, body="not here"))
    started = time.monotonic()
    page.goto(server.url + PAGE)
    message = failed_saying(page, started)
    assert "could not load" in message, message
    assert python_on_page(page) == []
