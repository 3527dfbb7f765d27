"""What the site says about each system beyond its engine and view: one module per system, named like its package
(``rulebook/systems/<System.module>.py``), holding ``SHOWCASE`` (its home card) and ``sections`` (its quick reference)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pycore.system import System, part_of
from rulebook.core import SYSTEMS
from rulebook.shortcodes.context import Context
from rulebook.showcase import Showcase

__all__ = ["SITE", "Showcase", "SystemSite", "site_module"]


@dataclass(frozen=True)
class SystemSite:
    """One system's pieces of the site."""

    showcase: Showcase
    """Its home page card's summary and typical situation."""
    quickref: Callable[[Context], list[dict[str, Any]]]
    """The sections of its quick reference sheet."""


def site_module(system: System) -> str:
    """The module holding ``system``'s pieces of the site."""
    return f"{__name__}.{system.module}"


def _site(system: System) -> SystemSite:
    """``system``'s pieces of the site; a registered system without its site module fails naming the file it needs."""
    module = part_of(system, __name__, "rulebook/systems", "SHOWCASE and sections")
    return SystemSite(module.SHOWCASE, module.sections)


SITE: dict[str, SystemSite] = {s.id: _site(s) for s in SYSTEMS.values()}
"""System id -> its pieces of the site."""
