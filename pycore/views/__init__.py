"""Presentation of results, one module per system: a headline, (term, value) facts, blocks and a board.

Each system's definition holds its view (``System.view``); ``VIEWS`` looks them up by system id.
"""

from __future__ import annotations

from typing import Any

from .common import percent_of
from .view import Facts, View

__all__ = ["VIEWS", "Facts", "View", "percent_of"]


def __getattr__(name: str) -> Any:
    """``VIEWS``: system id -> view, read from the registry when first asked (the systems import their views)."""
    if name == "VIEWS":
        from ..systems import SYSTEMS

        views = {s.id: s.view for s in SYSTEMS.values()}
        globals()["VIEWS"] = views
        return views
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
