"""Enchanted Realms' quick reference: every number the engine's."""

from pathlib import Path

from pycore.systems import enchanted_realms as er
from rulebook.systems import enchanted_realms as site


def test_quickref_er_numbers_are_the_engines(built_site: Path):
    """Enchanted Realms cover bonuses as the engine applies them."""
    html = (built_site / "reference" / "enchanted-realms" / "index.html").read_text()
    assert f"<td>+{er.PARTIAL_DEFENSE}</td><td>+{er.PARTIAL_AGILITY}</td>" in html
    assert f"<td>Cannot be targeted</td><td>+{er.FULL_AGILITY}</td>" in html


def test_friendly_fire_numbers(context):
    """The stray-shot die, its slots and the forward bonus come from the engine's constants."""
    sections = site.sections(context("reference/enchanted-realms.md", "reference/enchanted-realms/"))
    assert [s["title"] for s in sections] == ["Attacks", "Cover", "Friendly fire"]
    rows = {row["rule"]: row for row in sections[2]["rows"]}
    assert rows["er.ff.d10"]["label"] == f"Roll a d{er.STRAY_DIE}"
    assert rows["er.ff.d10"]["cells"][0].startswith(f"1–{er.STRAY_SLOTS} a hex")
    assert rows["er.ff.forward"]["label"] == f"Against it: raw dice +{er.FORWARD}"
