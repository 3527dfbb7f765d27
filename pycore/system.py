"""The shape every game system fills: its rules, rulings and inputs, its checks and its evaluator (its view is beside it,
in ``pycore.views``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from types import ModuleType
from typing import Any

from .errors import FieldError, ScenarioError
from .rules import Rule, Ruling
from .schema import Inputs


@dataclass(frozen=True)
class System:
    """One game system, found in the registry by its contract id."""

    id: str
    """Contract id, also the calculator URL segment."""
    title: str
    """Name shown to players."""
    rules: tuple[Rule, ...]
    """Every rule of the system, in rulebook order."""
    rulings: tuple[Ruling, ...]
    """Every ruling a table can switch."""
    inputs: Inputs
    """The declared inputs: validation, forms and documentation."""
    check: Callable[[dict[str, Any]], list[FieldError]]
    """Cross-field checks on a validated scenario that the inputs alone cannot make."""
    evaluate: Callable[[dict[str, Any]], dict[str, Any]]
    """A checked scenario -> the result dict, with rule ids in ``rules``."""

    @property
    def module(self) -> str:
        """The name of its modules: its package ``pycore/systems/<module>/``, its view ``pycore/views/<module>.py`` and
        its site module ``rulebook/systems/<module>.py`` (the id with ``_`` for ``-``)."""
        return self.id.replace("-", "_")

    @property
    def calculator(self) -> str:
        """Site-relative path of the system's calculator page."""
        return f"calculator/{self.id}/"

    def answer(self, scenario: dict[str, Any]) -> dict[str, Any]:
        """Validate, check and evaluate ``scenario``; ScenarioError names each bad field."""
        clean = self.inputs.validate(scenario)
        errors = self.check(clean)
        if errors:
            raise ScenarioError(errors)
        return self.evaluate(clean)


def part_of(system: System, package: str, folder: str, needs: str) -> ModuleType:
    """``system``'s module in ``package`` (named like its own package: ``<package>.<System.module>``); a registered
    system without it fails naming the file it needs (``<folder>/<module>.py``, which must define ``needs``)."""
    name = f"{package}.{system.module}"
    try:
        return import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name != name:
            raise
        raise ModuleNotFoundError(f"{system.id} is registered but has no {folder}/{system.module}.py: it must define "
                                  f"{needs}", name=missing.name) from missing
