"""The ``example`` shortcode: a worked example, the engine's answer to a scenario written in the page."""

from __future__ import annotations

import json
from html import escape

from markupsafe import Markup

from rulebook.core import SYSTEMS, result_html
from rulebook.shortcodes.context import Context


def render(context: Context, words: list[str], options: dict[str, str]) -> str:
    """The answer, computed at build time, above the scenario it answers (``{{ example <system> scenario={...} }}``)."""
    if len(words) != 1 or words[0] not in SYSTEMS or set(options) != {"scenario"}:
        raise context.error(f"example needs one system id and scenario={{...}}, got {words} {sorted(options)}")
    scenario, result = context.scenario("example", words[0], options["scenario"])
    return context.render("partials/example.html", system=words[0], result=Markup(result_html(result, context.base)),
                          scenario=Markup(escape(json.dumps(scenario, ensure_ascii=False), quote=False)))
