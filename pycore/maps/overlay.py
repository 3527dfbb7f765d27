"""Overlays: for each hex where a piece could stand, what ``evaluate`` answers with that piece moved there."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..geometry.hexgrid import Hex
from ..progress import counted

OVERLAY_CHOICES = (
    ("none", "No overlay"),
    ("target", "Where the target could stand"),
    ("attacker", "Where the attacker could stand"),
)
"""The contract's overlay values; ``none`` (the default) asks for no overlay."""

ENTRY_KEYS = ("targetable", "hit_chance", "hit_chance_exact")
"""What every entry copies from the answer with the piece moved, beside its hex and the system's cover key."""


def standing_hexes(cells: Iterable[Hex], taken: Iterable[Hex], limit: int) -> list[Hex]:
    """The drawn board's hexes a piece could stand on: not ``taken`` by anything else, each coordinate within
    ``-limit..limit`` (the inputs' range)."""
    blocked = set(taken)
    return [h for h in cells if h not in blocked and -limit <= h.q <= limit and -limit <= h.r <= limit]


def entry(h: Hex, result: dict[str, Any], extra: tuple[str, ...]) -> dict[str, Any]:
    """One overlay entry: the hex, then ``ENTRY_KEYS`` and the system's ``extra`` keys from ``result``."""
    return {"hex": list(h.qr), **entry_values(result, extra)}


def entry_values(result: dict[str, Any], extra: tuple[str, ...]) -> dict[str, Any]:
    """What an entry copies from ``result`` (``entry`` without the hex), for hexes that share one answer."""
    return {**{k: result[k] for k in ENTRY_KEYS}, **{k: result[k] for k in extra}}


def each_hex(hexes: Iterable[Hex], answer: Callable[[Hex], dict[str, Any]], extra: tuple[str, ...]) -> list[dict[str, Any]]:
    """The plain overlay: one full evaluation (``answer``) per hex, each made into an entry (each one a step of
    the work's progress)."""
    return [entry(h, answer(h), extra) for h in counted(hexes)]


def overlay_result(moving: str, entries: list[dict[str, Any]]) -> dict[str, Any]:
    """The contract's ``overlay`` result key."""
    return {"moving": moving, "hexes": entries}


def each_square(squares: Iterable[tuple[int, int]], answer: Callable[[tuple[int, int]], dict[str, Any]],
                extra: tuple[str, ...]) -> list[dict[str, Any]]:
    """The overlay on a square map: one full evaluation (``answer``) per square, each made into an entry naming its
    ``square`` (each one a step of the work's progress)."""
    return [{"square": list(s), **entry_values(answer(s), extra)} for s in counted(squares)]


def square_overlay_result(moving: str, entries: list[dict[str, Any]]) -> dict[str, Any]:
    """The contract's ``overlay`` result key on a square map."""
    return {"moving": moving, "squares": entries}
