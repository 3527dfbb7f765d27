"""The one error type of the public API, with structured, field-level details."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FieldError:
    """One problem with one input field."""

    field: str
    """Dotted path of the field (``"target.size"``); ``""`` for the whole scenario."""
    message: str
    """What is wrong, in plain words."""

    def to_dict(self) -> dict[str, str]:
        """The contract's JSON shape."""
        return {"field": self.field, "message": self.message}


class ScenarioError(ValueError):
    """A scenario that cannot be evaluated; ``errors`` lists every problem found."""

    def __init__(self, errors: list[dict[str, str]] | list[FieldError]):
        self.errors: list[dict[str, str]] = [
            e.to_dict() if isinstance(e, FieldError) else dict(e) for e in errors
        ]
        super().__init__("; ".join(f"{e['field'] or 'scenario'}: {e['message']}" for e in self.errors))
