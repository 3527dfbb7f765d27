"""pycore.systems.classic_d20.tables: the printed examples and tables, and the rules and rulings with their
rulebook pages (rule text 001)."""

import re

import pytest
from classic_d20_cases import PAGES, ROOT, ids, run

from pycore import RULES, RULINGS
from pycore.systems import classic_d20 as d20

COVER_EXAMPLES = {"knees": 25, "high-wall": 25, "pillar-firing": 25, "pillar-peering": 50, "table": 50,
                  "window": 75, "arrow-slit": 90}
CONCEALMENT_EXAMPLES = {"screen": 25, "bushes": 50, "outline": 75, "part-shape": 90}


@pytest.mark.parametrize(("example", "percent"), sorted(COVER_EXAMPLES.items()))
def test_cover_examples(example, percent):
    """Each situation of "Types of cover" stands for its printed percentage."""
    result = run(target={"cover_example": example})
    assert result["cover"] == percent and "d20.cover.examples" in ids(result)
    assert run(target={"cover_example": example, "cover": percent})["cover"] == percent


def test_every_example_is_in_the_engine():
    """The engine lists exactly the source's examples, no more."""
    assert {e.value: e.percent for e in d20.COVER_EXAMPLES} == COVER_EXAMPLES
    assert {e.value: e.percent for e in d20.CONCEALMENT_EXAMPLES} == CONCEALMENT_EXAMPLES


@pytest.mark.parametrize(("example", "percent"), sorted(CONCEALMENT_EXAMPLES.items()))
def test_concealment_examples(example, percent):
    """Each situation of "Types of concealment" stands for its printed percentage."""
    result = run(target={"concealment_example": example})
    assert result["concealment"] == percent and "d20.concealment.examples" in ids(result)


ELEVATION = {
    ("ground", "higher"): 1, ("ground", "level"): 0, ("ground", "lower"): 0,
    ("cliff", "higher"): 2, ("cliff", "level"): 0, ("cliff", "lower"): -2,
    ("severe-slope", "higher"): 1, ("severe-slope", "level"): 0, ("severe-slope", "lower"): -1,
}


@pytest.mark.parametrize(("terrain", "elevation"), sorted(ELEVATION))
def test_elevation_table(terrain, elevation):
    """Any higher ground +1; cliff face +2 above / -2 below; severe slope +1 / -1."""
    result = run(attacker={"elevation": elevation, "terrain": terrain})
    assert result["attack_modifier"] == ELEVATION[(terrain, elevation)]
    if ELEVATION[(terrain, elevation)]:
        assert d20.ELEVATION_RULE[terrain] in ids(result)


def test_every_rule_and_ruling_lives_on_a_classic_d20_page():
    """Rule and ruling ids are d20.<area>.<name>, on one of the section's pages, each page present."""
    for item in [*d20.RULES, *d20.RULINGS]:
        assert re.fullmatch(r"d20\.[a-z0-9-]+\.[a-z0-9-]+", item.id)
        assert item.page.startswith("rules/classic-d20/")
        assert (ROOT / "site" / (item.page.rstrip("/") + ".md")).is_file()
    assert all(RULES[r.id] is r for r in d20.RULES) and all(RULINGS[r.id] is r for r in d20.RULINGS)


def test_every_rule_and_ruling_is_anchored_in_the_source_pages():
    """Each rule has a heading {#id} on its page; each ruling a {{ ruling id }} box there."""
    for rule in d20.RULES:
        text = (ROOT / "site" / (rule.page.rstrip("/") + ".md")).read_text()
        assert "{#" + rule.id + "}" in text, rule.id
    for ruling in d20.RULINGS:
        text = (ROOT / "site" / (ruling.page.rstrip("/") + ".md")).read_text()
        assert "{{ ruling " + ruling.id + " }}" in text, ruling.id


def test_every_ruling_default_is_a_choice_and_reasoned():
    """Defaults are among the choices, and every ruling says why."""
    for ruling in d20.RULINGS:
        assert ruling.default in ruling.values and len(ruling.why) > 40 and len(ruling.choices) >= 2


def test_result_refs_point_at_rulebook_anchors():
    """Each applied rule carries its page#id link."""
    result = run(attack={"to_hit": 15}, target={"cover": 50, "invisible": True, "pinpointed": True},
                 attacker={"invisible": True})
    for rule in result["rules"]:
        assert rule["ref"] == RULES[rule["id"]].page + "#" + rule["id"]


def table_rows(page, header):
    """The rows of the markdown table that starts with ``header``."""
    lines = (PAGES / page).read_text().splitlines()
    start = lines.index(header)
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append([c.strip() for c in line.strip("|").split("|")])
    return rows


def test_rulebook_tables_match_the_engine():
    """The cover, concealment and elevation tables written in the rulebook say what the engine does."""
    for percent, bonus, *_ in table_rows("cover.md", "| Cover | Bonus to AC (and to saves) |")[:4]:
        assert run(target={"cover": int(percent.rstrip("%"))})["defense_bonus"] == int(bonus.split()[0])
    for percent, bonus in table_rows("concealment.md", "| Concealment | Bonus to AC (default ruling) |")[:4]:
        assert run(target={"concealment": int(percent.rstrip("%"))})["defense_bonus"] == int(bonus)
    terrains = {"Any higher position": "ground", "Vertical cliff face": "cliff", "Severe slope": "severe-slope"}
    for name, *cells in table_rows("elevation.md", "| Ground | Attacker higher | Same level | Attacker lower |"):
        for elevation, cell in zip(("higher", "level", "lower"), cells):
            assert ELEVATION[(terrains[name], elevation)] == int(cell.replace("−", "-"))
