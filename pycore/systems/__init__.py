"""The system registry: every game system, found by its contract id, and ``evaluate``."""

from __future__ import annotations

from typing import Any

from ..errors import FieldError, ScenarioError
from ..rules import Rule, Ruling, ref, register
from ..system import System
from . import classic_d20, enchanted_realms, skirmish_d6

SYSTEMS: dict[str, System] = {s.id: s for s in (enchanted_realms.DEFINITION, classic_d20.DEFINITION,
                                                 skirmish_d6.DEFINITION)}
"""Every system, in the order the site lists them: the one registry (each system's other pieces are found from its
definition, ``System.module``)."""
for _system in SYSTEMS.values():
    register(_system.rules, _system.rulings)
RULES: dict[str, Rule] = {r.id: r for s in SYSTEMS.values() for r in s.rules}
RULINGS: dict[str, Ruling] = {r.id: r for s in SYSTEMS.values() for r in s.rulings}

__all__ = ["RULES", "RULINGS", "SYSTEMS", "System", "evaluate", "find_system", "ref"]


def find_system(data: Any) -> System:
    """The system a scenario names; ScenarioError on field ``system`` otherwise."""
    if not isinstance(data, dict):
        raise ScenarioError([FieldError("", "a scenario must be a JSON object")])
    name = data.get("system")
    known = ", ".join(f'"{k}"' for k in SYSTEMS)
    if "system" not in data:
        raise ScenarioError([FieldError("system", f"is required: one of {known}")])
    if not isinstance(name, str) or name not in SYSTEMS:
        raise ScenarioError([FieldError("system", f"unknown system {name!r}: must be one of {known}")])
    return SYSTEMS[name]


def evaluate(scenario: dict[str, Any]) -> dict[str, Any]:
    """Validate ``scenario`` strictly and evaluate it; raise ScenarioError naming each bad field."""
    system = find_system(scenario)
    result = system.answer(scenario)
    return {
        "system": system.id,
        **result,
        "rules": [{"id": rid, "ref": ref(rid)} for rid in result["rules"]],
    }
