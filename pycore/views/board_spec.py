"""What a calculator's interactive hex board edits: which pieces exist and which scenario fields hold them."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

AREA_AND_REGIONS = ("map.regions", "area.shape", "area.at", "area.toward", "area.size", "area.width")
"""The fields a map board keeps for its area and region tools (``BoardSpec.kept``)."""


@dataclass(frozen=True)
class Slot:
    """One kind of piece a player can put on a hex."""

    kind: str
    """CSS-friendly name (``attacker``, ``partial`` ...)."""
    label: str
    """Words for buttons, announcements and the legend."""
    symbol: str
    """Characters drawn on the hex."""
    path: str
    """Scenario field holding it: a ``hex`` field (one piece) or a ``records`` field (many)."""
    record: tuple[tuple[str, Any], ...] = ()
    """For a records field: the item's other keys (``(("kind", "partial"),)``), which also identify the slot."""
    single: bool = False
    """Only one on the board: placing it again moves it."""


@dataclass(frozen=True)
class BoardSpec:
    """A system's editable board."""

    slots: tuple[Slot, ...]
    """The kinds of piece a player can place, in palette order."""
    cols_path: str
    """Scenario field of the board's width in hexes; ``""``: sized around the pieces."""
    rows_path: str
    """Scenario field of the board's height in hexes; ``""``: sized around the pieces."""
    defaults: tuple[tuple[str, Any], ...] = field(default=())
    """Default values of extra record keys the board does not set (``(("defense", 10),)``)."""
    editors: tuple[tuple[str, tuple[tuple[str, str, str], ...]], ...] = ()
    """Records fields whose items hold more than a hex: path -> (key, label, kind) per key; the board names an item it
    places (``Creature 3``) when one is ``name``. The rows of controls under the board come from the field's item fields."""
    drawn: tuple[str, ...] = ()
    """Records fields the board draws but no slot places (a square map's walls, doors and lights): each is one hidden
    box holding its list, without a row of controls per item (an exported map has thousands)."""

    kept: tuple[str, ...] = ()
    """Fields the form draws no control for (an area, the map's regions) that the board keeps in hidden boxes, so a
    shared link carrying them comes back whole and the board's tools can set them."""
    region_kinds: tuple[str, ...] = ()
    """The region kinds the system has rules for: the Region tool's choices."""
    area_size: float = 10
    """The size the Area tool starts from, in the system's unit (a fireball's radius, a breath's length)."""

    @property
    def paths(self) -> tuple[str, ...]:
        """Every scenario field the board owns (hidden in the form)."""
        return tuple(dict.fromkeys((*(s.path for s in self.slots), *self.drawn, *self.kept)))

    def to_json(self) -> str:
        """The spec for the page's board script."""
        return json.dumps({
            "slots": [{"kind": s.kind, "label": s.label, "symbol": s.symbol, "path": s.path,
                       "record": dict(s.record), "single": s.single} for s in self.slots],
            "defaults": dict(self.defaults),
            "editors": {path: [{"key": k, "label": label, "kind": kind} for k, label, kind in keys]
                        for path, keys in self.editors},
        }, separators=(",", ":"))
