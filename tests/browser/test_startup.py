"""A first visit to a calculator: what the engine's worker will need is downloaded from the page's head and every
file comes once (counted at the server), the page answers from the packed snapshot and WebAssembly, and the engine's
first answer is the very HTML the page was built with."""

from __future__ import annotations

import functools
import json
import threading
import time
from collections import Counter
from html.parser import HTMLParser

import pytest
from browser.support import (
    CALCULATORS,
    PAGE_SCRIPTS,
    READY_TIMEOUT,
    QuietHandler,
    QuietServer,
    copy_site,
    wait_engine,
)


class EngineFiles(HTMLParser):
    """The site paths the engine tag of a page asks to have downloaded from the head (``data-fetch``)."""

    def __init__(self) -> None:
        super().__init__()
        self.paths: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "script" and "data-engine" in a and a.get("data-fetch"):
            self.paths = json.loads(a["data-fetch"] or "[]")


@pytest.fixture
def counted(built_site):
    """The built site served as a static host serves it (cached for ten minutes), each request logged."""
    log: list[tuple[float, str, str]] = []

    class Counting(QuietHandler):
        def do_GET(self) -> None:
            log.append((time.monotonic(), "GET", self.path.split("?")[0]))
            super().do_GET()

        def do_HEAD(self) -> None:
            log.append((time.monotonic(), "HEAD", self.path.split("?")[0]))
            super().do_HEAD()

        def end_headers(self) -> None:
            self.send_header("Cache-Control", "max-age=600")
            super().end_headers()

    httpd = QuietServer(("127.0.0.1", 0), functools.partial(Counting, directory=str(built_site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/", log
    httpd.shutdown()
    httpd.server_close()


def test_the_worker_finds_its_files_fetched_from_the_head(browser, watch, built_site, counted):
    """From the head a worker of the page's downloads the loader, its modules, the standard library, the packed
    WebAssembly and the snapshot; each is downloaded once (the engine's own requests find it in the HTTP cache), the
    plain WebAssembly and pycore's archive (in the snapshot) never; PyScript's files each once; and the calculator
    answers from the snapshot."""
    html = (built_site / CALCULATORS["skirmish-d6"] / "index.html").read_text(encoding="utf-8")
    scan = EngineFiles()
    scan.feed(html.split("</head>", 1)[0])  # in the head, fetched while the page is parsed
    prefetched = ["/" + path for path in scan.paths]
    if not any(p.endswith(".snap.zst") for p in prefetched):
        pytest.skip("built without the engine snapshot (no Node)")
    assert any(p.endswith(".wasm.zst") for p in prefetched) and any(p.endswith(".mjs") for p in prefetched)
    url, log = counted
    ctx = browser.new_context(service_workers="block")
    watch.attach(ctx)
    try:
        page = ctx.new_page()
        page.goto(url + CALCULATORS["skirmish-d6"])
        page.locator('.calc--full .calc-output[data-state="ready"]').wait_for(timeout=READY_TIMEOUT)
        page.wait_for_load_state("networkidle")  # nothing more in flight: a second download would be in the log
    finally:
        ctx.close()
    watch.check()
    gets = Counter(path for _, method, path in log if method == "GET")
    for path in [*prefetched, "/assets/engine/fetch.js"]:  # the worker's script: preloaded by the head, then run
        assert gets[path] == 1, f"{path} downloaded {gets[path]} times"
    assert gets["/assets/runtime/pyodide/pyodide.asm.wasm"] == 0
    assert not [path for path in gets if "/pycore-" in path], sorted(gets)
    pyscript = [path for path in gets if path.startswith("/assets/runtime/pyscript/")]
    assert "/assets/runtime/pyscript/worker.js" in pyscript and all(gets[path] == 1 for path in pyscript), gets
    assert not [w for w in watch.console_warnings if "engine:" in w], watch.console_warnings  # no fallback taken
    assert not [w for w in watch.console_warnings if "preload" in w], watch.console_warnings


def test_the_workers_start_compiles_none_of_pyscripts_package(browser, watch, built_site, tmp_path):
    """PyScript's worker writes its Python package and imports it at each start: the snapshot holds the package
    compiled, so each of its modules loads from a pyc checked against the very text PyScript wrote (this Pyodide
    writes no pyc itself), and the engine's Python, which imports ``pyscript``, answers."""
    if not list((built_site / "assets" / "runtime").glob("engine-*.snap.*")):
        pytest.skip("built without the engine snapshot (no Node)")
    site = copy_site(built_site, tmp_path / "site")
    program = tmp_path / "site" / "assets" / "engine" / "engine.py"
    program.write_text(program.read_text(encoding="utf-8") + (PAGE_SCRIPTS / "pyscript-compiled.py").read_text(),
                       encoding="utf-8")
    ctx = browser.new_context(service_workers="block")
    watch.attach(ctx)
    try:
        page = ctx.new_page()
        page.goto(site.url + CALCULATORS["skirmish-d6"])
        wait_engine(page)
        page.locator('.calc--full .calc-output[data-state="ready"]').wait_for(timeout=READY_TIMEOUT)
        worker = next(w for w in page.workers if w.url.endswith("/assets/runtime/pyscript/worker.js"))
        said = json.loads(worker.evaluate("pyscriptCompiled"))
    finally:
        ctx.close()
        site.stop()
    watch.check()
    assert said["writes_pycs"] is False
    assert {"pyscript", "pyscript.context", "pyscript.display", "pyscript.events"} <= set(said["modules"]), said
    assert all(said["modules"].values()), said


@pytest.mark.parametrize("system", sorted(CALCULATORS))
def test_the_engines_first_answer_is_the_page_built(browser, watch, server, system):
    """The page opens with the answer worked out at build time; the engine's first answer is the same HTML, so the
    page need not write it again (the build must not touch the engine's HTML, print labels included)."""
    ctx = browser.new_context(service_workers="block")
    watch.attach(ctx)
    ctx.add_init_script("document.addEventListener('DOMContentLoaded', () => { window.__built ="
                        " document.querySelector('.calc--full [data-role=body]').innerHTML; });")
    try:
        page = ctx.new_page()
        page.goto(server.url + CALCULATORS[system])
        page.locator('.calc--full .calc-output[data-state="ready"]').wait_for(timeout=READY_TIMEOUT)
        built = page.evaluate("window.__built")
        live = page.evaluate("document.querySelector('.calc--full [data-role=body]').innerHTML")
    finally:
        ctx.close()
    watch.check()
    assert built and built == live


BOARD_MODULES = ("board/board.js", "board/zoom.js", "board/model.js", "board/map-import.js", "board/map-shelf.js")


def test_the_boards_scripts_load_only_where_a_calculator_has_a_board(browser, watch, counted):
    """A rule page's inline calculators (no board) neither preload nor import the board's modules, and answer live;
    a full calculator preloads them, imports each once and sets its board up (its creature tool places one)."""
    url, log = counted
    ctx = browser.new_context(service_workers="block")
    watch.attach(ctx)
    try:
        page = ctx.new_page()
        page.goto(url + "rules/enchanted-realms/cover/")
        page.locator('[data-mode="inline"] .calc-output[data-state="ready"]').first.wait_for(timeout=READY_TIMEOUT)
        page.wait_for_load_state("networkidle")
        preloads = page.eval_on_selector_all('link[rel="modulepreload"]', "links => links.map(l => l.href)")
        assert any(href.endswith("/calculator.js") for href in preloads)
        assert not [href for href in preloads if href.endswith(BOARD_MODULES)], preloads
        assert not [path for _, _, path in log if path.endswith(BOARD_MODULES)], log
        del log[:]
        page.goto(url + CALCULATORS["enchanted-realms"])
        page.locator('.calc--full .calc-output[data-state="ready"]').wait_for(timeout=READY_TIMEOUT)
        page.wait_for_function("names => names.every(n => performance.getEntriesByType('resource')"
                               ".some(e => e.name.endsWith(n)))", arg=list(BOARD_MODULES), timeout=READY_TIMEOUT)
        gets = Counter(name for _, method, path in log if method == "GET" for name in BOARD_MODULES if path.endswith(name))
        assert all(gets[name] == 1 for name in BOARD_MODULES), gets
        page.locator('.calc--full [data-role="board-tools"] [data-tool="2"]').click()  # the creature tool
        page.locator('.calc--full .calc-board g.hex[data-hex="5,0"]').click()  # a creature, by the board
        page.locator('.calc--full [data-item-path="others.0.name"]').wait_for()
    finally:
        ctx.close()
    watch.check()
