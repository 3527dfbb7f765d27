"""The engine failing to load, in real Chromium: every calculator says so quickly, the rulebook stays readable.

Runtime files are deleted or corrupted in a copy of the built site served by its own server, or
blocked by the browser (no service worker in those contexts: its own requests would not pass through
the route that blocks them). Each calculator must reach ``data-state="failed"`` with a message that
says what happened, within a bounded time, and the rulebook pages around it must stay readable. Every page checks
its runtime with the same start-up code, so each fault is tried on one page, the kinds of page taking turns.
"""

from __future__ import annotations

import posixpath
import time
from html.parser import HTMLParser
from pathlib import Path

import pytest
from browser.support import (
    CALCULATORS,
    CSP_PROBE,
    INLINE_CALCULATOR,
    READY_TIMEOUT,
    RULEBOOK,
    copy_site,
    csp_violations,
    page_script,
)

from pycore.page.handler import encode_fragment

FAST = 20.0
"""Seconds within which a missing, blocked or broken runtime file must show as failed."""

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide-lock.json")
"""Pyodide's files beside its pyodide.mjs; the standard library is the one the engine tag names (data-stdlib), the
WebAssembly is either of two (``wasm_files``)."""


class EngineTag(HTMLParser):
    """The engine's tag of a calculator page (``<script data-engine>``, which starts its worker)."""

    def __init__(self) -> None:
        super().__init__()
        self.engine: dict[str, str | None] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "script" and "data-engine" in a:
            self.engine = a


def wasm_files(site: Path, page: str) -> list[str]:
    """Pyodide's WebAssembly as ``page`` can load it, site-relative: the packed file its engine tag names (data-wasm)
    and the plain one beside pyodide.mjs; either is enough."""
    scan = EngineTag()
    scan.feed((site / page / "index.html").read_text(encoding="utf-8"))
    tag = scan.engine
    base = posixpath.join("/", page)
    runtime_dir = posixpath.dirname(tag.get("data-runtime") or tag["data-interpreter"] or "")
    urls = [tag.get("data-wasm"), posixpath.join(runtime_dir, "pyodide.asm.wasm")]
    return [posixpath.normpath(posixpath.join(base, u)).lstrip("/") for u in urls if u]


def runtime_files(site: Path, page: str) -> list[str]:
    """Every file the engine of ``page`` needs, site-relative, read from the page's own engine tag; the WebAssembly
    (two files, either enough) is apart, in ``wasm_files``."""
    scan = EngineTag()
    scan.feed((site / page / "index.html").read_text(encoding="utf-8"))
    tag = scan.engine
    assert tag, f"{page} has no engine tag"
    base = posixpath.join("/", page)
    worker = posixpath.join(posixpath.dirname(tag["data-pyscript"] or ""), "worker.js")  # PyScript's worker, beside it
    urls = [tag["src"], tag["data-pyscript"], worker, tag["data-program"], tag["data-interpreter"], tag["data-archive"],
            tag["data-stdlib"]]
    runtime_dir = posixpath.dirname(tag.get("data-runtime") or tag["data-interpreter"] or "")
    urls += [posixpath.join(runtime_dir, name) for name in PYODIDE_FILES]
    found = sorted({posixpath.normpath(posixpath.join(base, u)).lstrip("/") for u in urls if u})
    for rel in found:
        assert (site / rel).is_file(), f"{rel} (needed by {page}) is not in the site"
    return found


ROUNDS = [*((url, ".calc--full") for url in CALCULATORS.values()), (INLINE_CALCULATOR, ".calc--inline"),
          ("", ".calc--inline")]
"""The pages a missing runtime file is tried on, in turn: each full calculator, a rulebook page's inline one and the
home page's live one (the page's URL, and its calculator's class)."""


EXPECTED_NOISE = ["Failed to load resource", "Failed to fetch", "net::ERR_", "could not be fetched", "is missing",
                  "installing the standard library", "is not valid JSON"]
"""Console and page errors a missing or blocked file causes in the browser itself, and in the vendored Pyodide
(which leaves a rejected fetch uncaught): expected here, nothing else."""


def failed_within(page, root, seconds: float, started: float) -> str:
    """Wait for ``root`` to fail; assert how long it took; return its message."""
    root.locator('.calc-output[data-state="failed"]').wait_for(timeout=READY_TIMEOUT + 15_000)
    took = time.monotonic() - started
    assert took < seconds, f"failed after {took:.1f} s (bound {seconds} s)"
    status = root.locator('[data-role="status"]')
    assert status.is_visible()
    return status.inner_text()


def assert_readable(page) -> None:
    """The page's article is all there and visible: title, text, rule anchors, navigation."""
    article = page.locator("article.md-content__inner")
    assert article.is_visible()
    assert page.locator("h1").first.is_visible() and page.locator("h1").first.inner_text()
    assert len(article.inner_text()) > 200
    assert page.locator("nav.md-nav--primary a").count() > 5


def fresh_context(browser, watch):
    """A watched context without service workers (nor any cache of an earlier page), recording CSP violations."""
    ctx = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 900})
    watch.attach(ctx)
    ctx.add_init_script(CSP_PROBE)
    return ctx


@pytest.fixture
def no_sw(browser, watch):
    """A fresh context for one test; missing and blocked files make the browser itself log errors."""
    watch.allowed_console.extend(EXPECTED_NOISE)
    ctx = fresh_context(browser, watch)
    yield ctx
    ctx.close()
    watch.check()


def test_missing_runtime_file_fails_fast_everywhere(browser, watch, built_site, tmp_path):
    """Each runtime file missing from the host in turn, on one page of each kind in turn (every page's engine tag
    names the same files, so one check shows each): each calculator fails within seconds and says why."""
    site = copy_site(built_site, tmp_path / "site")
    try:
        files = runtime_files(site.root, CALCULATORS["skirmish-d6"])
        assert len(files) >= 7
        wasm = wasm_files(site.root, CALCULATORS["skirmish-d6"])
        for url, _ in ROUNDS:
            assert runtime_files(site.root, url) == files and wasm_files(site.root, url) == wasm, url
        watch.allowed_console.extend(EXPECTED_NOISE)
        for turn, group in enumerate([[rel] for rel in files] + [wasm]):
            paths = [site.root / rel for rel in group]
            for path in paths:
                path.rename(path.with_name(path.name + ".gone"))
                watch.allowed_console.append(path.name)  # errors that name the missing file are expected
            path = paths[0]
            url, kind = ROUNDS[turn % len(ROUNDS)]
            ctx = fresh_context(browser, watch)  # nothing cached from the round before
            page = ctx.new_page()
            try:
                started = time.monotonic()
                page.goto(site.url + url)
                message = failed_within(page, page.locator(kind).first, FAST, started)
                assert "could not load" in message, message
                assert path.name in message or "Failed to fetch dynamically imported module" in message, message
                assert "rulebook stays fully readable" in message
                assert_readable(page)
                assert csp_violations(page) == []
            finally:
                ctx.close()
                for gone in paths:
                    gone.with_name(gone.name + ".gone").rename(gone)
        watch.check()
    finally:
        site.stop()


BLOCKED = ["**/runtime/**", "**/*.wasm*", "**/pycore-*.zip", "**/runtime/pyscript/worker.js", "**/engine/engine.py"]
"""What a proxy or an extension may block on the way: the whole runtime, the WebAssembly, pycore, PyScript's
worker script, the engine's Python."""


@pytest.mark.parametrize(("pattern", "system"), [(pattern, sorted(CALCULATORS)[turn % len(CALCULATORS)])
                                                 for turn, pattern in enumerate(BLOCKED)])
def test_blocked_runtime_fails_fast_everywhere(no_sw, server, pattern, system):
    """The runtime blocked on the way (a proxy, an extension), each way on one system's pages in turn (every page
    checks the same files): its calculator fails within seconds, and its rulebook page stays readable."""
    page = no_sw.new_page()
    page.route(pattern, lambda route: route.abort())
    started = time.monotonic()
    page.goto(server.url + CALCULATORS[system])
    message = failed_within(page, page.locator(".calc--full"), FAST, started)
    assert "could not load" in message and ("could not be fetched" in message or "Failed to fetch" in message), message
    assert_readable(page)
    page.goto(server.url + RULEBOOK[system])
    assert_readable(page)
    assert csp_violations(page) == []


def test_failed_engine_with_a_link_says_what_is_shown(no_sw, server):
    """Opened from a shared link while the runtime is blocked: failed, and nothing claims to show the link's answer."""
    page = no_sw.new_page()
    page.route("**/runtime/**", lambda route: route.abort())
    scenario = {"system": "skirmish-d6", "light": "dim", "obstacles": {"partial": 1}}
    started = time.monotonic()
    page.goto(server.url + CALCULATORS["skirmish-d6"] + "#s=" + encode_fragment(scenario))
    root = page.locator(".calc--full")
    message = failed_within(page, root, FAST, started)
    body = root.locator('[data-role="body"]')
    if "answer shown" in message:
        assert body.is_visible(), "the message speaks of an answer shown, so one must be shown"
    else:
        assert "situation from your link" in message, message
    assert_readable(page)


def test_form_keeps_working_while_the_engine_fails(no_sw, server):
    """Inputs stay usable after a failure and never bring back a loading state (every state the output takes is
    recorded as it happens)."""
    page = no_sw.new_page()
    page.add_init_script(page_script("record-states.js"))
    page.route("**/*.wasm*", lambda route: route.abort())  # the packed WebAssembly and the plain one
    started = time.monotonic()
    page.goto(server.url + CALCULATORS["classic-d20"])
    root = page.locator(".calc--full")
    failed_within(page, root, FAST, started)
    box = root.locator('[data-path="target.ac"]')
    box.fill("4")
    box.press("Tab")  # a change event as well as the input events
    assert box.input_value() == "4"
    # The form reacts to input and change inside their dispatch (calculator/calculator.js), and the recorder's mutation records
    # are delivered before the next task: what the two edits did is all recorded by the time this reads it.
    states = page.evaluate("window.__states")
    assert states[-1] == "failed" and "loading" not in states[states.index("failed"):], states


def page_stdlib(site: Path, page: str) -> str:
    """The standard library archive the engine of ``page`` starts with (its tag's data-stdlib), site-relative."""
    scan = EngineTag()
    scan.feed((site / page / "index.html").read_text(encoding="utf-8"))
    return posixpath.normpath(posixpath.join("/", page, scan.engine["data-stdlib"] or "")).lstrip("/")


@pytest.mark.parametrize(("broken", "how", "why"), [("assets/runtime/**/pyodide*.wasm*", "corrupt", "is not WebAssembly"),
                                                    ("assets/runtime/stdlib-*.zip", "truncate", "Python exited while starting")])
def test_broken_runtime_fails_fast_saying_why(no_sw, built_site, tmp_path, watch, broken, how, why):
    """A runtime file that is there but broken (a bad deploy) in every copy the build wrote (the packed WebAssembly
    and the plain one; the snapshot's standard library and the whole trimmed one): failed within seconds, saying
    why, not at the engine's timeout (Pyodide itself only logs it and waits). With only the first copy broken the
    loader starts from the other (the fallback tests below)."""
    # what Pyodide prints when CPython cannot start from a broken file: expected here
    watch.allowed_console.extend(["Pyodide", "Python", "encodings", "wasm", "WebAssembly", "Current thread",
                                  "Traceback", "Error in sys.excepthook"])
    site = copy_site(built_site, tmp_path / "site")
    try:
        paths = sorted(site.root.glob(broken))
        copies = [p for p in paths if p.suffix not in (".gz", ".br")]  # the precompressed ones broken as well
        assert len(copies) == 2, f"the site has not two copies of {broken}: {copies}"
        for path in paths:
            data = path.read_bytes()
            path.write_bytes(b"garbage!" * 64 if how == "corrupt" else data[: len(data) // 2])
        page = no_sw.new_page()
        started = time.monotonic()
        page.goto(site.url + CALCULATORS["enchanted-realms"])
        message = failed_within(page, page.locator(".calc--full"), FAST, started)
        assert "could not load" in message and why in message, message
        assert_readable(page)
        watch.console_errors[:] = [e for e in watch.console_errors if e.strip()]  # Pyodide's blank lines
    finally:
        site.stop()


FALLBACKS = {
    "the snapshot": ("assets/runtime/engine-*.snap.*", "starting without the snapshot"),
    "the snapshot's standard library": (None, "starting without the snapshot"),
    "the packed WebAssembly": ("assets/runtime/pyodide-*.wasm.*", "the plain WebAssembly instead"),
}
"""A file with a fallback: where it is (None: the page's standard library) and what the loader warns then."""


def broken_copy(data: bytes, how: str) -> bytes:
    """``data`` cut in half ("truncate"), or with a run of its middle bytes inverted ("damage": a packed file's
    frame header stays whole, so only the decoder can tell)."""
    if how == "truncate":
        return data[: len(data) // 2]
    middle = len(data) // 2
    return data[:middle] + bytes(b ^ 0xFF for b in data[middle:middle + 4096]) + data[middle + 4096:]


@pytest.mark.parametrize("broken", [(("the snapshot", "damage"), ("the packed WebAssembly", "truncate")),
                                    (("the snapshot", "truncate"),), (("the snapshot's standard library", "truncate"),),
                                    (("the packed WebAssembly", "damage"),)],
                         ids=lambda broken: " and ".join(f"{name} {how}" for name, how in broken))
def test_broken_file_with_a_fallback_still_answers(no_sw, built_site, tmp_path, watch, broken):
    """A snapshot, the standard library it was left with, or the packed WebAssembly, there but broken (cut short, or
    damaged inside): the loader starts Pyodide as usual from the whole trimmed standard library (the snapshot's own
    lacks what the snapshot imported), or takes the plain WebAssembly (and, with only that broken, still restores
    the snapshot), and the calculator answers. The two fallbacks are apart, so one case breaks a file of each."""
    if not list(built_site.glob("assets/runtime/engine-*.snap.*")):
        pytest.skip("built without the engine snapshot (no Node)")
    site = copy_site(built_site, tmp_path / "site")
    try:
        stdlib = site.root / page_stdlib(site.root, CALCULATORS["skirmish-d6"])
        for name, how in broken:
            pattern = FALLBACKS[name][0]
            found = sorted(site.root.glob(pattern)) if pattern else [stdlib]
            assert len(found) == 1, found
            found[0].write_bytes(broken_copy(found[0].read_bytes(), how))
        page = no_sw.new_page()
        page.goto(site.url + CALCULATORS["skirmish-d6"])
        page.locator('.calc--full .calc-output[data-state="ready"]').wait_for(timeout=READY_TIMEOUT)
        for name, _ in broken:
            assert [w for w in watch.console_warnings if FALLBACKS[name][1] in w], (name, watch.console_warnings)
        if all(name == "the packed WebAssembly" for name, _ in broken):
            assert not [w for w in watch.console_warnings if "starting without the snapshot" in w], watch.console_warnings
        watch.console_warnings.clear()
    finally:
        site.stop()


def test_host_policy_without_data_connections_still_answers(no_sw, server, watch):
    """A host header on every response that allows no data: connections keeps the decoder in the engine's worker
    (whose policy is its own response's) from loading its WebAssembly: the loader takes the plain files (the
    WebAssembly from the network, Python started without the snapshot) and the calculator answers all the same."""
    watch.allowed_console.extend(["Content Security Policy", "Content-Security-Policy", "connect-src", "data:"])
    page = no_sw.new_page()

    def strict(route):
        response = route.fetch()
        route.fulfill(response=response, headers={**response.headers, "content-security-policy":
                                                  "connect-src 'self'; worker-src 'self'"})

    page.route("**/*", strict)
    page.goto(server.url + CALCULATORS["enchanted-realms"])
    page.locator('.calc--full .calc-output[data-state="ready"]').wait_for(timeout=READY_TIMEOUT)
    warned = " ".join(watch.console_warnings)
    assert "the plain WebAssembly instead" in warned and "starting without the snapshot" in warned, warned
    watch.console_warnings.clear()
    page.unroute_all(behavior="ignoreErrors")  # requests still in flight (every one is routed) end quietly


def test_host_policy_that_forbids_the_engine_fails_fast(no_sw, server, watch):
    """A host header stricter than the page's policy (no workers), on one calculator (the check is the same on every
    page): failed within seconds, naming the policy, not after the engine's 90 s timeout; the rulebook part of the
    page stays readable."""
    watch.allowed_console.extend(["Content Security Policy", "Content-Security-Policy", "worker"])
    page = no_sw.new_page()

    def strict(route):
        response = route.fetch()
        route.fulfill(response=response, headers={**response.headers, "content-security-policy": "worker-src 'none'"})

    page.route("**/calculator/**", strict)
    started = time.monotonic()
    page.goto(server.url + CALCULATORS["classic-d20"])
    message = failed_within(page, page.locator(".calc--full"), FAST, started)
    assert "security policy blocks it (worker-src" in message, message
    assert_readable(page)
    page.unroute_all(behavior="ignoreErrors")
