"""The diagram shortcode: a hex map of a page's scenario, drawn at build time."""

import re
from pathlib import Path

import pytest
from mkdocs.exceptions import PluginError
from repository import ROOT

from rulebook.shortcodes import diagram


def test_map_page_diagrams_are_built_from_the_page(built_site: Path):
    """The map page carries a static diagram drawn at build time for every ``diagram`` its source writes (at least
    the six of the hex map: one a map without edges at negative coordinates, one shaded by an overlay, one the slant
    that passes two hexes in one step), described in words, with their answers."""
    html = (built_site / "rules" / "skirmish-d6" / "map" / "index.html").read_text()
    written = re.findall(r"\{\{\s*diagram\b", (ROOT / "site" / "rules" / "skirmish-d6" / "map.md").read_text())
    assert html.count('<figure class="calc-diagram">') == len(written) >= 6
    assert "The line from the attacker to the target, 6 inches, crosses 1 obstacle(s): cover level 1." in html
    assert html.count('role="img"') >= 3 and "<desc" in html
    assert "Hits on 5+" in html and "cover level 2" in html
    assert 'href="../../../calculator/skirmish-d6/#s=' in html


def test_diagrams_are_numbered_and_link_to_the_calculator(context):
    """Each diagram on a page has its own ids; its link opens the same scenario in the calculator."""
    ctx = context("rules/skirmish-d6/map.md", "rules/skirmish-d6/map/")
    scenario = {"scenario": '{"map":{"attacker":[0,0],"target":[3,0]}}'}
    first, second = diagram.render(ctx, ["skirmish-d6"], scenario), diagram.render(ctx, ["skirmish-d6"], scenario)
    assert 'id="diagram1' in first and 'id="diagram2' in second
    assert 'href="../../../calculator/skirmish-d6/#s=' in first


@pytest.mark.parametrize(("words", "options", "message"), [
    (["skirmish-d6"], {"scenario": '{"map":{"attacker":[0,0]}}'}, "diagram scenario is invalid"),
    (["no-such-system"], {"scenario": "{}"}, "diagram needs a system with a board"),
    (["skirmish-d6"], {"scenario": "[1,2]"}, "diagram scenario is not a JSON object"),
])
def test_bad_diagrams_fail_the_build(context, words, options, message):
    """A diagram of an invalid scenario, or of an unknown system (every system has a board), stops the build naming
    the page."""
    with pytest.raises(PluginError, match=message) as caught:
        diagram.render(context(), words, options)
    assert "rules/skirmish-d6/cover.md" in str(caught.value)


def test_an_overlay_diagram_is_shaded_with_its_legend_and_best_hexes(context):
    """A scenario asking for an overlay draws the shaded map (a pattern per band), the legend of the five bands
    and the eight best hexes, safest first for the target: behind the boulder it cannot be targeted."""
    ctx = context("rules/skirmish-d6/map.md", "rules/skirmish-d6/map/")
    scenario = ('{"overlay":"target","map":{"cols":8,"rows":5,"attacker":[0,2],"target":[6,2],'
                '"obstacles":[{"hex":[3,2],"kind":"total"}]},"attack":{"hits_on":4}}')
    html = diagram.render(ctx, ["skirmish-d6"], {"scenario": scenario})
    assert 'data-heat="3"' in html and 'fill="url(#diagram1-heat-lines)"' in html
    assert "<title>hex 1, 0: target here: 50% to hit, no cover</title>" in html
    assert html.count('class="overlay-swatch') == 5 and "Hover a hex for its numbers" in html
    rows = html.split('data-role="overlay-table"')[1].split("</table>")[0].count("<tr data-hex=")
    assert rows == 8 and "cannot be targeted" in html.split('data-role="overlay-table"')[1].split("</tr>")[1]


def test_map_pages_explain_overlays_with_a_drawn_overlay(built_site: Path):
    """The d6 map page, the Enchanted Realms friendly-fire page and the Classic d20 hex-map page each explain
    overlays under an anchor (``where-to-stand``, or the d20 rule's own) with a shaded diagram; each system's cover
    page links there."""
    for page, cover, anchor in (("skirmish-d6/map", "skirmish-d6/cover", "where-to-stand"),
                                ("enchanted-realms/friendly-fire", "enchanted-realms/cover", "where-to-stand"),
                                ("classic-d20/hex-map", "classic-d20/cover", "d20.map.overlay")):
        html = (built_site / "rules" / page / "index.html").read_text()
        assert f'id="{anchor}"' in html and 'data-role="overlay-legend"' in html and "data-heat=" in html
        linked = (built_site / "rules" / cover / "index.html").read_text()
        assert f"hex-map/#{anchor}" in linked if page.startswith("classic") else f"#{anchor}" in linked


def test_a_classic_d20_overlay_diagram_is_shaded_by_chance(context):
    """A Classic d20 overlay drawn in a page: heat by chance (THAC0 15 against AC 5 in the open: a natural 10+,
    55%, level lines), the five-band legend and the eight safest hexes first."""
    ctx = context("rules/classic-d20/hex-map.md", "rules/classic-d20/hex-map/")
    scenario = ('{"overlay":"target","attack":{"to_hit":15},"target":{"ac":5},"map":{"cols":8,"rows":5,'
                '"attacker":[0,2],"target":[5,2],"obstacles":[{"hex":[2,2],"kind":"wall"}]}}')
    html = diagram.render(ctx, ["classic-d20"], {"scenario": scenario})
    assert "<title>hex 1, 0: target here: 55% to hit, no cover</title>" in html and 'data-heat="3"' in html
    assert html.count('class="overlay-swatch') == 5
    rows = html.split('data-role="overlay-table"')[1].split("</table>")[0].count("<tr data-hex=")
    assert rows == 8 and "90% cover" in html.split('data-role="overlay-table"')[1].split("</tr>")[1]
