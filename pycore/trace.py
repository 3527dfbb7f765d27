"""What an evaluation records on its way: the rules that shaped the result, the rulings it depended on, notes."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Trace:
    """Rules, rulings and notes, each kept once and in the order first met."""

    rules: list[str] = field(default_factory=list)
    """Ids of the rules that shaped the result."""
    used: list[str] = field(default_factory=list)
    """Ids of the rulings the result depended on."""
    notes: list[str] = field(default_factory=list)
    """Plain-language effects that are not numbers."""

    def rule(self, *ids: str) -> None:
        """Record rules that shaped the result (once each, in order)."""
        for rid in ids:
            if rid not in self.rules:
                self.rules.append(rid)

    def ruling(self, *ids: str) -> None:
        """Record rulings the result depended on (once each, in order)."""
        for rid in ids:
            if rid not in self.used:
                self.used.append(rid)

    def note(self, text: str, *ids: str) -> None:
        """A plain-language effect, with the rules it comes from."""
        self.rule(*ids)
        if text not in self.notes:
            self.notes.append(text)

    def result(self) -> dict[str, list[str]]:
        """The contract's ``rules``, ``notes`` and ``rulings_used`` keys."""
        return {"rules": self.rules, "notes": self.notes, "rulings_used": self.used}
