"""Where the project's inputs are: the repository holding this package, its node_modules and pycore."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
"""The repository: the plugin runs from its editable install (``make setup``)."""
NODE_MODULES = ROOT / "node_modules"
"""The pinned PyScript and Pyodide (``npm ci``)."""
PYCORE = ROOT / "pycore"
"""The rules core's sources, zipped for the browser."""
PACKAGE = Path(__file__).resolve().parent
"""This package: its program files (``programs/``) and icons (``icons/``)."""
