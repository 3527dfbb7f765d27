"""Presentation of results, one module per system: a headline, (term, value) facts, blocks and a board.

A system's view is found beside its definition, by its name: ``pycore/views/<System.module>.py`` holds ``VIEW``."""

from __future__ import annotations

from ..system import System, part_of
from ..systems import SYSTEMS
from .view import Answer, Facts, View

__all__ = ["VIEWS", "Answer", "Facts", "View", "view_module"]


def view_module(system: System) -> str:
    """The module holding ``system``'s view."""
    return f"{__name__}.{system.module}"


def _view(system: System) -> View:
    """``system``'s ``VIEW``; a registered system without its view module fails naming the file it needs."""
    view: View = part_of(system, __name__, "pycore/views", "VIEW").VIEW
    return view


VIEWS: dict[str, View] = {s.id: _view(s) for s in SYSTEMS.values()}
"""System id -> how its results are put into words and its board drawn."""
