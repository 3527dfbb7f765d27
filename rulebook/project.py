"""Where the build's inputs are: the project (the folder of its MkDocs config), the installed pycore, and this package.

Nothing here depends on where the plugin's source sits: the plugin may be installed as a package, and each build reads
the project its MkDocs config names and the pycore its interpreter imports."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pycore

PACKAGE = Path(__file__).resolve().parent
"""This package: its icons (``icons/``) and the engine's programs (``shipping/programs/``), installed as package data."""
PROGRAMS = PACKAGE / "shipping" / "programs"
"""The programs the build runs under Node or Pyodide, and the loader's template."""
PYCORE = Path(pycore.__file__).resolve().parent
"""The rules core the build runs (the one this interpreter imports), zipped for the browser from its sources."""


@dataclass(frozen=True)
class Project:
    """One project's folders: everything relative to its MkDocs config."""

    root: Path
    """The folder holding the MkDocs config."""

    @classmethod
    def of_config(cls, config_file: str | Path) -> Project:
        """The project whose MkDocs config is ``config_file``."""
        return cls(Path(config_file).resolve().parent)

    @property
    def node_modules(self) -> Path:
        """The project's pinned npm packages, Pyodide among them (``npm ci`` beside its config)."""
        return self.root / "node_modules"

    @property
    def templates(self) -> Path:
        """Our partials when the theme names no ``custom_dir``: the project's ``templates/``."""
        return self.root / "templates"

    def foreign_pycore(self) -> Path | None:
        """The project's own ``pycore/`` when this interpreter imports another one (a virtual environment shared
        between checkouts), else None: the build would render and ship an engine that is not the project's."""
        own = self.root / "pycore"
        return own if (own / "__init__.py").is_file() and own.resolve() != PYCORE else None

    def path(self, setting: str | Path) -> Path:
        """A path from the plugin's options (a cache folder): relative to the project, or absolute as given."""
        return self.root / setting
