"""pycore.views.enchanted_realms: the headline and the rendered blocks of an Enchanted Realms result."""

from __future__ import annotations

from fractions import Fraction

from enchanted_realms_cases import run

from pycore import evaluate
from pycore.dice import percent
from pycore.page.render import result_html
from pycore.views import VIEWS


def test_rendered_result_has_distribution_stray_table_steps_and_links():
    """The view: headline, the hits table, the stray-hex table with each creature, the steps with rule links."""
    result = run(attack={"dice": 2, "modifier": 2, "rolls": [3, 5], "d10": 2}, blind_shot=True,
                 target={"defense": 14, "cover": "partial"},
                 others=[{"name": "Bram", "hex": [5, 0], "defense": 12}, {"name": "Cass", "hex": [3, 0], "defense": 11}])
    html = result_html(result, "../../")
    assert "Each die hits on a roll of 15+" in html
    assert 'data-block="distribution"' in html and "49/100" in html
    assert 'data-block="friendly-fire"' in html and 'data-creature="Bram"' in html and "147/4000" in html
    assert 'data-block="steps"' in html and 'href="../../rules/enchanted-realms/friendly-fire/#er.ff.d10"' in html
    assert "Cass is struck" not in html and "nobody is struck" in html


def test_headline_when_untargetable():
    """Full cover: the headline says the target cannot be targeted, or that every die strays."""
    assert "Cannot be targeted" in result_html(run(target={"cover": "full"}))
    assert "every die strays" in result_html(run(target={"cover": "full"}, attack={"fire_anyway": True}))


def test_enchanted_realms_words():
    """Partial cover is +3 Defense: 10 becomes 13, so a die with no modifier hits on 13+, 8 faces of 20 (rule text 000)."""
    result = evaluate({"system": "enchanted-realms", "target": {"defense": 10, "cover": "partial", "hex": [4, 0]}})
    view = VIEWS["enchanted-realms"]
    assert view.headline(result) == "The die hits on a roll of 13+"
    facts = dict(view.facts(result))
    assert facts["Defense"] == "13 (10 +3 partial cover)" and facts["Chance per die"] == "40% (2/5)"
    assert facts["Friendly fire"] == "does not apply: no blind shot, blinded attacker, invisible target or cover calls for it"


def test_enchanted_realms_friendly_fire_words_from_triggers():
    """The facts name what calls for friendly fire from the result's triggers, not from its reason sentence."""
    result = evaluate({"system": "enchanted-realms", "blind_shot": True, "target": {"hex": [4, 0]}})
    assert result["friendly_fire"]["why_not"] is None
    facts = dict(VIEWS["enchanted-realms"].facts(result))
    assert facts["Friendly fire"] == "applies: a blind shot at a target known to be in an obscured area"


def test_enchanted_realms_summary_gives_the_pool_and_friendly_fire():
    """Two dice +3 at Defense 14 in partial cover (+3): each die needs 14+, 7/20 a die, 1 - (13/20)^2 = 57.75%
    for at least one; a blind shot among allies adds the creature most likely struck."""
    summary = VIEWS["enchanted-realms"].summary
    assert summary is not None
    plain = evaluate({"system": "enchanted-realms", "attack": {"dice": 2, "modifier": 3},
                      "target": {"defense": 14, "cover": "partial"}})
    assert summary(plain) == "Hits on 14+ per die · 57.8% at least one hit"
    one = evaluate({"system": "enchanted-realms", "target": {"defense": 10}})
    assert summary(one) == "Hits on 10+ · 55%"
    assert summary(evaluate({"system": "enchanted-realms", "target": {"defense": 29}})) == "Hits only on a natural 20 · 5%"
    blind = evaluate({"system": "enchanted-realms", "attack": {"dice": 2, "modifier": 2}, "target": {"defense": 14},
                      "blind_shot": True, "others": [{"name": "Bram", "hex": [5, 0], "defense": 12},
                                                     {"name": "Wren", "hex": [3, 0], "defense": 10}]})
    creatures = {c["name"]: c["struck_chance_exact"] for c in blind["friendly_fire"]["creatures"]}
    assert Fraction(creatures["Wren"]) > Fraction(creatures["Bram"]) > 0
    assert summary(blind).endswith(f" · friendly fire: Wren {percent(Fraction(creatures['Wren']))} (+1 more)")
