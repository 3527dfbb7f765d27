"""d6 Skirmish's quick reference: every number the engine's."""

import re
from fractions import Fraction
from pathlib import Path

import pytest
from mkdocs.exceptions import PluginError

import pycore
from pycore.dice import percent
from pycore.systems import skirmish_d6 as d6
from rulebook.systems import skirmish_d6 as site


def quickref_html(built_site: Path) -> str:
    """The built d6 quick reference page."""
    return (built_site / "reference" / "skirmish-d6" / "index.html").read_text()


def test_quickref_light_table_is_the_engine_table(built_site: Path):
    """Each light/vision cell of the quick reference is the engine's LIGHT_TABLE value."""
    html = quickref_html(built_site)
    for light, row in d6.LIGHT_TABLE.items():
        for vision, value in row.items():
            cell = re.search(rf'data-light="{light}" data-vision="{vision}">(.*?)</td>', html).group(1)
            expected = "<strong>Total cover</strong>" if value == d6.TOTAL else ("None" if value == 0 else str(value))
            assert cell == expected, (light, vision)


def test_quickref_hits_table_is_what_the_calculator_answers(built_site: Path):
    """"Hits on, after cover" is pycore.evaluate's answer for each base number and cover level."""
    html = quickref_html(built_site)
    for base in range(2, 7):
        row = re.search(rf"<tr><th scope=\"row\">{base}\+</th>(.*?)</tr>", html).group(1)
        cells = re.findall(r"<td>(.*?)</td>", row)
        expected = []
        for level in (0, 1, 2):
            result = pycore.evaluate({"system": "skirmish-d6", "obstacles": {"partial": level}, "attack": {"hits_on": base}})
            expected.append(f"{result['hits_on']}+ · {percent(Fraction(result['hit_chance_exact']))}")
        assert cells == expected, base
    assert "<td>6+ · 16.7%</td>" in html  # 4+ behind two levels of cover


def test_quickref_cover_and_size_come_from_the_engine(built_site: Path):
    """Cover modifiers are COVER_EFFECT's; the size table has every size, huge and colossal included."""
    html = quickref_html(built_site)
    for level, effect in d6.COVER_EFFECT.items():
        if level:
            assert f"{effect:+d} to the attack roll" in html
    for size in d6.SIZES:
        assert f"<th scope=\"col\">{size.capitalize()}</th>" in html
    assert "Dark light, normal sight" in html and "Radiant light, darksight" in html


def test_quickref_modifiers_are_the_engines():
    """Height and condition modifiers are read off pycore.evaluate; a rule the engine does not apply fails."""
    assert site.modifier("d6.height.below", attacker={"elevation": "below"}) == "-1"
    with pytest.raises(PluginError, match=r"d6.height.above"):
        site.modifier("d6.height.above", attacker={"elevation": "below"})


def test_sections_cover_the_sheet(context):
    """The sheet's sections in order, the hits table a row per base number from 2+ to 6+."""
    sections = site.sections(context("reference/skirmish-d6.md", "reference/skirmish-d6/"))
    assert [s["title"] for s in sections] == [
        "Cover levels", "Counting cover", "Hits on, after cover", "Light against vision",
        "Height, size and conditions", "On a hex map (1 hex = 1 inch)", "Creature size"]
    assert [row["label"] for row in sections[2]["rows"]] == ["2+", "3+", "4+", "5+", "6+"]
