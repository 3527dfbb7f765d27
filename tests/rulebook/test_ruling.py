"""The ruling shortcode: a ruling's box, only on its own page."""

import pytest
from mkdocs.exceptions import PluginError

from pycore.systems import RULINGS
from rulebook.shortcodes import ruling


def test_ruling_box_on_its_page(context):
    """The box is anchored by the ruling's id and names its default choice."""
    item = RULINGS["d6.ruling.light-and-obstacles"]
    html = ruling.render(context("rules/skirmish-d6/light.md", item.page), [item.id], {})
    assert f'id="{item.id}"' in html
    assert f"<li><code>{item.default}</code> (" in html and html.count("<strong>(default)</strong>") == 1
    assert html.index(f"<code>{item.default}</code>") < html.index("<strong>(default)</strong>")


@pytest.mark.parametrize(("words", "options"), [(["d6.ruling.nope"], {}), ([], {}),
                                                (["d6.ruling.light-and-obstacles"], {"x": "1"})])
def test_unknown_ruling_fails(context, words, options):
    """An unknown ruling id, none, or options stop the build."""
    with pytest.raises(PluginError, match="unknown ruling"):
        ruling.render(context("rules/skirmish-d6/light.md", "rules/skirmish-d6/light/"), words, options)


def test_ruling_on_another_page_fails(context):
    """A ruling's box belongs on its own page only."""
    with pytest.raises(PluginError, match="belongs on rules/skirmish-d6/light/"):
        ruling.render(context(), ["d6.ruling.light-and-obstacles"], {})
