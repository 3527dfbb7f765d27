"""An overlay put into pictures and words: heat on the board, its legend, and the best hexes as a table."""

from __future__ import annotations

import functools
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..dice import percent
from ..geometry.hexgrid import Hex
from .drawing import HEAT_BANDS, Heat, Spot

BAND_LIMITS = (Fraction(1, 4), Fraction(1, 2), Fraction(3, 4))
"""Lower chance limits of bands 2, 3 and 4; band 1 is any chance above 0 below the first, band 0 none."""
BAND_WORDS = ("no chance (0%, or cannot be targeted)", "under 25%", "25% to under 50%", "50% to under 75%", "75% or more")
"""Each band in words, for the legend (the patterns' names are said by ``BAND_CUES``)."""
BAND_CUES = ("plain", "sparse dots", "dense dots", "level lines", "plus signs")
"""Each band's second cue in words: the pattern that tells the bands apart without colour."""
MOVING_WORDS = {"target": "the target", "attacker": "the attacker", "bystander": "a bystander"}
"""Who an overlay moves, in words."""
TABLE_ROWS = 20
"""The table alternative lists this many hexes; the board shows them all."""


@dataclass(frozen=True)
class OverlayWords:
    """How one system's overlay entries are put into words."""

    cover_key: str
    """The entry key holding the hex's cover (``cover_level``, ``cover``)."""
    cover: Callable[[Any], str]
    """A cover value in words (``"cover level 1"``)."""
    cover_band: Callable[[Any], int]
    """A band from cover alone, for entries without a chance (an attack whose number is not known)."""


def overlay_of(result: dict[str, Any] | None) -> dict[str, Any] | None:
    """The result's overlay, or None when there is none (or it has no hexes or squares)."""
    overlay = (result or {}).get("overlay")
    return overlay if isinstance(overlay, dict) and (overlay.get("hexes") or overlay.get("squares")) else None


def entries_of(overlay: dict[str, Any]) -> list[dict[str, Any]]:
    """The overlay's entries: its hexes, or on a square map its squares."""
    return overlay.get("hexes") or overlay.get("squares") or []


def cell_noun(overlay: dict[str, Any]) -> str:
    """``"hex"``, or ``"square"`` on a square map: what the overlay's entries stand on."""
    return "square" if overlay.get("squares") else "hex"


def spot_of(entry: dict[str, Any]) -> list[int]:
    """Where an entry stands: its ``[q, r]`` hex or its ``[col, row]`` square."""
    return entry["hex"] if "hex" in entry else entry["square"]


def chance_of(entry: dict[str, Any]) -> Fraction | None:
    """An entry's chance as a fraction (0 when the piece cannot be targeted there); None when unknown."""
    if not entry["targetable"]:
        return Fraction(0)
    exact, value = entry.get("hit_chance_exact"), entry["hit_chance"]
    if exact is not None:
        return Fraction(exact)
    return None if value is None else Fraction(value).limit_denominator(1_000_000)


def band_of(entry: dict[str, Any], words: OverlayWords) -> int:
    """The entry's heat band: by chance, or by cover when the chance is not known."""
    chance = chance_of(entry)
    if chance is None:
        return words.cover_band(entry.get(words.cover_key))
    if chance <= 0:
        return 0
    return 1 + sum(chance >= limit for limit in BAND_LIMITS)


def chance_words(entry: dict[str, Any], moving: str) -> str:
    """``"58.3% to hit"``, ``"cannot be targeted"``, or for a bystander ``"12.5% to be struck"``."""
    if not entry["targetable"]:
        return "cannot be targeted"
    chance = chance_of(entry)
    if chance is None:
        return "chance not known (no base number to hit)"
    return f"{percent(chance)} {'to be struck' if moving == 'bystander' else 'to hit'}"


def entry_words(entry: dict[str, Any], moving: str, words: OverlayWords) -> str:
    """One hex's numbers in words: ``"target here: 58.3% to hit, cover level 1"``."""
    return f"{moving} here: {chance_words(entry, moving)}, {words.cover(entry.get(words.cover_key))}"


@functools.lru_cache(maxsize=4096)
def _heat(moving: str, targetable: bool, exact: str | None, value: float | None, cover: Any, words: OverlayWords) -> Heat:
    """One hex's heat from the entry's values (shared: a big map has many hexes with the same numbers)."""
    entry = {"targetable": targetable, "hit_chance_exact": exact, "hit_chance": value, words.cover_key: cover}
    return Heat(band_of(entry, words), entry_words(entry, moving, words))


def heat(result: dict[str, Any] | None, words: OverlayWords) -> tuple[tuple[Spot, Heat], ...]:
    """The board's heat: one band and label per hex (or square) of the result's overlay (none without one)."""
    overlay = overlay_of(result)
    if overlay is None:
        return ()
    moving, key = overlay["moving"], words.cover_key
    squares = cell_noun(overlay) == "square"
    return tuple(((c, r) if squares else Hex.axial(c, r),
                  _heat(moving, e["targetable"], e.get("hit_chance_exact"), e["hit_chance"], e.get(key), words))
                 for e in entries_of(overlay) for c, r in (spot_of(e),))


def described(result: dict[str, Any] | None) -> str:
    """A sentence for the board's description when it is shaded by an overlay ("" without one)."""
    overlay = overlay_of(result)
    if overlay is None:
        return ""
    moving = overlay["moving"]
    what = "chance to be struck by a stray shot" if moving == "bystander" else "chance to hit"
    return f" Shaded: where {MOVING_WORDS.get(moving, moving)} could stand, by {what}."


def ranked(overlay: dict[str, Any], words: OverlayWords) -> list[dict[str, Any]]:
    """The entries in the order a player reads them: for the attacker the best shots first, for the target the
    safest hexes first, for a bystander the most dangerous first (most hexes are out of a stray shot's way, so
    the ones to avoid are the news); ties by band, then by hex, so the order is stable."""
    sign = -1 if overlay["moving"] == "target" else 1
    by_numbers: dict[tuple[Any, ...], tuple[Fraction, int]] = {}  # a big map has many hexes with the same numbers
    numbers = []
    entries = entries_of(overlay)
    for entry in entries:
        these = (entry["targetable"], entry.get("hit_chance_exact"), entry["hit_chance"], entry.get(words.cover_key))
        if these not in by_numbers:
            chance = chance_of(entry)
            band = band_of(entry, words)
            by_numbers[these] = (-sign * (chance if chance is not None else Fraction(band, HEAT_BANDS)), -sign * band)
        numbers.append(these)
    # each distinct head ranked once (fractions compared per pair of them, not per pair of hexes); equal heads tie
    head_rank = {head: i for i, head in enumerate(sorted(set(by_numbers.values())))}
    rank = {these: head_rank[head] for these, head in by_numbers.items()}
    spots = [spot_of(entry) for entry in entries]
    order = sorted(range(len(entries)), key=lambda i: (rank[numbers[i]], spots[i][1], spots[i][0]))
    return [entries[i] for i in order]


def legend_block(overlay: dict[str, Any], *, live: bool = True) -> ET.Element:
    """The heat map's key: each band's swatch (colour and pattern), its pattern and its range in words."""
    moving = MOVING_WORDS.get(overlay["moving"], overlay["moving"])
    box = ET.Element("div", {"class": "overlay-legend", "data-role": "overlay-legend"})
    what = "to be struck by a stray shot" if overlay["moving"] == "bystander" else "to hit"
    ET.SubElement(box, "p", {"class": "calc-subhead"}).text = f"Where to stand: {moving}, chance {what}"
    ul = ET.SubElement(box, "ul", {"class": "overlay-legend-list"})
    for band in range(HEAT_BANDS - 1, -1, -1):
        li = ET.SubElement(ul, "li", {"data-heat": str(band)})
        ET.SubElement(li, "span", {"class": f"overlay-swatch overlay-swatch--{band}", "aria-hidden": "true"})
        ET.SubElement(li, "span").text = f"{BAND_WORDS[band]} ({BAND_CUES[band]})"
    noun = cell_noun(overlay)
    ET.SubElement(box, "p", {"class": "overlay-help"}).text = (
        f"Focus or hover a {noun} on the board for its numbers; the table below lists them in order." if live
        else f"Hover a {noun} for its numbers; the table below lists them in order.")
    return box


def table_block(overlay: dict[str, Any], words: OverlayWords, limit: int = TABLE_ROWS) -> ET.Element:
    """The table alternative: the best ``limit`` hexes for the moving piece first, with chance and cover."""
    moving, noun = overlay["moving"], cell_noun(overlay)
    rows = ranked(overlay, words)
    if moving == "bystander":
        rows = [e for e in rows if band_of(e, words) > 0]
        caption = f"{noun.capitalize()}es where a bystander could be struck, the most dangerous first"
    else:
        order = "highest chance to hit first" if moving == "attacker" else "lowest chance to be hit first"
        caption = f"Best {noun}{'es' if noun == 'hex' else 's'} for {MOVING_WORDS.get(moving, moving)}, {order}"
    table = ET.Element("table", {"class": "overlay-table", "data-role": "overlay-table"})
    if len(rows) > limit:
        caption += f" (the first {limit} of {len(rows)}; the board shows them all)"
    ET.SubElement(table, "caption").text = caption
    head = ET.SubElement(ET.SubElement(table, "thead"), "tr")
    for text in ("Rank", noun.capitalize(), "Chance", "Cover", "Band"):
        ET.SubElement(head, "th", {"scope": "col"}).text = text
    body = ET.SubElement(table, "tbody")
    if not rows:
        cell = ET.SubElement(ET.SubElement(body, "tr"), "td", {"colspan": "5"})
        cell.text = f"None: no free {noun} is in a stray shot's way."
    for rank, entry in enumerate(rows[:limit], start=1):
        band = band_of(entry, words)
        a, b = spot_of(entry)
        row = ET.SubElement(body, "tr", {"data-hex": f"{a},{b}", "data-heat": str(band)})
        ET.SubElement(row, "td").text = str(rank)
        ET.SubElement(row, "th", {"scope": "row"}).text = f"{a}, {b}"
        ET.SubElement(row, "td").text = chance_words(entry, moving)
        ET.SubElement(row, "td").text = words.cover(entry.get(words.cover_key))
        ET.SubElement(row, "td").text = BAND_CUES[band]
    return table


DIAGRAM_ROWS = 8
"""A drawing in a rulebook page lists this many hexes: enough to show how the table reads."""


def blocks(result: dict[str, Any], words: OverlayWords, *, live: bool = True) -> list[ET.Element]:
    """The legend and the table alternative, when the result has an overlay (``live``: beside a board that
    takes focus, not a drawing in a page, which lists fewer hexes)."""
    overlay = overlay_of(result)
    if overlay is None:
        return []
    return [legend_block(overlay, live=live), table_block(overlay, words, TABLE_ROWS if live else DIAGRAM_ROWS)]
