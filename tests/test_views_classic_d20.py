"""pycore.views.classic_d20: the headline and the rendered blocks of a Classic d20 result."""

import pytest
from classic_d20_cases import run

from pycore import SYSTEMS, evaluate
from pycore.render import result_html


@pytest.mark.parametrize(("scenario", "headline"), [
    ({"attack": {"to_hit": 15}, "target": {"ac": 4}}, "Hits on a natural 11+"),
    ({"attack": {"to_hit": 30}, "target": {"ac": 0}}, "Hits only on a natural 20"),
    ({"attack": {"to_hit": 30}, "target": {"ac": 5}, "rulings": {"d20.ruling.natural-rolls": "none"}},
     "Cannot hit: no roll is high enough"),
    ({"attack": {"to_hit": 1}, "rulings": {"d20.ruling.natural-rolls": "none"}}, "Hits on any roll"),
    ({"target": {"cover": 50}, "attack": {"over_melee": True}}, "Effective AC 6, -2 to hit"),
    ({"target": {"cover": 100}}, "Cannot be targeted: 100% cover"),
])
def test_headlines(scenario, headline):
    """The one-line answer in each situation."""
    html = result_html(run(**scenario))
    assert f'data-key="headline">{headline}<' in html


def test_rendered_blocks():
    """The steps table, the invisibility panel and the protectors block, each with rule links."""
    result = run(attack={"to_hit": 14}, target={"ac": 4, "protectors": 2, "protector_ac": [6, 2]},
                 attacker={"invisible": True})
    html = result_html(result, "../../")
    assert 'data-block="steps"' in html and 'data-block="invisibility"' in html and 'data-block="protectors"' in html
    assert "Before any modifier" in html and "points" in html
    assert "Protector 2 (AC 2)" in html and 'href="../../rules/classic-d20/cover/#d20.cover.protector-struck"' in html
    assert "Can the target see the attacker?" in html and "Does it surprise?" in html


def test_classic_d20_words():
    """THAC0 15 against AC 5 behind 50% cover (+4): AC 1, so a natural 14+ hits (rule text 001)."""
    result = evaluate({"system": "classic-d20", "attack": {"to_hit": 15}, "target": {"ac": 5, "cover": 50}})
    view = SYSTEMS["classic-d20"].view
    assert view.headline(result) == "Hits on a natural 14+"
    assert ("Cover", "50% (+4 AC)") in view.facts(result)


def test_classic_d20_summary_is_the_headline_and_the_chance():
    """THAC0 15 against AC 5 (descending): a natural 10+ hits, 11 faces of 20 = 55%; no to-hit number, no chance."""
    summary = SYSTEMS["classic-d20"].view.summary
    assert summary is not None
    assert summary(evaluate({"system": "classic-d20", "attack": {"to_hit": 15}, "target": {"ac": 5}})) \
        == "Hits on a natural 10+ · 55%"
    assert summary(evaluate({"system": "classic-d20", "target": {"ac": 5}})) \
        == "Effective AC 5 · needs a to-hit number for the chance"
