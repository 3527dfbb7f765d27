"""Three browser engines behind one small driver: Chromium (Playwright), Firefox ESR (WebDriver BiDi) and WebKitGTK
(WebKitWebDriver and its MiniBrowser under Xvfb), so the cross-engine tier is one set of tests."""

from __future__ import annotations

import contextlib
import functools
import json
import os
import re
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from browser.support import CHROMIUM_ARGS, LOCAL_PREFIXES, chromium_path

PAGE = Path(__file__).resolve().parent / "page"
ENGINES = ("chromium", "firefox", "webkit")
READY = 90.0
"""Seconds to wait for the engine's first answer in a cold browser (the Chromium tests' READY_TIMEOUT)."""
POLL = 0.05
"""Seconds between two looks at a condition."""
DEAD_PORT = 9
"""A local port nothing listens on: the proxy every engine is given, so a request for another host fails at once."""
KEYS = {"Escape": "\ue00c", "Enter": "\ue007", "Tab": "\ue004", "Control": "\ue009"}
"""WebDriver's code points for the keys the tier presses."""
FIREFOX = os.environ.get("FIREFOX") or shutil.which("firefox-esr") or "/usr/bin/firefox-esr"
WEBKIT_DRIVER = os.environ.get("WEBKIT_DRIVER") or shutil.which("WebKitWebDriver") or "/usr/bin/WebKitWebDriver"
MINIBROWSER = os.environ.get("MINIBROWSER") or next(
    (str(p) for p in sorted(Path("/usr/lib").glob("*/webkit2gtk-4.1/MiniBrowser"))), "/usr/lib/webkit2gtk-4.1/MiniBrowser")
"""WebKitGTK's small browser (Debian's libwebkit2gtk-4.1-0, a dependency of webkit2gtk-driver), for this machine's arch."""
XVFB = shutil.which("Xvfb") or "/usr/bin/Xvfb"
SESSION_START = 90.0
"""Seconds a new WebKitGTK session may take (seven when the machine is idle) before it is started over."""


class EngineMissing(RuntimeError):
    """The engine's program is not installed here (`make browser` installs it)."""


@functools.cache
def script(name: str) -> str:
    """A function of tests/engines/page/ (``name`` without .js), without its leading comment."""
    lines = (PAGE / f"{name}.js").read_text(encoding="utf-8").splitlines()
    while lines and lines[0].startswith("//"):
        lines.pop(0)
    return "\n".join(lines).strip()


def function(code: str) -> str:
    """``code`` itself when it is a one-line function expression, else the script of that name."""
    return code if "=>" in code or code.startswith("function") else script(code)


def free_port() -> int:
    """A TCP port free on loopback now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def pointer(at: dict, touch: bool) -> dict:
    """WebDriver's pointer actions (classic and BiDi alike) for a press and release at a viewport point."""
    return {"type": "pointer", "id": "finger" if touch else "mouse", "parameters": {"pointerType": "touch" if touch else "mouse"},
            "actions": [{"type": "pointerMove", "origin": "viewport", "x": at["x"], "y": at["y"]},
                        {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]}


class Driver:
    """What a tier test does with a browser; each engine fills in the primitives below."""

    name = ""

    def __init__(self) -> None:
        self.foreign: list[str] = []
        self.errors: list[str] = []

    # ---- primitives -------------------------------------------------------------------------------
    def fresh(self, cold: bool = False) -> None:
        """A new browsing context with no storage from an earlier test; ``cold``: with an empty HTTP cache too."""
        raise NotImplementedError

    def goto(self, url: str) -> None:
        """Open ``url`` and wait for its load event."""
        raise NotImplementedError

    def call(self, code: str, arg: Any = None) -> Any:
        """Call a function (a one-line expression or a script of page/) in the page with ``arg``; its value."""
        raise NotImplementedError

    def click(self, selector: str, touch: bool = False) -> None:
        """Press and release the pointer (a finger when ``touch``) at the middle of the element."""
        raise NotImplementedError

    def type(self, selector: str, text: str) -> None:
        """Replace the text of a field by typing ``text`` into it, key by key."""
        raise NotImplementedError

    def press(self, key: str) -> None:
        """Press and release a named key (KEYS) in the focused element."""
        raise NotImplementedError

    def close(self) -> None:
        """End the browser and everything it started."""
        raise NotImplementedError

    # ---- shared on top of them -------------------------------------------------------------------
    @property
    def url(self) -> str:
        """The page's address now."""
        return str(self.call("() => location.href"))

    def choose(self, selector: str, value: str) -> None:
        """Choose ``value`` in a select box."""
        self.call("choose", {"selector": selector, "value": value})

    def text(self, selector: str) -> str:
        """The visible text of the first element matching ``selector``."""
        return str(self.call("text-of", selector))

    def wait(self, code: str, arg: Any = None, timeout: float = 20.0, what: str = "") -> Any:
        """Poll a function in the page until it returns something truthy (returned); fail after ``timeout`` s."""
        deadline = time.monotonic() + timeout
        value = None
        while True:
            value = self.call(code, arg)
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: waited {timeout:.0f} s for {what or code} ({arg!r}); last {value!r}")
            time.sleep(POLL)

    def wait_text(self, selector: str, wanted: str, timeout: float = 20.0) -> str:
        """Wait until the element's text contains ``wanted``; the text."""
        deadline = time.monotonic() + timeout
        text = ""
        while time.monotonic() < deadline:
            text = self.text(selector)
            if wanted in text:
                return text
            time.sleep(POLL)
        raise AssertionError(f"{self.name}: {selector} never said {wanted!r}; it says {text!r}")

    def _centre(self, selector: str, timeout: float = 20.0) -> dict:
        """The middle of the element in the viewport, scrolled into view (for pointer actions), once it stands still
        and a pointer there would land on it (two readings alike, nothing over it): what Playwright waits for before
        a click, which the WebDriver engines' pointer actions do not."""
        deadline = time.monotonic() + timeout
        last = None
        while True:
            centre = self.call("centre", selector)
            if not centre:
                raise AssertionError(f"{self.name}: no element matches {selector}")
            if centre == last and centre["hit"]:
                return {"x": centre["x"], "y": centre["y"]}
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: {selector} never stood still under the pointer: {centre!r}")
            last = centre
            time.sleep(POLL)

    def check(self) -> None:
        """Fail on what the page did wrong: requests that left 127.0.0.1 and console errors (where reported)."""
        with contextlib.suppress(Exception):  # a page that is gone has nothing more to report
            self.foreign.extend(self.call("foreign-resources"))
        errors, foreign = list(self.errors), sorted(set(self.foreign))
        self.foreign.clear()
        self.errors.clear()
        assert not foreign, f"{self.name}: requests left 127.0.0.1: {foreign}"
        assert not errors, f"{self.name}: console errors: {errors}"


# ---- Chromium through Playwright --------------------------------------------------------------------

class ChromiumDriver(Driver):
    """Debian's Chromium through Playwright, a fresh context per test, watched like the browser tests' pages."""

    name = "chromium"

    def __init__(self, browser: Any = None) -> None:
        """On ``browser`` (the session's Chromium: one Playwright per process), or on a Chromium of its own."""
        super().__init__()
        self._pw: Any = None
        if browser is None:
            from playwright.sync_api import sync_playwright

            self._pw = sync_playwright().start()
            browser = self._pw.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
        self._browser = browser
        self._context: Any = None
        self._page: Any = None

    def fresh(self, cold: bool = False) -> None:
        if self._context:
            self._context.close()
        # lists of this context's own: what a closed context reports late stays with it, not with the next test
        foreign: list[str] = []
        errors: list[str] = []
        self.foreign, self.errors = foreign, errors
        self._context = self._browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
        self._context.grant_permissions(["clipboard-read", "clipboard-write"])
        self._context.on("request", lambda r: None if r.url.startswith(LOCAL_PREFIXES) else foreign.append(r.url))
        self._page = self._context.new_page()
        self._page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        self._page.on("pageerror", lambda e: errors.append(str(e)))

    def goto(self, url: str) -> None:
        self._page.goto(url)

    def call(self, code: str, arg: Any = None) -> Any:
        return self._page.evaluate(function(code), arg)

    def click(self, selector: str, touch: bool = False) -> None:
        target = self._page.locator(selector).first
        target.tap() if touch else target.click()

    def type(self, selector: str, text: str) -> None:
        field = self._page.locator(selector).first
        field.fill("")
        field.press_sequentially(text)

    def press(self, key: str) -> None:
        self._page.keyboard.press(key)

    def close(self) -> None:
        if self._context:
            self._context.close()
        if self._pw is not None:  # the browser is its own
            self._browser.close()
            self._pw.stop()


# ---- WebDriver's classic HTTP protocol (WebKitGTK) ---------------------------------------------------

def _element(found: dict) -> str:
    """The element reference in a WebDriver answer."""
    return str(next(v for k, v in found.items() if k.startswith("element-")))


class WebKitDriver(Driver):
    """WebKitGTK's MiniBrowser through WebKitWebDriver (classic WebDriver over HTTP), on an Xvfb display of its own.
    Its automation reports no console messages (WebDriver has no log endpoint) and lets no request be watched: a
    proxy on a dead local port stops foreign requests and the page's resource timings list what was asked for."""

    name = "webkit"

    def __init__(self) -> None:
        super().__init__()
        for program in (WEBKIT_DRIVER, XVFB, MINIBROWSER):
            if not os.path.exists(program):
                raise EngineMissing(f"{program} is missing: run `make browser`")
        self._xvfb, display = self._start_xvfb()
        self._env = {**os.environ, "DISPLAY": f":{display}", "WEBKIT_DISABLE_COMPOSITING_MODE": "1",
                     "LIBGL_ALWAYS_SOFTWARE": "1", "GDK_BACKEND": "x11", "NO_AT_BRIDGE": "1"}
        self._driver: subprocess.Popen[bytes] | None = None
        self._session = ""
        try:
            self._start_driver()
        except OSError:
            self.close()
            raise

    def _start_driver(self) -> None:
        """WebKitWebDriver on a free port, answering its status."""
        port = free_port()
        self._driver = subprocess.Popen([WEBKIT_DRIVER, f"--port={port}"], env=self._env,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self._base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 20
        while True:
            try:
                self._http("GET", "/status", timeout=5)
                return
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(POLL)

    def _stop_driver(self) -> None:
        """End WebKitWebDriver and the MiniBrowser it started."""
        if self._driver:
            self._driver.kill()
            self._driver.wait(10)
            self._driver = None
        self._session = ""

    @staticmethod
    def _start_xvfb() -> tuple[subprocess.Popen[bytes], str]:
        """Xvfb on the first free display, which it names itself through -displayfd."""
        read, write = os.pipe()
        proc = subprocess.Popen([XVFB, "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                                pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as named:
            display = named.readline().strip()
        if not display:
            proc.kill()
            raise EngineMissing("Xvfb did not start")
        return proc, display

    def _http(self, method: str, path: str, body: dict | None = None, timeout: float = 120) -> Any:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self._base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return json.loads(response.read() or b"{}").get("value")
        except urllib.error.HTTPError as error:
            detail = json.loads(error.read() or b"{}").get("value", {})
            raise AssertionError(f"webkit: {method} {path}: {detail.get('error')}: {detail.get('message')}") from None

    def _cmd(self, method: str, path: str, body: dict | None = None) -> Any:
        return self._http(method, f"/session/{self._session}{path}", body)

    def fresh(self, cold: bool = False) -> None:
        """A new session (an ephemeral MiniBrowser, seven seconds to start here) the first time and when ``cold``;
        else the storage of the page's origin is emptied and the page left, keeping the session's HTTP cache."""
        if self._session and cold:
            self._http("DELETE", f"/session/{self._session}")
            self._session = ""
        if self._session:
            self.call("() => { if (location.protocol.startsWith('http')) { localStorage.clear(); sessionStorage.clear(); } }")
            self.goto("about:blank")
            return
        proxy = f"127.0.0.1:{DEAD_PORT}"
        capabilities = {"browserName": "MiniBrowser", "pageLoadStrategy": "normal",
                        "proxy": {"proxyType": "manual", "httpProxy": proxy, "sslProxy": proxy,
                                  "noProxy": ["127.0.0.1"]},
                        "webkitgtk:browserOptions": {"binary": MINIBROWSER, "args": ["--automation"]}}
        body = {"capabilities": {"alwaysMatch": capabilities}}
        try:
            answer = self._http("POST", "/session", body, timeout=SESSION_START)
        except OSError:
            # On a loaded machine a MiniBrowser now and then never reports back: start over once, from a new driver
            self._stop_driver()
            self._start_driver()
            answer = self._http("POST", "/session", body, timeout=SESSION_START)
        self._session = answer["sessionId"]
        self._cmd("POST", "/window/rect", {"width": 390, "height": 844})
        self._cmd("POST", "/timeouts", {"script": int(READY * 1000), "pageLoad": 60_000})

    def goto(self, url: str) -> None:
        self._cmd("POST", "/url", {"url": url})

    def call(self, code: str, arg: Any = None) -> Any:
        wrapped = script("webdriver-call").replace("FUNCTION", function(code), 1)
        answer = self._cmd("POST", "/execute/async", {"script": wrapped, "args": [arg]})
        if "error" in answer:
            raise AssertionError(f"webkit: {code}: {answer['error']}")
        return answer["value"]

    def _find(self, selector: str) -> str:
        if not self.call("scroll-into-view", selector):
            raise AssertionError(f"webkit: no element matches {selector}")
        return _element(self._cmd("POST", "/element", {"using": "css selector", "value": selector}))

    def click(self, selector: str, touch: bool = False) -> None:
        self._cmd("POST", "/actions", {"actions": [pointer(self._centre(selector), touch)]})
        self._cmd("DELETE", "/actions")

    def type(self, selector: str, text: str) -> None:
        element = self._find(selector)
        self._cmd("POST", f"/element/{element}/clear", {})
        self._cmd("POST", f"/element/{element}/value", {"text": text})

    def press(self, key: str) -> None:
        code = KEYS[key]
        self._cmd("POST", "/actions", {"actions": [{"type": "key", "id": "keys", "actions": [
            {"type": "keyDown", "value": code}, {"type": "keyUp", "value": code}]}]})

    def close(self) -> None:
        if self._session:
            with contextlib.suppress(OSError, AssertionError):
                self._http("DELETE", f"/session/{self._session}", timeout=20)
        for proc in (self._driver, self._xvfb):
            if proc:
                proc.terminate()
                try:
                    proc.wait(10)
                except subprocess.TimeoutExpired:
                    proc.kill()


# ---- Firefox ESR over WebDriver BiDi --------------------------------------------------------------

FIREFOX_PREFS = {
    "remote.prefs.recommended": True,
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.startup.page": 0,
    "datareporting.policy.dataSubmissionEnabled": False,
    "datareporting.healthreport.uploadEnabled": False,
    "toolkit.telemetry.enabled": False,
    "app.update.disabledForTesting": True,
    "app.normandy.enabled": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "extensions.update.enabled": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    # Every request goes through a proxy on a dead local port but those for 127.0.0.1: nothing leaves the machine.
    "network.proxy.type": 1,
    "network.proxy.http": "127.0.0.1",
    "network.proxy.http_port": DEAD_PORT,
    "network.proxy.ssl": "127.0.0.1",
    "network.proxy.ssl_port": DEAD_PORT,
    "network.proxy.no_proxies_on": "127.0.0.1",
    "network.proxy.allow_hijacking_localhost": False,
    "dom.serviceWorkers.enabled": True,
    "dom.events.asyncClipboard.clipboardItem": True,
    "dom.events.testing.asyncClipboard": True,
}
"""user.js of the test profile: a quiet start, no traffic of its own, a clipboard a page may write without asking."""


def _local(value: Any) -> dict:
    """A Python value as a BiDi LocalValue."""
    if value is None:
        return {"type": "null"}
    if isinstance(value, bool):
        return {"type": "boolean", "value": value}
    if isinstance(value, (int, float)):
        return {"type": "number", "value": value}
    if isinstance(value, str):
        return {"type": "string", "value": value}
    if isinstance(value, (list, tuple)):
        return {"type": "array", "value": [_local(v) for v in value]}
    if isinstance(value, dict):
        return {"type": "object", "value": [[k, _local(v)] for k, v in value.items()]}
    raise TypeError(f"cannot send {value!r} to the page")


def _remote(value: dict) -> Any:
    """A BiDi RemoteValue as a Python value (nodes and the like as their type's name)."""
    kind, inner = value.get("type"), value.get("value")
    if kind in ("undefined", "null"):
        return None
    if kind == "number" and isinstance(inner, str):
        return float(inner.replace("Infinity", "inf")) if inner != "NaN" else float("nan")
    if kind in ("string", "number", "boolean"):
        return inner
    if kind in ("array", "set"):
        return [_remote(v) for v in inner or []]
    if kind in ("object", "map"):
        return {(k if isinstance(k, str) else str(_remote(k))): _remote(v) for k, v in inner or []}
    return kind


class FirefoxDriver(Driver):
    """Firefox ESR driven over WebDriver BiDi (no geckodriver): its own profile, a user context per test, console
    errors from log.entryAdded and every request from network.beforeRequestSent."""

    name = "firefox"

    def __init__(self) -> None:
        super().__init__()
        if not os.path.exists(FIREFOX):
            raise EngineMissing(f"{FIREFOX} is missing: run `make browser`")
        from websockets.sync.client import connect

        self._profile = Path(tempfile.mkdtemp(prefix="tier-firefox-"))
        (self._profile / "user.js").write_text(
            "".join(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in FIREFOX_PREFS.items()))
        self._proc = subprocess.Popen(
            [FIREFOX, "--headless", "--no-remote", "--remote-debugging-port=0", "--profile", str(self._profile)],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env={**os.environ, "MOZ_CRASHREPORTER_DISABLE": "1"})
        address = self._listening()
        self._exit = contextlib.ExitStack()
        # no keepalive pings: the browser is local, and a ping's payload comes from the global ``random``, which a
        # ping thread would change under Hypothesis's draws in the same worker (its deprecation warning)
        self._ws = self._exit.enter_context(connect(f"{address}/session", max_size=None, open_timeout=30,
                                                    ping_interval=None))
        self._id = 0
        self._events: list[dict] = []
        self._send("session.new", {"capabilities": {"alwaysMatch": {"acceptInsecureCerts": False}}})
        self._send("session.subscribe", {"events": ["log.entryAdded", "network.beforeRequestSent"]})
        self._user_context = ""
        self._context = ""

    def _listening(self) -> str:
        """The ws:// address Firefox prints once WebDriver BiDi listens."""
        assert self._proc.stderr is not None
        seen = []
        for line in self._proc.stderr:
            seen.append(line)
            found = re.search(r"WebDriver BiDi listening on (ws://\S+)", line)
            if found:
                # keep reading what Firefox says so its pipe never fills up
                threading.Thread(target=self._drain, daemon=True).start()
                return found.group(1)
        self._proc.kill()
        raise EngineMissing("firefox-esr never listened for WebDriver BiDi:\n" + "".join(seen[-20:]))

    def _drain(self) -> None:
        """Read Firefox's stderr to its end."""
        assert self._proc.stderr is not None
        for _ in self._proc.stderr:
            pass

    def _send(self, method: str, params: dict, timeout: float = 120) -> dict:
        """Send one command and return its result; events that arrive meanwhile are kept."""
        self._id += 1
        mine = self._id
        self._ws.send(json.dumps({"id": mine, "method": method, "params": params}))
        deadline = time.monotonic() + timeout
        while True:
            message = json.loads(self._ws.recv(timeout=max(0.1, deadline - time.monotonic())))
            if message.get("id") == mine:
                if message.get("type") == "error":
                    raise AssertionError(f"firefox: {method}: {message.get('error')}: {message.get('message')}")
                return dict(message.get("result", {}))
            if message.get("type") == "event":
                self._event(message)

    def _event(self, message: dict) -> None:
        params = message.get("params", {})
        if message.get("method") == "log.entryAdded" and params.get("level") == "error":
            self.errors.append(str(params.get("text")))
        elif message.get("method") == "network.beforeRequestSent":
            url = params.get("request", {}).get("url", "")
            if not url.startswith(LOCAL_PREFIXES):
                self.foreign.append(url)

    def fresh(self, cold: bool = False) -> None:
        if self._user_context:
            self._send("browser.removeUserContext", {"userContext": self._user_context})
        self._user_context = self._send("browser.createUserContext", {})["userContext"]
        self._context = self._send("browsingContext.create", {"type": "tab", "userContext": self._user_context})["context"]
        self._send("browsingContext.setViewport", {"context": self._context, "viewport": {"width": 390, "height": 844}})

    def goto(self, url: str) -> None:
        self._send("browsingContext.navigate", {"context": self._context, "url": url, "wait": "complete"})

    def call(self, code: str, arg: Any = None) -> Any:
        result = self._send("script.callFunction", {
            "functionDeclaration": function(code), "arguments": [_local(arg)], "awaitPromise": True,
            "target": {"context": self._context}, "userActivation": True})
        if result.get("type") == "exception":
            details = result.get("exceptionDetails", {})
            raise AssertionError(f"firefox: {code}: {details.get('text')}")
        return _remote(result["result"])

    def _actions(self, actions: list[dict]) -> None:
        self._send("input.performActions", {"context": self._context, "actions": actions})
        self._send("input.releaseActions", {"context": self._context})

    def click(self, selector: str, touch: bool = False) -> None:
        self._actions([pointer(self._centre(selector), touch)])

    def type(self, selector: str, text: str) -> None:
        self.click(selector)
        keys: list[dict] = [{"type": "keyDown", "value": KEYS["Control"]}, {"type": "keyDown", "value": "a"},
                            {"type": "keyUp", "value": "a"}, {"type": "keyUp", "value": KEYS["Control"]}]
        for char in text:
            keys += [{"type": "keyDown", "value": char}, {"type": "keyUp", "value": char}]
        self._actions([{"type": "key", "id": "keys", "actions": keys}])

    def press(self, key: str) -> None:
        code = KEYS[key]
        self._actions([{"type": "key", "id": "keys", "actions": [{"type": "keyDown", "value": code},
                                                                  {"type": "keyUp", "value": code}]}])

    def check(self) -> None:
        self._send("session.status", {})  # events sent before now have arrived
        super().check()

    def close(self) -> None:
        with contextlib.suppress(Exception):  # the browser may be gone already
            self._send("browser.close", {}, timeout=10)
        with contextlib.suppress(Exception):  # and the connection with it
            self._exit.close()
        try:
            self._proc.wait(10)
        except subprocess.TimeoutExpired:
            self._proc.kill()
        shutil.rmtree(self._profile, ignore_errors=True)


DRIVERS: dict[str, Callable[..., Driver]] = {"chromium": ChromiumDriver, "firefox": FirefoxDriver, "webkit": WebKitDriver}
"""Engine name -> how to start its driver."""
