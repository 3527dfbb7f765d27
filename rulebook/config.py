"""The plugin's options, as set under ``plugins: - rulebook:`` in mkdocs.yml."""

from mkdocs.config import config_options as c
from mkdocs.config.base import Config


class RulebookConfig(Config):
    """Typed options of the rulebook plugin; each has a default, so ``- rulebook`` alone is a full build."""

    snapshot = c.Type(bool, default=True)
    """Take the engine's memory snapshot at build time (needs Node): pages restore it instead of starting
    Python. Off, or under ``mkdocs serve``, or without Node, pages start the vendored Pyodide as usual.
    mkdocs.yml sets it from ``RULEBOOK_SNAPSHOT`` (``RULEBOOK_SNAPSHOT=false mkdocs build``)."""

    trim_stdlib = c.Type(bool, default=True)
    """Ship only the standard library files the engine uses (needs Node; found by running the
    engine once) instead of Pyodide's whole python_stdlib.zip; the snapshot is taken with it. Never under
    ``mkdocs serve``. mkdocs.yml sets it from ``RULEBOOK_TRIM_STDLIB``."""

    snapshot_cache = c.Type(str, default="build/engine-snapshots")
    """Folder, relative to the project, that keeps snapshots and trimmed standard libraries by content key:
    Node only runs again when Pyodide, pycore or a recipe changed."""

    snapshot_keep = c.Type(int, default=4)
    """How many snapshots the cache keeps (the newest)."""


    precompress = c.Type(bool, default=True)
    """Write ``x.gz`` (and ``x.br`` when the brotli module is installed) beside every compressible built
    file, for hosts that serve precompressed copies. Never under ``mkdocs serve``."""

    precompress_cache = c.Type(str, default="build/precompressed")
    """Folder, relative to the project, that keeps the compressed copies by content."""
