"""The checkout the tests run in, and the project its MkDocs config names (as the plugin finds it)."""

from pathlib import Path

from rulebook.project import Project

ROOT = Path(__file__).resolve().parent.parent
"""The checkout: the tests' own folder's parent."""
PROJECT = Project.of_config(ROOT / "mkdocs.yml")
"""The project the site is built from."""
NODE_MODULES = PROJECT.node_modules
"""Its pinned npm packages: Pyodide, the decoder, the tools (and PyScript, for the bench's bare page)."""
