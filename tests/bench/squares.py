"""The square-map rows (``--only squares``): the dungeon (``dungeon.py``, 30 x 30, 400 wall segments, 10 doors) as a
single evaluation and a target overlay in CPython and in the page's worker, the same with a fireball among 20
creatures and with regions (CPython and the worker), its 2 MB export imported to the first answer, and tap-to-paint
on its board with the phone's CPU slowed 4x."""

from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path
from typing import Any

from bench_config import READY_TIMEOUT_MS, RULEBOOK_TARGET, TAP_PROFILES, VIEWPORT, script
from dungeon import cave, dungeon, export
from measure import Bench, percentile, summary

SYSTEMS = {"skirmish-d6": {"attack": {"hits_on": 4}}, "classic-d20": {"attack": {"to_hit": 12}, "target": {"ac": 5}}}
"""The two systems with square maps, each with an attack that has a number."""
TARGETS = {"overlay_ms": 250, "evaluations": 150, "tap_p95_ms": 50}
"""The issue's limits: a target overlay in the worker, the single evaluations it runs, and a tap on the board."""
SPOTS = ([2, 2], [7, 7], [12, 3])
"""Where the attacker stands for each overlay request (the target moves): each asks the overlay anew."""


def scenario(system: str, attacker: list[int] | None = None, overlay: str = "none") -> dict[str, Any]:
    """A scenario on the dungeon."""
    m = dungeon()
    if attacker is not None:
        m["attacker"] = attacker
    return {"system": system, "map": m, "overlay": overlay, **SYSTEMS[system]}


def cpython(runs: int) -> dict[str, Any]:
    """Each system's single evaluation and target overlay on the dungeon in CPython, cold (the engine's remembered
    calls forgotten), and how many single evaluations the overlay ran (the system's answer counted as it is called)."""
    from pycore import evaluate
    from pycore.memo import forget_all
    from pycore.systems.classic_d20 import evaluation as d20
    from pycore.systems.skirmish_d6 import evaluation as d6

    modules = {"skirmish-d6": (d6, "answer"), "classic-d20": (d20, "on_squares")}
    out: dict[str, Any] = {}
    for system, (module, name) in modules.items():
        calls = [0]
        real = getattr(module, name)

        def counted(*args: Any, real: Any = real, calls: list[int] = calls) -> Any:
            calls[0] += 1
            return real(*args)

        def cold(s: dict[str, Any]) -> float:
            forget_all()
            t = time.perf_counter()
            evaluate(s)
            return (time.perf_counter() - t) * 1000

        single = [cold(scenario(system)) for _ in range(runs)]
        setattr(module, name, counted)
        try:
            overlay = [cold(scenario(system, overlay="target")) for _ in range(runs)]
        finally:
            setattr(module, name, real)
        squares = len(evaluate(scenario(system, overlay="target"))["overlay"]["squares"])
        out[system] = {"single_ms": summary(single), "overlay_ms": summary(overlay), "squares": squares,
                       "evaluations": calls[0] // runs - 1}  # less the scenario's own answer
    return out


AREA = {"skirmish-d6": 4, "classic-d20": 20}
"""A fireball's radius in each system's unit: four squares (4 inches, 20 ft)."""


def crowded(system: str) -> dict[str, Any]:
    """The dungeon with 20 creatures around [15, 15], both sides mixed, and a fireball set off among them."""
    s = scenario(system)
    spots = [[15 + dc, 15 + dr] for dr in range(-2, 3) for dc in range(-2, 2)]
    s["map"]["creatures"] = [{"hex": c, "side": "attacker" if i % 2 else "target"} for i, c in enumerate(spots)]
    s["map"]["target"] = [17, 15]
    s["area"] = {"shape": "sphere", "at": [15.5, 15.5], "size": AREA[system]}
    return s


REGIONS = {"skirmish-d6": [{"kind": "dim", "points": [[10, 5], [16, 5], [16, 11], [10, 11]]},
                           {"kind": "brush", "points": [[6, 2], [8, 2], [8, 9], [6, 9]]}],
           "classic-d20": [{"kind": "fog", "points": [[6, 0], [9, 0], [9, 30], [6, 30]]},
                           {"kind": "brush", "points": [[10, 5], [12, 5], [12, 9], [10, 9]]}]}
"""Regions each system reads, on the line from the attacker on [2, 2] to the target's room."""


def regioned(system: str) -> dict[str, Any]:
    """The dungeon with the regions ``system`` reads on the line from the attacker to the target's room."""
    s = scenario(system)
    s["map"]["regions"] = REGIONS[system]
    return s


def environment(runs: int) -> dict[str, Any]:
    """Each system's area among 20 creatures, and its single evaluation and target overlay with regions on the
    map, in CPython, cold; beside the same run's plain target overlay, the budget they are held to."""
    from pycore import evaluate
    from pycore.memo import forget_all

    def cold(s: dict[str, Any]) -> float:
        forget_all()
        t = time.perf_counter()
        evaluate(s)
        return (time.perf_counter() - t) * 1000

    out: dict[str, Any] = {}
    for system in SYSTEMS:
        area, marked = crowded(system), regioned(system)
        caught = len(evaluate(area)["area"]["caught"])
        out[system] = {"area_ms": summary([cold(area) for _ in range(runs)]), "caught": caught,
                       "regions_ms": summary([cold(marked) for _ in range(runs)]),
                       "regions_overlay_ms": summary([cold({**marked, "overlay": "target"}) for _ in range(runs)]),
                       "overlay_ms": summary([cold(scenario(system, overlay="target")) for _ in range(runs)])}
    return out


def _shared_export() -> Path:
    """The shared export in the nearest ``shared/data/maps`` above this file (a clone beside ``shared``, or a worktree
    one folder further down)."""
    for folder in Path(__file__).resolve().parents:
        found = folder / "shared" / "data" / "maps" / "sample-dungeondraft.dd2vtt"
        if found.exists():
            return found
    return Path("/nonexistent/sample-dungeondraft.dd2vtt")


SHARED_EXPORT = _shared_export()
"""The real Dungeondraft export beside the project (BSD-3-Clause, its licence beside it); its rows are left out
where it is not."""
REAL_SPOTS = {"dungeon 30 x 30": SPOTS, "cave 20 x 20": ([1, 1], [5, 10], [10, 4]),
              "shared export": ([1, 1], [3, 6], [6, 2])}
"""Where the attacker stands for each of a map's overlay requests in the worker (free squares of each map)."""


def maps() -> dict[str, dict[str, Any]]:
    """The maps of the real-map rows: the dungeon, the cave, and the shared export where it is."""
    from pycore.maps import uvtt

    out = {"dungeon 30 x 30": dungeon(), "cave 20 x 20": cave()}
    if SHARED_EXPORT.exists():
        out["shared export"] = {**uvtt.convert(SHARED_EXPORT.read_bytes()), "attacker": [1, 1], "target": [8, 7]}
    return out


def real_maps(runs: int) -> dict[str, Any]:
    """Each system's single evaluation and target overlay, cold in CPython, per square, on maps drawn as map makers
    draw them (the shared export, and a cave of long curved walls) beside the dungeon's."""
    from pycore import evaluate
    from pycore.memo import forget_all

    def cold(s: dict[str, Any]) -> tuple[float, dict[str, Any]]:
        forget_all()
        t = time.perf_counter()
        result = evaluate(s)
        return (time.perf_counter() - t) * 1000, result

    out: dict[str, Any] = {}
    for name, m in maps().items():
        for system in SYSTEMS:
            s = {"system": system, "map": m, **SYSTEMS[system]}
            single = [cold(s)[0] for _ in range(runs)]
            timed = [cold({**s, "overlay": "target"}) for _ in range(runs)]
            squares = len(timed[0][1]["overlay"]["squares"])
            overlay = summary([t for t, _ in timed])
            out[f"{name}, {system}"] = {"single_ms": summary(single), "overlay_ms": overlay, "squares": squares,
                                        "per_square_ms": overlay["median"] / squares}
    return out


def worker_pairs(system: str, battle_map: dict[str, Any] | None = None,
                 spots: tuple[list[int], ...] = SPOTS) -> list[list[str]]:
    """Evaluate requests as the page sends them, for each of ``spots``: without, then with the target overlay (on the
    dungeon, or on ``battle_map``)."""
    s = scenario(system) if battle_map is None else {"system": system, "map": battle_map, **SYSTEMS[system]}
    return scenario_pairs(s, spots)


def scenario_pairs(s: dict[str, Any], spots: tuple[list[int], ...] = SPOTS) -> list[list[str]]:
    """Evaluate requests for scenario ``s`` as the page sends them (its form's values, read from its link), the
    attacker on each of ``spots``: without, then with the target overlay."""
    from pycore.page import handler
    from pycore.page.handler import encode_fragment
    from pycore.systems import SYSTEMS as ALL

    system = s["system"]
    restored = json.loads(handler.handle(json.dumps({"op": "restore", "system": system,
                                                     "fragment": "#s=" + encode_fragment(s)})))
    chosen = restored["values"].get("_alternative")
    other = {f.path for f in ALL[system].inputs.fields if f.group and f.group != chosen}
    values = {k: v if isinstance(v, (bool, str)) else str(v) for k, v in restored["values"].items()
              if k != "_alternative" and k not in other}
    return [[json.dumps({"op": "evaluate", "system": system,
                         "values": {**values, "map.attacker": f"{c}, {r}", "overlay": shown}})
             for shown in ("none", "target")] for c, r in spots]


def real_worker(bench: Bench, real: dict[str, Any], log: Any) -> dict[str, Any]:
    """Each system's single evaluation and target overlay in the page's worker on each map of ``real_maps``, per
    square (the squares its CPython row counted)."""
    out: dict[str, Any] = {}
    for name, m in maps().items():
        for system in SYSTEMS:
            row = f"{name}, {system}"
            log(f"square maps: {row}, the page's worker ...")
            w = bench.worker_overlay(RULEBOOK_TARGET, worker_pairs(system, m, REAL_SPOTS[name]), "real overlay")
            squares = real[row]["squares"]
            out[row] = {**w, "squares": squares, "per_square_ms": w["overlay_ms"]["median"] / squares}
    return out


def environment_worker(bench: Bench, environment: dict[str, Any], log: Any) -> dict[str, Any]:
    """Each system's fireball among 20 creatures and its regions, as the rows of ``environment``, in the page's
    worker: each scenario asked as a single evaluation and with the target overlay, the attacker on each of
    ``SPOTS`` (the caught counted in CPython from the very requests, so the worker is asked what the row says)."""
    from pycore.page import handler

    out: dict[str, Any] = {}
    for system in SYSTEMS:
        log(f"square maps: the {system} area and regions in the worker ...")
        area, marked = scenario_pairs(crowded(system)), scenario_pairs(regioned(system))
        caught = len(json.loads(handler.handle(area[0][0]))["result"]["area"]["caught"])
        assert caught == environment[system]["caught"], (caught, environment[system]["caught"])
        out[system] = {"area": bench.worker_overlay(RULEBOOK_TARGET, area, "square area"), "caught": caught,
                       "regions": bench.worker_overlay(RULEBOOK_TARGET, marked, "square regions")}
    return out


def slow_overlay(bench: Bench, cpu: int) -> dict[str, Any]:
    """The d6 target overlay on the shared export asked of an engine of the page's kind (its bound on each answer)
    with the page's CPU slowed ``cpu`` times: its time, and whether it finished without a restart."""
    from pycore.maps import uvtt

    m = {**uvtt.convert(SHARED_EXPORT.read_bytes()), "attacker": [1, 1], "target": [8, 7]}
    single, overlay = worker_pairs("skirmish-d6", m, REAL_SPOTS["shared export"])[0]
    ctx = bench.context()
    try:
        page, _ = bench.load(ctx, RULEBOOK_TARGET, "slow overlay")
        page.wait_for_timeout(300)
        cdp = ctx.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
        out = page.evaluate(script("engine-overlay.js"), {"requests": [single, overlay]})
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    finally:
        ctx.close()
    return {"single_ms": out["ms"][0], "overlay_ms": out["ms"][1], "states": out["states"], "restarts": out["restarts"],
            "told": out["told"], "progress": out["progress"], "cpu": cpu,
            "finished": out["states"][1] == "ready" and out["restarts"] == 0}


def import_answer(bench: Bench, cpu: int) -> dict[str, Any]:
    """The 2 MB export picked with the d6 calculator's file input, timed to the answer on the square map shown
    (``cpu``: the page's main thread slowed so many times)."""
    text = export()
    with tempfile.TemporaryDirectory() as folder:
        file = Path(folder) / "dungeon.dd2vtt"
        file.write_text(text, encoding="utf-8")
        ctx = bench.context(viewport=VIEWPORT)
        try:
            page, _ = bench.load(ctx, RULEBOOK_TARGET, "import")
            calc = page.locator('[data-calculator][data-mode="full"]')
            calc.locator('input[data-role="alternative"][value="map"]').check()
            calc.locator('.calc-board g.hex[data-piece="attacker"]').wait_for(timeout=READY_TIMEOUT_MS)
            cdp = ctx.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
            t = time.perf_counter()
            calc.locator('[data-role="import-file"]').set_input_files(str(file))
            calc.locator('.calc-board g.door[data-door="9"]').wait_for(timeout=READY_TIMEOUT_MS)
            calc.locator('.calc-output[data-state="ready"]').wait_for(timeout=READY_TIMEOUT_MS)
            ms = (time.perf_counter() - t) * 1000
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        finally:
            ctx.close()
    return {"ms": ms, "megabytes": len(text) / 1e6, "cpu": cpu}


def taps(bench: Bench, count: int, battle_map: dict[str, Any] | None = None) -> dict[str, Any]:
    """Tap-to-paint on the dungeon's board (or ``battle_map``'s), the attacker moved by two taps again and again, on
    a phone with its CPU slowed 4x (``Bench.tap_paint``)."""
    from pycore.page.handler import encode_fragment

    profile = TAP_PROFILES["phone, CPU 4x"]
    s = scenario("skirmish-d6") if battle_map is None else {"system": "skirmish-d6", "map": battle_map,
                                                            **SYSTEMS["skirmish-d6"]}
    path = RULEBOOK_TARGET + "#s=" + encode_fragment(s)
    out = bench.tap_paint(path, profile, count, "square taps")
    return {**out, "p95": percentile(out["frame"], 95) if out["frame"] else None, "target_ms": TAPS_TARGET}


TAPS_TARGET = TARGETS["tap_p95_ms"]


def run(bench: Bench, runs: int, tap_count: int, log: Any) -> dict[str, Any]:
    """Every square-map row."""
    log("square maps: CPython ...")
    data: dict[str, Any] = {"cpython": cpython(runs), "environment": environment(runs), "real": real_maps(runs),
                            "worker": {}, "import": [], "taps": None}
    for system in SYSTEMS:
        log(f"square maps: the {system} target overlay in the worker ...")
        data["worker"][system] = bench.worker_overlay(RULEBOOK_TARGET, worker_pairs(system), "square overlay")
    data["worker_environment"] = environment_worker(bench, data["environment"], log)
    data["worker_real"] = real_worker(bench, data["real"], log)
    if SHARED_EXPORT.exists():
        log("square maps: the d6 target overlay on the shared export, CPU 4x ...")
        data["slow_overlay"] = slow_overlay(bench, 4)
    for cpu in (1, 4):
        log(f"square maps: the 2 MB export imported, CPU {cpu}x ...")
        data["import"].append(import_answer(bench, cpu))
    log("square maps: taps on the dungeon's board, phone, CPU 4x ...")
    data["taps"] = taps(bench, tap_count)
    if SHARED_EXPORT.exists():
        log("square maps: taps on the shared export's board, phone, CPU 4x ...")
        data["taps_real"] = taps(bench, tap_count, maps()["shared export"])
    return data


def targets(data: dict[str, Any]) -> dict[str, bool]:
    """The issue's limits, met or not."""
    out = {}
    for system, w in data.get("worker", {}).items():
        out[f"square overlay in the worker <= {TARGETS['overlay_ms']} ms ({system})"] = (
            w["overlay_ms"]["median"] <= TARGETS["overlay_ms"])
    for system, c in data.get("cpython", {}).items():
        out[f"square overlay <= {TARGETS['evaluations']} single evaluations ({system})"] = (
            c["evaluations"] <= TARGETS["evaluations"])
    for system, e in data.get("environment", {}).items():
        out[f"an area among 20 creatures and regions within the target overlay's time ({system})"] = (
            max(e["area_ms"]["median"], e["regions_ms"]["median"]) <= e["overlay_ms"]["median"])
    for system, e in data.get("worker_environment", {}).items():
        plain = data.get("worker", {}).get(system)
        if plain:
            out[f"in the worker, an area among 20 creatures and regions within the target overlay's time ({system})"] = (
                max(e["area"]["single_ms"]["median"], e["regions"]["single_ms"]["median"])
                <= plain["overlay_ms"]["median"])
        out[f"in the worker, the target overlay with regions <= {TARGETS['overlay_ms']} ms ({system})"] = (
            e["regions"]["overlay_ms"]["median"] <= TARGETS["overlay_ms"])
    if data.get("taps") and data["taps"]["p95"] is not None:
        out[f"tap-to-paint p95 <= {TARGETS['tap_p95_ms']} ms (30 x 30 square map, phone, CPU 4x)"] = (
            data["taps"]["p95"] <= TARGETS["tap_p95_ms"])
    if data.get("taps_real") and data["taps_real"]["p95"] is not None:
        out[f"tap p95 on the real export at 4x CPU <= {TARGETS['tap_p95_ms']} ms"] = (
            data["taps_real"]["p95"] <= TARGETS["tap_p95_ms"])
    out.update(real_targets(data))
    return out


def real_targets(data: dict[str, Any]) -> dict[str, bool]:
    """The real maps' limits: per square within ``REAL_RATIO`` x the dungeon's (CPython and the worker), and the d6
    overlay on the shared export at 4x CPU finishing without a restart."""
    out = {}
    for where, rows in (("CPython", data.get("real", {})), ("the page's worker", data.get("worker_real", {}))):
        for row, r in rows.items():
            name, system = row.split(", ")
            base = rows.get(f"dungeon 30 x 30, {system}")
            if base and not name.startswith("dungeon"):
                out[f"per square within {REAL_RATIO} x of the dungeon ({row}, {where})"] = (
                    r["per_square_ms"] <= REAL_RATIO * base["per_square_ms"])
    if data.get("slow_overlay"):
        out["d6 target overlay on the shared export at 4x CPU finishes without a restart"] = data["slow_overlay"]["finished"]
    return out


REAL_RATIO = 2
"""A real map's overlay costs at most this many times the dungeon's, square for square."""


def lines(data: dict[str, Any], fmt: Any) -> list[str]:
    """The rows in words."""
    if not data:
        return []
    out = ["", "Square maps: the 30 x 30 dungeon, 400 wall segments, 10 doors (tests/bench/dungeon.py):"]
    for system, c in data["cpython"].items():
        out.append(f"  {system}, CPython, cold: single {fmt(c['single_ms'], digits=1)} ms; target overlay "
                   f"{fmt(c['overlay_ms'])} ms over {c['squares']} squares, {c['evaluations']} single evaluations")
    for system, e in data.get("environment", {}).items():
        out.append(f"  {system}, CPython, cold: a fireball among 20 creatures {fmt(e['area_ms'], digits=1)} ms "
                   f"({e['caught']} caught); with regions: single {fmt(e['regions_ms'], digits=1)} ms, target "
                   f"overlay {fmt(e['regions_overlay_ms'])} ms (without: {fmt(e['overlay_ms'])} ms)")
    for name, r in data.get("real", {}).items():
        out.append(f"  {name}, CPython, cold: single {fmt(r['single_ms'], digits=1)} ms; target overlay "
                   f"{fmt(r['overlay_ms'])} ms over {r['squares']} squares ({r['per_square_ms']:.2f} ms a square)")
    for system, w in data["worker"].items():
        out.append(f"  {system}, the page's worker: single {fmt(w['single_ms'], digits=1)} ms; target overlay "
                   f"{fmt(w['overlay_ms'])} ms (warmed up: {fmt(w['overlay_best_ms'])} ms)")
    for system, e in data.get("worker_environment", {}).items():
        area, regions = e["area"], e["regions"]
        out.append(f"  {system}, the page's worker: a fireball among 20 creatures {fmt(area['single_ms'], digits=1)} ms "
                   f"({e['caught']} caught; with the target overlay {fmt(area['overlay_ms'])} ms); with regions: single "
                   f"{fmt(regions['single_ms'], digits=1)} ms, target overlay {fmt(regions['overlay_ms'])} ms "
                   f"(warmed up: {fmt(regions['overlay_best_ms'])} ms)")
    for name, w in data.get("worker_real", {}).items():
        out.append(f"  {name}, the page's worker: single {fmt(w['single_ms'], digits=1)} ms; target overlay "
                   f"{fmt(w['overlay_ms'])} ms over {w['squares']} squares ({w['per_square_ms']:.2f} ms a square; "
                   f"warmed up: {fmt(w['overlay_best_ms'])} ms)")
    slow = data.get("slow_overlay")
    if slow:
        out.append(f"  d6 target overlay on the shared export, an engine of the page's kind, CPU {slow['cpu']}x: "
                   f"{slow['overlay_ms']:.0f} ms (single {slow['single_ms']:.0f} ms), {slow['progress']} reports of "
                   f"progress, restarts {slow['restarts']}, replies {slow['states']}")
    for row in data["import"]:
        out.append(f"  a {row['megabytes']:.1f} MB export picked to the answer shown, CPU {row['cpu']}x: "
                   f"{row['ms']:.0f} ms")
    t = data.get("taps")
    if t:
        out.append(f"  tap-to-paint on its board, phone, CPU 4x: p95 {t['p95']:.1f} ms over {t['taps']} taps moving the "
                   f"attacker, {t['shown']} of {t['showing']} frames showing it (target {t['target_ms']} ms)")
    t = data.get("taps_real")
    if t:
        out.append(f"  taps on the shared export's board, phone, CPU 4x: p95 {t['p95']:.1f} ms over {t['taps']} taps "
                   f"moving the attacker, {t['shown']} of {t['showing']} frames showing it (target {t['target_ms']} ms)")
    return out
