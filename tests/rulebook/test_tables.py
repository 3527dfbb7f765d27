"""The table shortcode: d6 Skirmish's light and size tables from the engine's data."""

import pytest
from mkdocs.exceptions import PluginError

from pycore.systems import skirmish_d6 as d6
from rulebook.shortcodes import tables


def test_light_table_is_the_engines():
    """Every cell is LIGHT_TABLE's value for that light and vision, rows in the engine's order."""
    data = tables.light_table()
    assert list(data["rows"]) == list(d6.LIGHT_LEVELS)
    for light, cells in data["rows"].items():
        assert [c["vision"] for c in cells] == list(d6.VISIONS)
        assert [c["value"] for c in cells] == [d6.LIGHT_TABLE[light][v] for v in d6.VISIONS]


def test_size_table_has_every_size_and_effect():
    """A column per size (huge and colossal included), a row per size effect, inches marked."""
    data = tables.size_table()
    assert data["sizes"] == list(d6.SIZES)
    assert [row["label"] for row in data["rows"]] == [tables.SIZE_LABELS[k] for k in d6.SIZE_EFFECTS]
    movement = next(row for row in data["rows"] if row["label"] == "Movement")
    assert movement["unit"] == "″" and movement["values"] == [d6.size_effects(s)["movement"] for s in d6.SIZES]


def test_render_fills_the_partial(context):
    """``{{ table d6.size }}`` renders the size partial with every size."""
    html = tables.render(context(), ["d6.size"], {})
    for size in d6.SIZES:
        assert f">{size.capitalize()}</th>" in html


def test_unknown_table_fails(context):
    """An unknown table id stops the build."""
    with pytest.raises(PluginError, match="unknown table"):
        tables.render(context(), ["d6.unknown"], {})
