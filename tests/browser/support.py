"""Helpers shared by the browser tests: building and serving the site, Chromium, watching pages, calculators."""

from __future__ import annotations

import base64
import functools
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

from pycore import SYSTEMS

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "site"
PAGE_SCRIPTS = Path(__file__).resolve().parent / "page"
PLAYWRIGHT_DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding", "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect", "TcpPortRandomizationWin", "OptimizationHints", "NetworkTimeServiceQuerying",
    "AimEnabled", "PreconnectToSearch", "msForceBrowserSignIn", "msEdgeUpdateLaunchServicesPreferredVersion",
)
"""The features the pinned Playwright turns off itself: Chromium keeps only the last ``--disable-features``, so ours
repeats them (tests/browser/test_support.py checks the list against the installed Playwright)."""
IDLE_FEATURES = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup")
"""Chromium preloads its address bar's popup, a page of its own in a renderer of its own, for every new context: a
headless test never shows it, and it costs about as much as a fifth of a calculator's start."""
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-features=" + ",".join(PLAYWRIGHT_DISABLED_FEATURES + IDLE_FEATURES),
    # Nothing but loopback resolves: a stray third-party request fails fast instead of leaking.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
LOCAL_PREFIXES = ("http://127.0.0.1:", "blob:http://127.0.0.1:", "data:")
BUILD_TIMEOUT = 1200.0
"""Seconds a test waits for the run's build of the site (a fresh clone makes the engine's snapshot: minutes)."""
READY_TIMEOUT = 90_000
"""Milliseconds a test waits for the engine's answer: the calculator's own engine timeout (2 shared cores)."""
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
"""A phone's context options: 390 x 844 CSS pixels, touch."""
SCHEMES = {"light": "default", "dark": "slate"}
"""The reader's colour preference -> the Material palette (``data-md-color-scheme``) a page opens in."""


def build_site(out: Path, **settings: str) -> Path:
    """Build the site strictly into ``out`` (the rulebook plugin vendors the runtime and checks anchors);
    ``settings`` are environment variables mkdocs.yml reads (``RULEBOOK_SNAPSHOT="false"``)."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", **settings}
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-d", str(out)],
                          cwd=ROOT, env=env, capture_output=True, text=True)
    if proc.returncode:
        raise AssertionError(f"mkdocs build failed:\n{proc.stdout}\n{proc.stderr}")
    return out


class SiteBuild:
    """The site built once for a whole run (every pytest-xdist process of it), in the background from the run's
    start: the first process to ask builds it in a thread of its own while its tests go on; the others, and the
    first when it needs the site, wait for the files that say the build is over."""

    def __init__(self, run: Path):
        self.site = run / "site"
        self._started, self._built, self._failed = run / "site.started", run / "site.built", run / "site.failed"

    def start(self) -> None:
        """Start the build unless some process of the run already did."""
        try:
            os.close(os.open(self._started, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            return
        threading.Thread(target=self._build, name="site-build", daemon=True).start()

    def _build(self) -> None:
        try:
            build_site(self.site)
        except Exception as error:  # handed to every waiting test through the file
            self._failed.write_text(str(error), encoding="utf-8")
        else:
            self._built.touch()

    def wait(self, timeout: float = BUILD_TIMEOUT) -> Path:
        """The built site, once its build is over; the build's message when it failed."""
        self.start()
        deadline = time.monotonic() + timeout
        while not (self._built.exists() or self._failed.exists()):
            if time.monotonic() > deadline:
                raise AssertionError(f"the site's build took more than {timeout:.0f} s")
            time.sleep(0.1)
        if self._failed.exists():
            raise AssertionError(self._failed.read_text(encoding="utf-8"))
        return self.site


class QuietHandler(SimpleHTTPRequestHandler):
    """Static files with the right types for modules and wasm, and no log noise."""

    extensions_map: ClassVar[dict[str, str]] = {**SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript",
                      ".js": "text/javascript", ".wasm": "application/wasm", ".py": "text/plain"}

    def log_message(self, format: str, *args: object) -> None:
        pass


class QuietServer(ThreadingHTTPServer):
    """A threading server that lets a client hang up mid-response (a page closed while it loaded) in silence."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class Gate:
    """Requests held back until the gate opens; then they, and every later one, go through."""

    def __init__(self) -> None:
        self.held: list | None = []

    def handle(self, route) -> None:
        if self.held is None:
            route.continue_()
        else:
            self.held.append(route)

    def open(self) -> None:
        held, self.held = self.held or [], None
        for route in held:
            route.continue_()


class SiteServer:
    """A static server on 127.0.0.1 that can be stopped and restarted on the same port."""

    def __init__(self, root: Path):
        self.root = root
        self.httpd: QuietServer | None = None
        self.port = 0

    def start(self) -> None:
        handler = functools.partial(QuietHandler, directory=str(self.root))
        self.httpd = QuietServer(("127.0.0.1", self.port), handler)
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


def chromium_path() -> str | None:
    """The system Chromium (or $CHROMIUM); None falls back to Playwright's own browser."""
    path = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    return path if os.path.exists(path) else None


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


# ---- calculators in the page: helpers the calculator and board tests share ----------------------

def calculator_address(system: str) -> re.Pattern[str]:
    """The address of ``system``'s calculator page, with or without the ``#s=`` situation it writes once it answers
    (a page opened in place may answer before a test starts waiting for its address)."""
    return re.compile(rf"/calculator/{re.escape(system)}/(#.*)?$")


def full_calculator(page, system: str):
    """The locator of ``system``'s full calculator on the page."""
    return page.locator(f'[data-calculator="{system}"][data-mode="full"]')


def wait_state(root, state: str) -> None:
    """Wait until the output region of the calculator ``root`` reaches ``state``."""
    root.locator(f'.calc-output[data-state="{state}"]').wait_for(timeout=READY_TIMEOUT)


ENGINE_BLOCKED_CONSOLE = ["pyodide.asm.wasm", ".wasm.zst", "Failed to load resource", "WebAssembly", "Failed to fetch",
                          "net::ERR_FAILED"]
"""What the console may say when the engine's WebAssembly is blocked."""


def block_engine(page, watch: Any) -> None:
    """Abort every fetch of the engine's WebAssembly (the packed file and the plain one) on ``page``, and let the
    console say so; the context should block service workers (their own requests pass no route)."""
    watch.allowed_console.extend(ENGINE_BLOCKED_CONSOLE)
    page.route("**/*.wasm*", lambda route: route.abort())


def wait_engine(page, timeout: float = READY_TIMEOUT) -> None:
    """Wait until the page's calculator engine has started (calculator/calculator.js marks ``<html data-engine>``)."""
    page.locator('html[data-engine="ready"]').wait_for(state="attached", timeout=timeout)


def scenario_in_url(page) -> dict:
    """The scenario in the current address's #s= fragment, decoded as the contract says."""
    fragment = page.url.split("#s=", 1)[1]
    return json.loads(base64.urlsafe_b64decode(fragment + "=" * (-len(fragment) % 4)).decode())


# ---- hardening: hostile links, engine failures, CSP, accessibility -------------------------------


BUILT = tuple(sorted(SYSTEMS))


def _first_rule_page(system: str) -> str:
    pages = sorted((DOCS / "rules" / system).glob("*.md"))
    return f"rules/{system}/{pages[0].stem}/"


CALCULATORS = {system: f"calculator/{system}/" for system in BUILT}
RULEBOOK = {system: _first_rule_page(system) for system in BUILT if (DOCS / "rules" / system).is_dir()}
QUICK_REFERENCES = {p.stem: f"reference/{p.stem}/" for p in sorted((DOCS / "reference").glob("*.md"))}
INLINE_CALCULATOR = "rules/skirmish-d6/light/"
"""A rulebook page with an inline calculator in it."""
QUIET_PAGE = "reference/skirmish-d6/"
"""A page with no calculator on it, so no engine starts: where a test sets up storage or looks at the site around
the page it is about (the home page has a calculator)."""
NOT_FOUND = "404.html"

PAGE_TYPES: dict[str, str] = {
    "home": "",
    **{f"rules-{s}": url for s, url in RULEBOOK.items()},
    "rules-inline-calculator": INLINE_CALCULATOR,
    **{f"calculator-{s}": url for s, url in CALCULATORS.items()},
    **{f"reference-{s}": url for s, url in QUICK_REFERENCES.items()},
    "not-found": NOT_FOUND,
}
"""Every kind of page the site has, by a readable name (test ids) -> its site-relative URL."""



@functools.cache
def page_script(name: str) -> str:
    """A script of ``tests/browser/page/`` (an init script or a function to evaluate), without its leading comment."""
    lines = (PAGE_SCRIPTS / name).read_text(encoding="utf-8").splitlines()
    while lines and lines[0].startswith("//"):
        lines.pop(0)
    return "\n".join(lines)


CSP_PROBE = page_script("csp-probe.js")
"""Init script: every content-security-policy violation on the page, in ``window.__csp``."""

PWNED_PROBE = "window.__pwned = undefined;"
INJECTED = ("img[src=x], img[onerror], svg[onload], script:not([src]):not([type]), [onerror], [onload], [onclick], "
            "iframe, object, embed")
"""Elements that only an injection would put in the page (our own markup has none)."""


def wait_scenario(page, check, timeout: float = 20.0) -> dict:
    """The link's scenario once ``check(scenario)`` holds (the engine writes the address after each answer)."""
    deadline = time.monotonic() + timeout
    scenario: dict = {}
    while time.monotonic() < deadline:
        if "#s=" in page.url:
            scenario = scenario_in_url(page)
            if check(scenario):
                return scenario
        page.wait_for_timeout(100)
    raise AssertionError(f"the link never got there; it holds {scenario}")


def next_frame(page: Any) -> None:
    """Wait until the page has drawn a frame after this moment (styles worked out, layout done, events of both sent)."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())))")


def csp_violations(page: Any) -> list[str]:
    """What the CSP probe recorded on ``page``."""
    return page.evaluate("window.__csp || []")


def wait_settled(page: Any, timeout: int = READY_TIMEOUT) -> None:
    """Wait until every calculator on the page has left the loading state."""
    for output in page.locator(".calc-output").all():
        output.and_(page.locator('.calc-output:not([data-state="loading"])')).wait_for(timeout=timeout)


def copy_site(built: Path, dest: Path) -> SiteServer:
    """A copy of the built site, to break on purpose, served on loopback by its own server (call .stop())."""
    shutil.copytree(built, dest)
    server = SiteServer(dest)
    server.start()
    return server


# ---- accessibility: axe-core in the page -------------------------------------------------------

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")
ENFORCED = ("heading-order",)
"""axe rules that fail a test whatever their impact: lesser findings the site has fixed and keeps fixed."""


COLOUR_RULES = ("color-contrast", "link-in-text-block")
"""axe rules whose findings depend on colours: all that can differ between the light and the dark palette, which
differ in colours only."""


def run_axe(page, scope: str | None = None, colours_only: bool = False) -> list[dict]:
    """axe-core's violations on the page (or inside ``scope``), with a few nodes each; only the colour rules'
    (``COLOUR_RULES``) with ``colours_only``. It waits until no transition or animation runs: a colour measured
    halfway through one (the theme's skip link fading) is neither the colour before nor the one after (an endless one,
    a spinner, is not waited for)."""
    page.wait_for_function("() => document.getAnimations().every((a) => a.effect?.getTiming().iterations === Infinity)",
                           timeout=READY_TIMEOUT)
    return page.evaluate(page_script("axe-violations.js"), [scope, list(COLOUR_RULES) if colours_only else None])


def assert_no_blocking(violations: list[dict], where: str) -> None:
    """No serious or critical violation, nor any of ENFORCED; the message lists each with its nodes."""
    bad = [v for v in violations if v["impact"] in BLOCKING or v["id"] in ENFORCED]
    assert not bad, f"{where}:\n" + "\n".join(f"  {v['impact']} {v['id']} ({v['help']}):\n    " + "\n    ".join(v["nodes"])
                                              for v in bad)


def paste_link(page: Any, fragment: str) -> None:
    """Paste a ``#s=`` link into the open calculator page's address, as a reader would (its full calculator restores
    the situation on hashchange: no new load, no new engine), and wait until the engine has answered it."""
    # Every answer rewrites the status, so a mark put there first tells this answer from one before the paste;
    # a link the address already holds fires no hashchange, and the wait times out.
    status = page.locator('.calc--full [data-role="status"]')
    status.evaluate("(status) => { status.textContent = 'link pasted'; }")
    page.evaluate("(fragment) => { location.hash = fragment; }", fragment)
    page.wait_for_function("(status) => status.textContent !== 'link pasted'", arg=status.element_handle(),
                           timeout=READY_TIMEOUT)


def axe_in_both_schemes(page: Any, where: str, scope: str | None = None) -> None:
    """No blocking axe finding on the page (or inside ``scope``) in the palette it shows; then, turned to the other
    palette by the header's toggle, none from the colour rules (the palettes differ only in colours)."""
    for turn, scheme in enumerate(both_schemes(page)):
        assert_no_blocking(run_axe(page, scope, colours_only=turn > 0), f"{where} ({scheme})")


def both_schemes(page: Any) -> Iterator[str]:
    """The page in the scheme it shows, then in the other, turned by the header's palette toggle (one load for both)."""
    shown = next(scheme for scheme, palette in SCHEMES.items()
                 if palette == page.evaluate("document.body.dataset.mdColorScheme"))
    yield shown
    other = next(scheme for scheme in SCHEMES if scheme != shown)
    page.locator('form[data-palette] label:visible').first.click()
    page.locator(f'body[data-md-color-scheme="{SCHEMES[other]}"]').wait_for(state="attached")
    yield other
