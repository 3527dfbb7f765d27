"""The system registry: every game system, built or coming, found by its contract id."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ..errors import FieldError, ScenarioError
from ..rules import Rule, Ruling, check_ids
from ..schema import Inputs
from . import classic_d20, enchanted_realms, skirmish_d6


@dataclass(frozen=True)
class System:
    """One game system: its inputs, rules and rulings, and its evaluator."""

    id: str
    """Contract id, also the calculator URL segment."""
    title: str
    rules: tuple[Rule, ...] = ()
    rulings: tuple[Ruling, ...] = ()
    inputs: Inputs | None = None
    evaluate: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    """None while the system is still coming."""

    @property
    def calculator(self) -> str:
        """Site-relative path of the system's calculator page."""
        return f"calculator/{self.id}/"


SYSTEMS: dict[str, System] = {
    s.id: s
    for s in (
        System(
            enchanted_realms.SYSTEM,
            enchanted_realms.TITLE,
            enchanted_realms.RULES,
            enchanted_realms.RULINGS,
            enchanted_realms.INPUTS,
            enchanted_realms.evaluate,
        ),
        System(
            classic_d20.SYSTEM,
            classic_d20.TITLE,
            classic_d20.RULES,
            classic_d20.RULINGS,
            classic_d20.INPUTS,
            classic_d20.evaluate,
        ),
        System(
            skirmish_d6.SYSTEM,
            skirmish_d6.TITLE,
            skirmish_d6.RULES,
            skirmish_d6.RULINGS,
            skirmish_d6.INPUTS,
            skirmish_d6.evaluate,
        ),
    )
}

RULES: dict[str, Rule] = {r.id: r for s in SYSTEMS.values() for r in s.rules}
RULINGS: dict[str, Ruling] = {r.id: r for s in SYSTEMS.values() for r in s.rulings}
check_ids([*RULES.values(), *RULINGS.values()])


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


def ref(rule_id: str) -> str:
    """Site-relative link of a rule or ruling; KeyError for an unknown id."""
    if rule_id in RULES:
        return RULES[rule_id].ref
    return RULINGS[rule_id].ref
