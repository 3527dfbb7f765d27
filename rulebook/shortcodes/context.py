"""What every shortcode renders with: its page, our partial templates, and the helpers they share."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2
from mkdocs.exceptions import PluginError
from mkdocs.structure.pages import Page

from rulebook.core import ScenarioError, evaluate


def partials(folder: Path) -> jinja2.Environment:
    """Our own partials with autoescaping on (the theme's environment has it off): every string, JSON
    in attributes included, is escaped unless it is ``Markup`` we built ourselves."""
    return jinja2.Environment(loader=jinja2.FileSystemLoader(folder), autoescape=True, keep_trailing_newline=True)


@dataclass(frozen=True)
class Context:
    """One shortcode's surroundings."""

    page: Page
    """The page being built: its URL, its source path for messages, its meta for the theme."""
    templates: jinja2.Environment
    """Our partials (``partials/*.html``), autoescaped."""

    @property
    def base(self) -> str:
        """Relative path from the page to the site root (``"../../"``)."""
        return "../" * self.page.url.count("/")

    def render(self, name: str, **context: Any) -> str:
        """One of our partials, filled."""
        return self.templates.get_template(name).render(**context)

    def error(self, message: str) -> PluginError:
        """A build failure that names the page."""
        return PluginError(f"{self.page.file.src_uri}: {message}")

    def count(self, key: str) -> int:
        """Number this page's ``key`` items (calculators, diagrams) from 1, in page order."""
        number: int = self.page.meta.get(key, 0) + 1
        self.page.meta[key] = number
        return number

    def scenario(self, shortcode: str, system: str, text: str) -> tuple[dict[str, Any], dict[str, Any]]:
        """A scenario written in the page (JSON without its system) and the engine's result; a bad one fails the build."""
        try:
            scenario = {"system": system, **json.loads(text)}
        except (ValueError, TypeError) as exc:  # not JSON, or not an object
            raise self.error(f"{shortcode} scenario is not a JSON object: {exc}") from None
        try:
            return scenario, evaluate(scenario)
        except ScenarioError as exc:
            raise self.error(f"{shortcode} scenario is invalid: {exc}") from None
