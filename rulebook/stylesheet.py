"""The site's own stylesheets as one file: every page links one stylesheet of ours instead of nine.

On a phone's network each stylesheet is a request the first paint waits for, and a host speaking
HTTP/1.1 opens six connections at most: nine small files are two or three round trips where one is one.
The sources stay apart in ``site/assets/styles`` (each named for what it styles) and are not shipped; the
build joins them in ``extra_css`` order into ``assets/styles/site-<hash>.css`` (named by content, so a page
never gets a stale one from a cache). They sit in one folder, so relative URLs inside keep meaning.
"""

from __future__ import annotations

import hashlib
import posixpath
from dataclasses import dataclass
from pathlib import Path

from mkdocs.exceptions import PluginError

FOLDER = "assets/styles"
"""Where the sources are in docs_dir, and where the joined file goes."""


@dataclass(frozen=True)
class Stylesheet:
    """The joined stylesheet and what it is made of."""

    path: str
    """Its site path."""
    data: bytes
    """Its bytes."""
    sources: tuple[str, ...]
    """The docs_dir paths it joins, in order."""


def join(docs_dir: Path, sources: list[str]) -> Stylesheet:
    """The sources (docs_dir paths, all in FOLDER) joined in order, each after a comment naming it."""
    parts = []
    for source in sources:
        if posixpath.dirname(source) != FOLDER:
            raise PluginError(f"extra_css: {source} is not in {FOLDER}/ (relative URLs inside would change meaning)")
        path = docs_dir / source
        if not path.is_file():
            raise PluginError(f"extra_css: {source} is not in {docs_dir}")
        parts.append(f"/* {posixpath.basename(source)} */\n{path.read_text(encoding='utf-8').rstrip()}\n")
    data = "\n".join(parts).encode()
    return Stylesheet(f"{FOLDER}/site-{hashlib.sha256(data).hexdigest()[:12]}.css", data, tuple(sources))


def write_stylesheet(site_dir: Path, sheet: Stylesheet) -> None:
    """The joined stylesheet; those of earlier builds in the same folder go."""
    for old in (site_dir / FOLDER).glob("site-*.css"):
        if old.relative_to(site_dir).as_posix() != sheet.path:
            old.unlink()
    (site_dir / sheet.path).parent.mkdir(parents=True, exist_ok=True)
    (site_dir / sheet.path).write_bytes(sheet.data)
