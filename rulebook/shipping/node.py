"""Running one of the build's Node programs on a job file, and saying why it failed when it does."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

TIMEOUT = 300
"""Seconds a Node job may take (a snapshot takes about 10 on this machine's two cores)."""


def node_failure(stderr: str) -> str:
    """Why a Node program running Pyodide failed, from what it printed: Python's traceback when Pyodide raised one (Node
    prints a line of minified source first), else the last 500 characters."""
    at = stderr.rfind("Traceback (most recent call last)")
    if at < 0:
        return stderr.strip()[-500:]
    return stderr[at:].split("\n    at ", 1)[0].strip()


def has_node() -> bool:
    """Whether Node is on the PATH."""
    return shutil.which("node") is not None


def run_job(program: Path, folder: Path, job: dict[str, Any], out: Path) -> str | None:
    """Run ``program`` under Node on ``job`` (written to ``folder/job.json``), expecting it to write ``out``: None when it
    did, else why not, in words for the build's log."""
    node = shutil.which("node")
    if not node:
        return "no node"
    (folder / "job.json").write_text(json.dumps(job), encoding="utf-8")
    try:
        proc = subprocess.run([node, str(program), str(folder / "job.json")], cwd=folder, capture_output=True,
                              text=True, timeout=TIMEOUT, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return str(exc)
    if proc.returncode or not out.exists():
        return f"node exited {proc.returncode}: {node_failure(proc.stderr)}"
    return None
