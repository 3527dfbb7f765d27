"""Checks of the built site: every rule anchored on its page, every rule-like anchor a real rule, no other host named."""

from __future__ import annotations

import re
from pathlib import Path

from rulebook.core import RULES, RULINGS

ABSOLUTE_URL = re.compile(r"(?:https?:)?//([a-z0-9-]+(?:\.[a-z0-9-]+)+)", re.IGNORECASE)
"""An address naming a host."""
NAMESPACE_HOSTS = {"www.w3.org"}
"""XML namespace names (inline SVG icons): identifiers, never fetched."""
OWN_FILES = ("*.html", "assets/*/*.js", "assets/styles/site-*.css", "search/search_index.json", "sw.js",
             "manifest.webmanifest", "assets/engine-*.mjs", "assets/icons/*.svg")
"""What we write (a new folder of page scripts is checked without being listed here)."""
VENDORED = ("assets/javascripts", "assets/theme", "assets/runtime")
"""Material's and Pyodide's files: they keep their licence and fallback URLs, and the browser tests prove that none
of them is ever requested."""


def known_rules() -> dict[str, str]:
    """Every rule and ruling id -> the page it belongs on."""
    return {**{r.id: r.page for r in RULES.values()}, **{r.id: r.page for r in RULINGS.values()}}


def rule_id_pattern(ids: list[str]) -> re.Pattern[str]:
    """An ``id="..."`` anchor that looks like a rule of one of the systems these ids belong to."""
    prefixes = sorted({rid.split(".", 1)[0] for rid in ids})
    return re.compile(r'\bid="((?:' + "|".join(map(re.escape, prefixes)) + r')\.[a-z0-9.-]+)"')


def built_pages(site_dir: Path) -> dict[str, str]:
    """Every page's site URL ("" for the home page) -> its HTML."""
    pages: dict[str, str] = {}
    for path in site_dir.rglob("*.html"):
        rel = path.relative_to(site_dir).as_posix()
        pages["" if rel == "index.html" else rel.removesuffix("index.html")] = path.read_text(encoding="utf-8")
    return pages


def anchor_problems(pages: dict[str, str], known: dict[str, str]) -> list[str]:
    """Rules without their anchor, and rule-like anchors that are no rule or sit on the wrong page."""
    problems = [f"rule {rid}: no anchor on {page}" for rid, page in known.items()
                if f'id="{rid}"' not in pages.get(page, "")]
    pattern = rule_id_pattern(list(known))
    for url, html in pages.items():
        for rid in pattern.findall(html):
            if rid not in known:
                problems.append(f"{url or 'index'}: anchor {rid} is not a rule")
            elif known[rid] != url:
                problems.append(f"{url or 'index'}: anchor {rid} belongs on {known[rid]}")
    return problems


def host_problems(site_dir: Path, own_host: str | None) -> list[str]:
    """Absolute URLs to another host in any file we write."""
    problems = []
    for pattern in OWN_FILES:
        for path in site_dir.rglob(pattern) if pattern.startswith("*") else site_dir.glob(pattern):
            if path.relative_to(site_dir).as_posix().startswith(VENDORED):
                continue
            for match in ABSOLUTE_URL.finditer(path.read_text(encoding="utf-8", errors="replace")):
                host = match.group(1).lower()
                if host not in NAMESPACE_HOSTS and host != own_host:
                    problems.append(f"{path.relative_to(site_dir)}: absolute URL to another host: {match.group(0)}")
    return problems


def check_site(site_dir: Path, own_host: str | None = None) -> list[str]:
    """Every problem of the built site (empty when it passes)."""
    return anchor_problems(built_pages(site_dir), known_rules()) + host_problems(site_dir, own_host)
