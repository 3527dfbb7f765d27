"""Rules core: scenario dict in, exact result dict out. Standard library only.

The registry's names (``evaluate``, ``SYSTEMS`` ...) are loaded with the first one asked for, so importing one module
of the core (``pycore.geometry.hexgrid``) loads no system."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .errors import ScenarioError
from .rules import Rule, Ruling

if TYPE_CHECKING:
    from .systems import RULES, RULINGS, SYSTEMS, System, evaluate, find_system, ref

__all__ = ["RULES", "RULINGS", "SYSTEMS", "Rule", "Ruling", "ScenarioError", "System", "evaluate", "find_system", "ref"]

_REGISTRY = frozenset({"RULES", "RULINGS", "SYSTEMS", "System", "evaluate", "find_system", "ref"})
"""The names ``pycore.systems`` provides."""


def __getattr__(name: str) -> Any:
    """A registry name, from ``pycore.systems`` (loaded the first time one is asked for)."""
    if name in _REGISTRY:
        return getattr(import_module(".systems", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
