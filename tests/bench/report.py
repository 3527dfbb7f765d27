"""The bench's summary: medians (min, max) of every measurement, the targets, and the printed table."""

from __future__ import annotations

import statistics
from typing import Any

import squares
from bench_config import COVER_GRID, OVERLAY_LIMITS
from measure import percentile, summary


def summarise(data: dict[str, Any]) -> dict[str, Any]:
    """The medians (min, max) the table shows, and each target met or not."""
    s: dict[str, Any] = {"build_ms": data["build_ms"], "cover_grid": data["cover_grid"], "map_click": data.get("map_click"),
                              "map_overlay": data.get("map_overlay")}
    pages: dict[str, Any] = {}
    for name, runs in data.get("loads", {}).items():
        if not runs:
            continue
        cold = [r["cold"] for r in runs]
        warm = [r["warm"] for r in runs]
        row = {
            "cold_ms": summary([c["interactive"] for c in cold]),
            "warm_ms": summary([w["interactive"] for w in warm]),
            "blocking_ms": summary([c["blocking"]["blocking"] for c in cold]),
            "longest_task_ms": summary([c["blocking"]["longest"] for c in cold]),
            "fcp_ms": summary([c["fcp"] for c in cold]),
            "first_result_ms": summary([c.get("firstResultPainted") or c["firstResult"] for c in cold]),
            "in_first_paint": sum(c["firstResultFrame"] is not None and c["fcp"] is not None and
                                  c["firstResultFrame"] <= c["fcp"] for c in cold),
            "loads": len(cold),
            "answer_after_fcp_ms": summary([c["firstResultFrame"] - c["fcp"] for c in cold
                                            if c["firstResultFrame"] is not None and c["fcp"] is not None]),
            "result_in_first_viewport": all(c["inViewport"] for c in cold) if name != "baseline" else None,
            "result_with_first_paint": all(c["firstResult"] is not None and c["fcp"] is not None and
                                           c["firstResultFrame"] <= c["fcp"] + 1 for c in cold),
            "engine_html_same_as_static": all(all(c["same"] or []) for c in cold + warm) if name != "baseline" else None,
            "bytes_ours": summary([c["bytes"]["ours"] for c in cold]),
            "bytes_runtime": summary([c["bytes"]["runtime"] for c in cold]),
            "bytes_snapshot": summary([c["bytes"]["snapshot"] for c in cold]),
        }
        if name in data.get("pairs", {}):
            row["cold_ratio"] = summary([p["cold_ratio"] for p in data["pairs"][name]])
            row["warm_ratio"] = summary([p["warm_ratio"] for p in data["pairs"][name]])
            row["bytes_ratio"] = summary([c["bytes"]["ours"] / c["bytes"]["runtime"] for c in cold])
            row["bytes_ratio_vendored"] = summary([c["bytes"]["ours"] / (c["bytes"]["runtime"] - c["bytes"]["snapshot"])
                                                   for c in cold])
        pages[name] = row
    s["pages"] = pages
    s["theme_only_blocking_ms"] = summary([r["blocking"]["blocking"] for r in data.get("theme_only", [])])
    s["theme_only_longest_ms"] = summary([r["blocking"]["longest"] for r in data.get("theme_only", [])])
    s["recompute"] = {name: {"dom_p50": percentile(r["dom"], 50), "dom_p95": percentile(r["dom"], 95),
                             "paint_p50": percentile(r["paint"], 50), "paint_p95": percentile(r["paint"], 95),
                             "engine_p50": percentile(r["engine"], 50), "engine_p95": percentile(r["engine"], 95),
                             "n": len(r["dom"]), "states": r["states"], "hexes": r["hexes"]}
                      for name, r in data.get("recompute", {}).items()}
    s["taps"] = {name: {"target_ms": r["target_ms"], **{where: {
        "p50": percentile(m["frame"], 50), "p95": percentile(m["frame"], 95),
        "handled_p50": percentile(m["handled"], 50), "handled_p95": percentile(m["handled"], 95),
        "shown": m["shown"], "showing": m.get("showing", m["taps"]), "taps": m["taps"], "hex_px": m["hex_px"]}
        for where, m in r.items() if where != "target_ms"}}
        for name, r in data.get("taps", {}).items()}
    shipped = [n for n in data.get("pairs", {}) if n in data["calculators"]]
    calc_cold = statistics.median([r["cold"]["interactive"] for sid in shipped for r in data["loads"][sid]]
                                  or [float("nan")])
    s["calculator_cold_ms"] = calc_cold
    base_cold = pages["baseline"]["cold_ms"]["median"] if "baseline" in pages else float("nan")
    s["rulebook"] = {name: {"after_activation_ms": summary([r["after_activation"] for r in runs]),
                            "wall_from_click_ms": summary([r["wall_from_click"] for r in runs]),
                            "n": len(runs), "in_place": sum(bool(r.get("in_place")) for r in runs),
                            "fraction_of_cold": statistics.median([r["after_activation"] for r in runs]) / calc_cold,
                            "fraction_of_baseline_cold": statistics.median([r["after_activation"] for r in runs]) / base_cold}
                     for name, runs in data.get("rulebook", {}).items() if runs}
    offline = [o for o in data.get("offline") or [] if o and o.get("offline")]
    s["offline"] = ({"reload_ms": summary([o["offline"]["interactive"] for o in offline]),
                     "cold_with_worker_ms": summary([o["cold_with_worker"]["interactive"] for o in offline]),
                     "cold_with_worker_blocking_ms": summary([o["cold_with_worker"]["blocking"]["blocking"] for o in offline])}
                    if offline else {"note": "skipped: the build has no service worker" if not data["has_service_worker"]
                                     else "no offline reload measured"})
    s["worker_overlay"] = data.get("worker_overlay") or {}
    overlay_targets = {
        f"overlay in the worker <= {OVERLAY_LIMITS['ms']} ms and <= {OVERLAY_LIMITS['ratio']} single evaluations "
        f"({name})": o["overlay_ms"]["median"] <= OVERLAY_LIMITS["ms"] and o["ratio"]["median"] <= OVERLAY_LIMITS["ratio"]
        for name, o in s["worker_overlay"].items()}
    overlay_targets.update({
        f"overlay in CPython <= {OVERLAY_LIMITS['ratio']} single evaluations ({name})":
            o["ratio"]["median"] <= OVERLAY_LIMITS["ratio"]
        for name, o in (s.get("map_overlay") or {}).items()})
    overlay_targets.update(squares.targets(data.get("squares") or {}))
    calcs = [n for n in pages if n in data["calculators"]]
    if not calcs or not s["recompute"] or not s["rulebook"]:
        s["targets"] = overlay_targets
        return s
    s["targets"] = {
        **overlay_targets,
        "cold start <= 1.05 x baseline": all(pages[n]["cold_ratio"]["median"] <= 1.05 for n in calcs),
        "start-up blocking < 50 ms": all(pages[n]["blocking_ms"]["median"] < 50 for n in calcs),
        "default answer with the first paint, same HTML after the engine": all(
            pages[n]["result_with_first_paint"] and pages[n]["engine_html_same_as_static"] for n in calcs)
            and all(data["static_answer_is_engine_answer"].values()),
        "recompute p95 < 16 ms": all(r["dom_p95"] < 16 for r in s["recompute"].values()),
        "our bytes < 5% of the runtime's": all(pages[n]["bytes_ratio"]["median"] < 0.05 for n in calcs),
        # The engine already started on a rulebook page with inline calculators; a page without any starts none.
        "rulebook -> calculator < 25% of a cold start": all(r["fraction_of_cold"] < 0.25 for name, r in s["rulebook"].items()
                                                           if name == "with inline calculators"),
        **{f"tap-to-paint p95 <= {r['target_ms']} ms ({name})": r["map"]["p95"] <= r["target_ms"]
           for name, r in s["taps"].items()},
        "cold start < 0.5 x baseline (stretch)": all(pages[n]["cold_ratio"]["median"] < 0.5 for n in calcs),
    }
    return s


def fmt(stat: dict[str, float] | None, unit: str = "", scale: float = 1.0, digits: int = 0) -> str:
    if not stat:
        return "-"
    f = f"{{:.{digits}f}}"
    return f"{f.format(stat['median'] * scale)}{unit} ({f.format(stat['min'] * scale)}-{f.format(stat['max'] * scale)})"


def table(data: dict[str, Any]) -> str:
    s = data["summary"]
    lines = [f"Benchmark ({data['runs']} runs, {data.get('browser', '?')}, medians with (min-max); times in ms "
             f"from navigation start)", ""]
    head = ["page", "cold", "x baseline", "warm", "x baseline", "blocking", "FCP", "answer shown", "ours KB",
            "runtime KB", "of it snapshot KB", "ours/runtime", "ours/vendored"]
    rows = [head]
    for name, p in s["pages"].items():
        rows.append([name, fmt(p["cold_ms"]), fmt(p.get("cold_ratio"), digits=2), fmt(p["warm_ms"]),
                     fmt(p.get("warm_ratio"), digits=2), fmt(p["blocking_ms"]), fmt(p["fcp_ms"]),
                     fmt(p["first_result_ms"]) if name != "baseline" else "-", fmt(p["bytes_ours"], scale=1e-3),
                     fmt(p["bytes_runtime"], scale=1e-3), fmt(p["bytes_snapshot"], scale=1e-3),
                     fmt(p.get("bytes_ratio"), "%", 100, 1), fmt(p.get("bytes_ratio_vendored"), "%", 100, 1)])
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    for r in rows:
        lines.append("  ".join(c.ljust(w) for c, w in zip(r, widths)))
    lines.append("")
    lines.append(f"Blocking on a rulebook page without calculators (the theme alone, until load): "
                 f"{fmt(s['theme_only_blocking_ms'])} ms, longest task {fmt(s['theme_only_longest_ms'])} ms; "
                 f"longest task on calculator pages: "
                 + ", ".join(f"{n} {fmt(p['longest_task_ms'])}" for n, p in s["pages"].items()))
    lines.append("Build-time answer ('answer shown': when the frame showing it was painted): in the first paint "
                 "(cold loads), and the engine's first HTML identical to the page's: " +
                 ", ".join(f"{n}: {p['in_first_paint']}/{p['loads']}, "
                           f"{'same' if p['engine_html_same_as_static'] else 'DIFFERENT'}"
                           for n, p in s["pages"].items() if n != "baseline"))
    lines.append("")
    lines.append("Recompute latency, input event -> output DOM update (-> next frame), ms:")
    for name, r in s["recompute"].items():
        lines.append(f"  {name}: p50 {r['dom_p50']:.1f}, p95 {r['dom_p95']:.1f}  (frame p50 {r['paint_p50']:.1f}, "
                     f"p95 {r['paint_p95']:.1f}; engine round trip alone (board as changes) p50 {r['engine_p50']:.1f}, "
                     f"p95 {r['engine_p95']:.1f}; "
                     f"{r['n']} changes, states {r['states']}, {r['hexes']} hexes)")
    lines.append("")
    if s.get("taps"):
        lines.append("Tap-to-paint on the 40 x 40 map, the attacker moved by two taps (a tap picks it up, the next puts it "
                     "down), the pointer's release -> end of the next frame (of it the page's handling), ms:")
        for name, r in s["taps"].items():
            m, b = r["map"], r["bare page"]
            px = f"{m['hex_px']:.0f} px hexes" if m["hex_px"] else "no board"
            lines.append(f"  {name}: p50 {m['p50']:.1f}, p95 {m['p95']:.1f} (handling p50 {m['handled_p50']:.1f}, p95 "
                         f"{m['handled_p95']:.1f}; {m['shown']} of {m['showing']} frames showed the piece picked up or put down; "
                         f"{m['taps']} taps; {px}); bare page "
                         f"p50 {b['p50']:.1f}, p95 {b['p95']:.1f}")
        lines.append("")
    lines.append(f"Rulebook page -> calculator, same visit (cold calculator median {s['calculator_cold_ms']:.0f} ms):")
    for name, r in s["rulebook"].items():
        how = f"opened in place {r.get('in_place', 0)} of {r['n']} times" if r.get("in_place") else "a new page load"
        lines.append(f"  from a page {name} ({how}): interactive {fmt(r['after_activation_ms'])} after the click or navigation "
                     f"({r['fraction_of_cold']:.0%} of a calculator's cold start, {r['fraction_of_baseline_cold']:.0%} "
                     f"of the baseline's; wall clock from the click {fmt(r['wall_from_click_ms'])})")
    lines.append("")
    off = s["offline"]
    if "reload_ms" in off:
        lines.append(f"Offline reload (service worker): interactive {fmt(off['reload_ms'])}; the cold visit while the "
                     f"worker installs {fmt(off['cold_with_worker_ms'])}, blocking {fmt(off['cold_with_worker_blocking_ms'])}")
    else:
        lines.append(f"Offline reload: {off['note']}")
    cg = s["cover_grid"]
    lines.append(f"Site build: {fmt(s['build_ms'])} ms")
    lines.append(f"CPython 40 x 40 cover (clear_line from the centre to all {cg['pairs']} hexes, {COVER_GRID['obstacles']} "
                 f"obstacles): {fmt(cg['exact_ms'])} ms = {fmt(cg['ratio'], digits=1)} x the hex-line walk baseline "
                 f"({fmt(cg['walk_ms'], digits=1)} ms); clear: exact {cg['clear_exact']}, walk {cg['clear_walk']}")
    mc = s.get("map_click")
    if mc:
        lines.append(f"CPython, the engine's answer to a click on the 40 x 40 map: {fmt(mc['warm_ms'], digits=2)} ms as it runs "
                     f"(unchanged records remembered) = {fmt(mc['ratio'], digits=2)} x the same clicks with the remembered "
                     f"calls forgotten before each ({fmt(mc['cold_ms'], digits=2)} ms)")
    for name, mo in (s.get("map_overlay") or {}).items():
        lines.append(f"CPython, the {name} overlay on the 40 x 40 map: {fmt(mo['overlay_ms'], digits=0)} ms = "
                     f"{fmt(mo['ratio'], digits=0)} x one single evaluation of the same map "
                     f"({fmt(mo['single_ms'], digits=2)} ms), "
                     "both cold")
    if s.get("worker_overlay"):
        lines.append("")
        lines.append("Overlays in the browser's worker, 40 x 40 map, an evaluate request straight to the engine (no board), "
                     "the piece that stays moved each time:")
        for name, o in s["worker_overlay"].items():
            lines.append(f"  {name} ({o['hexes']} hexes, {o['n']} requests): overlay {fmt(o['overlay_ms'])} ms = "
                         f"{fmt(o['ratio'], digits=0)} x the single evaluation ({fmt(o['single_ms'], digits=1)} ms); "
                         f"CPython {fmt(o['cpython_overlay_ms'])} ms, single {fmt(o['cpython_single_ms'], digits=1)} ms")
            if o.get("overlay_best_ms"):
                lines.append(f"    warmed up (each request's best of {o['rounds']} rounds): overlay "
                             f"{fmt(o['overlay_best_ms'])} ms, single {fmt(o['single_best_ms'], digits=1)} ms")
    lines += squares.lines(data.get("squares") or {}, fmt)
    lines.append("")
    lines.append("Targets:")
    for name, ok in s["targets"].items():
        lines.append(f"  [{'x' if ok else ' '}] {name}")
    if data.get("foreign_requests"):
        lines.append(f"WARNING: requests left 127.0.0.1: {data['foreign_requests'][:5]}")
    if data.get("page_errors"):
        lines.append(f"Page errors or console errors ({len(data['page_errors'])}): {data['page_errors'][:3]}")
    lines += main_thread_lines(data)
    return "\n".join(lines)


def main_thread_lines(data: dict[str, Any]) -> list[str]:
    """The main-thread rows (total blocking time and longest task until settled) and the Lighthouse row, per page type."""
    lines: list[str] = []
    for profile, pages in data.get("main_thread", {}).items():
        lines += ["", f"Main thread until the page has settled, {profile}: total blocking time / longest task, ms "
                      "(the bare page is PyScript printing one line):"]
        bare = (pages.get("bare page") or {}).get("blocking_ms")
        for page, r in pages.items():
            ratio = (f" ({r['blocking_ms']['median'] / bare['median']:.2f} x the bare page's)"
                     if bare and bare["median"] and page != "bare page" else "")
            lines.append(f"  {page}: {fmt(r['blocking_ms'])} / {fmt(r['longest_ms'])}{ratio}")
    if data.get("lighthouse"):
        lines += ["", "Lighthouse mobile (simulated slow 4G, CPU 4x), gzip host, best of "
                      f"{data.get('lighthouse_runs', 2)} runs: performance, accessibility, TBT ms, longest task ms, LCP ms:"]
        for page, r in data["lighthouse"].items():
            lines.append(f"  {page}: {r['performance']}, {r['accessibility']}, {r['tbt_ms']:.0f}, {r['longest_ms']:.0f}, "
                         f"{r['lcp_ms']:.0f}")
    return lines
