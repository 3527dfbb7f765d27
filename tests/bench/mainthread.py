"""The page's main thread per page type: total blocking time and the longest task until the page has settled, on the
desktop profile and on a phone's screen with the CPU slowed 4x, against the bare page in the same run; and Lighthouse's
mobile scores per page type on the gzip host (``bench.py --only mainthread,lighthouse``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from bench_config import BASELINE_DIR, PAGE_TYPES, PHONE_VIEWPORT, READY_TIMEOUT_MS, VIEWPORT, script
from browser.support import chromium_path
from measure import Bench, blocking, free_port, summary

QUIET_MS = 2000
"""The page has settled once no long task has run for this long (after its load event, and its engine's start)."""
MAIN_THREAD_PROFILES = {"desktop": {"cpu": 1, "viewport": VIEWPORT, "touch": False},
                        "phone, CPU 4x": {"cpu": 4, "viewport": PHONE_VIEWPORT, "touch": True}}
LIGHTHOUSE = Path(__file__).resolve().parents[2] / "node_modules" / ".bin" / "lighthouse"
"""The pinned Lighthouse (package.json's devDependencies)."""
LIGHTHOUSE_RUNS = 2
"""Lighthouse runs per page; the best counts (its own advice for a noisy machine)."""


def settle(bench: Bench, path: str, profile: dict[str, Any], label: str) -> dict[str, Any]:
    """A cold load of ``path`` in a fresh context until it has settled: every long task until then."""
    ctx = bench.context(viewport=profile["viewport"], touch=profile["touch"])
    try:
        page = ctx.new_page()
        bench.watch(page, label)
        if profile["cpu"] > 1:
            ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": profile["cpu"]})
        page.goto(bench.server.url + path, wait_until="commit")
        page.wait_for_function(script("settled.js"), arg=QUIET_MS, timeout=READY_TIMEOUT_MS, polling=100)
        r = page.evaluate(script("report.js"))
    finally:
        ctx.close()
    return {**blocking(r["longtasks"], None), "fcp": r["fcp"], "interactive": r["interactive"]}


def main_thread(bench: Bench, runs: int, log: Any) -> dict[str, Any]:
    """Per profile and page type (the bare page among them), the runs of ``settle``, alternating the pages."""
    pages = {"bare page": BASELINE_DIR + "/", **PAGE_TYPES}
    out: dict[str, Any] = {}
    for name, profile in MAIN_THREAD_PROFILES.items():
        got: dict[str, list[dict[str, Any]]] = {page: [] for page in pages}
        for i in range(runs):
            for page, path in pages.items():
                got[page].append(settle(bench, path, profile, "mainthread"))
            log(f"main thread, {name}, run {i + 1}/{runs}: " + ", ".join(
                f"{page} {got[page][-1]['blocking']:.0f}" for page in pages))
        out[name] = {page: {"blocking_ms": summary([r["blocking"] for r in rs]),
                            "longest_ms": summary([r["longest"] for r in rs])} for page, rs in got.items()}
    return out


def lighthouse_page(url: str, out: Path) -> dict[str, Any]:
    """One Lighthouse mobile run (its default: simulated slow 4G, CPU 4x) over ``url``: scores, TBT, longest task."""
    subprocess.run([str(LIGHTHOUSE), url, "--only-categories=performance,accessibility", "--form-factor=mobile",
                    "--chrome-flags=--headless=new --no-sandbox --disable-gpu", "--output=json",
                    f"--output-path={out}", "--quiet"], check=True, timeout=600,
                   env={**os.environ, "CHROME_PATH": str(chromium_path())})
    report = json.loads(out.read_text())
    audits = report["audits"]
    tasks = audits.get("long-tasks", {}).get("details", {}).get("items", [])
    return {"performance": round(report["categories"]["performance"]["score"] * 100),
            "accessibility": round(report["categories"]["accessibility"]["score"] * 100),
            "tbt_ms": audits["total-blocking-time"]["numericValue"],
            "longest_ms": max((t["duration"] for t in tasks), default=0.0),
            "fcp_ms": audits["first-contentful-paint"]["numericValue"],
            "lcp_ms": audits["largest-contentful-paint"]["numericValue"]}


def lighthouse(site: Path, runs: int, log: Any) -> dict[str, Any]:
    """Lighthouse over every page type and the bare page, served compressed (the phone server, unshaped): the best
    of ``runs`` per page by performance score."""
    if not LIGHTHOUSE.exists():
        log("lighthouse: not installed (npm ci installs the pinned one); skipped")
        return {}
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen([sys.executable, str(Path(__file__).with_name("bench.py")), "--serve-phone", str(site),
                                   str(port), str(Path(tmp) / "log"), "1e12", "0"])
        try:
            url = f"http://127.0.0.1:{port}/"
            deadline = time.monotonic() + 30
            while True:
                try:
                    urllib.request.urlopen(url, timeout=2).close()
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.2)
            pages = {"bare page": BASELINE_DIR + "/", **PAGE_TYPES}
            got: dict[str, list[dict[str, Any]]] = {page: [] for page in pages}
            for i in range(runs):
                for page, path in pages.items():
                    got[page].append(lighthouse_page(url + path, Path(tmp) / "report.json"))
                    r = got[page][-1]
                    log(f"lighthouse {i + 1}/{runs} {page}: performance {r['performance']}, accessibility "
                        f"{r['accessibility']}, TBT {r['tbt_ms']:.0f} ms, longest task {r['longest_ms']:.0f} ms")
        finally:
            server.terminate()
            server.wait(timeout=10)
    return {page: max(rs, key=lambda r: (r["performance"], -r["tbt_ms"])) for page, rs in got.items()}
