"""Rules core: scenario dict in, exact result dict out. Standard library only."""

from __future__ import annotations

from typing import Any

from .errors import ScenarioError
from .rules import Rule, Ruling
from .systems import RULES, RULINGS, SYSTEMS, System, find_system, ref

__all__ = ["RULES", "RULINGS", "SYSTEMS", "Rule", "Ruling", "ScenarioError", "System", "evaluate", "ref"]


def evaluate(scenario: dict[str, Any]) -> dict[str, Any]:
    """Validate ``scenario`` strictly and evaluate it; raise ScenarioError naming each bad field."""
    system = find_system(scenario)
    result = system.answer(scenario)
    return {
        "system": system.id,
        **result,
        "rules": [{"id": rid, "ref": ref(rid)} for rid in result["rules"]],
    }
