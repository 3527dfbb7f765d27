"""Shortcode machinery: arguments, placeholders, the registry, and loud failures."""

import pytest
from mkdocs.exceptions import PluginError

from rulebook.shortcodes import registry as shortcodes


def test_args_split_into_words_and_options():
    """Plain words in order; ``key=value`` options, the value kept whole (JSON included)."""
    words, options = shortcodes.parse_args('skirmish-d6 fields=light,attacker.vision scenario={"a":{"b":1}}')
    assert words == ["skirmish-d6"]
    assert options == {"fields": "light,attacker.vision", "scenario": '{"a":{"b":1}}'}


def test_pattern_takes_nested_json():
    """Arguments may hold JSON nested three levels deep; the shortcode ends at its own closing braces."""
    text = 'Before {{ example x scenario={"a":{"b":{"c":1}}} }} after'
    match = shortcodes.PATTERN.search(text)
    assert match.group(1) == "example" and match.group(2) == 'x scenario={"a":{"b":{"c":1}}}'
    assert text[match.end():] == " after"


def test_expand_then_fill_puts_each_block_in_place(context):
    """Each shortcode becomes a placeholder in its own paragraph, then its HTML in the rendered page."""
    ctx = context()
    text, rendered = shortcodes.expand("A\n{{ table d6.light }}\nB {{ table d6.size }}", ctx)
    assert text.count('<div data-shortcode="') == 2 and set(rendered) == {0, 1}
    assert 'id="table-d6-light"' in rendered[0]
    html = shortcodes.fill(f"<p>A</p>{shortcodes.PLACEHOLDER.format(n=0)}<p>B</p>{shortcodes.PLACEHOLDER.format(n=1)}",
                           rendered, ctx)
    assert html.startswith("<p>A</p>" + rendered[0]) and html.endswith(rendered[1])


def test_a_lost_placeholder_fails_the_build(context):
    """If Markdown ate a placeholder, the build stops instead of dropping the block."""
    with pytest.raises(PluginError, match=r"shortcode 0 was lost"):
        shortcodes.fill("<p>nothing</p>", {0: "<div>x</div>"}, context())


@pytest.mark.parametrize("markdown", [
    "{{ frobnicate }}",
    "{{ ruling d6.ruling.nope }}",
    "{{ calculator nosuch }}",
    "{{ calculator skirmish-d6 fields=no.such.field }}",
    "{{ table d6.unknown }}",
    "{{ ruling d6.ruling.light-and-obstacles }}",  # belongs on the light page, not here
])
def test_bad_shortcodes_fail_the_build(context, markdown):
    """An unknown shortcode, ruling, system, field or table stops the build loudly, naming the page."""
    with pytest.raises(PluginError, match=r"rules/skirmish-d6/cover.md"):
        shortcodes.expand(markdown, context())


def test_every_shortcode_is_registered():
    """The names the pages use, each with its renderer."""
    assert set(shortcodes.SHORTCODES) == {"calculator", "ruling", "table", "systems", "example", "diagram", "quickref"}
