"""The shape of a system's view: how its result is put into words and its board drawn."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .board_spec import BoardSpec
from .drawing import Board
from .overlay import OverlayWords

Facts = list[tuple[str, str]]
"""Term/value rows of a result panel."""
Answer = Callable[[dict[str, Any]], dict[str, Any] | None]
"""The engine's result for a scenario, None when it does not validate: handed to a view by its caller."""


def no_blocks(result: dict[str, Any], base: str) -> list[ET.Element]:
    """A view without extra elements after its facts."""
    return []


@dataclass(frozen=True)
class View:
    """How one system's result is put into words."""

    headline: Callable[[dict[str, Any]], str]
    """The one-line answer (``Hits on 5+``)."""
    facts: Callable[[dict[str, Any]], Facts]
    """Term/value rows under the headline."""
    blocks: Callable[[dict[str, Any], str], list[ET.Element]] = no_blocks
    """Extra elements after the facts (diagrams, distributions); ``base`` prefixes site links."""
    board: Callable[[dict[str, Any], dict[str, Any] | None], Board | None] | None = None
    """The hex board for a scenario (drawn even when it does not validate) and, if any, its result."""
    board_spec: BoardSpec | None = None
    """What the interactive board edits; None: no board in the calculator."""
    overlay: OverlayWords | None = None
    """How the system's overlay entries are put into words; None: the system has no overlay."""
    pairings: Callable[[dict[str, Any], str, Answer], list[ET.Element]] | None = None
    """Elements worked out from the scenario itself (each creature against each, ``base`` prefixing links), each
    further scenario answered by the caller's ``Answer``; None: nothing beyond the result."""
    summary: Callable[[dict[str, Any]], str] | None = None
    """The answer in one line for the summary bar and a shared link (``Hits on 5+ · 33.3%``); None: the headline."""
    first_map: Callable[[dict[str, Any], str, Answer], tuple[dict[str, Any], str]] | None = None
    """The map a player who switches to one starts from, given the validated scenario, the grid (``hex`` or
    ``square``) and the engine (to check a layout by its answer): the pieces the form's other fields describe,
    placed, and a line saying what could not be laid out ("" when all was); None: an empty board."""
