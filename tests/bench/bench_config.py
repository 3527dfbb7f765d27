"""The bench's fixed settings: what is measured where, and the page scripts it runs."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

PAGE_SCRIPTS = Path(__file__).resolve().parent / "page"
SECTIONS = ("loads", "recompute", "taps", "rulebook", "offline", "overlay", "squares", "mainthread", "lighthouse",
            "engines")
BASELINE_DIR = "bench-baseline"
RUNTIME_PREFIX = "assets/runtime/"
"""URLs under this path are the runtime's bytes (Pyodide, the decoder; the bare page's PyScript); everything else is ours."""
SNAPSHOT_PATTERN = re.compile(r"assets/runtime/engine-[0-9a-f]+\.snap\.(gz|zst)")
"""The build's Pyodide memory snapshot: runtime bytes, counted apart too."""
PLAIN_DIR = "bench-plain"
"""The same site built without the engine snapshot (Pyodide starts plainly), inside the served folder."""
READY_TIMEOUT_MS = 120_000
VIEWPORT = {"width": 1280, "height": 900}
PAGE_TYPES = {
    "home": "",
    "calculator": "calculator/skirmish-d6/",
    "rule page, inline calculators": "rules/enchanted-realms/cover/",
    "hex-map rule page": "rules/skirmish-d6/map/",
    "quick reference": "reference/skirmish-d6/",
}
"""A page of each type, for the main-thread and Lighthouse rows."""
RULEBOOK_PAGES = {
    "with inline calculators": "rules/skirmish-d6/cover/",
    "without calculators": "rules/skirmish-d6/size/",
}
RULEBOOK_TARGET = "calculator/skirmish-d6/"
BIG_MAP = {"cols": 40, "rows": 40, "obstacles": 200, "creatures": 20, "seed": 8}
TAP_PROFILES = {
    "desktop": {"viewport": VIEWPORT, "touch": False, "cpu": 1, "zoom_in": 0, "target_ms": 16},
    "phone, CPU 4x": {"viewport": {"width": 390, "height": 844}, "touch": True, "cpu": 4, "zoom_in": 2, "target_ms": 50},
}
"""Tap-to-paint on the big map and on the bare page: the desktop profile clicks with a mouse (resting on the hex
first, as a hand does); the phone taps a touch screen with the main thread slowed 4x
(``Emulation.setCPUThrottlingRate``), the board zoomed in twice from fit (to 44 px hexes)."""
TAP_BOARD = '[data-calculator][data-mode="full"] [data-role="board"]'
"""The board tapped: the full calculator's."""
TAP_QUIET_MS = 250
"""After a tap the bench leaves the page alone this long before asking whether its frame is over: a script it evaluates
sooner runs inside the frame being measured."""
COVER_GRID = {"cols": 40, "rows": 40, "obstacles": 200, "seed": 8}
CPYTHON_OVERLAY_SYSTEMS = ("skirmish-d6", "classic-d20")
"""The systems whose big-map overlays (target and attacker) are timed in CPython against one single evaluation."""
WORKER_OVERLAYS = (("skirmish-d6", "target"), ("skirmish-d6", "attacker"), ("classic-d20", "target"))
"""The overlays timed in the browser's worker on the big map (``--only overlay``): system and moving piece."""
WORKER_OVERLAY_SPOTS = 8
"""Each is asked this many times, the piece that stays moved to another hex each time."""
WORKER_OVERLAY_ROUNDS = 3
"""The requests are sent this many times over in the one page: the first round is the measure (each request once,
right after the page loads); each request's best over the rounds is reported beside it, the engine warmed up."""
OVERLAY_LIMITS = {"ms": 150, "ratio": 150}
"""A whole overlay: at most this many ms in the worker, and at most this many single evaluations (worker and CPython)."""


@cache
def script(name: str) -> str:
    """A page script of ``page/`` (an init script or a function to evaluate), without its leading comment."""
    lines = (PAGE_SCRIPTS / name).read_text(encoding="utf-8").splitlines()
    while lines and lines[0].startswith("//"):
        lines.pop(0)
    return "\n".join(lines)


PHONE_PROFILES: dict[str, dict[str, float]] = {
    "phone-4g": {"down_bps": 9_000_000, "up_bps": 1_500_000, "rtt_ms": 150, "cpu": 4},
    "wifi-phone": {"down_bps": 50_000_000, "up_bps": 50_000_000, "rtt_ms": 20, "cpu": 4},
    "phone-4g-quota": {"down_bps": 9_000_000, "up_bps": 1_500_000, "rtt_ms": 150, "cpu": 1, "cores": 0.5},
}
"""The phone profiles: the link the bench's server shapes (down, round trip; up is not shaped) and the CPU's
slow-down: Chromium's (``cpu``, ``Emulation.setCPUThrottlingRate``, which reaches the page's main thread only, not
the engine's worker), or a CPU quota for all the browser's processes (``cores``, ``quota.py``: 0.5 is this 2-core
machine's two cores at a quarter each, as CPU 4x, for every thread, the worker's included)."""
PHONE_VIEWPORT = {"width": 412, "height": 915}
STORE_WAIT_S = 120
"""How long a phone run waits for the offline store to finish after the live answer."""
