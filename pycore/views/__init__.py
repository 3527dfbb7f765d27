"""Presentation of results, one module per system: a headline, (term, value) facts, blocks and a board.

Each system's definition holds its view (``System.view``).
"""

from __future__ import annotations

from .view import Facts, View

__all__ = ["Facts", "View"]
