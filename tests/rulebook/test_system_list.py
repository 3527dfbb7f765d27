"""The systems shortcode: the home page's list of systems."""

from pathlib import Path

import pytest
from mkdocs.exceptions import PluginError

from pycore.systems import SYSTEMS
from rulebook import system_list


def test_every_system_is_linked(context):
    """Each system with links to its first rules page and its calculator, relative to the page."""
    html = system_list.render(context("index.md", ""), [], {})
    for system in SYSTEMS.values():
        assert f"<strong>{system.title}</strong>" in html
        assert f'href="{system.calculator}"' in html and f'href="{system.rules[0].page}"' in html


def test_arguments_fail(context):
    """The list takes no arguments."""
    with pytest.raises(PluginError, match="systems takes no arguments"):
        system_list.render(context("index.md", ""), ["skirmish-d6"], {})


@pytest.mark.build
def test_home_page_lists_every_system(built_site: Path):
    """The built home page links every system's calculator."""
    html = (built_site / "index.html").read_text()
    for system in SYSTEMS.values():
        assert f'href="{system.calculator}"' in html, system.id
