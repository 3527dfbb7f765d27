"""Frontier d10's pieces of the site: its home card and its quick reference."""

from __future__ import annotations

from typing import Any

from pycore.systems.frontier_d10.tables import COVER, COVER_RULE, ROLL
from rulebook.shortcodes.context import Context
from rulebook.showcase import Showcase

SHOWCASE = Showcase("Roll a d10 at or under your skill, less for cover.",
                    {"attacker": {"skill": 6}, "target": {"cover": "light"}})


def sections(context: Context) -> list[dict[str, Any]]:
    """The cover table, and the roll by title."""
    return [{"title": "Cover", "rule": COVER_RULE, "head": ["Cover", "Skill"],
             "rows": [{"label": name.capitalize(), "cells": [str(change) if change else "0"]}
                      for name, change in COVER.items()],
             "see": [ROLL]}]
