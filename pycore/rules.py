"""Rule and ruling records: stable ids that are also anchors in the rulebook."""

from __future__ import annotations

import re
from dataclasses import dataclass

RULE_ID = re.compile(r"^[a-z0-9]+(\.[a-z0-9-]+)+$")
"""Lowercase, dotted; never renumbered."""


@dataclass(frozen=True)
class Rule:
    """One rule of a system, anchored in the rulebook by its id."""

    id: str
    """Stable dotted id, also the HTML anchor on its rulebook page."""
    title: str
    """Short heading-style title."""
    page: str
    """Site-relative rulebook page, ending in ``/``."""

    @property
    def ref(self) -> str:
        """Site-relative link to the rule's anchor."""
        return f"{self.page}#{self.id}"


@dataclass(frozen=True)
class Choice:
    """One option of a ruling."""

    value: str
    label: str
    """Short label, fit for a form's select box."""
    detail: str = ""
    """What the choice means, for the rulebook."""


@dataclass(frozen=True)
class Ruling:
    """Where the source is silent or ambiguous: a named decision a table can switch."""

    id: str
    title: str
    page: str
    choices: tuple[Choice, ...]
    default: str
    why: str
    """Why the default was chosen, in one or two sentences."""

    @property
    def ref(self) -> str:
        """Site-relative link to the ruling's anchor."""
        return f"{self.page}#{self.id}"

    @property
    def values(self) -> tuple[str, ...]:
        """The accepted choice values."""
        return tuple(c.value for c in self.choices)


def check_ids(items: list[Rule] | list[Ruling]) -> None:
    """Fail loudly on a malformed or repeated id (run at import time)."""
    seen: set[str] = set()
    for item in items:
        if not RULE_ID.match(item.id):
            raise ValueError(f"malformed rule id {item.id!r}")
        if item.id in seen:
            raise ValueError(f"duplicate rule id {item.id!r}")
        seen.add(item.id)
