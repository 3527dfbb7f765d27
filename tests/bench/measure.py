"""What the bench measures: the served site, pages loaded in Chromium, the engine in CPython, the builds."""

from __future__ import annotations

import functools
import json
import random
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from bench_config import (
    BASELINE_DIR,
    BIG_MAP,
    COVER_GRID,
    CPYTHON_OVERLAY_SYSTEMS,
    READY_TIMEOUT_MS,
    RULEBOOK_TARGET,
    RUNTIME_PREFIX,
    SNAPSHOT_PATTERN,
    TAP_BOARD,
    TAP_QUIET_MS,
    VIEWPORT,
    WORKER_OVERLAY_ROUNDS,
    script,
)
from browser.support import LOCAL_PREFIXES, QuietHandler, QuietServer, build_site
from repository import NODE_MODULES

BASELINE = Path(__file__).resolve().parent / "baseline"


def summary(values: list[float]) -> dict[str, float] | None:
    """Median, min, max (and count) of a list; None when empty."""
    values = [v for v in values if v is not None]
    if not values:
        return None
    return {"median": statistics.median(values), "min": min(values), "max": max(values), "n": len(values)}


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(p / 100 * len(ordered) + 0.5) - 1))
    return ordered[k]


def blocking(longtasks: list[list[float]], until: float | None) -> dict[str, float]:
    """Long tasks that started before ``until``: the time beyond 50 ms each, their total and the longest."""
    tasks = [(s, d) for s, d in longtasks if until is None or s < until]
    return {"blocking": sum(max(0.0, d - 50) for _, d in tasks), "longtasks": sum(d for _, d in tasks),
            "longest": max((d for _, d in tasks), default=0.0), "count": len(tasks)}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve_forever(directory: str, port: int) -> None:
    """The ``--serve`` mode: the tests' static handler in its own process (no GIL shared with the driver)."""
    handler = functools.partial(QuietHandler, directory=directory)
    QuietServer(("127.0.0.1", port), handler).serve_forever()


class Server:
    """The built site on 127.0.0.1, served by a child process."""

    def __init__(self, root: Path):
        self.port = free_port()
        command = [sys.executable, str(Path(__file__).with_name("bench.py")), "--serve", str(root), str(self.port)]
        self.proc = subprocess.Popen(command,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the benchmark server did not start")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)


def write_baseline(site: Path) -> None:
    """The baseline page, written into the built folder only (never shipped), with the pinned PyScript as
    npm installed it, in a folder of its own (the site's copy beside it is patched to start its worker from a file)."""
    folder = site / BASELINE_DIR
    folder.mkdir(exist_ok=True)
    for name in ("index.html", "baseline.py"):
        shutil.copyfile(BASELINE / name, folder / name)
    shutil.copytree(NODE_MODULES / "@pyscript" / "core" / "dist", site / "assets" / "runtime" / "pyscript-bare",
                    dirs_exist_ok=True)
    # the bare page starts Pyodide as usual, from its whole standard library (the site ships a trimmed one)
    full = site / "assets" / "runtime" / "pyodide" / "python_stdlib.zip"
    if not full.exists():
        shutil.copyfile(NODE_MODULES / "pyodide" / "python_stdlib.zip", full)


class _PresetFinder(HTMLParser):
    """Reads the full calculator's ``data-preset`` (the situation the page opens with) from a built page."""

    def __init__(self) -> None:
        super().__init__()
        self.preset: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("data-calculator") and found.get("data-mode") == "full" and self.preset is None:
            self.preset = found.get("data-preset") or "{}"


def full_preset(html: str) -> dict[str, Any]:
    """The situation a built calculator page opens with: its full calculator's preset (``{}`` for none)."""
    finder = _PresetFinder()
    finder.feed(html)
    return json.loads(finder.preset or "{}")


def big_map_scenario(system: str = "skirmish-d6") -> dict[str, Any]:
    """A 40 x 40 map, attacker and target far apart, many obstacles and creatures (fixed seed): d6 Skirmish's
    partial and total obstacles, or the same hexes as Classic d20's walls."""
    from pycore.geometry.hexgrid import rectangle

    rng = random.Random(BIG_MAP["seed"])
    cells = rectangle(BIG_MAP["cols"], BIG_MAP["rows"])
    attacker, target = cells[BIG_MAP["cols"] * 2 + 2], cells[-BIG_MAP["cols"] * 3 - 4]
    free = [h for h in cells if h not in (attacker, target)]
    picked = rng.sample(free, BIG_MAP["obstacles"] + BIG_MAP["creatures"])
    obstacles = [{"hex": [h.q, h.r], "kind": ("wall" if system == "classic-d20" else "total" if i % 5 == 0 else "partial")}
                 for i, h in enumerate(picked[:BIG_MAP["obstacles"]])]
    creatures = [{"hex": [h.q, h.r], "side": "attacker" if i % 2 else "target"}
                 for i, h in enumerate(picked[BIG_MAP["obstacles"]:])]
    attack = {"to_hit": 15} if system == "classic-d20" else {"hits_on": 4}
    scenario = {"system": system, "attack": attack,
                "map": {"cols": BIG_MAP["cols"], "rows": BIG_MAP["rows"], "attacker": [attacker.q, attacker.r],
                        "target": [target.q, target.r], "obstacles": obstacles, "creatures": creatures}}
    if system == "classic-d20":
        scenario["target"] = {"ac": 5}
    import pycore

    result = pycore.evaluate(scenario)  # fails loudly if the scenario is not valid
    assert result["map"], result
    return scenario


def big_map_fragment() -> str:
    """The d6 calculator's map alternative: a 40 x 40 board, attacker and target far apart, many obstacles."""
    from pycore.page.handler import encode_fragment

    return "#s=" + encode_fragment(big_map_scenario())


def cover_grid(runs: int) -> dict[str, Any]:
    """``clear_line`` from the centre of a 40 x 40 board to every hex, 200 obstacles (fixed seed), in CPython,
    against a CPython baseline in the same run: the classic centre-to-centre hex line walk over the same pairs."""
    from pycore.geometry import clearance
    from pycore.geometry import hexgrid as hg

    rng = random.Random(COVER_GRID["seed"])
    cells = hg.rectangle(COVER_GRID["cols"], COVER_GRID["rows"])
    origin = cells[(COVER_GRID["rows"] // 2) * COVER_GRID["cols"] + COVER_GRID["cols"] // 2]
    obstacles = frozenset(rng.sample([h for h in cells if h != origin], COVER_GRID["obstacles"]))

    def exact() -> int:
        clearance._clear_line.cache_clear()  # every run computes every line (the engine caches recent ones)
        return sum(clearance.clear_line(origin, h, obstacles) for h in cells)

    def walk() -> int:
        return sum(not any(x in obstacles for x in hg.line(origin, h)[1:-1]) for h in cells)

    times: dict[str, list[float]] = {"exact": [], "walk": []}
    answers = {}
    for _ in range(runs):
        for name, fn in (("walk", walk), ("exact", exact)):
            t = time.perf_counter()
            answers[name] = fn()
            times[name].append((time.perf_counter() - t) * 1000)
    ratios = [e / w for e, w in zip(times["exact"], times["walk"])]
    return {"pairs": len(cells), "clear_exact": answers["exact"], "clear_walk": answers["walk"],
            "exact_ms": summary(times["exact"]), "walk_ms": summary(times["walk"]), "ratio": summary(ratios),
            "per_pair_ms": summary([t / len(cells) for t in times["exact"]])}


def map_click(runs: int, clicks: int = 40) -> dict[str, Any]:
    """The engine's answer to a click on the big map (the target moved, the board sent as changes), in CPython:
    as the engine runs (remembering the unchanged records between clicks, ``pycore.memo``) against the same
    clicks with everything forgotten before each, in the same run."""
    import json as _json

    from pycore.memo import forget_all
    from pycore.page import handler

    system = "skirmish-d6"
    restored = _json.loads(handler.handle(_json.dumps({"op": "restore", "system": system, "fragment": big_map_fragment()})))
    values = {k: v if isinstance(v, (bool, str)) else str(v) for k, v in restored["values"].items()
              if k != "_alternative" and not k.startswith("obstacles.")}
    first = _json.loads(handler.handle(_json.dumps({"op": "evaluate", "system": system, "values": values, "board": True})))
    board = {"frame": first["board_frame"], "shown": dict(first["board_marks"])}
    q, r = (int(x) for x in values["map.target"].split(","))
    taken = {tuple(item["hex"]) for key in ("map.obstacles", "map.creatures") for item in _json.loads(values[key])}
    spots = [f"{q + dq}, {r + dr}" for dq in range(-3, 4) for dr in range(-3, 4) if (q + dq, r + dr) not in taken][:8]
    requests = [_json.dumps({"op": "evaluate", "system": system, "values": {**values, "map.target": spot}, "board": board})
                for spot in spots]

    def click(i: int, cold: bool) -> str:
        if cold:
            forget_all()
        return handler.handle(requests[i % len(requests)])

    times: dict[str, list[float]] = {"warm": [], "cold": []}
    for _ in range(runs):
        for name in ("cold", "warm"):
            click(0, False)
            t = time.perf_counter()
            for i in range(clicks):
                reply = click(i, name == "cold")
            times[name].append((time.perf_counter() - t) * 1000 / clicks)
            assert _json.loads(reply)["state"] == "ready", reply[:300]
    return {"clicks": clicks, "warm_ms": summary(times["warm"]), "cold_ms": summary(times["cold"]),
            "ratio": summary([w / c for w, c in zip(times["warm"], times["cold"])])}


def big_map_overlay(runs: int) -> dict[str, Any]:
    """Each map system's overlays on the big map (the target moved over every free hex, then the attacker), in
    CPython, as a ratio of one single evaluation of the same map in the same run; both start cold (the engine's
    remembered calls and its cache of exact lines forgotten), as after a change that moves a piece."""
    from pycore import evaluate
    from pycore.geometry import clearance
    from pycore.memo import forget_all

    def cold(s: dict[str, Any]) -> float:
        forget_all()
        clearance._clear_line.cache_clear()
        t = time.perf_counter()
        evaluate(s)
        return (time.perf_counter() - t) * 1000

    out: dict[str, Any] = {}
    for system in CPYTHON_OVERLAY_SYSTEMS:
        scenario = big_map_scenario(system)
        for moving in ("target", "attacker"):
            single = [cold(scenario) for _ in range(runs)]
            overlay = [cold({**scenario, "overlay": moving}) for _ in range(runs)]
            out[f"{system} {moving}"] = {"single_ms": summary(single), "overlay_ms": summary(overlay),
                                         "ratio": summary([o / s for o, s in zip(overlay, single)])}
    return out


def worker_overlay_requests(system: str, moving: str, spots: int) -> dict[str, Any]:
    """Evaluate requests as the calculator sends them (form values, no board) on the big map of ``system``: for each
    of ``spots`` free hexes near the piece that stays, that piece moved there (so no line is known from the request
    before), once without and once with the ``moving`` overlay; and the same requests' time in CPython."""
    import json as _json

    from pycore.geometry.hexgrid import rectangle
    from pycore.memo import forget_all
    from pycore.page import handler
    from pycore.page.handler import encode_fragment
    from pycore.systems import SYSTEMS

    scenario = big_map_scenario(system)
    restored = _json.loads(handler.handle(_json.dumps({"op": "restore", "system": system,
                                                       "fragment": "#s=" + encode_fragment(scenario)})))
    chosen = restored["values"].get("_alternative")  # the page sends no field of the alternative not chosen
    other = {f.path for f in SYSTEMS[system].inputs.fields if f.group and f.group != chosen}
    values = {k: v if isinstance(v, (bool, str)) else str(v) for k, v in restored["values"].items()
              if k != "_alternative" and k not in other}
    stays = "map.attacker" if moving == "target" else "map.target"
    q, r = (int(x) for x in values[stays].split(","))
    taken = {tuple(scenario["map"][k]) for k in ("attacker", "target")} | {
        tuple(item["hex"]) for key in ("obstacles", "creatures") for item in scenario["map"][key]}
    near = [(q + dq, r + dr) for dq in range(-4, 5) for dr in range(-4, 5)]
    cells = {h.qr for h in rectangle(BIG_MAP["cols"], BIG_MAP["rows"])}
    picked = [f"{a}, {b}" for a, b in near if (a, b) in cells and (a, b) not in taken][:spots]
    pairs = [[_json.dumps({"op": "evaluate", "system": system, "values": {**values, stays: spot, "overlay": shown}})
              for shown in ("none", moving)] for spot in picked]
    cpython: dict[str, list[float]] = {"single": [], "overlay": []}
    forget_all()
    for single, overlay in pairs:
        for name, request in (("single", single), ("overlay", overlay)):
            t = time.perf_counter()
            reply = _json.loads(handler.handle(request))
            cpython[name].append((time.perf_counter() - t) * 1000)
            assert reply["state"] == "ready" and bool(reply["result"].get("overlay")) == (name == "overlay"), reply
    return {"pairs": pairs, "hexes": len(reply["result"]["overlay"]["hexes"]),
            "cpython_single_ms": summary(cpython["single"]), "cpython_overlay_ms": summary(cpython["overlay"])}


def build_plain(out: Path) -> None:
    """The site as it is without the engine snapshot, for comparison in the same run."""
    if out.exists():
        shutil.rmtree(out)
    build_site(out, RULEBOOK_SNAPSHOT="false")


def build_times(runs: int, keep: Path) -> dict[str, Any]:
    """Build the site ``runs`` times into fresh folders (runtime copied each time); keep the last one."""
    times = []
    for i in range(runs):
        out = Path(tempfile.mkdtemp(prefix="bench-site-"))
        shutil.rmtree(out)
        t = time.perf_counter()
        build_site(out)
        times.append((time.perf_counter() - t) * 1000)
        if i == runs - 1:
            if keep.exists():
                shutil.rmtree(keep)
            keep.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(str(out), str(keep))
        else:
            shutil.rmtree(out)
    return summary(times)


class Bench:
    def __init__(self, browser: Any, server: Server, site: Path, log: Callable[[str], None]):
        self.browser = browser
        self.server = server
        self.site = site
        self.log = log
        self.foreign: list[str] = []
        self.errors: list[str] = []

    def context(self, service_workers: str = "block", viewport: dict[str, int] = VIEWPORT, touch: bool = False) -> Any:
        ctx = self.browser.new_context(viewport=viewport, service_workers=service_workers, has_touch=touch, is_mobile=touch)
        ctx.add_init_script(script("instrument.js"))
        ctx.on("request", lambda r: None if r.url.startswith(LOCAL_PREFIXES) else self.foreign.append(r.url))
        return ctx

    def watch(self, page: Any, label: str) -> None:
        page.on("pageerror", lambda e: self.errors.append(f"{label}: {e}"))
        page.on("console", lambda m: self.errors.append(f"{label}: {m.text}") if m.type == "error" else None)

    def load(self, ctx: Any, path: str, label: str, page: Any = None) -> tuple[Any, dict[str, Any]]:
        """Open ``path`` (in ``page`` or a new page) and wait until every calculator on it is interactive."""
        if page is None:
            page = ctx.new_page()
            self.watch(page, label)
        page.goto(self.server.url + path, wait_until="commit")
        page.wait_for_function(script("loaded.js"), timeout=READY_TIMEOUT_MS, polling=50)
        return page, self.report(page)

    def report(self, page: Any) -> dict[str, Any]:
        r = page.evaluate(script("report.js"))
        r["blocking"] = blocking(r.pop("longtasks"), r["interactive"])
        return r

    @staticmethod
    def transferred(requests: list[Any]) -> dict[str, int]:
        """Response bytes (headers + body as sent) of finished requests: ours against the runtime's."""
        total = {"ours": 0, "runtime": 0, "snapshot": 0, "requests_ours": 0, "requests_runtime": 0}
        for req in requests:
            try:
                sizes = req.sizes()
            except Exception:
                continue
            n = max(0, sizes["responseBodySize"]) + max(0, sizes["responseHeadersSize"])
            kind = "runtime" if RUNTIME_PREFIX in req.url else "ours"
            total[kind] += n
            total["requests_" + kind] += 1
            if SNAPSHOT_PATTERN.search(req.url):
                total["snapshot"] += n
        return total

    def cold_warm(self, path: str, label: str) -> dict[str, Any]:
        """A fresh context (empty cache): the cold load, then the same page again from the HTTP cache."""
        ctx = self.context()
        finished: list[Any] = []
        ctx.on("requestfinished", lambda r: finished.append(r))
        try:
            page, cold = self.load(ctx, path, label)
            page.wait_for_timeout(300)  # let late requests (search index) finish, as a visit would
            cold["bytes"] = self.transferred(finished)
            page.close()
            _, warm = self.load(ctx, path, label)
        finally:
            ctx.close()
        return {"cold": cold, "warm": warm}

    def recompute(self, path: str, mode: str, changes: int, label: str) -> dict[str, Any]:
        ctx = self.context()
        try:
            page, _ = self.load(ctx, path, label)
            out = page.evaluate(script("recompute.js"), {"changes": changes, "mode": mode, "seed": 8, "settleMs": 60})
        finally:
            ctx.close()
        return out

    def tap_paint(self, path: str, profile: dict[str, Any], taps: int, label: str) -> dict[str, Any]:
        """Tap-to-paint (``page/tap-paint.js``): taps (or clicks) that move the attacker on the page's board as a
        player does, a tap on it (picked up) then one on an empty cell picked at random (fixed seed: put down there),
        or taps on the bare page's text, each measured from the pointer's release to the end of the next frame; the
        next tap waits until the engine's answer is drawn."""
        ctx = self.context(viewport=profile["viewport"], touch=profile["touch"])
        try:
            page, _ = self.load(ctx, path, label)
            board = TAP_BOARD
            keys = page.evaluate(f"[...document.querySelectorAll('{board} g.hex')].filter((g) => !g.dataset.piece)"
                                 ".map((g) => g.dataset.hex)")
            for _ in range(profile["zoom_in"] if keys else 0):
                page.locator('[data-calculator][data-mode="full"] [data-role="zoom-in"]').click()
            hex_px = page.evaluate(f"(() => {{ const [a, b] = document.querySelectorAll('{board} g.hex[data-row=\"0\"]');"
                                   "return b ? b.getBoundingClientRect().left - a.getBoundingClientRect().left : null; })()")
            cdp = ctx.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": profile["cpu"]})
            page.evaluate(script("tap-paint.js"))
            self.tap_moves(page, keys, profile, taps)
            done = page.evaluate("window.__taps")
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        finally:
            ctx.close()
        kinds = [t["kind"] for t in done]
        return {"frame": [t["frame"] for t in done], "handled": [t["handled"] for t in done if t["handled"] is not None],
                "shown": sum(bool(t["shown"]) for t in done), "showing": sum(k in ("pick", "put") for k in kinds),
                "kinds": {k: kinds.count(k) for k in sorted(set(kinds))}, "taps": len(done), "hex_px": hex_px}

    def tap_moves(self, page: Any, keys: list[str], profile: dict[str, Any], taps: int) -> None:
        """``taps`` measured taps (``tap_once``): on a board (``keys``, its empty cells), the attacker moved by two
        taps again and again, a tap on the cell it stands on then one on an empty cell of ``keys`` picked at random
        (fixed seed); on the bare page, taps on its text."""
        if not keys:
            for i in range(taps):
                self.tap_once(page, None, profile, i)
            return
        picked = random.Random(8).sample(keys, min((taps + 1) // 2, len(keys)))
        for i in range(min(taps, 2 * len(picked))):
            key = picked[i // 2] if i % 2 else page.evaluate(
                f"document.querySelector('{TAP_BOARD} g.hex[data-piece=\"attacker\"]').dataset.hex")
            self.tap_once(page, key, profile, i)

    @staticmethod
    def tap_once(page: Any, key: str | None, profile: dict[str, Any], index: int) -> None:
        """One measured tap (``page/tap-paint.js`` records it): on hex ``key`` of the board (scrolled to the middle of
        the view) or on the page's first paragraph, once the page is at rest (no transition running, such as the
        theme's header after a scroll: a frame asked for then waits for the animation's next tick); nothing is
        asked of the page until that tap's frame is over (a script evaluated meanwhile would run inside it); then
        the engine's answer is drawn (no hex left marked)."""
        if key is None:
            box = page.locator("body p").first.bounding_box()
        else:
            target = page.locator(f'{TAP_BOARD} g.hex[data-hex="{key}"]')
            target.evaluate("(g) => g.scrollIntoView({ block: 'center', inline: 'center' })")
            page.wait_for_timeout(100)
            box = target.bounding_box()
        assert box is not None
        page.wait_for_function("() => document.getAnimations().length === 0", timeout=READY_TIMEOUT_MS)
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        if profile["touch"]:
            page.touchscreen.tap(x, y)
        else:
            page.mouse.move(x, y)
            page.wait_for_timeout(100)
            page.mouse.down()
            page.mouse.up()
        page.wait_for_timeout(TAP_QUIET_MS)
        page.wait_for_function(f"() => window.__taps.length > {index} && window.__taps[{index}].frame !== null")
        if key is not None:  # the engine's answer drawn (no hex left marked here), then a moment
            page.wait_for_function("() => !document.querySelector('.hexboard-pending[data-marks]')", timeout=READY_TIMEOUT_MS)
        page.wait_for_timeout(150)

    def worker_overlay(self, path: str, pairs: list[list[str]], label: str) -> dict[str, Any]:
        """Each pair of requests (``worker_overlay_requests``) sent straight to the page's engine worker, one after
        the other, each timed from the call to its reply (``page/worker-requests.js``); all of them
        ``WORKER_OVERLAY_ROUNDS`` times over. The first round is the measure; ``*_best_ms`` are each request's best
        over the rounds (the page's engine warmed up by then)."""
        ctx = self.context()
        try:
            page, _ = self.load(ctx, path, label)
            page.wait_for_timeout(300)  # the page's own first requests answered
            requests = [r for _ in range(WORKER_OVERLAY_ROUNDS) for pair in pairs for r in pair]
            out = page.evaluate(script("worker-requests.js"), {"requests": requests})
        finally:
            ctx.close()
        assert all(state == "ready" for state in out["states"]), out["states"]
        assert all(n == 0 for n in out["hexes"][0::2]) and all(n > 0 for n in out["hexes"][1::2]), out["hexes"]
        n = len(pairs)
        single, overlay = out["ms"][0:2 * n:2], out["ms"][1:2 * n:2]
        rounds = [out["ms"][2 * n * k:2 * n * (k + 1)] for k in range(WORKER_OVERLAY_ROUNDS)]
        single_best = [min(r[2 * i] for r in rounds) for i in range(n)]
        overlay_best = [min(r[2 * i + 1] for r in rounds) for i in range(n)]
        return {"single_ms": summary(single), "overlay_ms": summary(overlay),
                "ratio": summary([o / s for s, o in zip(single, overlay)]), "n": n,
                "single_best_ms": summary(single_best), "overlay_best_ms": summary(overlay_best),
                "rounds": WORKER_OVERLAY_ROUNDS}

    def rulebook_to_calculator(self, start: str, dwell_ms: int, label: str) -> dict[str, Any]:
        """A cold visit to a rulebook page, some reading, then its calculator link: time until interactive."""
        ctx = self.context()
        try:
            page, _ = self.load(ctx, start, label)
            page.wait_for_timeout(dwell_ms)
            link = page.locator(f'a[href$="{RULEBOOK_TARGET}"]').filter(visible=True).first
            page.evaluate(script("in-place.js"))
            t = time.perf_counter()
            link.click()
            page.wait_for_url(re.compile(re.escape(RULEBOOK_TARGET) + "(#.*)?$"), wait_until="commit")
            page.wait_for_function("() => (window.__inPlace && window.__inPlace.ready !== null) || "
                                   "(window.__bench && !window.__inPlace && window.__bench.interactive !== null)",
                                   timeout=READY_TIMEOUT_MS, polling=20)
            wall = (time.perf_counter() - t) * 1000
            in_place = page.evaluate("window.__inPlace || null")
            r = self.report(page)
        finally:
            ctx.close()
        if in_place:  # opened in place (assets/page/navigate.js): the same document, from the click on
            r["after_activation"] = in_place["ready"] - in_place["clicked"]
        else:
            r["after_activation"] = max(0.0, r["interactive"] - r["activationStart"])
        r["in_place"] = bool(in_place)
        r["wall_from_click"] = wall
        r["prerendered"] = r["activationStart"] > 0
        return r

    def offline(self, path: str, label: str) -> dict[str, Any] | None:
        """Service worker allowed: the first (cold) load while it installs, then an offline reload."""
        ctx = self.context(service_workers="allow")
        try:
            page, first = self.load(ctx, path, label)
            has_worker = page.evaluate(
                "async () => !!(navigator.serviceWorker && await navigator.serviceWorker.getRegistration())")
            if not has_worker:
                return {"cold_with_worker": first, "offline": None, "note": "no service worker registered"}
            page.wait_for_function("() => document.querySelector('[data-offline-status]')?.dataset.state === 'ready'",
                                   timeout=READY_TIMEOUT_MS, polling=100)
            page.close()
            ctx.set_offline(True)
            _, off = self.load(ctx, path, label)
        finally:
            ctx.close()
        return {"cold_with_worker": first, "offline": off}
