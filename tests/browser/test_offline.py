"""The offline reference in real Chromium: first visit online, then no network and no server at all;
clean updates between builds; the development worker; installability; printing.

These tests run their own servers over the session's build (they stop them; the update test rebuilds a copy),
and never use context.route(), which would take the HTTP cache and the service worker out of the picture."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from browser.support import (
    PHONE,
    QUIET_PAGE,
    ROOT,
    SiteServer,
    Watch,
    both_schemes,
    build_site,
    calculator_address,
    page_script,
    wait_engine,
)
from playwright.sync_api import Error as PlaywrightError

import pycore
from pycore.page.handler import encode_fragment
from pycore.page.render import result_element
from pycore.systems import SYSTEMS

READY_TIMEOUT = 120_000
"""Milliseconds to wait for precaching or an engine (2 shared cores, 17 MB)."""
SCENARIOS = {
    "skirmish-d6": {"system": "skirmish-d6", "light": "dim", "obstacles": {"partial": 1}, "attack": {"hits_on": 4}},
}
"""A telling situation per system for the offline calculator check; other systems use their defaults."""
BUILD = re.compile(r"^const BUILD = (\{.*\});$", re.M)
CACHE_SIZE = page_script("cache-size.js")
CACHED_PAGES = page_script("cached-pages.js")
LAYOUT_SHIFTS = page_script("layout-shifts.js")


def sw_build(site: Path) -> dict:
    """The manifest the build wrote into sw.js."""
    return json.loads(BUILD.search((site / "sw.js").read_text()).group(1))


def new_context(browser, watch: Watch, **options):
    """A fresh context (own cache, storage, service workers) watched for foreign requests and errors."""
    options = {"viewport": {"width": 1280, "height": 900}, "service_workers": "allow", **options}
    context = browser.new_context(**options)
    watch.attach(context)
    return context


@contextlib.contextmanager
def site_context(browser, site: Path, watch: Watch, **options):
    """``site`` served on 127.0.0.1 and a fresh watched context (``new_context``): both closed afterwards,
    then what the pages did checked."""
    server = SiteServer(site)
    server.start()
    context = new_context(browser, watch, **options)
    try:
        yield server, context
    finally:
        context.close()
        server.stop()
    watch.check()


def wait_offline_ready(page) -> dict:
    """Wait for "Available offline"; return what the status line knows (version, bytes)."""
    status = page.locator('.offline-status[data-state="ready"]')
    status.wait_for(timeout=READY_TIMEOUT)
    assert status.inner_text().startswith("Available offline")
    return {"version": status.get_attribute("data-version"), "bytes": int(status.get_attribute("data-bytes"))}


def nav_urls(page, root: str) -> list[str]:
    """Every page in the site navigation, as paths below the site's ``root`` address, from the rendered menu."""
    hrefs = page.eval_on_selector_all(".md-nav--primary a.md-nav__link[href]", "els => els.map(e => e.href)")
    return sorted({h.split("#")[0].removeprefix(root) for h in hrefs if h.startswith(root)})


def calculator_systems(site: Path) -> list[str]:
    """Systems whose calculator page this build has."""
    return [s.id for s in SYSTEMS.values() if (site / s.calculator / "index.html").is_file()]


def expected_headline(scenario: dict) -> str:
    """What the engine says for ``scenario``, worked out here in CPython."""
    element = result_element(pycore.evaluate(scenario))
    return "".join(element.find(".//*[@data-key='headline']").itertext())


def settle(calc) -> str:
    """Wait until a calculator's engine has answered (or failed); return its state."""
    calc.locator('.calc-output:not([data-state="loading"])').wait_for(timeout=READY_TIMEOUT)
    return calc.locator(".calc-output").get_attribute("data-state")


@pytest.fixture
def offline_site(built_site: Path) -> Path:
    """The session's build, which these tests serve with servers of their own (they stop them) and only read."""
    return built_site


def test_first_visit_then_everything_offline(browser, offline_site: Path, shots: Path, watch: Watch):
    """Online once; then with the browser offline and the server gone every nav page comes from the cache (and opens,
    where that starts no engine), each calculator works out a correct answer, search finds pages, unknown URLs get the
    404 page and directory URLs work. Reports the cache size."""
    with site_context(browser, offline_site, watch) as (server, context):
        page = context.new_page()
        # First visit: a calculator page works normally while the site is saved in the background.
        started = time.monotonic()
        page.goto(server.url + "calculator/skirmish-d6/")
        page.locator('[data-mode="full"] .calc-output[data-state="ready"]').wait_for(timeout=READY_TIMEOUT)
        stored = wait_offline_ready(page)
        took = time.monotonic() - started
        build = sw_build(offline_site)
        assert stored["version"] == build["version"]
        assert stored["bytes"] == sum(f["size"] for f in build["files"].values())
        page.goto(server.url + QUIET_PAGE)
        pages = nav_urls(page, server.url)
        assert "reference/skirmish-d6/" in pages and len(pages) >= 6

        # No network at all from here on.
        server.stop()
        context.set_offline(True)
        # Every page from the cache; those without a calculator opened too (each calculator page or rulebook page
        # with a calculator would start an engine: the ones below stand for them).
        for got in page.evaluate(CACHED_PAGES, [server.url + path for path in pages]):
            assert got["controlled"] and got["status"] == 200 and got["title"], got
            assert got["build"] == build["version"], got
            if got["calculator"]:
                continue
            response = page.goto(got["url"])
            assert response.status == 200 and response.from_service_worker, got["url"]
            assert page.locator("article h1").first.inner_text(), got["url"]

        for system in calculator_systems(offline_site):
            fragment = "#s=" + encode_fragment(SCENARIOS[system]) if system in SCENARIOS else ""
            page.goto(server.url + f"calculator/{system}/{fragment}")
            calc = page.locator(f'[data-calculator="{system}"][data-mode="full"]')
            # without a link, the situation the page opens with (its preset)
            scenario = SCENARIOS.get(system) or {"system": system, **json.loads(calc.get_attribute("data-preset"))}
            assert settle(calc) == "ready", (system, calc.locator('[data-role="status"]').inner_text())
            assert calc.locator('[data-key="headline"]').inner_text() == expected_headline(scenario), system
            if system == "skirmish-d6":
                # the offline engine answers a change with a known number, not just "the same as CPython"
                calc.locator('[data-path="attack.hits_on"]').fill("3")
                calc.locator('[data-key="headline"]').filter(has_text="Hits on 5+").wait_for()
                assert "33.3%" in calc.locator('[data-key="hit_chance"]').inner_text()

        # an inline calculator on a rulebook page
        page.goto(server.url + "rules/skirmish-d6/light/")
        inline = page.locator('[data-calculator="skirmish-d6"][data-mode="inline"]').first
        inline.locator('.calc-output[data-state="ready"]').wait_for(timeout=READY_TIMEOUT)
        inline.locator('[data-path="light"]').select_option("dark")
        inline.locator('[data-key="headline"]').filter(has_text="Cannot be targeted").wait_for()

        # search: Material's worker, index and lunr, all from the cache
        page.goto(server.url + QUIET_PAGE)
        search = page.locator("input.md-search__input")
        search.click()
        search.press_sequentially("darksight", delay=20)
        results = page.locator(".md-search-result__item")
        results.first.wait_for(timeout=30_000)
        assert "Light and vision" in page.locator(".md-search-result").inner_text()

        # unknown address: the site's own 404 page, not the home page; directory URLs without "/"
        watch.allowed_console.append("status of 404 (Not Found)")  # asked for on purpose
        response = page.goto(server.url + "rules/no-such-page/")
        assert response.status == 404 and response.from_service_worker
        assert page.locator("h1").first.inner_text() == "404 - Not found"
        page.goto(server.url + QUIET_PAGE.rstrip("/"))
        assert page.url.endswith("/" + QUIET_PAGE)
        assert "quick reference" in page.locator("article h1").first.inner_text()

        size = page.evaluate(CACHE_SIZE)
        print(f"\noffline cache: {size['bytes'] / 1e6:.1f} MB in {size['entries']} entries, caches {size['names']}; "
              f"first visit to ready offline: {took:.1f} s")
        assert len([n for n in size["names"] if not n.endswith(" state")]) == 1
        assert 5e6 < size["bytes"] < 60e6
        assert size["bytes"] >= stored["bytes"]
        assert size["entries"] >= len(build["files"]) + 1
        out = shots / "offline-ready-light.png"
        page.goto(server.url + QUIET_PAGE)
        page.screenshot(path=str(out))


RECORD_ORDER = page_script("record-order.js")
"""When (wall clock, ms) the page saw its engine start, its load event, and offline/offline.js register the worker."""


def record_offline_requests(context) -> list:
    """Requests that store the site: sw.js itself and every request the service worker makes,
    filled in as they happen (their timing is known once each has finished)."""
    seen: list = []
    context.on("request", lambda r: seen.append(r) if r.url.endswith("/sw.js") or r.service_worker else None)
    return seen


def test_calculator_page_stores_the_site_after_its_engine(browser, offline_site: Path, watch: Watch):
    """First visit to a calculator page: the engine starts first; offline/offline.js registers the worker only
    then, so no request of the offline store (sw.js, the runtime it precaches) competes with it; the
    page still ends up "Available offline", on a phone, and the status line moved nothing on the way. (The fallback
    is 20 s: an engine slower than that on a loaded machine would let the store start first and fail this test.)"""
    with site_context(browser, offline_site, watch, **PHONE) as (server, context):
        context.add_init_script(RECORD_ORDER)
        context.add_init_script(LAYOUT_SHIFTS)
        stores = record_offline_requests(context)
        page = context.new_page()
        page.goto(server.url + "calculator/enchanted-realms/")
        page.locator('[data-mode="full"] .calc-output[data-state="ready"]').wait_for(timeout=READY_TIMEOUT)
        wait_offline_ready(page)
        # the status line appears and counts up while the page is in use: it has a line of its own
        shifts = page.evaluate("window.__shifts")
        assert [shift for shift in shifts if not shift["input"] and not shift["parsing"]] == []
        order = page.evaluate("window.__offline")
        assert page.evaluate("document.documentElement.dataset.engine") == "ready"
        assert order["engine"] and order["register"], order
        assert order["register"] >= order["engine"], order
        assert any(r.url.endswith("/sw.js") for r in stores)
        assert any(r.url.endswith((".wasm.zst", "/pyodide.asm.wasm")) for r in stores), "the worker did not store the runtime"
        starts = {r.url: r.timing["startTime"] for r in stores}
        early = {url: start - order["engine"] for url, start in starts.items() if start < order["engine"]}
        assert not early, f"stored before the engine was up (ms before): {early}"
        # a file the store leaves out (the plain WebAssembly, a fallback) comes from the network, not the 404 page
        network = sw_build(offline_site)["network"]
        assert [p for p in network if p.endswith(".map")]
        for path in network:
            got = page.evaluate("(url) => fetch(url, {method: 'HEAD'}).then((r) => r.status)", "../../" + path)
            assert got == 200, (path, got)


def test_calculator_opens_in_place_offline(browser, offline_site: Path, watch: Watch):
    """Offline, with the server gone: from a rulebook page whose engine runs, the calculator link opens
    the calculator page in place from the offline store (same document), and it works out its answer."""
    with site_context(browser, offline_site, watch) as (server, context):
        page = context.new_page()
        page.goto(server.url + "rules/skirmish-d6/cover/")
        wait_offline_ready(page)
        page.reload()  # now controlled by the worker
        wait_engine(page, READY_TIMEOUT)
        server.stop()
        context.set_offline(True)
        page.evaluate("window.__sameDocument = true")
        page.locator(".md-sidebar--primary a.md-nav__link[href$='calculator/skirmish-d6/']").first.click()
        page.wait_for_url(calculator_address("skirmish-d6"))
        calc = page.locator('[data-calculator="skirmish-d6"][data-mode="full"]')
        assert settle(calc) == "ready"
        assert page.evaluate("window.__sameDocument") is True
        opening = {"system": "skirmish-d6", **json.loads(calc.get_attribute("data-preset"))}  # the page's situation
        assert calc.locator('[data-key="headline"]').inner_text() == expected_headline(opening)
        assert page.locator('.offline-status[data-state="ready"]').count() == 1


def test_page_without_calculator_stores_the_site_after_load(browser, offline_site: Path, watch: Watch):
    """A rulebook page with no calculator has no engine to wait for: after its load event and an idle
    moment the worker is registered and the page becomes "Available offline"."""
    with site_context(browser, offline_site, watch) as (server, context):
        context.add_init_script(RECORD_ORDER)
        page = context.new_page()
        page.goto(server.url + "rules/skirmish-d6/size/")
        assert page.locator("[data-calculator]").count() == 0
        stored = wait_offline_ready(page)
        assert stored["version"] == sw_build(offline_site)["version"]
        order = page.evaluate("window.__offline")
        assert order["engine"] is None and order["load"] and order["register"] >= order["load"], order


REGISTER_THROWS = page_script("register-throws.js")
"""A browser that refuses service workers by throwing from register()."""
PLAYWRIGHT_BLOCKED = "Service Worker registration blocked by Playwright"
"""What Playwright's own stand-in for register() logs when it blocks service workers."""
NOT_AVAILABLE = "offline: service workers are not available here"
"""What offline/offline.js says (console.info) when registering the worker was refused: it stays quiet from then on."""


@pytest.mark.parametrize("how", ["block", "throws"])
def test_blocked_service_workers_are_quiet(browser, offline_site: Path, watch: Watch, how: str):
    """With service workers blocked (Playwright's switch) or refused (register() throws), pages work
    as usual, the status line stays empty, and offline/offline.js puts no error or warning on the console."""
    server = SiteServer(offline_site)
    server.start()
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  service_workers="block" if how == "block" else "allow")
    watch.attach(context)
    if how == "throws":
        context.add_init_script(REGISTER_THROWS)
    page = context.new_page()
    try:
        said = (PLAYWRIGHT_BLOCKED, "warning") if how == "block" else (NOT_AVAILABLE, "info")
        for path in ("rules/skirmish-d6/size/", "calculator/skirmish-d6/"):
            # offline/offline.js has tried to register once the browser refuses: Playwright's switch says so and leaves register()
            # pending (nothing follows); a throwing register() makes offline/offline.js say so, its last word
            with page.expect_console_message(lambda m: m.type == said[1] and said[0] in m.text, timeout=READY_TIMEOUT):
                page.goto(server.url + path)
            if page.locator("[data-calculator]").count():
                page.locator('[data-mode="full"] .calc-output[data-state="ready"]').wait_for(timeout=READY_TIMEOUT)
            if how == "block":
                watch.console_warnings.remove(next(w for w in watch.console_warnings if PLAYWRIGHT_BLOCKED in w))
            else:
                assert page.evaluate("window.__registerCalls") == 1
            assert page.locator(".offline-status").inner_text() == "", path
            assert page.locator(".offline-status").get_attribute("data-state") is None, path
            assert page.evaluate("navigator.serviceWorker.controller") is None
        assert page.locator('[data-calculator="skirmish-d6"] [data-key="headline"]').first.inner_text()
        # other scripts' warnings (the runtime's) are theirs; console errors fail any test
        noise = [w for w in watch.console_warnings if "/assets/offline/offline.js" in w or "offline:" in w]
        assert not noise, noise
    finally:
        context.close()
        server.stop()
    watch.check()


UPDATE_CHECK = "navigator.serviceWorker.getRegistration().then((r) => r ? r.update().then(() => true, () => false) : false)"
"""Ask the browser to check the worker's script for a new version now (what offline/offline.js does now and then)."""


def build_variant(out: Path, site_name: str) -> Path:
    """Rebuild the site into ``out`` under another name (mkdocs.yml reads it from the environment): a visible
    change on every page."""
    return build_site(out, RULEBOOK_SITE_NAME=site_name)


def header_title(page) -> str:
    """The site name in the header."""
    return page.locator(".md-header__topic").first.inner_text()


def test_update_reaches_open_pages_cleanly(browser, built_site: Path, tmp_path: Path, watch: Watch, shots: Path):
    """Build, visit, rebuild with a new site name, reload: the old build keeps serving the page (no
    mix), a prompt offers the new one, one keyboard "Reload now" shows it exactly once with every file
    from the new build; another open tab stays on its build until it goes, then the old cache goes."""
    site = Path(shutil.copytree(built_site, tmp_path / "site"))  # a copy: the rebuild below replaces its files
    with site_context(browser, site, watch) as (server, context):
        page = context.new_page()
        page.goto(server.url + "rules/skirmish-d6/size/")  # no calculator: the reloads below start no engine
        old = wait_offline_ready(page)["version"]
        page.reload()  # the first visit is not controlled by the worker; from now on every load is
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        other = context.new_page()
        other.goto(server.url + "rules/skirmish-d6/map/")  # a page without a calculator: no second engine
        wait_offline_ready(other)
        name = header_title(page)

        build_variant(site, "Combat Rules, new edition")
        new = sw_build(site)["version"]
        assert new != old

        responses = []
        page.on("response", lambda response: responses.append(response))
        page.reload()  # the browser checks sw.js; the old worker still answers from the old build
        assert header_title(page) == name
        # When the check a navigation triggers runs is Chrome's choice (it can take minutes);
        # offline/offline.js's own periodic check is what a long-open page relies on: run it now.
        assert page.evaluate(UPDATE_CHECK)
        prompt = page.locator("[data-offline-update]")
        prompt.wait_for(state="visible", timeout=READY_TIMEOUT)
        assert "new version" in prompt.inner_text()
        assert page.locator(".offline-status").inner_text().endswith("new version ready")
        served = [r for r in responses if r.url.startswith("http") and not r.url.endswith("/sw.js")]
        assert served and all(r.from_service_worker for r in served), [r.url for r in served if not r.from_service_worker]
        assert {r.headers.get("x-offline-build") for r in served} == {old}
        page.screenshot(path=str(shots / "offline-update-light.png"))
        other.locator("[data-offline-update]").wait_for(state="visible", timeout=READY_TIMEOUT)

        navigations = []
        page.on("framenavigated", lambda frame: navigations.append(frame.url) if frame == page.main_frame else None)
        responses.clear()
        button = prompt.get_by_role("button", name="Reload now")
        button.focus()
        page.keyboard.press("Enter")
        page.locator(".md-header__topic", has_text="Combat Rules, new edition").first.wait_for(timeout=READY_TIMEOUT)
        # The old page's reload is the only one (reloadOnce): once the new page shows its stored build, the old page
        # is gone and nothing in the new one reloads without a click.
        assert wait_offline_ready(page)["version"] == new
        assert len(navigations) == 1, navigations
        assert prompt.is_hidden()
        served = [r for r in responses if r.url.startswith("http") and not r.url.endswith("/sw.js")]
        assert served and all(r.from_service_worker for r in served), [r.url for r in served if not r.from_service_worker]
        assert {r.headers.get("x-offline-build") for r in served} == {new}

        # The other tab was loaded by the old build: it keeps it (pinned) and is offered the new one.
        other_prompt = other.locator("[data-offline-update]")
        other_prompt.wait_for(state="visible", timeout=READY_TIMEOUT)
        assert header_title(other) == name
        late = "fetch('../../../assets/offline/offline.js').then((r) => r.headers.get('x-offline-build'))"
        assert other.evaluate(late) == old
        assert page.evaluate(late) == new
        caches = "caches.keys().then((names) => names.filter((n) => n.startsWith('offline ')).map((n) => n.split(' ').pop()))"
        assert set(page.evaluate(caches)) == {old, new, "state"}

        other_prompt.get_by_role("button", name="Later").focus()
        other.keyboard.press("Enter")
        assert other_prompt.is_hidden() and header_title(other) == name

        # Once no page uses the old build, its cache goes (at the next navigation or status check).
        other.close()
        page.goto(server.url + QUIET_PAGE)
        deadline = time.monotonic() + 30
        while set(page.evaluate(caches)) != {new, "state"} and time.monotonic() < deadline:
            page.wait_for_timeout(500)
            page.reload()
        assert set(page.evaluate(caches)) == {new, "state"}


def free_port() -> int:
    """A loopback port nobody listens on."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_http(url: str, timeout: float = 90) -> None:
    """Poll until ``url`` answers."""
    import urllib.request

    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)


def read_between_loads(page, script: str):
    """The script's value in the page, or None while the page is being replaced (the worker's change reloads it)."""
    try:
        return page.evaluate(script)
    except PlaywrightError as error:
        if "Execution context was destroyed" in str(error):
            return None
        raise


def test_development_server_removes_the_caching_worker(browser, offline_site: Path, tmp_path: Path, watch: Watch):
    """A caching worker from a real build, then `mkdocs serve` on the same address: the page ends up
    uncontrolled, our caches are gone, nothing is registered, and it does not reload in a loop."""
    server = SiteServer(offline_site)
    server.start()
    url = server.url
    context = new_context(browser, watch)
    page = context.new_page()
    log = (tmp_path / "serve.log").open("w")
    serve = None
    try:
        page.goto(url + QUIET_PAGE)
        wait_offline_ready(page)
        page.reload()
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        server.stop()
        env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
        serve = subprocess.Popen([sys.executable, "-m", "mkdocs", "serve", "--livereload", "-a", f"127.0.0.1:{server.port}"],
                                 cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        wait_for_http(url + "sw.js")
        navigations = []
        page.on("framenavigated", lambda frame: navigations.append(frame.url) if frame == page.main_frame else None)
        page.goto(url + QUIET_PAGE)  # answered by the old worker; the browser's update check fetches the new sw.js
        state = page_script("offline-state.js")
        started = time.monotonic()
        while read_between_loads(page, state) != {"controlled": False, "registrations": 0, "caches": 0, "mode": "off"}:
            assert time.monotonic() < started + 60, read_between_loads(page, state)
            if time.monotonic() > started + 10:
                # the browser's own check after a navigation can wait on a loaded machine: offline/offline.js's periodic
                # check, which a long-open page relies on, made now
                read_between_loads(page, UPDATE_CHECK)
            page.wait_for_timeout(500)
        # offline/offline.js reloads only a page a worker controls (and once a session): this one is not controlled, so its
        # count of navigations is final
        assert len(navigations) <= 3, navigations
        assert page.locator(".offline-status").inner_text() == ""
    finally:
        context.close()
        if serve is not None:
            serve.send_signal(signal.SIGINT)
            try:
                serve.wait(timeout=15)
            except subprocess.TimeoutExpired:
                serve.kill()
                serve.wait()
        log.close()
        server.stop()
    watch.check()


def test_installable(browser, offline_site: Path, watch: Watch):
    """Chromium finds the manifest valid and the site installable (standalone, icons, worker, start URL)."""
    with site_context(browser, offline_site, watch) as (server, context):
        page = context.new_page()
        page.goto(server.url + QUIET_PAGE)
        wait_offline_ready(page)
        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"] == server.url + "manifest.webmanifest"
        assert manifest["errors"] == []
        assert json.loads(manifest["data"])["display"] == "standalone"
        errors = [e["errorId"] for e in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]]
        # Playwright's contexts are incognito profiles, which Chromium never installs apps from.
        assert [e for e in errors if e != "in-incognito"] == []
        for icon in ("assets/icons/icon-192.png", "assets/icons/icon-512.png", "assets/icons/icon-maskable-512.png"):
            assert page.request.get(server.url + icon).headers["content-type"] == "image/png"


def pdf_pages(pdf: bytes) -> int:
    """Pages in a PDF written by Chromium."""
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


def test_print(browser, offline_site: Path, watch: Watch, shots: Path):
    """Print: no navigation chrome, black on white in either scheme (one load each: the header's toggle turns it
    between prints), rule links and rule headings followed by their ids; the quick reference fits on one A4 or
    Letter sheet. No service worker: printing does not involve it."""
    with site_context(browser, offline_site, watch, color_scheme="light", service_workers="block") as (server, context):
        page = context.new_page()
        page.goto(server.url + "rules/skirmish-d6/light/")
        for scheme in both_schemes(page):
            page.emulate_media(media="print")
            hidden = page.evaluate(page_script("print-hidden-parts.js"))
            assert all(display == "none" for _, display in hidden), (scheme, hidden)
            colours = page.evaluate(page_script("print-colours.js"))
            assert colours == ["rgb(0, 0, 0)", "rgb(255, 255, 255)"], (scheme, colours)
            link = "article a[data-ref=\"d6.cover.level-1\"], article a[data-ref^=\"d6.\"]"
            after = page.evaluate("(s) => getComputedStyle(document.querySelector(s), '::after').content", link)
            assert re.fullmatch(r'" \[d6\.[a-z0-9.-]+\]"', after), after
            heading = page.evaluate("""() => getComputedStyle(document.getElementById('d6.light.vision'), '::after').content""")
            assert "d6.light.vision" in heading
            page.screenshot(path=str(shots / f"print-rules-{scheme}.png"), full_page=True)
            assert pdf_pages(page.pdf(format="A4")) >= 1
            page.emulate_media(media="screen")  # the palette toggle is not printed

        page.goto(server.url + "reference/skirmish-d6/")
        for scheme in both_schemes(page):
            page.emulate_media(media="print")
            page.screenshot(path=str(shots / f"print-quickref-{scheme}.png"), full_page=True)
            for paper in ("A4", "Letter"):
                assert pdf_pages(page.pdf(format=paper)) == 1, (scheme, paper)
            page.emulate_media(media="screen")


def test_status_and_prompt_look(browser, offline_site: Path, watch: Watch, shots: Path):
    """Screenshots of "Available offline" and of the update prompt (shown here by hand) for a person to look at, in
    light and dark (the header's toggle turns it); the prompt's buttons are real, focusable buttons."""
    screen = {"color_scheme": "light", "viewport": {"width": 800, "height": 600}}
    with site_context(browser, offline_site, watch, **screen) as (server, context):
        page = context.new_page()
        page.goto(server.url + "rules/skirmish-d6/size/")  # a rulebook page without a calculator
        wait_offline_ready(page)
        for scheme in both_schemes(page):
            page.evaluate("document.querySelector('[data-offline-update]').hidden = false")
            page.locator('[data-offline-action="reload"]').focus()
            page.screenshot(path=str(shots / f"offline-status-{scheme}.png"))
            buttons = page.locator("[data-offline-update] button")
            assert buttons.count() == 2
            for i in range(2):
                assert buttons.nth(i).evaluate("(b) => b.tabIndex >= 0 && !b.disabled")
            page.keyboard.press("Tab")
            assert page.evaluate("document.activeElement.dataset.offlineAction") == "later"
            page.keyboard.press("Shift+Tab")
            assert page.evaluate("document.activeElement.dataset.offlineAction") == "reload"
