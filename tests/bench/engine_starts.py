"""Cold start per browser engine: the time from navigation to a live answer on localhost in Chromium, Firefox ESR
and WebKitGTK, each beside the bare PyScript page and the d6 calculator built without the engine snapshot.

The engines are driven by the cross-engine tier's drivers (tests/engines/drivers.py). No init script runs in every
engine, so the page is polled (every 50 ms) and reports ``performance.now()`` when it sees every output ready: the
times can be up to one poll late. Each visit starts cold: a new context (Chromium), a new user context (Firefox,
whose HTTP cache is kept per user context) or a new WebDriver session (WebKitGTK, an ephemeral MiniBrowser).
The snapshot's saving in an engine is the plain start minus the snapshot's; the worker restores the snapshot where
the page cannot time it.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from typing import Any

from engines.drivers import DRIVERS, ENGINES, READY, Driver, EngineMissing


def _visit(driver: Driver, url: str) -> float:
    """One cold visit of ``url``: ms from navigation start to the live answer."""
    driver.fresh(cold=True)
    driver.goto(url)
    return float(driver.wait("ready-at", None, READY, f"the answer of {url}"))


def engine_starts(base_url: str, targets: dict[str, str], runs: int, log: Callable[[str], None]) -> dict[str, Any]:
    """Per engine, per target (a name -> a site path; the bare page first), the cold start of each run in ms,
    the targets alternating within a run; an engine that is not installed is reported missing."""
    results: dict[str, Any] = {}
    for name in ENGINES:
        try:
            driver = DRIVERS[name]()
        except EngineMissing as missing:
            log(f"{name}: {missing}")
            results[name] = {"missing": str(missing)}
            continue
        times: dict[str, list[float]] = {target: [] for target in targets}
        try:
            for i in range(runs):
                for target, path in targets.items():
                    times[target].append(_visit(driver, base_url + path))
                log(f"{name} run {i + 1}/{runs}: " + ", ".join(f"{t} {v[-1]:.0f} ms" for t, v in times.items()))
            driver.check()
        finally:
            driver.close()
        results[name] = {"cold_ms": times}
    return results


def engine_table(results: dict[str, Any], runs: int) -> str:
    """The cold starts as a Markdown table: medians (min-max) in ms, the ratio to the bare page in the same engine,
    and what the snapshot saves there (the plain start minus the snapshot's)."""
    def cell(values: list[float]) -> str:
        return f"{statistics.median(values):.0f} ({min(values):.0f}-{max(values):.0f})"

    lines = [f"Cold start to a live answer per engine, localhost, medians of {runs} (min-max), ms from navigation start",
             "", "| engine | bare page | d6 calculator | ratio | d6 without snapshot | snapshot saves |",
             "|---|---|---|---|---|---|"]
    for name, result in results.items():
        if "missing" in result:
            lines.append(f"| {name} | not installed | | | | |")
            continue
        cold = result["cold_ms"]
        bare, calc = statistics.median(cold["bare page"]), statistics.median(cold["d6 calculator"])
        plain = cold.get("d6 without snapshot")
        saves = f"{statistics.median(plain) - calc:.0f}" if plain else ""
        lines.append(f"| {name} | {cell(cold['bare page'])} | {cell(cold['d6 calculator'])} | {calc / bare:.2f} | "
                     f"{cell(plain) if plain else ''} | {saves} |")
    return "\n".join(lines)
