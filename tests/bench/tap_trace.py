"""Where a tap's time goes: a Chromium trace of tap-to-paint on the 40 x 40 map and on the bare page, counted.

For each tap (as ``Bench.tap_paint`` makes them, same seed), the main thread's work from the tap's first input
event to the end of the frame that shows it (``page/tap-paint.js``'s mark): style recalculations and the
elements they touched, layouts and the objects they laid out, layouts and recalcs forced from script (and by
which function), paints, script, and the longest task. Counts are what to compare on a shared machine; times
are given beside them.

    .venv/bin/python tests/bench/tap_trace.py --site build/bench/site [--profile "phone, CPU 4x"] [--taps 10]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(Path(__file__).resolve().parent)]

from bench_config import BASELINE_DIR, RULEBOOK_TARGET, TAP_BOARD, TAP_PROFILES, script  # noqa: E402
from browser.support import CHROMIUM_ARGS, chromium_path  # noqa: E402
from measure import Bench, Server, big_map_fragment, write_baseline  # noqa: E402

CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline",
              "disabled-by-default-devtools.timeline.stack", "blink.user_timing", "toplevel", "v8.execute",
              "disabled-by-default-devtools.timeline.invalidationTracking"]
INPUT_TYPES = {"touchstart", "pointerdown", "mousedown"}
SCRIPT_EVENTS = {"FunctionCall", "EventDispatch", "TimerFire", "FireAnimationFrame", "RunMicrotasks",
                 "V8.Execute", "EvaluateScript"}


def complete(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Begin/end pairs (B/E) joined into complete events (X) with both ends' args, per thread."""
    out = [e for e in events if e.get("ph") == "X"]
    stacks: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for e in events:
        key = (e.get("pid", 0), e.get("tid", 0))
        if e.get("ph") == "B":
            stacks.setdefault(key, []).append(dict(e, ph="X"))
        elif e.get("ph") == "E" and stacks.get(key):
            begin = stacks[key].pop()
            begin["dur"] = e["ts"] - begin["ts"]
            begin["args"] = {**begin.get("args", {}), **e.get("args", {})}
            out.append(begin)
    return out


def main_thread(events: list[dict[str, Any]]) -> tuple[int, int]:
    """The renderer main thread of the page: the one with the tap marks."""
    for e in events:
        if e.get("name") == "tap-painted":
            return e["pid"], e["tid"]
    raise RuntimeError("no tap-painted mark in the trace")


def stack_top(e: dict[str, Any]) -> str:
    """The script function that forced a style recalc or layout (from the event's stack), or ``?``."""
    data = e.get("args", {}).get("beginData", {}) or e.get("args", {}).get("data", {})
    frames = data.get("stackTrace") or []
    if not frames:
        return "?"
    top = frames[0]
    return f"{top.get('functionName') or '(anonymous)'}@{Path(top.get('url', '')).name}:{top.get('lineNumber')}"


def count(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per tap, the work on the page's main thread from its first input event to its painted mark."""
    pid, tid = main_thread(events)
    mine = sorted((e for e in complete(events) if e.get("pid") == pid and e.get("tid") == tid), key=lambda e: e["ts"])
    marks = sorted(e["ts"] for e in events if e.get("name") == "tap-painted" and e.get("pid") == pid)
    inputs = [e for e in mine if e["name"] == "EventDispatch" and e["args"].get("data", {}).get("type") in INPUT_TYPES]
    scripts = [e for e in mine if e["name"] in SCRIPT_EVENTS]
    taps, previous = [], 0.0
    for end in marks:
        starts = [e["ts"] for e in inputs if previous < e["ts"] < end]
        if not starts:
            previous = end
            continue
        start = starts[0]
        inside = [e for e in mine if start <= e["ts"] <= end]

        def forced(e: dict[str, Any]) -> bool:
            return any(s["ts"] <= e["ts"] and e["ts"] + e.get("dur", 0) <= s["ts"] + s.get("dur", 0) for s in scripts)

        styles = [e for e in inside if e["name"] in ("UpdateLayoutTree", "RecalculateStyles")]
        layouts = [e for e in inside if e["name"] == "Layout"]
        tasks = [e for e in inside if e["name"] in ("RunTask", "ThreadControllerImpl::RunTask")]
        taps.append({
            "ms": (end - start) / 1000,
            "style_recalcs": len(styles),
            "style_elements": sum(e["args"].get("elementCount", 0) for e in styles),
            "style_ms": sum(e.get("dur", 0) for e in styles) / 1000,
            "layouts": len(layouts),
            "layout_objects": sum(e["args"].get("beginData", {}).get("dirtyObjects", 0) for e in layouts),
            "layout_ms": sum(e.get("dur", 0) for e in layouts) / 1000,
            "forced": [f"{e['name']} {stack_top(e)}" for e in styles + layouts if forced(e)],
            "prepaint_ms": sum(e.get("dur", 0) for e in inside if e["name"] == "PrePaint") / 1000,
            "paint_ms": sum(e.get("dur", 0) for e in inside if e["name"] in ("Paint", "PaintImage")) / 1000,
            "layerize_ms": sum(e.get("dur", 0) for e in inside if e["name"] in ("Layerize", "UpdateLayer")) / 1000,
            "hit_tests": sum(1 for e in inside if e["name"] == "HitTest"),
            "hit_test_ms": sum(e.get("dur", 0) for e in inside if e["name"] == "HitTest") / 1000,
            "script_ms": sum(e.get("dur", 0) for e in inside if e["name"] in ("EventDispatch", "TimerFire",
                                                                              "FireAnimationFrame")) / 1000,
            "events": Counter(e["args"]["data"]["type"] for e in inside if e["name"] == "EventDispatch"),
            "longest_task_ms": max((e.get("dur", 0) for e in tasks), default=0) / 1000,
        })
        previous = end
    return taps


def tap(bench: Bench, path: str, profile: dict[str, Any], taps: int, raw: Path | None = None) -> list[dict[str, Any]]:
    """Taps as ``Bench.tap_paint`` makes them, traced; the counts per tap."""
    ctx = bench.context(viewport=profile["viewport"], touch=profile["touch"])
    try:
        page, _ = bench.load(ctx, path, "trace")
        keys = page.evaluate(f"[...document.querySelectorAll('{TAP_BOARD} g.hex')].filter((g) => !g.dataset.piece)"
                             ".map((g) => g.dataset.hex)")
        for _ in range(profile["zoom_in"] if keys else 0):
            page.locator('[data-calculator][data-mode="full"] [data-role="zoom-in"]').click()
        cdp = ctx.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": profile["cpu"]})
        page.evaluate(script("tap-paint.js"))
        bench.browser.start_tracing(page=page, categories=CATEGORIES)
        bench.tap_moves(page, keys, profile, taps)
        data = bench.browser.stop_tracing()
        if raw:
            raw.write_bytes(data)
        trace = json.loads(data)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    finally:
        ctx.close()
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    return count(events)


def summarise(taps: list[dict[str, Any]]) -> dict[str, Any]:
    """Medians of the per-tap numbers, the forced recalcs/layouts counted by where they came from."""
    numbers = [k for k, v in taps[0].items() if isinstance(v, int | float)] if taps else []
    out: dict[str, Any] = {k: round(statistics.median(t[k] for t in taps), 2) for k in numbers}
    out["ms_max"] = round(max(t["ms"] for t in taps), 2) if taps else None
    out["forced"] = dict(Counter(f for t in taps for f in t["forced"]).most_common())
    out["events"] = dict(sum((t["events"] for t in taps), Counter()))
    out["taps"] = len(taps)
    return out


def shared_fragment() -> str:
    """The d6 calculator's link to the shared export's square map (``squares.maps``)."""
    import squares

    from pycore.page.handler import encode_fragment

    return "#s=" + encode_fragment({"system": "skirmish-d6", "map": squares.maps()["shared export"],
                                    **squares.SYSTEMS["skirmish-d6"]})


def main(argv: list[str] | None = None) -> int:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", required=True, help="a built site (make build, or the bench's build/bench/site)")
    parser.add_argument("--profile", action="append", choices=list(TAP_PROFILES), help="tap profiles (all)")
    parser.add_argument("--taps", type=int, default=10, help="taps per page (10)")
    parser.add_argument("--out", help="write the per-tap counts here as JSON")
    parser.add_argument("--raw", help="keep the map's traces in this folder (open them in DevTools' Performance panel)")
    parser.add_argument("--map", choices=("big", "shared"), default="big",
                        help="the 40 x 40 hex map (big), or the shared Dungeondraft export's square map (shared)")
    args = parser.parse_args(argv)
    fragment = big_map_fragment() if args.map == "big" else shared_fragment()
    if args.raw:
        Path(args.raw).mkdir(parents=True, exist_ok=True)
    site = Path(args.site)
    write_baseline(site)
    server = Server(site)
    result: dict[str, Any] = {}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
            bench = Bench(browser, server, site, lambda msg: print(msg, file=sys.stderr))
            for name in args.profile or list(TAP_PROFILES):
                profile = TAP_PROFILES[name]
                raw = Path(args.raw) / f"{name.replace(',', '').replace(' ', '-')}.json" if args.raw else None
                result[name] = {"map": tap(bench, RULEBOOK_TARGET + fragment, profile, args.taps, raw),
                                "bare page": tap(bench, BASELINE_DIR + "/", profile, args.taps)}
            browser.close()
            if bench.errors:
                print("page errors:", *bench.errors, sep="\n  ", file=sys.stderr)
    finally:
        server.stop()
    if args.out:
        Path(args.out).write_text(json.dumps(result, indent=1, default=dict), encoding="utf-8")
    for name, pages in result.items():
        for where, taps in pages.items():
            print(f"{name}, {where}: {json.dumps(summarise(taps), indent=1)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
