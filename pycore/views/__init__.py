"""Presentation of results, one module per system: a headline and a list of (term, value) facts."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable

from ..board import BoardSpec
from ..dice import percent
from ..svg import Board
from . import classic_d20, enchanted_realms, skirmish_d6

Facts = list[tuple[str, str]]


@dataclass(frozen=True)
class View:
    """How one system's result is put into words."""

    headline: Callable[[dict[str, Any]], str]
    """The one-line answer (``Hits on 5+``)."""
    facts: Callable[[dict[str, Any]], Facts]
    """Term/value rows under the headline."""
    blocks: Callable[[dict[str, Any], str], list[ET.Element]] = lambda result, base: []
    """Extra elements after the facts (diagrams, distributions); ``base`` prefixes site links."""
    board: Callable[[dict[str, Any], dict[str, Any] | None], Board | None] | None = None
    """The hex board for a scenario (drawn even when it does not validate) and, if any, its result."""
    board_spec: BoardSpec | None = None
    """What the interactive board edits; None: no board in the calculator."""


def percent_of(result: dict[str, Any]) -> str:
    """The hit chance as a percentage, from the exact fraction."""
    return percent(Fraction(result["hit_chance_exact"]))


VIEWS: dict[str, View] = {
    "enchanted-realms": View(enchanted_realms.headline, enchanted_realms.facts, enchanted_realms.blocks,
                             enchanted_realms.board, enchanted_realms.BOARD),
    "classic-d20": View(classic_d20.headline, classic_d20.facts, classic_d20.blocks),
    "skirmish-d6": View(skirmish_d6.headline, skirmish_d6.facts, skirmish_d6.blocks, skirmish_d6.board, skirmish_d6.BOARD),
}
