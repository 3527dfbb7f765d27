"""Classic d20's quick reference: every number the engine's (default rulings)."""

import re
from pathlib import Path

from pycore.systems import RULINGS
from pycore.systems import classic_d20 as d20
from rulebook.systems import classic_d20 as site


def test_quickref_d20_numbers_are_the_engines(built_site: Path):
    """Classic d20 cover and concealment bonuses (default rulings), height and invisibility."""
    html = (built_site / "reference" / "classic-d20" / "index.html").read_text()
    high = d20.COVER_HIGH[RULINGS["d20.ruling.cover-high"].default]
    for p, bonus in {**d20.COVER_BONUS, **high}.items():
        conceal = d20.CONCEALMENT_BONUS["classic"][p]
        assert re.search(rf'<th scope="row">{p}%</th><td>\+{bonus}</td><td>\+{conceal}</td>', html), p
    for row in d20.ELEVATION_TABLE.values():
        assert f"<td>{row['higher']:+d}</td>" in html
    assert f"<td>-{d20.INVISIBLE_ATTACK_PENALTY}</td>" in html


def test_signed_and_default():
    """Modifiers carry their sign; a ruling's default is the registry's."""
    assert (site.signed(2), site.signed(-1), site.signed(0)) == ("+2", "-1", "+0")
    assert site.default("d20.ruling.cover-high") == RULINGS["d20.ruling.cover-high"].default


def test_fog_rows_follow_fog_steps(context):
    """A fog row per FOG_STEPS entry, then the one beyond the last step."""
    sections = site.sections(context("reference/classic-d20.md", "reference/classic-d20/"))
    fog = next(s for s in sections if s["title"] == "Fog or mist")
    assert len(fog["rows"]) == len(d20.FOG_STEPS) + 1
    assert fog["rows"][-1]["cells"] == [f"{d20.FULL}% concealment"]


def test_surprise_row_gives_both_to_the_unheard(context):
    """An unheard invisible creature gets the 1 automatic segment and the +17% (rule text 001), not one or the other."""
    sections = site.sections(context("reference/classic-d20.md", "reference/classic-d20/"))
    row = next(r for s in sections for r in s.get("rows", []) if r.get("rule") == "d20.invisible.surprise")
    text = row["cells"][0]
    assert "+17%" in text and "1 segment" in text and "as well" in text
    assert "else" not in text
