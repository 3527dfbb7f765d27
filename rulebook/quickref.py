"""The ``quickref`` shortcode: a system's every modifier on one sheet, from the engine's tables and answers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulebook import quickref_d6, quickref_d20, quickref_er
from rulebook.context import Context
from rulebook.core import RULES, RULINGS, SYSTEMS, ref

QUICKREFS: dict[str, Callable[[Context], list[dict[str, Any]]]] = {
    "skirmish-d6": quickref_d6.sections,
    "classic-d20": quickref_d20.sections,
    "enchanted-realms": quickref_er.sections,
}
"""System id -> the sections of its quick reference. A new system is one page ``site/reference/<system>.md``
holding ``{{ quickref <system> }}`` and one line here; without the line its sheet still lists every rule
and ruling."""


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
    sections = QUICKREFS[system.id](context) if system.id in QUICKREFS else []
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
