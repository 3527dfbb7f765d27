"""A CPU quota for the whole browser: every process and thread of it (the page's engine worker too), which
Chromium's own CPU slow-down (``Emulation.setCPUThrottlingRate``, the page's main thread only) does not reach.

The quota is a cgroup's: cgroup v2's ``cpu.max`` where the unified hierarchy has the cpu controller, else cgroup
v1's ``cpu.cfs_quota_us`` (both need root). Chromium is started through ``in_cgroup.sh``, which joins the cgroup
and then becomes Chromium, so that each process Chromium starts is in it from its first instruction.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterator
from pathlib import Path

CGROUPS = Path("/sys/fs/cgroup")
WRAPPER = Path(__file__).with_name("in_cgroup.sh")
PERIOD_US = 10_000
"""The quota's period: short, so that the browser is slowed evenly rather than stopped for long stretches."""


class QuotaUnavailable(RuntimeError):
    """No cgroup with a cpu controller can be made here (not root, or no such controller)."""


def _v2_parent() -> Path | None:
    """Where a cgroup v2 with the cpu controller can be made, if anywhere."""
    for root in (CGROUPS, CGROUPS / "unified"):
        controllers = root / "cgroup.controllers"
        if controllers.exists() and "cpu" in controllers.read_text().split():
            return root
    return None


def _make(name: str, cores: float) -> tuple[Path, str]:
    """A new cgroup allowed ``cores`` CPUs' worth of time; its folder and what the quota is, in words."""
    quota = max(1000, round(cores * PERIOD_US))
    parent = _v2_parent()
    try:
        if parent is not None:
            subtree = parent / "cgroup.subtree_control"
            if "cpu" not in subtree.read_text().split():
                subtree.write_text("+cpu")
            folder = parent / name
            folder.mkdir(exist_ok=True)
            (folder / "cpu.max").write_text(f"{quota} {PERIOD_US}")
            return folder, f"cgroup v2 cpu.max {quota} {PERIOD_US}"
        v1 = CGROUPS / "cpu"
        if not (v1 / "cpu.cfs_quota_us").exists():
            raise QuotaUnavailable("no cgroup cpu controller under /sys/fs/cgroup")
        folder = v1 / name
        folder.mkdir(exist_ok=True)
        (folder / "cpu.cfs_period_us").write_text(str(PERIOD_US))
        (folder / "cpu.cfs_quota_us").write_text(str(quota))
        return folder, f"cgroup v1 cpu.cfs_quota_us {quota} per {PERIOD_US} us"
    except OSError as error:
        raise QuotaUnavailable(f"cannot make a CPU quota cgroup ({error}): the quota profile needs root") from error


def _remove(folder: Path) -> None:
    """Remove the cgroup once its processes (the closed browser's) have exited; give up quietly after 10 s."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            folder.rmdir()
            return
        except OSError:
            time.sleep(0.2)


@contextlib.contextmanager
def cpu_quota(cores: float, chromium: str) -> Iterator[dict[str, object]]:
    """Launch options for Chromium under a quota of ``cores`` CPUs for all its processes while the block runs, the
    quota in words and the cgroup's ``cpu.stat`` (how often it was held back); raises QuotaUnavailable where no
    quota can be made."""
    folder, said = _make(f"rulebook-bench-{os.getpid()}", cores)
    try:
        env = {**os.environ, "BENCH_CGROUP_PROCS": str(folder / "cgroup.procs"), "BENCH_CHROMIUM": chromium}
        yield {"executable_path": str(WRAPPER), "env": env, "quota": said, "stat": folder / "cpu.stat"}
    finally:
        _remove(folder)
