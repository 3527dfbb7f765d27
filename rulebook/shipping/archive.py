"""The engine's archive: pycore's sources zipped deterministically, named by content, made once per build."""

from __future__ import annotations

import hashlib
import io
import zipfile
from dataclasses import dataclass
from pathlib import Path

FOLDER = "assets"
"""Where the archive goes in the site."""
DATE = (2020, 1, 1, 0, 0, 0)
"""Every member's timestamp: the same sources give the same bytes."""


@dataclass(frozen=True)
class Archive:
    """pycore as the browser loads it."""

    name: str
    """File name, ``pycore-<hash>.zip``: browsers never run stale code."""
    data: bytes
    """The zip's bytes."""


def pycore_archive(package: Path) -> Archive:
    """Zip every ``.py`` of ``package`` under its own name, in sorted order with fixed timestamps."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in sorted(package.rglob("*.py")):
            info = zipfile.ZipInfo(path.relative_to(package.parent).as_posix(), date_time=DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, path.read_bytes())
    data = buffer.getvalue()
    return Archive(f"pycore-{hashlib.sha256(data).hexdigest()[:12]}.zip", data)


def write_archive(site_dir: Path, archive: Archive) -> None:
    """Write the archive; those of earlier builds in the same folder go."""
    folder = site_dir / FOLDER
    for old in folder.glob("pycore-*.zip"):
        if old.name != archive.name:
            old.unlink()
    (folder / archive.name).write_bytes(archive.data)
