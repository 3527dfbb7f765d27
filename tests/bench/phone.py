"""The phone profiles: a first visit over a shaped link with a slowed CPU, the bare page alternating.

Each load is a fresh browser context (an empty profile: no HTTP cache, no service worker, no Cache
Storage) with service workers allowed, so the offline store's downloads after the live answer are
counted too. The server (``phone_server.py``) logs every response; *bytes before the live answer* are the
bytes it sent until the moment the page reported interactive (``performance.timeOrigin`` + interactive,
the same machine's clock), a response in flight at that moment counted in proportion to its time.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench_config import PHONE_PROFILES, PHONE_VIEWPORT, READY_TIMEOUT_MS, STORE_WAIT_S, script
from browser.support import LOCAL_PREFIXES
from measure import free_port, summary


class PhoneServer:
    """``phone_server.serve_phone`` in a child process, and the responses it logged."""

    def __init__(self, root: Path, profile: str, log_path: Path):
        self.port = free_port()
        self.log_path = log_path
        log_path.write_text("")
        p = PHONE_PROFILES[profile]
        command = [sys.executable, str(Path(__file__).with_name("bench.py")), "--serve-phone", str(root), str(self.port),
                   str(log_path), str(p["down_bps"]), str(p["rtt_ms"])]
        self.proc = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        import socket

        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.5).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the phone profile's server did not start")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def entries(self, since: float) -> list[dict[str, Any]]:
        lines = self.log_path.read_text(encoding="utf-8").splitlines()
        return [e for e in map(json.loads, lines) if e["t0"] >= since]

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)


def split_bytes(entries: list[dict[str, Any]], moment: float) -> dict[str, Any]:
    """Bytes sent before ``moment`` and after it; the files fetched with a full body more than once."""
    before = after = 0.0
    for e in entries:
        if e["t1"] <= moment:
            before += e["bytes"]
        elif e["t0"] >= moment:
            after += e["bytes"]
        else:
            part = e["bytes"] * (moment - e["t0"]) / max(1e-6, e["t1"] - e["t0"])
            before += part
            after += e["bytes"] - part
    bodies = Counter(e["path"].split("?")[0] for e in entries if e["status"] == 200 and e.get("method") == "GET")
    largest = sorted(((e["bytes"], e["path"]) for e in entries if e["t0"] < moment), reverse=True)[:8]
    return {"before": round(before), "after": round(after), "requests": len(entries),
            "requests_before": sum(e["t0"] < moment for e in entries),
            "twice": sorted(p for p, n in bodies.items() if n > 1), "largest_before": largest}


def timeline(entries: list[dict[str, Any]], origin: float, moment: float) -> list[list[Any]]:
    """The responses begun before ``moment``: path, ms from navigation start to the request's arrival and to the
    response's last byte, and its bytes; in order of arrival (where a first visit's time goes)."""
    return [[e["path"].split("?")[0], round((e["t0"] - origin) * 1000), round((e["t1"] - origin) * 1000), e["bytes"]]
            for e in sorted(entries, key=lambda e: e["t0"]) if e["t0"] < moment]


class PhoneBench:
    """Cold first visits in one profile: the page's live answer and the bytes the server sent around it."""

    def __init__(self, browser: Any, server: PhoneServer, profile: str, log: Callable[[str], None]):
        self.browser = browser
        self.server = server
        self.cpu = PHONE_PROFILES[profile]["cpu"]
        self.log = log
        self.foreign: list[str] = []
        self.errors: list[str] = []

    def visit(self, path: str, label: str, store: bool) -> dict[str, Any]:
        """A first visit: until the live answer, then (``store``) until the offline store is complete."""
        ctx = self.browser.new_context(viewport=PHONE_VIEWPORT, is_mobile=True, has_touch=True,
                                       device_scale_factor=2, service_workers="allow")
        ctx.add_init_script(script("instrument.js"))
        ctx.on("request", lambda r: None if r.url.startswith(LOCAL_PREFIXES) else self.foreign.append(r.url))
        try:
            page = ctx.new_page()
            page.on("pageerror", lambda e: self.errors.append(f"{label}: {e}"))
            page.on("console", lambda m: self.errors.append(f"{label}: {m.text}") if m.type == "error" else None)
            cdp = ctx.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": self.cpu})
            since = time.time()
            page.goto(self.server.url + path, wait_until="commit")
            page.wait_for_function(script("loaded.js"), timeout=READY_TIMEOUT_MS, polling=50)
            r = page.evaluate(script("report.js"))
            origin = page.evaluate("performance.timeOrigin") / 1000
            live_at = origin + r["interactive"] / 1000
            stored = None
            if store:
                try:
                    page.wait_for_function(script("offline-done.js"), timeout=STORE_WAIT_S * 1000, polling=200)
                    stored = time.time() - live_at
                except Exception:
                    stored = None
            page.wait_for_timeout(500)
            entries = self.server.entries(since)
        finally:
            ctx.close()
        out = {"interactive": r["interactive"], "store_done_s": stored, **split_bytes(entries, live_at),
               "timeline": timeline(entries, origin, live_at)}
        self.log(f"  {label}: live {out['interactive']:.0f} ms, {out['before'] / 1e6:.2f} MB before, "
                 f"{out['after'] / 1e6:.2f} MB after{', twice: ' + ', '.join(out['twice']) if out['twice'] else ''}")
        return out


def run_phone(browser: Any, site: Path, profile: str, targets: dict[str, str], baseline: str, runs: int,
              log: Callable[[str], None], log_path: Path) -> dict[str, Any]:
    """``runs`` rounds, each the bare page then a target, for every target; raw visits and their ratios."""
    server = PhoneServer(site, profile, log_path)
    try:
        bench = PhoneBench(browser, server, profile, log)
        visits: dict[str, list[dict[str, Any]]] = {"baseline": [], **{k: [] for k in targets}}
        ratios: dict[str, list[dict[str, float]]] = {k: [] for k in targets}
        for i in range(runs):
            for name, path in targets.items():
                log(f"{profile} run {i + 1}/{runs} {name}")
                base = bench.visit(baseline, "baseline", store=False)
                calc = bench.visit(path, name, store=True)
                visits["baseline"].append(base)
                visits[name].append(calc)
                ratios[name].append({"time": calc["interactive"] / base["interactive"],
                                     "bytes": calc["before"] / base["before"]})
    finally:
        server.stop()
    return {"profile": PHONE_PROFILES[profile], "visits": visits, "ratios": ratios,
            "foreign_requests": bench.foreign, "page_errors": bench.errors}


def phone_summary(result: dict[str, Any]) -> dict[str, Any]:
    """Medians (min, max) per page: live answer, bytes before and after it, and the ratios to the bare page."""
    rows = {}
    for name, visits in result["visits"].items():
        row = {"live_ms": summary([v["interactive"] for v in visits]),
               "before_kb": summary([v["before"] / 1000 for v in visits]),
               "after_kb": summary([v["after"] / 1000 for v in visits]),
               "store_done_s": summary([v["store_done_s"] for v in visits if v["store_done_s"] is not None]),
               "twice": sorted({p for v in visits for p in v["twice"]})}
        if name in result["ratios"]:
            row["time_ratio"] = summary([r["time"] for r in result["ratios"][name]])
            row["bytes_ratio"] = summary([r["bytes"] for r in result["ratios"][name]])
        rows[name] = row
    return rows


def phone_table(profile: str, rows: dict[str, Any]) -> str:
    """The summary as a Markdown table, a column per page."""

    def cell(s: dict[str, float] | None, fmt: str) -> str:
        if not s:
            return ""
        return f"{s['median']:{fmt}} ({s['min']:{fmt}}-{s['max']:{fmt}})"

    names = list(rows)
    lines = [f"{profile}", "", "| | " + " | ".join(names) + " |", "|---" * (len(names) + 1) + "|"]
    spec = [("live answer, ms", "live_ms", ".0f"), ("x bare page, time", "time_ratio", ".2f"),
            ("bytes before it, KB", "before_kb", ".0f"), ("x bare page, bytes", "bytes_ratio", ".2f"),
            ("offline store after it, KB", "after_kb", ".0f"), ("store complete after, s", "store_done_s", ".1f")]
    for title, key, fmt in spec:
        lines.append(f"| {title} | " + " | ".join(cell(rows[n].get(key), fmt) for n in names) + " |")
    lines.append("| files fetched twice | " + " | ".join(str(len(rows[n]["twice"])) for n in names) + " |")
    return "\n".join(lines)
