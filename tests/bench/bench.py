"""Start-up and latency benchmark of the calculators against a bare PyScript page (issue 8).

Run it with ``make bench`` (or ``.venv/bin/python tests/bench.py --help``). It builds the site, adds
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

Not collected by pytest (no ``test_`` prefix); it is not part of ``make test``.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import random
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from browser.support import CHROMIUM_ARGS, LOCAL_PREFIXES, QuietHandler, build_site, chromium_path  # noqa: E402

SECTIONS = ("loads", "recompute", "rulebook", "offline")
BASELINE_DIR = "bench-baseline"
RUNTIME_PREFIX = "assets/runtime/"
"""URLs under this path are the runtime's bytes (PyScript, Pyodide); everything else is ours."""
SNAPSHOT_PATTERN = re.compile(r"assets/runtime/engine-[0-9a-f]+\.snap\.gz")
"""The build's Pyodide memory snapshot: runtime bytes, counted apart too."""
PLAIN_DIR = "bench-plain"
"""The same site built with RULEBOOK_SNAPSHOT=false (Pyodide starts without the snapshot), inside the served folder."""
READY_TIMEOUT_MS = 120_000
VIEWPORT = {"width": 1280, "height": 900}
RULEBOOK_PAGES = {
    "with inline calculators": "rules/skirmish-d6/cover/",
    "without calculators": "rules/skirmish-d6/size/",
}
RULEBOOK_TARGET = "calculator/skirmish-d6/"
BIG_MAP = {"cols": 40, "rows": 40, "obstacles": 200, "creatures": 20, "seed": 8}
COVER_GRID = {"cols": 40, "rows": 40, "obstacles": 200, "seed": 8}

BASELINE_HTML = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Baseline: PyScript + Pyodide in a worker, one line</title>
<link rel="icon" href="data:,">
</head>
<body>
<p>Baseline for <code>make bench</code>: the vendored PyScript starts the vendored Pyodide in a worker,
which prints one line. Nothing else.</p>
<div class="calc-output" data-state="loading"><div data-role="body">Starting Python…</div></div>
<script type="py" worker name="engine" src="baseline.py"
        config='{"interpreter": "../assets/runtime/pyodide/pyodide.mjs"}'></script>
<script type="module">
  const script = document.querySelector('script[type="py"][worker]');
  await import("../assets/runtime/pyscript/core.js");
  while (!script.xworker) await new Promise((resolve) => setTimeout(resolve, 20));
  await script.xworker.ready;
  const output = document.querySelector(".calc-output");
  output.querySelector("[data-role=body]").textContent = "Python printed its line.";
  output.dataset.state = "ready";
</script>
</body>
</html>
"""
BASELINE_PY = 'print("baseline: Python is running")\n'

# ---- in-page instrumentation -------------------------------------------------------------------

INIT_SCRIPT = r"""
(() => {
  const B = window.__bench = {
    longtasks: [], fcp: null, interactive: null, ready: [], firstResult: null, inViewport: null,
    initial: null, live: null, outputs: 0,
  };
  const outputs = () => [...document.querySelectorAll(".calc-output")];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) B.longtasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch (error) { B.longtaskError = String(error); }
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === "first-contentful-paint") B.fcp = e.startTime;
  }).observe({ type: "paint", buffered: true });
  const bodies = () => outputs().map((o) => o.querySelector('[data-role="body"]')?.innerHTML ?? null);
  const seen = new Set();
  new MutationObserver((records) => {
    const now = performance.now();
    for (const r of records) {
      const t = r.target;
      if (!t.matches?.(".calc-output") || t.dataset.state !== "ready" || seen.has(t)) continue;
      seen.add(t);
      B.ready.push(now);
    }
    const all = outputs();
    if (B.interactive === null && all.length && all.every((o) => seen.has(o))) {
      B.interactive = now;
      B.live = bodies();
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-state"] });
  document.addEventListener("DOMContentLoaded", () => {
    B.outputs = outputs().length;
    if (B.initial === null) B.initial = bodies();
  });
  // The first frame in which every output shows an answer (the build-time one is in the HTML). An
  // output counts once the parser is past it (some node follows it), so a half-parsed one does not.
  const parsed = (el) => {
    for (let n = el; n && n !== document; n = n.parentNode) if (n.nextSibling) return true;
    return document.readyState !== "loading";
  };
  const shown = () => {
    const all = outputs();
    if (!all.length) return false;
    return all.every((o) => {
      if (!parsed(o)) return false;
      const body = o.querySelector('[data-role="body"]');
      return body && !body.hidden && body.textContent.trim() !== "" && body.getClientRects().length > 0;
    });
  };
  const frame = (t) => {
    if (shown()) {
      B.firstResult = performance.now();
      B.firstResultFrame = t;
      // this frame's rendering (style, layout, paint) runs right after the callbacks: a message
      // posted now arrives once it is done, close to when the answer is painted
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { B.firstResultPainted = performance.now(); };
      channel.port2.postMessage(null);
      const box = outputs()[0].querySelector('[data-role="body"]').getBoundingClientRect();
      B.inViewport = box.top < innerHeight && box.bottom > 0;
      return;
    }
    if (performance.now() < 60000) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();
"""

LOADED = """() => window.__bench && document.readyState !== "loading" && (document.querySelector(".calc-output")
  ? window.__bench.interactive !== null : document.readyState === "complete")"""
"""Every calculator on the page is interactive (a page without calculators: loaded)."""

REPORT = """() => {
  const B = window.__bench;
  const nav = performance.getEntriesByType("navigation")[0] || {};
  return { ...B, activationStart: nav.activationStart || 0, domContentLoaded: nav.domContentLoadedEventEnd || null,
           same: B.initial && B.live ? B.initial.map((h, i) => h === B.live[i]) : null,
           initial: null, live: null };
}"""

# One change after another; each is timed from the input event to the output's DOM update
# (the calculator sets data-state once the reply is painted into the body), and to the next frame.
RECOMPUTE = r"""
async ({ changes, mode, seed, settleMs }) => {
  const root = document.querySelector('[data-calculator][data-mode="full"]');
  const out = root.querySelector(".calc-output");
  let state = seed >>> 0;
  const rand = () => ((state = (state * 1664525 + 1013904223) >>> 0) / 4294967296);
  const afterPaint = () => new Promise((resolve) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(performance.now());
    channel.port2.postMessage(null);
  }));
  const settle = () => new Promise((resolve) => {
    let timer = setTimeout(finish, settleMs);
    const mo = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(finish, settleMs); });
    mo.observe(root, { attributes: true, subtree: true, childList: true });
    function finish() { mo.disconnect(); resolve(); }
  });
  const controls = () => [...root.querySelectorAll("form select[data-path], form input[type=checkbox][data-path]")]
    .filter((c) => !c.closest("fieldset[disabled]"));
  const hexes = () => [...root.querySelectorAll('[data-role="board"] g.hex')]
    .filter((g) => !["attacker", "target"].includes(g.dataset.piece));
  const dom = [], paint = [], states = {}, engine = [];
  await settle();
  // The engine alone: the same request as the page sends for the current form, straight to the worker.
  const script = document.querySelector('script[type="py"][worker][name="engine"]');
  const values = {};
  for (const control of root.querySelectorAll("form [data-path]")) {
    if ((control.type === "radio" && !control.checked) || control.closest("fieldset[disabled]")) continue;
    values[control.dataset.path] = control.dataset.kind === "bool" ? control.checked : control.value;
  }
  const boardBox = root.querySelector('[data-role="board"]'); // asked for only while shown, as the page does
  const asking = (board) => JSON.stringify({ op: "evaluate", system: root.dataset.calculator, values, base: root.dataset.base,
    preset: JSON.parse(root.dataset.preset || "{}"), board });
  let board = Boolean(boardBox) && !boardBox.closest("fieldset[disabled]");
  if (board) { // as the page asks after its first drawing: the board as changes to the one it shows
    const whole = JSON.parse(await script.xworker.sync.handle(asking(true)));
    board = { frame: whole.board_frame, shown: whole.board_marks };
  }
  const request = asking(board);
  for (let i = 0; i < Math.min(30, changes); i++) {
    const t = performance.now();
    await script.xworker.sync.handle(request);
    engine.push(performance.now() - t);
  }
  for (let i = 0; i < changes; i++) {
    const updated = new Promise((resolve) => {
      const mo = new MutationObserver(() => { mo.disconnect(); resolve(performance.now()); });
      mo.observe(out, { attributes: true, attributeFilter: ["data-state"] });
    });
    let t0;
    if (mode === "board") {
      const all = hexes();
      const g = all[Math.floor(rand() * all.length)];
      t0 = performance.now();
      g.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    } else {
      const all = controls();
      const c = all[i % all.length];
      t0 = performance.now();
      if (c.type === "checkbox") c.checked = !c.checked;
      else c.selectedIndex = (c.selectedIndex + 1) % c.options.length;
      c.dispatchEvent(new Event("input", { bubbles: true }));
      c.dispatchEvent(new Event("change", { bubbles: true }));
    }
    const t1 = await updated;
    const t2 = await afterPaint();
    dom.push(t1 - t0);
    paint.push(t2 - t0);
    states[out.dataset.state] = (states[out.dataset.state] || 0) + 1;
    await settle();
  }
  return { dom, paint, states, engine, hexes: root.querySelectorAll('[data-role="board"] g.hex').length };
}
"""

# A calculator page opened in place keeps the document: from the click to the moment its full calculator
# says ready (a MutationObserver on the whole page, so the swapped-in output is seen at once).
IN_PLACE_WATCH = r"""
() => {
  const watch = { clicked: null, ready: null };
  document.addEventListener("click", () => { watch.clicked = performance.now(); }, { capture: true, once: true });
  const full = () => document.querySelector('[data-calculator][data-mode="full"] .calc-output[data-state="ready"]');
  new MutationObserver((_, observer) => {
    if (watch.clicked !== null && full()) {
      watch.ready = performance.now();
      observer.disconnect();
    }
  }).observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-state"] });
  window.__inPlace = watch;
}
"""

# ---- helpers -----------------------------------------------------------------------------------


def summary(values: list[float]) -> dict[str, float] | None:
    """Median, min, max (and count) of a list; None when empty."""
    values = [v for v in values if v is not None]
    if not values:
        return None
    return {"median": statistics.median(values), "min": min(values), "max": max(values), "n": len(values)}


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, int(round(p / 100 * len(ordered) + 0.5)) - 1))
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
    ThreadingHTTPServer(("127.0.0.1", port), handler).serve_forever()


class Server:
    """The built site on 127.0.0.1, served by a child process."""

    def __init__(self, root: Path):
        self.port = free_port()
        self.proc = subprocess.Popen([sys.executable, __file__, "--serve", str(root), str(self.port)],
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
    """The baseline page, written into the built folder only (never shipped)."""
    folder = site / BASELINE_DIR
    folder.mkdir(exist_ok=True)
    (folder / "index.html").write_text(BASELINE_HTML, encoding="utf-8")
    (folder / "baseline.py").write_text(BASELINE_PY, encoding="utf-8")


def big_map_fragment() -> str:
    """The d6 calculator's map alternative: a 40 x 40 board, attacker and target far apart, many obstacles."""
    from pycore.browser import encode_fragment
    from pycore.hexgrid import rectangle

    rng = random.Random(BIG_MAP["seed"])
    cells = rectangle(BIG_MAP["cols"], BIG_MAP["rows"])
    attacker, target = cells[BIG_MAP["cols"] * 2 + 2], cells[-BIG_MAP["cols"] * 3 - 4]
    free = [h for h in cells if h not in (attacker, target)]
    picked = rng.sample(free, BIG_MAP["obstacles"] + BIG_MAP["creatures"])
    obstacles = [{"hex": [h.q, h.r], "kind": "total" if i % 5 == 0 else "partial"}
                 for i, h in enumerate(picked[:BIG_MAP["obstacles"]])]
    creatures = [{"hex": [h.q, h.r], "side": "attacker" if i % 2 else "target"}
                 for i, h in enumerate(picked[BIG_MAP["obstacles"]:])]
    scenario = {"system": "skirmish-d6", "attack": {"hits_on": 4},
                "map": {"cols": BIG_MAP["cols"], "rows": BIG_MAP["rows"], "attacker": [attacker.q, attacker.r],
                        "target": [target.q, target.r], "obstacles": obstacles, "creatures": creatures}}
    import pycore

    result = pycore.evaluate(scenario)  # fails loudly if the scenario is not valid
    assert result["map"], result
    return "#s=" + encode_fragment(scenario)


# ---- CPython measurements ---------------------------------------------------------------------


def cover_grid(runs: int) -> dict[str, Any]:
    """``clear_line`` from the centre of a 40 x 40 board to every hex, 200 obstacles (fixed seed), in CPython,
    against a CPython baseline in the same run: the classic centre-to-centre hex line walk over the same pairs."""
    from pycore import hexgrid as hg

    rng = random.Random(COVER_GRID["seed"])
    cells = hg.rectangle(COVER_GRID["cols"], COVER_GRID["rows"])
    origin = cells[(COVER_GRID["rows"] // 2) * COVER_GRID["cols"] + COVER_GRID["cols"] // 2]
    obstacles = frozenset(rng.sample([h for h in cells if h != origin], COVER_GRID["obstacles"]))

    def exact() -> int:
        hg._clear_line.cache_clear()  # every run computes every line (the engine caches recent ones)
        return sum(hg.clear_line(origin, h, obstacles) for h in cells)

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

    from pycore import browser
    from pycore.memo import forget_all

    system = "skirmish-d6"
    restored = _json.loads(browser.handle(_json.dumps({"op": "restore", "system": system, "fragment": big_map_fragment()})))
    values = {k: v if isinstance(v, (bool, str)) else str(v) for k, v in restored["values"].items()
              if k != "_alternative" and not k.startswith("obstacles.")}
    first = _json.loads(browser.handle(_json.dumps({"op": "evaluate", "system": system, "values": values, "board": True})))
    board = {"frame": first["board_frame"], "shown": dict(first["board_marks"])}
    q, r = (int(x) for x in values["map.target"].split(","))
    taken = {tuple(item["hex"]) for key in ("map.obstacles", "map.creatures") for item in _json.loads(values[key])}
    spots = [f"{q + dq}, {r + dr}" for dq in range(-3, 4) for dr in range(-3, 4) if (q + dq, r + dr) not in taken][:8]
    requests = [_json.dumps({"op": "evaluate", "system": system, "values": {**values, "map.target": spot}, "board": board})
                for spot in spots]

    def click(i: int, cold: bool) -> str:
        if cold:
            forget_all()
        return browser.handle(requests[i % len(requests)])

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


def build_plain(out: Path) -> None:
    """The site as it is without the engine snapshot, for comparison in the same run."""
    saved = os.environ.get("RULEBOOK_SNAPSHOT")
    os.environ["RULEBOOK_SNAPSHOT"] = "false"  # mkdocs.yml: the rulebook plugin's `snapshot` option
    try:
        if out.exists():
            shutil.rmtree(out)
        build_site(out)
    finally:
        if saved is None:
            del os.environ["RULEBOOK_SNAPSHOT"]
        else:
            os.environ["RULEBOOK_SNAPSHOT"] = saved


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


# ---- the browser --------------------------------------------------------------------------------


class Bench:
    def __init__(self, browser: Any, server: Server, site: Path, log: Callable[[str], None]):
        self.browser = browser
        self.server = server
        self.site = site
        self.log = log
        self.foreign: list[str] = []
        self.errors: list[str] = []

    def context(self, service_workers: str = "block") -> Any:
        ctx = self.browser.new_context(viewport=VIEWPORT, service_workers=service_workers)
        ctx.add_init_script(INIT_SCRIPT)
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
        page.wait_for_function(LOADED, timeout=READY_TIMEOUT_MS, polling=50)
        return page, self.report(page)

    def report(self, page: Any) -> dict[str, Any]:
        r = page.evaluate(REPORT)
        r["blocking"] = blocking(r.pop("longtasks"), r["interactive"])
        return r

    @staticmethod
    def transferred(requests: list[Any]) -> dict[str, int]:
        """Response bytes (headers + body as sent) of finished requests: ours against the runtime's."""
        total = {"ours": 0, "runtime": 0, "snapshot": 0, "requests_ours": 0, "requests_runtime": 0}
        for req in requests:
            try:
                sizes = req.sizes()
            except Exception:  # noqa: BLE001 - a request of a closed page
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
            out = page.evaluate(RECOMPUTE, {"changes": changes, "mode": mode, "seed": 8, "settleMs": 60})
        finally:
            ctx.close()
        return out

    def rulebook_to_calculator(self, start: str, dwell_ms: int, label: str) -> dict[str, Any]:
        """A cold visit to a rulebook page, some reading, then its calculator link: time until interactive."""
        ctx = self.context()
        try:
            page, first = self.load(ctx, start, label)
            page.wait_for_timeout(dwell_ms)
            link = page.locator(f'a[href$="{RULEBOOK_TARGET}"]').filter(visible=True).first
            page.evaluate(IN_PLACE_WATCH)
            t = time.perf_counter()
            link.click()
            page.wait_for_url("**/" + RULEBOOK_TARGET, wait_until="commit")
            page.wait_for_function("(window.__inPlace && window.__inPlace.ready !== null) || "
                                   "(window.__bench && !window.__inPlace && window.__bench.interactive !== null)",
                                   timeout=READY_TIMEOUT_MS, polling=20)
            wall = (time.perf_counter() - t) * 1000
            in_place = page.evaluate("window.__inPlace || null")
            r = self.report(page)
        finally:
            ctx.close()
        if in_place:  # opened in place (assets/navigate.js): the same document, from the click on
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
            has_worker = page.evaluate("async () => !!(navigator.serviceWorker && await navigator.serviceWorker.getRegistration())")
            if not has_worker:
                return {"cold_with_worker": first, "offline": None, "note": "no service worker registered"}
            page.wait_for_function("document.querySelector('[data-offline-status]')?.dataset.state === 'ready'",
                                   timeout=READY_TIMEOUT_MS, polling=100)
            page.close()
            ctx.set_offline(True)
            _, off = self.load(ctx, path, label)
        finally:
            ctx.close()
        return {"cold_with_worker": first, "offline": off}


# ---- the run -----------------------------------------------------------------------------------


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
    if not args.site and not args.no_plain:
        log("building the site once more without the snapshot (RULEBOOK_SNAPSHOT=false) ...")
        build_plain(site / PLAIN_DIR)
    write_baseline(site)
    calculators = {s.id: s.calculator for s in SYSTEMS.values() if s.ready}
    targets = dict(calculators)
    data["calculators"] = list(calculators)
    if (site / PLAIN_DIR).exists() and "skirmish-d6" in calculators:
        targets["skirmish-d6, no snapshot"] = PLAIN_DIR + "/" + calculators["skirmish-d6"]
    data["has_service_worker"] = (site / "sw.js").exists()

    # The default scenario's answer in the static HTML is the engine's answer (the build used pycore).
    from pycore.render import result_html

    static_ok = {}
    for sid, path in calculators.items():
        html = (site / path / "index.html").read_text(encoding="utf-8")
        html = re.sub(r' data-ref="[^"]*"', "", html)  # print labels the build adds to links
        static_ok[sid] = result_html(pycore.evaluate({"system": sid}), "../../") in html
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
                    page, r = bench.load(ctx, RULEBOOK_PAGES["without calculators"], "theme")
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

            log("rulebook page -> calculator ...")
            data["rulebook"] = {}
            for name, start in RULEBOOK_PAGES.items() if "rulebook" in only else ():
                data["rulebook"][name] = [bench.rulebook_to_calculator(start, args.dwell, "rulebook")
                                          for _ in range(args.nav_runs)]

            data["offline"] = []
            if data["has_service_worker"] and "offline" in only:
                log("offline reload ...")
                for _ in range(args.nav_runs):
                    data["offline"].append(bench.offline(calculators.get("skirmish-d6", next(iter(calculators.values()))), "offline"))
            browser.close()
            data["foreign_requests"] = bench.foreign
            data["page_errors"] = bench.errors
    finally:
        server.stop()
    data["summary"] = summarise(data)
    return data


def summarise(data: dict[str, Any]) -> dict[str, Any]:
    """The medians (min, max) the table shows, and each target met or not."""
    s: dict[str, Any] = {"build_ms": data["build_ms"], "cover_grid": data["cover_grid"], "map_click": data.get("map_click")}
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
    calcs = [n for n in pages if n in data["calculators"]]
    if not calcs or not s["recompute"] or not s["rulebook"]:
        s["targets"] = {}
        return s
    s["targets"] = {
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
        "cold start < 0.5 x baseline (stretch)": all(pages[n]["cold_ratio"]["median"] < 0.5 for n in calcs),
    }
    return s


# ---- the table ---------------------------------------------------------------------------------


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
                 f"longest task on calculator pages: " + ", ".join(f"{n} {fmt(p['longest_task_ms'])}" for n, p in s["pages"].items()))
    lines.append("Build-time answer ('answer shown': when the frame showing it was painted): in the first paint "
                 "(cold loads), and the engine's first HTML identical to the page's: " +
                 ", ".join(f"{n}: {p['in_first_paint']}/{p['loads']}, {'same' if p['engine_html_same_as_static'] else 'DIFFERENT'}"
                           for n, p in s["pages"].items() if n != "baseline"))
    lines.append("")
    lines.append("Recompute latency, input event -> output DOM update (-> next frame), ms:")
    for name, r in s["recompute"].items():
        lines.append(f"  {name}: p50 {r['dom_p50']:.1f}, p95 {r['dom_p95']:.1f}  (frame p50 {r['paint_p50']:.1f}, "
                     f"p95 {r['paint_p95']:.1f}; engine round trip alone (board as changes) p50 {r['engine_p50']:.1f}, p95 {r['engine_p95']:.1f}; "
                     f"{r['n']} changes, states {r['states']}, {r['hexes']} hexes)")
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
    lines.append("")
    lines.append("Targets:")
    for name, ok in s["targets"].items():
        lines.append(f"  [{'x' if ok else ' '}] {name}")
    if data.get("foreign_requests"):
        lines.append(f"WARNING: requests left 127.0.0.1: {data['foreign_requests'][:5]}")
    if data.get("page_errors"):
        lines.append(f"Page errors or console errors ({len(data['page_errors'])}): {data['page_errors'][:3]}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="cold+warm loads per calculator and baseline (5)")
    parser.add_argument("--builds", type=int, default=3, help="site builds to time (3)")
    parser.add_argument("--changes", type=int, default=100, help="input changes per recompute measurement (100)")
    parser.add_argument("--nav-runs", type=int, default=3, help="rulebook -> calculator and offline runs (3)")
    parser.add_argument("--dwell", type=int, default=5000, help="ms spent on the rulebook page before the click (5000)")
    parser.add_argument("--site", help="use this built site instead of building one")
    parser.add_argument("--no-plain", action="store_true", help="skip the comparison build without the snapshot")
    parser.add_argument("--out", default=str(ROOT / "build" / "bench.json"), help="JSON results (build/bench.json)")
    parser.add_argument("--only", help=f"comma-separated sections of {','.join(SECTIONS)} (all)")
    parser.add_argument("--table", help="only print the table of an earlier JSON file")
    parser.add_argument("--serve", nargs=2, metavar=("DIR", "PORT"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        serve_forever(args.serve[0], int(args.serve[1]))
        return 0
    if args.table:
        data = json.loads(Path(args.table).read_text())
        data.setdefault("calculators", [n for n in data.get("pairs", {}) if "no snapshot" not in n])
        data["summary"] = summarise(data)
        print(table(data))
        return 0
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    data = run(args)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(data, indent=1))
    print(table(data))
    print(f"\nwritten: {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
