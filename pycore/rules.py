"""Rule and ruling records: stable ids that are also anchors in the rulebook."""

from __future__ import annotations

import re
from collections.abc import Iterable
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
    """The value a scenario gives under ``"rulings"``."""
    label: str
    """Short label, fit for a form's select box."""
    detail: str = ""
    """What the choice means, for the rulebook."""


@dataclass(frozen=True)
class Ruling:
    """Where the source is silent or ambiguous: a named decision a table can switch."""

    id: str
    """Stable dotted id, also the HTML anchor on its rulebook page."""
    title: str
    """The question the ruling answers."""
    page: str
    """Site-relative rulebook page, ending in ``/``."""
    choices: tuple[Choice, ...]
    """The options a table can pick, in display order."""
    default: str
    """The value of the choice used when a scenario does not pick one."""
    why: str
    """Why the default was chosen, in one or two sentences."""
    in_form: bool = True
    """Whether the calculator's form offers it; False for a ruling only a link, a file or the command line switches
    (a shared link setting it away from its default is refused, never shown with the default)."""

    @property
    def ref(self) -> str:
        """Site-relative link to the ruling's anchor."""
        return f"{self.page}#{self.id}"

    @property
    def values(self) -> tuple[str, ...]:
        """The accepted choice values."""
        return tuple(c.value for c in self.choices)


_BOOK: dict[str, Rule | Ruling] = {}
"""Every rule and ruling of every system, by id, as each system's tables register them on import."""


def check_ids(items: Iterable[Rule | Ruling], seen: Iterable[str] = ()) -> None:
    """Fail loudly on a malformed id, or one repeated in ``items`` or already in ``seen``."""
    known = set(seen)
    for item in items:
        if not RULE_ID.match(item.id):
            raise ValueError(f"malformed rule id {item.id!r}")
        if item.id in known:
            raise ValueError(f"duplicate rule id {item.id!r}")
        known.add(item.id)


def register(rules: Iterable[Rule], rulings: Iterable[Ruling]) -> None:
    """Add a system's rules and rulings to the rulebook; a malformed or repeated id fails the import."""
    items: list[Rule | Ruling] = [*rules, *rulings]
    check_ids(items, _BOOK)
    _BOOK.update((item.id, item) for item in items)


def entry(rule_id: str) -> Rule | Ruling:
    """The rule or ruling with this id; KeyError for an unknown id."""
    return _BOOK[rule_id]


def ref(rule_id: str) -> str:
    """Site-relative link of a rule or ruling; KeyError for an unknown id."""
    return _BOOK[rule_id].ref
