"""The systems shortcode: the home page's calculators row and a card per system with a typical situation."""

import re
from importlib import import_module
from pathlib import Path

import pytest
from mkdocs.exceptions import PluginError

from pycore.systems import SYSTEMS
from rulebook.shortcodes import system_list
from rulebook.systems import SITE, site_module


def test_every_system_has_a_showcase():
    """Each system in the registry has a card's summary and typical situation, from its own module of the site."""
    assert list(SITE) == list(SYSTEMS)
    for system in SYSTEMS.values():
        assert SITE[system.id].showcase is import_module(site_module(system)).SHOWCASE


def test_every_system_is_linked(context):
    """Each system's card links its first rules page, its calculator and its quick reference, relative to the page;
    the calculators row links each calculator before the first card."""
    html = system_list.render(context("index.md", ""), [], {})
    row, cards = html.split('<ul class="home-systems">')
    for system in SYSTEMS.values():
        assert f'href="{system.calculator}"' in row
        assert f">{system.title}</h2>" in cards
        for href in (system.calculator, system.rules[0].page, f"reference/{system.id}/"):
            assert f'href="{href}"' in cards, (system.id, href)


def test_links_are_relative_to_the_page(context):
    """On a page one folder down every link climbs one folder."""
    html = system_list.render(context("other/index.md", "other/"), [], {})
    assert 'href="../calculator/skirmish-d6/"' in html and 'href="calculator/' not in html


def test_typical_answers_are_the_rules_numbers():
    """d6 Skirmish: dim light to normal sight is 1 level, one partial obstacle another, so a 4+ attack hits on 6+
    (1 in 6). Classic d20: a table is 50% cover, +4 AC, so AC 5 counts as 1 and THAC0 15 needs 14 (7 in 20)."""
    d6 = system_list.card(SYSTEMS["skirmish-d6"], "")
    assert (d6["headline"], d6["chance"]) == ("Hits on 6+", "16.7%")
    d20 = system_list.card(SYSTEMS["classic-d20"], "")
    assert (d20["headline"], d20["chance"]) == ("Hits on a natural 14+", "35%")


def test_maps_where_the_system_draws_one(context):
    """The hex-map systems show their situation's map (ids unique to the card); Classic d20, counting its cover, draws none."""
    html = system_list.render(context("index.md", ""), [], {})
    cards = dict(re.findall(r'data-system="([a-z0-9-]+)">(.*?)</li>\s*</ul>\s*</li>', html, re.S))
    assert set(cards) == set(SYSTEMS)
    assert "<svg" in cards["skirmish-d6"] and 'id="home-skirmish-d6' in cards["skirmish-d6"]
    assert "<svg" in cards["enchanted-realms"]
    assert "<svg" not in cards["classic-d20"]
    for system_id, card in cards.items():
        assert f'{SYSTEMS[system_id].calculator}#s=' in card  # the situation opens in its calculator


def test_arguments_fail(context):
    """The list takes no arguments."""
    with pytest.raises(PluginError, match="systems takes no arguments"):
        system_list.render(context("index.md", ""), ["skirmish-d6"], {})


def test_home_page_lists_every_system(built_site: Path):
    """The built home page links every system's calculator and quick reference (both pages exist), and answers
    with an inline calculator of its own."""
    html = (built_site / "index.html").read_text()
    for system in SYSTEMS.values():
        assert f'href="{system.calculator}"' in html, system.id
        assert (built_site / "reference" / system.id / "index.html").is_file(), system.id
    assert 'data-calculator="skirmish-d6" data-mode="inline"' in html
    assert "data-home-offline" in html
