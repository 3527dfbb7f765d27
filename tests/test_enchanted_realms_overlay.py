"""pycore.systems.enchanted_realms.overlay: the target or the attacker moved over the drawn board, and the chance that
a bystander of a given Defense standing in each hex is struck by a stray shot."""

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from overlay_cases import check_overlay, hexes_of
from strategies import scenarios

from pycore import ScenarioError, evaluate


def scenario(moving, **rest):
    return {"system": "enchanted-realms", "overlay": moving, "attack": {"dice": 2}, **rest}


def test_target_overlay_covers_the_drawn_board():
    """Attacker [0, 0] and target [4, 0]: the 11 x 7 board is drawn around them; the attacker's hex is not free."""
    result = check_overlay(scenario("target"))
    assert len(result["overlay"]["hexes"]) == 11 * 7 - 1
    by_hex = hexes_of(result)
    assert (0, 0) not in by_hex and (4, 0) in by_hex
    # two dice against Defense 10: each hits on 10+ (11 faces of 20), at least one hits 1 - (9/20)^2 = 319/400
    assert {e["hit_chance_exact"] for e in by_hex.values()} == {"319/400"}


def test_full_cover_is_untargetable_everywhere():
    """Cover is the scenario's input, so it follows the target: full cover stops a ranged attack on every hex."""
    result = check_overlay(scenario("target", target={"cover": "full"}))
    assert all(not e["targetable"] and e["cover"] == "full" and e["hit_chance"] == 0
               for e in result["overlay"]["hexes"])


def test_bystander_is_struck_only_on_the_eight_stray_hexes():
    """A blind shot with 2 dice at Defense 10: both miss 81/400, the d10 picks the hex 1 time in 10, and the pool rolled
    forward by 2 strikes Defense 5 unless both dice were 1s or 2s (4/400): 77/4000 on each of the eight stray hexes."""
    result = check_overlay(scenario("bystander", overlay_defense=5, blind_shot=True))
    by_hex = hexes_of(result)
    struck = {h for h, e in by_hex.items() if e["hit_chance"]}
    assert struck == {tuple(slot["hex"]) for slot in result["friendly_fire"]["slots"]}
    assert {by_hex[h]["hit_chance_exact"] for h in struck} == {str(Fraction(77, 4000))}
    assert (0, 0) not in by_hex and (4, 0) not in by_hex


def test_bystander_without_friendly_fire_is_never_struck():
    result = check_overlay(scenario("bystander", overlay_defense=5))
    assert {e["hit_chance"] for e in result["overlay"]["hexes"]} == {0}


def test_bystander_overlay_needs_its_defense():
    with pytest.raises(ScenarioError) as err:
        evaluate(scenario("bystander"))
    assert [e["field"] for e in err.value.errors] == ["overlay_defense"]


def test_overlay_stays_within_the_hex_range():
    """A piece at the edge of the accepted range: the drawing's margin beyond it is not a place to stand."""
    result = check_overlay(scenario("target", attacker={"hex": [99, 0]}, target={"hex": [97, 0]}))
    assert all(abs(e["hex"][0]) <= 99 for e in result["overlay"]["hexes"])


OVERLAID = settings(max_examples=100, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@OVERLAID
@given(st.data())
def test_every_entry_equals_evaluate_with_the_piece_moved(data):
    """Over generated scenarios (every input, ruling and creature drawn at random), each entry is evaluate's answer."""
    s = data.draw(scenarios("enchanted-realms"))
    s["overlay"] = moving = data.draw(st.sampled_from(["target", "attacker", "bystander"]))
    if moving == "bystander":
        s["overlay_defense"] = data.draw(st.integers(0, 60))
        if len(s.get("others", [])) >= 30:
            s["others"] = s["others"][:29]  # evaluate takes 30 others: room for the bystander
    check_overlay(s, every=3)
