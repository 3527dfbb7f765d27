"""Helpers shared by the hardening tests (hostile links, engine failures, CSP, accessibility)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from conftest import SiteServer

from pycore import SYSTEMS

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "site"
READY = 90_000
"""The calculator's own engine timeout: nothing waits longer than this for the engine."""

BUILT = tuple(sorted(sid for sid, s in SYSTEMS.items() if s.ready))


def _first_rule_page(system: str) -> str:
    pages = sorted((DOCS / "rules" / system).glob("*.md"))
    return f"rules/{system}/{pages[0].stem}/"


CALCULATORS = {system: f"calculator/{system}/" for system in BUILT}
RULEBOOK = {system: _first_rule_page(system) for system in BUILT if (DOCS / "rules" / system).is_dir()}
QUICK_REFERENCES = {p.stem: f"reference/{p.stem}/" for p in sorted((DOCS / "reference").glob("*.md"))}
INLINE_CALCULATOR = "rules/skirmish-d6/light/"
"""A rulebook page with an inline calculator in it."""
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

CSP_PROBE = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => window.__csp.push(
  [e.effectiveDirective, e.blockedURI, `${e.sourceFile}:${e.lineNumber}`, e.sample].join(" | ")));
"""
"""Init script: every content-security-policy violation on the page, in ``window.__csp``."""

PWNED_PROBE = "window.__pwned = undefined;"
INJECTED = "img[src=x], img[onerror], svg[onload], script:not([src]):not([type]), [onerror], [onload], [onclick], iframe, object, embed"
"""Elements that only an injection would put in the page (our own markup has none)."""


def csp_violations(page: Any) -> list[str]:
    """What the CSP probe recorded on ``page``."""
    return page.evaluate("window.__csp || []")


def wait_settled(page: Any, timeout: int = READY) -> None:
    """Wait until every calculator on the page has left the loading state."""
    for output in page.locator(".calc-output").all():
        output.and_(page.locator('.calc-output:not([data-state="loading"])')).wait_for(timeout=timeout)


def copy_site(built: Path, dest: Path) -> SiteServer:
    """A copy of the built site, to break on purpose, served on loopback by its own server (call .stop())."""
    shutil.copytree(built, dest)
    server = SiteServer(dest)
    server.start()
    return server
