"""The ``quickref`` shortcode: a system's every modifier on one sheet, from the engine's tables and answers.

A system's sections are its ``rulebook/systems/<module>.py``'s ``sections``; every rule they do not show is listed
by title, so none is left out."""

from __future__ import annotations

from typing import Any

from rulebook.core import RULES, RULINGS, SYSTEMS, ref
from rulebook.shortcodes.context import Context
from rulebook.systems import SITE


def rulings_section(system: Any) -> dict[str, Any]:
    """The system's rulings with their defaults and other choices."""
    return {
        "title": "Rulings (defaults)", "head": ["Question", "Default", "Other choices"],
        "rows": [{"label": r.title, "rule": r.id,
                  "cells": [next(c.label for c in r.choices if c.value == r.default),
                            ", ".join(c.label for c in r.choices if c.value != r.default)]}
                 for r in system.rulings],
    }


def linked_rules(sections: list[dict[str, Any]]) -> set[str]:
    """Every rule or ruling id the sections link to."""
    linked = {s.get("rule") for s in sections} | {s.get("note_rule") for s in sections}
    linked |= {row.get("rule") for s in sections for row in s.get("rows", ())}
    linked |= {rid for s in sections for rid in s.get("see", ())}
    return {rid for rid in linked if rid}


def render(context: Context, words: list[str], options: dict[str, str]) -> str:
    """The sheet: the system's sections, its rulings, then by title every rule the tables do not cover."""
    if len(words) != 1 or words[0] not in SYSTEMS or options:
        raise context.error(f"quickref needs one system id, got {words}")
    system = SYSTEMS[words[0]]
    base = context.base
    sections = SITE[system.id].quickref(context)
    sections.append(rulings_section(system))
    linked = linked_rules(sections)
    unknown = sorted(rid for rid in linked if rid not in RULES and rid not in RULINGS)
    if unknown:
        raise context.error(f"quick reference of {system.id} names unknown rules {unknown}")
    rest = [r.id for r in system.rules if r.id not in linked]
    if rest:
        sections.append({"title": "More rules", "see": rest})
    return context.render("partials/quickref.html", system=system, sections=sections,
                          rule_ref=lambda rid: base + ref(rid),
                          rule_title=lambda rid: (RULES.get(rid) or RULINGS[rid]).title,
                          calculator=base + system.calculator)
