"""The quickref shortcode: one sheet per system, every rule and ruling linked."""

from dataclasses import replace
from pathlib import Path

import pytest
from mkdocs.exceptions import PluginError

from pycore.systems import SYSTEMS
from rulebook.shortcodes import quickref
from rulebook.systems import SITE


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_every_system_has_a_quickref_linking_every_rule(built_site: Path, system: str):
    """One sheet per system, in the navigation, linking every one of its rules and rulings."""
    html = (built_site / "reference" / system / "index.html").read_text()
    for item in [*SYSTEMS[system].rules, *SYSTEMS[system].rulings]:
        assert f'#{item.id}"' in html, item.id
    assert f'href="reference/{system}/"' in (built_site / "index.html").read_text()


def test_quickref_without_sections_still_lists_every_rule(context, monkeypatch):
    """A system whose sections show nothing gets a sheet of its rulings and every rule by title."""
    monkeypatch.setitem(SITE, "enchanted-realms", replace(SITE["enchanted-realms"], quickref=lambda ctx: []))
    html = quickref.render(context("reference/enchanted-realms.md", "reference/enchanted-realms/"), ["enchanted-realms"], {})
    assert "More rules" in html and "Rulings (defaults)" in html
    for rule in SYSTEMS["enchanted-realms"].rules:
        assert f'href="../../{rule.ref}"' in html and rule.title in html


def test_unknown_rule_in_a_section_fails(context, monkeypatch):
    """A section naming a rule the engine does not know stops the build."""
    monkeypatch.setitem(SITE, "skirmish-d6", replace(SITE["skirmish-d6"],
                                                     quickref=lambda ctx: [{"title": "x", "rule": "d6.no-such-rule"}]))
    with pytest.raises(PluginError, match=r"names unknown rules.*d6.no-such-rule"):
        quickref.render(context("reference/skirmish-d6.md", "reference/skirmish-d6/"), ["skirmish-d6"], {})


def test_linked_rules_collects_every_kind_of_link():
    """Section rules, note rules, row rules and "see" lists all count as linked."""
    sections = [{"rule": "a", "note_rule": "b", "rows": [{"rule": "c"}, {"label": "no rule"}], "see": ["d"]}]
    assert quickref.linked_rules(sections) == {"a", "b", "c", "d"}


def test_quickref_shortcode_fails_loudly(context):
    """An unknown system, two systems or options stop the build."""
    for words, options in ((["nosuch"], {}), (["skirmish-d6"], {"x": "1"}), ([], {}), (["a", "b"], {})):
        with pytest.raises(PluginError):
            quickref.render(context("reference/x.md", "reference/x/"), words, options)


def test_quickref_is_in_the_navigation(built_site: Path):
    """The quick reference page is reachable from the navigation."""
    html = (built_site / "index.html").read_text()
    assert 'href="reference/skirmish-d6/"' in html
