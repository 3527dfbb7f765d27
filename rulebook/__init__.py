"""The rulebook's MkDocs plugin: shortcodes rendered from pycore, the runtime and engine shipped, the site checked."""

from rulebook.plugin import RulebookPlugin

__all__ = ["RulebookPlugin"]
