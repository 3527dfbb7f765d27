"""Shared fixtures: the built site, a loopback server for it, and a locked-down Chromium."""

from __future__ import annotations

import base64
import functools
import json
import os
import shutil
import subprocess
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Iterator

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    # Nothing but loopback resolves: a stray third-party request fails fast instead of leaking.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
LOCAL_PREFIXES = ("http://127.0.0.1:", "blob:http://127.0.0.1:", "data:")
READY_TIMEOUT = 90_000
"""Milliseconds a calculator test waits for the engine's answer (2 shared cores)."""


def build_site(out: Path) -> Path:
    """Build the site strictly into ``out`` (the hook vendors the runtime and checks anchors)."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-d", str(out)],
                          cwd=ROOT, env=env, capture_output=True, text=True)
    if proc.returncode:
        raise AssertionError(f"mkdocs build failed:\n{proc.stdout}\n{proc.stderr}")
    return out


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole site, built once per test session."""
    return build_site(tmp_path_factory.mktemp("site"))


class QuietHandler(SimpleHTTPRequestHandler):
    """Static files with the right types for modules and wasm, and no log noise."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript",
                      ".js": "text/javascript", ".wasm": "application/wasm", ".py": "text/plain"}

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


class SiteServer:
    """A static server on 127.0.0.1 that can be stopped and restarted on the same port."""

    def __init__(self, root: Path):
        self.root = root
        self.httpd: ThreadingHTTPServer | None = None
        self.port = 0

    def start(self) -> None:
        handler = functools.partial(QuietHandler, directory=str(self.root))
        self.httpd = ThreadingHTTPServer(("127.0.0.1", self.port), handler)
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self) -> None:
        if self.httpd:
            self.httpd.shutdown()
            self.httpd.server_close()
            self.httpd = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"


@pytest.fixture(scope="session")
def server(built_site: Path) -> Iterator[SiteServer]:
    """The built site served on loopback for the whole session."""
    srv = SiteServer(built_site)
    srv.start()
    yield srv
    srv.stop()


def chromium_path() -> str | None:
    """The system Chromium (or $CHROMIUM); None falls back to Playwright's own browser."""
    path = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    return path if os.path.exists(path) else None


@pytest.fixture(scope="session")
def browser(tmp_path_factory: pytest.TempPathFactory):
    """One headless Chromium for the session; each test gets its own fresh context."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


class Watch:
    """Everything a page did that a test must fail on: foreign requests, console errors, page errors."""

    def __init__(self) -> None:
        self.foreign: list[str] = []
        self.console_errors: list[str] = []
        self.page_errors: list[str] = []
        self.allowed_console: list[str] = []
        """Substrings of console or page errors a test provokes on purpose (a blocked runtime)."""
        self.console_warnings: list[str] = []
        """Console warnings, each as "text (script URL)": collected, not checked; a test may look."""

    def attach(self, context) -> None:
        context.on("request", self._request)
        context.on("page", self._page)

    def _page(self, page) -> None:
        page.on("console", self._console)
        page.on("pageerror", lambda e: self.page_errors.append(str(e)))

    def _console(self, message) -> None:
        if message.type == "error":
            self.console_errors.append(message.text)
        elif message.type == "warning":
            self.console_warnings.append(f"{message.text} ({message.location.get('url', '')})")

    def _request(self, request) -> None:
        if not request.url.startswith(LOCAL_PREFIXES):
            self.foreign.append(request.url)

    def check(self) -> None:
        errors = [e for e in self.console_errors if not any(a in e for a in self.allowed_console)]
        page_errors = [e for e in self.page_errors if not any(a in e for a in self.allowed_console)]
        assert not self.foreign, f"requests left 127.0.0.1: {self.foreign}"
        assert not errors, f"console errors: {errors}"
        assert not page_errors, f"uncaught page errors: {page_errors}"


@pytest.fixture
def watch() -> Watch:
    """Collects what the page did; checked after the test."""
    return Watch()


@pytest.fixture
def context(browser, watch: Watch):
    """A fresh browser context (own cache and storage) watched for foreign requests and errors."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    watch.attach(ctx)
    yield ctx
    ctx.close()
    watch.check()


@pytest.fixture
def page(context):
    """A fresh page in a watched context."""
    return context.new_page()


# ---- calculators in the page: helpers the calculator and board tests share ----------------------

def full_calculator(page, system: str):
    """The locator of ``system``'s full calculator on the page."""
    return page.locator(f'[data-calculator="{system}"][data-mode="full"]')


def wait_state(root, state: str) -> None:
    """Wait until the output region of the calculator ``root`` reaches ``state``."""
    root.locator(f'.calc-output[data-state="{state}"]').wait_for(timeout=READY_TIMEOUT)


def wait_engine(page, timeout: float = READY_TIMEOUT) -> None:
    """Wait until the page's calculator engine has started (calculator.js marks ``<html data-engine>``)."""
    page.locator('html[data-engine="ready"]').wait_for(state="attached", timeout=timeout)


def scenario_in_url(page) -> dict:
    """The scenario in the current address's #s= fragment, decoded as the contract says."""
    fragment = page.url.split("#s=", 1)[1]
    return json.loads(base64.urlsafe_b64decode(fragment + "=" * (-len(fragment) % 4)).decode())
