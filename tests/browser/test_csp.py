"""The content security policy: on every page, as strict as the theme allows, and never violated.

The policy is a meta tag (a static host may not set headers). What it allows and why is in the
README ("Content security policy") and beside the tag in templates/main.html. A violation anywhere
fails the test: each page records ``securitypolicyviolation`` events, and the ``watch`` fixture fails
on the console error Chromium prints for one (also for violations inside workers). Every kind of page is loaded,
its calculators worked and its focus drawn under the policy by ``test_axe_every_page`` (tests/browser/test_a11y.py),
on the load that axe-core checks.
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest
from browser.support import (
    CALCULATORS,
    CSP_PROBE,
    QUIET_PAGE,
    READY_TIMEOUT,
    csp_violations,
    next_frame,
    page_script,
    wait_settled,
)

from pycore.page.handler import encode_fragment

POLICY = {
    "default-src": ["'none'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:", "blob:"],
    "connect-src": ["'self'"],
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
}
"""The exact policy: widening it means changing this, the README and the comment by the meta tag."""


def parse_policy(text: str) -> dict[str, list[str]]:
    return {d.split()[0]: d.split()[1:] for d in (part.strip() for part in text.split(";")) if d}


class PageScan(HTMLParser):
    """What matters to the policy in one built page, in document order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.order: list[str] = []
        self.policies: list[str] = []
        self.inline_scripts: list[str] = []
        self.style_elements = 0
        self.style_attributes: list[str] = []
        self.handlers: list[str] = []
        self._in_script: dict[str, str | None] | None = None
        self._script_text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "meta" and (a.get("http-equiv") or "").lower() == "content-security-policy":
            self.policies.append(a.get("content") or "")
            self.order.append("policy")
        elif tag == "script":
            self.order.append("script")
            self._in_script = a
            self._script_text = ""
        elif tag == "link" and (a.get("rel") or "") in ("stylesheet", "modulepreload", "preload"):
            self.order.append("resource")
        elif tag == "style":
            self.style_elements += 1
        for name, value in attrs:
            if name == "style":
                self.style_attributes.append(f"<{tag} style={value!r}>")
            if name.startswith("on"):
                self.handlers.append(f"<{tag} {name}>")

    def handle_data(self, data: str) -> None:
        if self._in_script is not None:
            self._script_text += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._in_script is not None:
            kind = (self._in_script.get("type") or "text/javascript").lower()
            executable = kind in ("text/javascript", "module", "application/javascript")
            if "src" not in self._in_script and executable and self._script_text.strip():
                self.inline_scripts.append(self._script_text.strip()[:80])
            self._in_script = None


def built_pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def test_every_page_carries_the_policy_first(built_site):
    """Every built page has exactly the policy, before any script or style, and nothing it would block."""
    pages = built_pages(built_site)
    assert len(pages) >= 10
    for page in pages:
        scan = PageScan()
        scan.feed(page.read_text(encoding="utf-8"))
        name = page.relative_to(built_site).as_posix()
        assert len(scan.policies) == 1, f"{name}: {len(scan.policies)} policies"
        assert parse_policy(scan.policies[0]) == POLICY, f"{name}: {scan.policies[0]}"
        assert scan.order[0] == "policy", f"{name}: the policy must come before every script and stylesheet"
        assert not scan.inline_scripts, f"{name}: inline scripts {scan.inline_scripts}"
        assert not scan.style_elements and not scan.style_attributes, f"{name}: inline styles {scan.style_attributes}"
        assert not scan.handlers, f"{name}: inline event handlers {scan.handlers}"


def test_policy_allows_no_other_host(built_site):
    """The policy the pages carry: no host, scheme wildcard, eval or 'unsafe-inline' anywhere; only this site, data:
    images and an imported map's blob: picture."""
    scan = PageScan()
    scan.feed((built_site / "index.html").read_text(encoding="utf-8"))
    policy = parse_policy(scan.policies[0])
    for sources in policy.values():
        for source in sources:
            assert source in ("'self'", "'none'", "data:", "blob:"), source
            assert "*" not in source and "://" not in source
    assert policy["img-src"] == ["'self'", "data:", "blob:"]
    assert all("data:" not in v and "blob:" not in v for k, v in policy.items() if k != "img-src")


def test_readme_documents_each_allowance():
    """The README's section names every allowance beyond 'self' and says why."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Content security policy", 1)[1].split("\n## ", 1)[0]
    for allowance in ("img-src data:", "img-src blob:", "'unsafe-inline'", "'wasm-unsafe-eval'", "connect-src data:"):
        assert allowance in section, allowance
    template = (Path(__file__).resolve().parents[2] / "templates" / "main.html").read_text(encoding="utf-8")
    for allowance in ("img-src data:", "img-src blob:", "worker"):
        assert allowance in template.split("Content-Security-Policy", 1)[0], f"no comment by the tag on {allowance}"


@pytest.fixture
def probed(context):
    """The watched context, recording every CSP violation on each page."""
    context.add_init_script(CSP_PROBE)
    return context


def test_search_works_under_the_policy(probed, server):
    """Material's search (a same-site worker) finds pages, with no violation."""
    page = probed.new_page()
    page.goto(server.url + QUIET_PAGE)
    box = page.locator("input[data-md-component=search-query]")
    box.click()
    box.press_sequentially("cover", delay=30)
    page.locator(".md-search-result__item").first.wait_for(timeout=15_000)
    assert page.locator(".md-search-result__item").count() >= 3
    # the results of the whole word, not of the letters typed before it: the best match is a page about cover
    page.wait_for_function("() => /cover/i.test(document.querySelector('.md-search-result__item a')?.href ?? '')")
    first = page.locator(".md-search-result__item a").first
    href = first.evaluate("(a) => a.href")
    first.click()
    page.wait_for_url(href)
    assert csp_violations(page) == []


def test_offline_worker_registers_under_the_policy(browser, server, watch):
    """The offline service worker (worker-src 'self') registers and takes control, with no violation."""
    ctx = browser.new_context()
    watch.attach(ctx)
    ctx.add_init_script(CSP_PROBE)
    page = ctx.new_page()
    page.goto(server.url + QUIET_PAGE)
    state = page.evaluate(page_script("active-worker-state.js"))
    assert state in ("activating", "activated")
    page.reload()
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    assert csp_violations(page) == []
    ctx.close()
    watch.check()


def test_board_and_results_under_the_policy(probed, server):
    """Engine-made HTML and SVG (results, the hex board, friendly-fire diagrams) need no inline style or script."""
    page = probed.new_page()
    page.goto(server.url + CALCULATORS["skirmish-d6"])
    wait_settled(page)
    # the page's situation laid out in row 2: the attacker, its one partial obstacle, the target
    page.check('input[data-role="alternative"][value="map"]')
    page.locator('.calc-board g.hex[data-hex="1,2"][data-piece="partial"]').wait_for(timeout=READY_TIMEOUT)
    page.locator('.calc--full [data-role="board-tools"] [data-tool="2"]').click()  # the partial obstacle tool
    page.locator('.calc-board g.hex[data-hex="3,2"]').click()  # a second partial obstacle between them
    page.locator('.calc--full .calc-facts').filter(has_text="Level 2").wait_for()
    scenario = {"system": "enchanted-realms", "blind_shot": True, "attack": {"dice": 3},
                "others": [{"name": "Ally", "hex": [3, 0], "defense": 12}]}
    page.goto(server.url + CALCULATORS["enchanted-realms"] + "#s=" + encode_fragment(scenario))
    page.locator('.calc--full .calc-output[data-state="ready"]').wait_for(timeout=READY_TIMEOUT)
    assert "Ally" in page.locator(".calc--full .calc-body").inner_text()
    assert csp_violations(page) == []


def test_the_policy_is_enforced(probed, server, watch):
    """A control: markup injected by any means cannot run a handler, and no other host can be reached."""
    watch.allowed_console.append("Content Security Policy")
    page = probed.new_page()
    page.goto(server.url + QUIET_PAGE)
    page.evaluate(page_script("inject-markup.js"))
    page.evaluate("fetch('http://127.0.0.2/x').catch(() => null)")
    # each blocked handler, script and request is reported where it would have run: once all three kinds are in,
    # the injected code has had its chance
    expected = ["script-src-attr", "script-src-elem", "connect-src"]
    page.wait_for_function("(kinds) => kinds.every((k) => (window.__csp || []).some((v) => v.split(' | ')[0] === k))",
                           arg=expected)
    next_frame(page)
    assert page.evaluate("window.__pwned") is None
