"""A shortcode's context: the way back to the site root, numbering, partials, and scenarios from pages."""

import pytest
from mkdocs.exceptions import PluginError


def test_base_climbs_to_the_site_root(context):
    """One ``../`` per folder of the page's URL; none on the home page."""
    assert context().base == "../../../"
    assert context("index.md", "").base == ""


def test_count_numbers_items_per_page(context):
    """Items of one kind are numbered 1, 2, ... on each page, and the count is left in the page's meta."""
    ctx = context()
    assert [ctx.count("diagram_count") for _ in range(3)] == [1, 2, 3]
    assert ctx.count("calculator_count") == 1 and ctx.page.meta["diagram_count"] == 3
    assert context().count("diagram_count") == 1


def test_partials_escape_what_they_are_given(context):
    """Our partials autoescape: a string from a page cannot inject markup."""
    html = context().render("partials/example.html", system='"><script>', result="<b>", scenario="")
    assert "<script>" not in html and "&lt;b&gt;" in html


def test_scenario_from_a_page(context):
    """A page's JSON plus the system is evaluated; bad JSON or an invalid scenario fails, naming page and field."""
    scenario, result = context().scenario("example", "skirmish-d6", '{"light":"dark"}')
    assert scenario == {"system": "skirmish-d6", "light": "dark"} and result["system"] == "skirmish-d6"
    with pytest.raises(PluginError, match=r"cover.md: example scenario is not a JSON object"):
        context().scenario("example", "skirmish-d6", "[1]")
    with pytest.raises(PluginError, match=r"cover.md: diagram scenario is invalid: .*light"):
        context().scenario("diagram", "skirmish-d6", '{"light":"noon"}')
