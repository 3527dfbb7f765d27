"""Formatting helpers shared by the views: signs, percentages with their fractions, hexes and rule links."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction
from typing import Any

from ..dice import percent
from ..hexgrid import Hex
from ..rules import entry


def signed(n: int) -> str:
    """``+2``, ``-1``, ``0``."""
    return f"+{n}" if n > 0 else str(n)


def percent_exact(exact: str | None) -> str:
    """An exact chance (``"1/3"``) as a percentage (``33.3%``); ``""`` for None."""
    return "" if exact is None else percent(Fraction(exact))


def percent_with_fraction(exact: str) -> str:
    """``33.3% (1/3)``; a chance of exactly 0 or 1 without the fraction."""
    p = Fraction(exact)
    return percent(p) if p in (0, 1) else f"{percent(p)} ({p})"


def percent_of(result: dict[str, Any]) -> str:
    """The hit chance as a percentage, from the exact fraction."""
    return percent_exact(result["hit_chance_exact"])


def chance(result: dict[str, Any]) -> str:
    """The hit chance as a percentage with its exact fraction (``33.3% (1/3)``)."""
    exact = Fraction(result["hit_chance_exact"])
    return f"{percent(exact)} ({exact})" if exact else "none: the attack cannot be made"


SEPARATOR = " · "
"""Between the parts of a one-line summary."""


def summary_line(*parts: str) -> str:
    """The non-empty parts of a summary joined into one line (``Hits on 5+ · 33.3%``)."""
    return SEPARATOR.join(part for part in parts if part)


def hex_of(value: Any) -> Hex | None:
    """A hex from a possibly invalid ``[q, r]`` (boards are drawn even while the form has errors)."""
    if (isinstance(value, (list, tuple)) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        return Hex.axial(value[0], value[1])
    return None


def link(parent: ET.Element, rule_id: str, base: str, text: str | None = None, *, css: str = "",
         tagged: bool = True) -> ET.Element:
    """A link to a rule or ruling's anchor: its title unless ``text``; ``data-rule`` unless not ``tagged``."""
    attrs = {"href": base + entry(rule_id).ref}
    if tagged:
        attrs["data-rule"] = rule_id
    if css:
        attrs["class"] = css
    anchor = ET.SubElement(parent, "a", attrs)
    anchor.text = text or entry(rule_id).title
    return anchor
