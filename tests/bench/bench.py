"""Start-up and latency benchmark of the calculators against a bare PyScript page.

Run it with ``make bench`` (or ``.venv/bin/python tests/bench/bench.py --help``). It builds the site, adds
a *baseline page* to the built folder (PyScript starting the same vendored Pyodide in a worker and
printing one line, nothing else), serves the folder on 127.0.0.1 from a separate process and drives
headless Chromium over the baseline and every calculator, alternating them, several runs each. The
machine is shared and noisy, so what counts are ratios against the baseline measured in the same
run. Results go to ``build/bench.json`` and a table of medians (min, max) is printed.

Everything is measured inside the page with ``performance.now()`` (milliseconds since navigation
start) by an init script: the moment every calculator on the page turns ``data-state="ready"``
after its engine answered (interactive), long tasks (PerformanceObserver "longtask"), first
contentful paint, the first frame in which the build-time answer is on screen, and recompute
latency from the input event to the output's DOM update (MutationObserver).

``--only overlay`` times overlays in the page's engine worker: evaluate requests on the 40 x 40 map sent straight
to the worker, with and without the overlay, in ms and as a ratio; sent twice more in the same page, each request's
best once the engine has warmed up is reported beside it.

``--profile phone-4g``, ``wifi-phone``, ``phone-4g-quota`` or ``phones`` (all three) measures first visits on a
phone instead (``phone.py``, ``phone_server.py``): a gzip-serving server that shapes the link, the CPU slowed, a
fresh context per visit alternating with the bare page; the time to the live answer and the bytes the server
sent before it and after it (the offline store), as ratios to the bare page. ``phone-4g-quota`` slows the whole
browser with a CPU quota (``quota.py``, needs root) instead of Chromium's slow-down, which misses the worker.

``--only mainthread`` loads a page of each type (home, calculator, rule page with inline calculators, hex-map rule
page, quick reference) until it has settled and reports its total blocking time and longest task, desktop and phone
with the CPU slowed 4x, beside the bare page; ``--only lighthouse`` runs the pinned Lighthouse over them (mobile, gzip
host), best of two runs (``mainthread.py``).

Not collected by pytest (its folder holds no ``test_`` module); it is not part of ``make test``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(Path(__file__).resolve().parent)]

import squares  # noqa: E402
from bench_config import (  # noqa: E402
    BASELINE_DIR,
    PHONE_PROFILES,
    PLAIN_DIR,
    RULEBOOK_PAGES,
    RULEBOOK_TARGET,
    SECTIONS,
    TAP_PROFILES,
    WORKER_OVERLAY_SPOTS,
    WORKER_OVERLAYS,
)
from browser.support import CHROMIUM_ARGS, chromium_path  # noqa: E402
from engine_starts import engine_starts, engine_table  # noqa: E402
from mainthread import LIGHTHOUSE_RUNS, lighthouse, main_thread  # noqa: E402
from measure import (  # noqa: E402
    Bench,
    Server,
    big_map_fragment,
    big_map_overlay,
    build_plain,
    build_times,
    cover_grid,
    full_preset,
    map_click,
    serve_forever,
    worker_overlay_requests,
    write_baseline,
)
from phone import phone_summary, phone_table, run_phone  # noqa: E402
from phone_server import serve_phone  # noqa: E402
from quota import QuotaUnavailable, cpu_quota  # noqa: E402
from report import summarise, table  # noqa: E402


@contextlib.contextmanager
def phone_browser(pw: Any, profile: str) -> Iterator[tuple[Any, dict[str, Any] | None]]:
    """Chromium for a phone profile, and its CPU quota (None: Chromium's own slow-down): what it is, in words, and
    a function saying how the quota held the browser back so far (its cgroup's ``cpu.stat``)."""
    cores = PHONE_PROFILES[profile].get("cores")
    chromium = chromium_path() or pw.chromium.executable_path
    with contextlib.ExitStack() as stack:
        options: dict[str, Any] = {"executable_path": chromium}
        said = None
        if cores:
            quota = stack.enter_context(cpu_quota(cores, chromium))
            options = {"executable_path": quota["executable_path"], "env": quota["env"]}
            stat = Path(quota["stat"])
            said = {"quota": quota["quota"], "stat": lambda: dict(line.split() for line in stat.read_text().splitlines())}
        browser = pw.chromium.launch(headless=True, args=CHROMIUM_ARGS, **options)
        try:
            yield browser, said
        finally:
            browser.close()


def run_phones(args: argparse.Namespace) -> dict[str, Any]:
    """The phone profiles: first visits over a shaped link, each calculator against the bare page."""
    from playwright.sync_api import sync_playwright

    from pycore.systems import SYSTEMS

    def log(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    site = Path(args.site) if args.site else ROOT / "build" / "bench" / "site"
    if not args.site:
        log("building the site ...")
        build_times(1, site)
        if not args.no_plain:
            log("building the site once more without the snapshot (RULEBOOK_SNAPSHOT=false) ...")
            build_plain(site / PLAIN_DIR)
    write_baseline(site)
    targets = {s.id: s.calculator for s in SYSTEMS.values()}
    if args.only_calculator:
        targets = {k: v for k, v in targets.items() if k in args.only_calculator.split(",")}
    if (site / PLAIN_DIR).exists():
        targets["skirmish-d6, no snapshot"] = PLAIN_DIR + "/" + SYSTEMS["skirmish-d6"].calculator
    for spec in args.compare or []:  # another build of the site, served beside this one
        name, _, folder = spec.partition("=")
        dest = site / f"bench-compare-{name}"
        if dest.exists():
            shutil.rmtree(dest)
        shutil.copytree(folder, dest)
        targets[f"skirmish-d6, {name}"] = f"bench-compare-{name}/" + SYSTEMS["skirmish-d6"].calculator
    profiles = list(PHONE_PROFILES) if args.profile == "phones" else [args.profile]
    data: dict[str, Any] = {"runs": args.runs, "machine": {"cpus": os.cpu_count(), "load": os.getloadavg()},
                            "started": time.strftime("%Y-%m-%d %H:%M:%S"), "profiles": {}}
    with sync_playwright() as pw:
        for profile in profiles:
            try:
                with phone_browser(pw, profile) as (browser, quota):
                    data["browser"] = browser.version
                    if quota:
                        log(f"{profile}: the browser under a CPU quota ({quota['quota']})")
                    result = run_phone(browser, site, profile, targets, BASELINE_DIR + "/", args.runs, log,
                                       site.parent / f"{profile}.log")
                    if quota:
                        result["quota"] = {"quota": quota["quota"], "cpu.stat": quota["stat"]()}
                        log(f"{profile}: held back by the quota {result['quota']['cpu.stat']}")
            except QuotaUnavailable as refused:  # the other profiles still run
                log(f"{profile}: not run ({refused})")
                data["profiles"][profile] = {"not_run": str(refused)}
                continue
            result["summary"] = phone_summary(result)
            data["profiles"][profile] = result
    return data


def phone_tables(data: dict[str, Any]) -> str:
    """A table per phone profile run; a line for a profile that could not run."""
    return "\n\n".join(f"{name}: not run ({r['not_run']})" if "not_run" in r else phone_table(
        name + (f", the whole browser under {r['quota']['quota']}" if r.get("quota") else ""), r["summary"])
        for name, r in data["profiles"].items())


def run(args: argparse.Namespace) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    import pycore
    from pycore.systems import SYSTEMS

    def log(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    site = Path(args.site) if args.site else ROOT / "build" / "bench" / "site"
    only = set(args.only.split(",")) if args.only else set(SECTIONS)
    data: dict[str, Any] = {"runs": args.runs, "machine": {"cpus": os.cpu_count(), "load": os.getloadavg()},
                            "started": time.strftime("%Y-%m-%d %H:%M:%S")}
    if args.site:
        data["build_ms"] = None
    else:
        log(f"building the site {args.builds} times ...")
        data["build_ms"] = build_times(args.builds, site)
    log("CPython: 40 x 40 hex-map cover ...")
    data["cover_grid"] = cover_grid(args.runs)
    data["map_click"] = map_click(args.runs)
    log("CPython: the overlays on the 40 x 40 maps ...")
    data["map_overlay"] = big_map_overlay(args.runs)
    if not args.site and not args.no_plain:
        log("building the site once more without the snapshot (RULEBOOK_SNAPSHOT=false) ...")
        build_plain(site / PLAIN_DIR)
    write_baseline(site)
    calculators = {s.id: s.calculator for s in SYSTEMS.values()}
    targets = dict(calculators)
    data["calculators"] = list(calculators)
    if (site / PLAIN_DIR).exists() and "skirmish-d6" in calculators:
        targets["skirmish-d6, no snapshot"] = PLAIN_DIR + "/" + calculators["skirmish-d6"]
    data["has_service_worker"] = (site / "sw.js").exists()

    # The answer in the static HTML is the engine's answer to the situation the page opens with (the build used pycore).
    from pycore.page.render import result_html

    static_ok = {}
    for sid, path in calculators.items():
        html = (site / path / "index.html").read_text(encoding="utf-8")
        scenario = {"system": sid, **full_preset(html)}
        static_ok[sid] = result_html(pycore.evaluate(scenario), "../../", scenario) in html
    data["static_answer_is_engine_answer"] = static_ok

    server = Server(site)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
            bench = Bench(browser, server, site, log)
            data["browser"] = browser.version
            loads: dict[str, list[dict[str, Any]]] = {"baseline": [], **{sid: [] for sid in targets}}
            pairs: dict[str, list[tuple[dict[str, Any], dict[str, Any]]]] = {sid: [] for sid in targets}
            for i in range(args.runs if "loads" in only else 0):
                for sid, path in targets.items():
                    base = bench.cold_warm(BASELINE_DIR + "/", "baseline")
                    calc = bench.cold_warm(path, sid)
                    loads["baseline"].append(base)
                    loads[sid].append(calc)
                    pairs[sid].append((base, calc))
                    log(f"run {i + 1}/{args.runs} {sid}: cold {calc['cold']['interactive']:.0f} ms "
                        f"(baseline {base['cold']['interactive']:.0f}), warm {calc['warm']['interactive']:.0f} ms "
                        f"(baseline {base['warm']['interactive']:.0f})")
            data["loads"] = loads
            data["theme_only"] = []
            for _ in range(args.runs if "loads" in only else 0):  # the theme alone: a rulebook page, no calculator
                ctx = bench.context()
                try:
                    page, _ = bench.load(ctx, RULEBOOK_PAGES["without calculators"], "theme")
                    page.wait_for_timeout(300)
                    data["theme_only"].append(bench.report(page))
                finally:
                    ctx.close()
            data["pairs"] = {sid: [{"cold_ratio": c["cold"]["interactive"] / b["cold"]["interactive"],
                                    "warm_ratio": c["warm"]["interactive"] / b["warm"]["interactive"]} for b, c in p]
                             for sid, p in pairs.items()}

            log("recompute latency ...")
            data["recompute"] = {}
            for sid, path in calculators.items() if "recompute" in only else ():
                data["recompute"][sid] = bench.recompute(path, "form", args.changes, sid)
            if "recompute" in only:
                big = RULEBOOK_TARGET + big_map_fragment()
                data["recompute"]["skirmish-d6 40x40 map, board clicks"] = bench.recompute(big, "board", args.changes // 2, "map")
                data["recompute"]["skirmish-d6 40x40 map, form changes"] = bench.recompute(big, "form", args.changes // 2, "map")

            data["taps"] = {}
            for name, profile in TAP_PROFILES.items() if "taps" in only else ():
                log(f"tap-to-paint, {name} ...")
                data["taps"][name] = {
                    "map": bench.tap_paint(RULEBOOK_TARGET + big_map_fragment(), profile, args.taps, "taps"),
                    "bare page": bench.tap_paint(BASELINE_DIR + "/", profile, args.taps, "taps"),
                    "target_ms": profile["target_ms"]}

            log("rulebook page -> calculator ...")
            data["rulebook"] = {}
            for name, start in RULEBOOK_PAGES.items() if "rulebook" in only else ():
                data["rulebook"][name] = [bench.rulebook_to_calculator(start, args.dwell, "rulebook")
                                          for _ in range(args.nav_runs)]

            data["worker_overlay"] = {}
            for system, moving in WORKER_OVERLAYS if "overlay" in only else ():
                log(f"the {system} {moving} overlay in the browser's worker ...")
                asked = worker_overlay_requests(system, moving, WORKER_OVERLAY_SPOTS)
                measured = bench.worker_overlay(RULEBOOK_TARGET, asked.pop("pairs"), "overlay")
                data["worker_overlay"][f"{system} {moving}"] = {**asked, **measured}

            data["squares"] = squares.run(bench, args.runs, args.taps, log) if "squares" in only else {}

            data["offline"] = []
            if data["has_service_worker"] and "offline" in only:
                log("offline reload ...")
                offline_page = calculators.get("skirmish-d6", next(iter(calculators.values())))
                for _ in range(args.nav_runs):
                    data["offline"].append(bench.offline(offline_page, "offline"))
            data["main_thread"] = main_thread(bench, args.runs, log) if "mainthread" in only else {}
            browser.close()
            data["foreign_requests"] = bench.foreign
            data["page_errors"] = bench.errors
        if "engines" in only:
            log("cold start in each engine ...")
            starts = {"bare page": BASELINE_DIR + "/", "d6 calculator": calculators["skirmish-d6"]}
            if (site / PLAIN_DIR).exists():
                starts["d6 without snapshot"] = PLAIN_DIR + "/" + calculators["skirmish-d6"]
            data["engines"] = engine_starts(server.url, starts, args.runs, log)
    finally:
        server.stop()
    data["lighthouse"] = lighthouse(site, LIGHTHOUSE_RUNS, log) if "lighthouse" in only else {}
    data["lighthouse_runs"] = LIGHTHOUSE_RUNS
    data["summary"] = summarise(data)
    return data


DEFAULT_OUT = str(ROOT / "build" / "bench.json")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="cold+warm loads per calculator and baseline (5)")
    parser.add_argument("--builds", type=int, default=3, help="site builds to time (3)")
    parser.add_argument("--changes", type=int, default=100, help="input changes per recompute measurement (100)")
    parser.add_argument("--taps", type=int, default=40, help="taps per tap-to-paint measurement (40)")
    parser.add_argument("--nav-runs", type=int, default=3, help="rulebook -> calculator and offline runs (3)")
    parser.add_argument("--dwell", type=int, default=5000, help="ms spent on the rulebook page before the click (5000)")
    parser.add_argument("--site", help="use this built site instead of building one")
    parser.add_argument("--no-plain", action="store_true", help="skip the comparison build without the snapshot")
    parser.add_argument("--out", default=DEFAULT_OUT,
                        help="JSON results (build/bench.json; build/bench-phone.json for the phone profiles)")
    parser.add_argument("--only", help=f"comma-separated sections of {','.join(SECTIONS)} (all)")
    parser.add_argument("--table", help="only print the table of an earlier JSON file")
    parser.add_argument("--profile", default="desktop", choices=["desktop", "phones", *PHONE_PROFILES],
                        help="desktop (localhost, the default), a phone profile, or phones (all of them)")
    parser.add_argument("--compare", action="append", metavar="NAME=DIR",
                        help="phone profiles: also measure the d6 calculator of another built site")
    parser.add_argument("--only-calculator", help="phone profiles: comma-separated system ids (all)")
    parser.add_argument("--serve", nargs=2, metavar=("DIR", "PORT"), help=argparse.SUPPRESS)
    parser.add_argument("--serve-phone", nargs=5, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        serve_forever(args.serve[0], int(args.serve[1]))
        return 0
    if args.serve_phone:
        folder, port, log_path, down, rtt = args.serve_phone
        serve_phone(folder, int(port), log_path, float(down), float(rtt))
        return 0
    if args.table:
        data = json.loads(Path(args.table).read_text())
        if "profiles" in data:
            print(phone_tables(data))
            return 0
        data.setdefault("calculators", [n for n in data.get("pairs", {}) if "no snapshot" not in n])
        data["summary"] = summarise(data)
        print(table(data))
        if data.get("engines"):
            print("\n" + engine_table(data["engines"], data["runs"]))
        return 0
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    phones = args.profile != "desktop"
    data = run_phones(args) if phones else run(args)
    out = Path(args.out) if not phones or args.out != DEFAULT_OUT else ROOT / "build" / "bench-phone.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(data, indent=1))
    print(phone_tables(data) if phones else table(data))
    if data.get("engines"):
        print("\n" + engine_table(data["engines"], data["runs"]))
    print(f"\nwritten: {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
