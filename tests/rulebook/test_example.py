"""The example shortcode: a worked example computed by the engine when the page is built."""

import pytest
from mkdocs.exceptions import PluginError

from rulebook.shortcodes import example


def test_example_shortcode_renders_the_engine_answer_and_refuses_bad_scenarios(context):
    """{{ example SYSTEM scenario={...} }}: the result panel for that scenario; a bad scenario stops the build."""
    ctx = context("rules/enchanted-realms/attacks.md", "rules/enchanted-realms/attacks/")
    html = example.render(ctx, ["enchanted-realms"], {"scenario": '{"target":{"defense":12,"cover":"partial"}}'})
    assert 'data-example="enchanted-realms"' in html and "The die hits on a roll of 15+" in html
    assert 'href="../../../rules/enchanted-realms/cover/#er.cover.partial"' in html
    for words, options in ((["enchanted-realms"], {"scenario": '{"target":{"cover":"half"}}'}),
                           (["enchanted-realms"], {}), (["nosuch"], {"scenario": "{}"})):
        with pytest.raises(PluginError):
            example.render(ctx, words, options)


def test_scenario_is_shown_as_json_text(context):
    """The scenario under the answer is its JSON, quotes as they are and markup escaped."""
    html = example.render(context(), ["skirmish-d6"], {"scenario": '{"light":"dark"}'})
    assert '<pre class="calc-scenario">{"system": "skirmish-d6", "light": "dark"}</pre>' in html


@pytest.mark.parametrize(("options", "words"), [
    ({"scenario": '{"light":"noon"}'}, "example scenario is invalid"),
    ({"scenario": "{light}"}, "example scenario is not a JSON object"),
])
def test_bad_examples_fail_the_build(context, options, words):
    """A worked example of an invalid scenario stops the build with a message naming the page."""
    with pytest.raises(PluginError, match=words) as caught:
        example.render(context(), ["skirmish-d6"], options)
    assert "rules/skirmish-d6/cover.md" in str(caught.value)
