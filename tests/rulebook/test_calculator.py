"""The calculator shortcode: the build-time answer in the page, full and inline forms, presets."""

from pathlib import Path

import pytest
from mkdocs.exceptions import PluginError

import pycore
from pycore.page.render import result_html
from pycore.systems import SYSTEMS
from rulebook.shortcodes import calculator


def test_calculator_page_has_the_build_time_answer(built_site: Path):
    """The default scenario's answer is in the static HTML, before any Python runs."""
    html = (built_site / "calculator" / "skirmish-d6" / "index.html").read_text()
    assert 'data-calculator="skirmish-d6"' in html and 'aria-live="polite"' in html and 'data-state="loading"' in html
    assert "Hits on 5+" in html and 'data-rule="d6.cover.partial-obstacle"' in html


def test_calculator_pages_open_with_a_chance(built_site: Path):
    """Each calculator page opens with a preset situation whose one-line summary shows a chance (d6: base 4+
    behind one partial obstacle, hits on 5+, 33.3%), in the static HTML, marked ``data-summary``."""
    html = (built_site / "calculator" / "skirmish-d6" / "index.html").read_text()
    assert "<span data-summary>Hits on 5+ · 33.3%</span>" in html
    for system in SYSTEMS:
        page = (built_site / "calculator" / system / "index.html").read_text()
        line = page.split("<span data-summary>", 1)[1].split("</span>", 1)[0]
        assert line.count("%") >= 1 and "needs a" not in line, (system, line)


def test_inline_light_calculator_static_answer(built_site: Path):
    """The light page's inline calculator shows its default answer (bright light, normal sight: no cover)."""
    html = (built_site / "rules" / "skirmish-d6" / "light" / "index.html").read_text()
    assert 'data-mode="inline"' in html and 'data-path="light"' in html and 'data-path="attacker.vision"' in html
    assert 'id="table-d6-light"' in html and "Total cover" in html


def test_output_is_the_engines_html_as_rendered(context):
    """The output region holds result_html exactly: the page compares the engine's answer with it."""
    ctx = context("calculator/skirmish-d6.md", "calculator/skirmish-d6/")
    html = calculator.render(ctx, ["skirmish-d6"], {})
    expected = result_html(pycore.evaluate({"system": "skirmish-d6"}), "../../")
    assert f'<div class="calc-body" data-role="body">{expected}</div>' in html
    assert ctx.page.meta["calculator"] is True


def test_inline_calculators_are_numbered_and_preset(context):
    """Two inline calculators on one page get distinct id prefixes; a preset is evaluated and kept."""
    ctx = context()
    first = calculator.render(ctx, ["skirmish-d6"], {"fields": "light"})
    second = calculator.render(ctx, ["skirmish-d6"], {"fields": "light", "scenario": '{"light":"dark"}'})
    assert 'id="inline-f-light"' in first and 'id="inline2-f-light"' in second
    assert 'data-preset="{&#34;light&#34;:&#34;dark&#34;}"' in second
    assert 'data-mode="inline"' in first and "Open in the full calculator" in first


@pytest.mark.parametrize(("words", "options", "message"), [
    (["nosuch"], {}, "calculator needs one system id"),
    (["skirmish-d6", "classic-d20"], {}, "calculator needs one system id"),
    (["skirmish-d6"], {"colour": "red"}, "unknown calculator options"),
])
def test_bad_calculators_fail(context, words, options, message):
    """A wrong system or an unknown option stops the build."""
    with pytest.raises(PluginError, match=message):
        calculator.render(context(), words, options)


def test_full_layout_groups_alternatives_and_board():
    """A full calculator lays the alternatives out once as a block, and the board once."""
    system = SYSTEMS["skirmish-d6"]
    scenario = {"system": system.id}
    items = calculator.layout(system, list(system.inputs.fields), "full", scenario, pycore.evaluate(scenario))
    assert sum("alternatives" in item for item in items) == 1
    assert all("field" in item or "alternatives" in item or "board" in item for item in items)


def test_a_full_calculator_has_a_board_an_inline_one_none():
    """``has_board`` (which has the page preload the board's scripts): each full form has one (d6's and Classic
    d20's in their map alternative, Enchanted Realms' for the creatures around the target), an inline form of
    plain fields none."""
    for system_id, mode, board in (("skirmish-d6", "full", True), ("skirmish-d6", "inline", False),
                                   ("classic-d20", "full", True), ("enchanted-realms", "full", True),
                                   ("enchanted-realms", "inline", False)):
        system = SYSTEMS[system_id]
        scenario = {"system": system.id}
        items = calculator.layout(system, list(system.inputs.fields), mode, scenario, pycore.evaluate(scenario))
        assert calculator.has_board(items) is board, (system_id, mode)


def test_records_are_list_editors_with_a_row_per_item(context):
    """A records field is a list editor: the hidden list, a row of controls per item, no JSON box to type in."""
    ctx = context()
    preset = '{"others":[{"name":"Bram","hex":[5,0],"defense":12},{"name":"Wren","hex":[3,-1],"defense":10}]}'
    html = calculator.render(ctx, ["enchanted-realms"], {"fields": "others", "scenario": preset})
    assert 'data-list="others"' in html and 'data-noun="creature"' in html and 'data-max="30"' in html
    assert html.count('class="calc-list-row"') == 3  # two rows and the template's
    assert 'id="inline-f-others-1-hex-r"' in html and 'data-item-path="others.1.hex"' in html and 'value="-1"' in html
    assert 'data-error-for="others.1.defense"' in html and 'data-label="Creature 2, Defense"' in html
    assert 'type="hidden" name="others" data-path="others" data-kind="records"' in html
    assert 'data-defaults=\'{"cover": "none", "defense": 10}\'' in html  # a new creature's Defense and cover
    assert "Place on board" not in html  # no board beside an inline calculator
    assert '<input type="text" inputmode="text" id="inline-f-others"' not in html


def test_board_lists_can_be_placed_and_start_from_item_defaults():
    """Beside a board a list's rows can be placed on it; a new item starts from its fields' defaults."""
    system = SYSTEMS["skirmish-d6"]
    obstacles = system.inputs.field("map.obstacles")
    assert calculator.item_defaults(system, obstacles) == {"kind": "partial"}
    assert calculator.item_defaults(SYSTEMS["enchanted-realms"], SYSTEMS["enchanted-realms"].inputs.field("others")) == {
        "defense": 10, "cover": "none"}
    clean = system.inputs.validate({"system": system.id, "map": {"attacker": [0, 0], "target": [3, 0],
                                                                 "obstacles": [{"hex": [1, 0]}]}})
    lists = calculator.records_of(system.inputs, clean)
    assert lists == {"map.obstacles": [{"hex": [1, 0], "kind": "partial"}], "map.creatures": [],
                     "map.elevation": []}
