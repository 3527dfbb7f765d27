"""The plugin's options, as set under ``plugins: - rulebook:`` in mkdocs.yml."""

from mkdocs.config import config_options as c
from mkdocs.config.base import Config


class RulebookConfig(Config):
    """Typed options of the rulebook plugin; each has a default, so ``- rulebook`` alone is a full build."""

    snapshot = c.Type(bool, default=True)
    """Take the engine's memory snapshot at build time (needs Node): pages restore it instead of starting
    Python. Off, or under ``mkdocs serve``, or without Node, pages start the vendored Pyodide as usual.
    mkdocs.yml sets it from ``RULEBOOK_SNAPSHOT`` (``RULEBOOK_SNAPSHOT=false mkdocs build``)."""

    snapshot_cache = c.Type(str, default="build/engine-snapshots")
    """Folder, relative to the project, that keeps snapshots by content key: Node only runs again when
    Pyodide, PyScript, pycore or the snapshot's recipe changed."""

    snapshot_keep = c.Type(int, default=4)
    """How many snapshots the cache keeps (the newest)."""


    precompress = c.Type(bool, default=True)
    """Write ``x.gz`` (and ``x.br`` when the brotli module is installed) beside every compressible built
    file, for hosts that serve precompressed copies. Never under ``mkdocs serve``."""

    precompress_cache = c.Type(str, default="build/precompressed")
    """Folder, relative to the project, that keeps the compressed copies by content."""
