"""What a system's card on the home page says about it besides its links (each system's own ``SHOWCASE``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Showcase:
    """What a system's card says about it besides its links."""

    summary: str
    """One sentence: what the system's rules and calculator cover."""
    scenario: dict[str, Any]
    """A typical situation (without its system): its answer's headline, and its map when the system draws one."""
