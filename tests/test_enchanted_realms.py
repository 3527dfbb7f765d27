"""Enchanted Realms rules, checked against rule text 000 and against every possible throw of the dice."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

from pycore import RULES, RULINGS, ScenarioError, evaluate
from pycore.browser import form_to_scenario, scenario_to_values
from pycore.dice import D20, D20_SIDES
from pycore.render import result_html
from pycore.systems import SYSTEMS
from pycore.systems import enchanted_realms as er

CORPUS = sorted((Path(__file__).parent / "scenarios" / "enchanted-realms").glob("*.json"))


def run(**parts):
    """Evaluate an enchanted-realms scenario built from keyword parts."""
    return evaluate({"system": "enchanted-realms", **parts})


def ids(result):
    """The rule ids a result applied, in order."""
    return [r["id"] for r in result["rules"]]


def errors_of(**parts):
    """The field errors of an invalid scenario, as {field: message}."""
    with pytest.raises(ScenarioError) as err:
        run(**parts)
    return {e["field"]: e["message"] for e in err.value.errors}


def slot_hexes(result):
    """Slot number -> axial hex tuple."""
    return {s["number"]: tuple(s["hex"]) for s in result["friendly_fire"]["slots"]}


# --- every number of the source text ------------------------------------------------------------


def test_the_numbers_of_the_source_text():
    """+3 Defense and +3 Agility for partial cover, +5 Agility for full, 10 ft = 2 hexes of 5 ft,
    eight stray hexes numbered 1-8 on a d10 with 9 and 10 empty, dice rolled forward by 2."""
    assert er.PARTIAL_DEFENSE == 3 and er.PARTIAL_AGILITY == 3 and er.FULL_AGILITY == 5
    assert er.STRAY_REACH_FEET == 10 and er.HEX_FEET == 5 and er.STRAY_REACH == 2
    assert er.STRAY_SLOTS == 8 and er.STRAY_DIE == 10 and er.EMPTY_FACES == (9, 10)
    assert er.FORWARD == 2 and D20_SIDES == 20 and er.NATURAL_HIT == 20 and er.NATURAL_MISS == 1


def test_forward_by_two_18_and_19_become_natural_20s_and_1_becomes_raw_3():
    """'An 18 or 19 on the dice will become a natural 20'; 'natural 1 would become a raw 3'."""
    assert er.roll_forward(18) == 20 and er.roll_forward(19) == 20 and er.roll_forward(20) == 20
    assert er.roll_forward(1) == 3
    assert [er.roll_forward(r) for r in range(1, 18)] == list(range(3, 20))


def test_three_automatic_hits_and_no_automatic_miss_when_rolled_forward():
    """'Friendly fire targets do not have an automatic miss option, but has three chances for an automatic hit.'"""
    unreachable = 60  # no total can reach it: only natural 20s hit
    assert {r for r in D20 if er.forward_hits(r, 0, 0, unreachable)} == {18, 19, 20}
    assert er.forward_hits(1, 0, 0, 3)  # a raw 3 against Defense 3: hits, it is not a natural 1
    assert not er.die_hits(1, 50, 0, 0)  # while a natural 1 against the target always misses
    assert er.die_hits(20, -50, 50, 60)  # and a natural 20 always hits


def test_partial_cover_is_plus_3_defense_against_ranged_and_sight_spells():
    """Partial cover: +3 Defense against ranged attacks (spells aimed by sight are ranged attacks too)."""
    for kind in ("ranged", "sight-spell"):
        result = run(attack={"kind": kind}, target={"defense": 12, "cover": "partial"})
        assert result["defense_bonus"] == 3 and result["defense"] == 15
        assert result["save_bonus"] == {}
        assert result["die_hit_chance_exact"] == "3/10"  # 15..20
        assert ids(result)[:2] == ["er.attack.pool", "er.cover.partial"]


def test_partial_cover_gives_plus_3_agility_saves_against_area_effects_only():
    """The same +3 for Agility saves against area effects; other saves gain no bonus."""
    result = run(attack={"kind": "area"}, target={"defense": 12, "cover": "partial"})
    assert result["save_bonus"] == {"agility": 3}
    assert result["defense_bonus"] == 0 and result["die_hit_chance_exact"] == "9/20"  # 12..20
    assert "er.cover.partial-saves" in ids(result)
    assert result["rulings_used"] == ["er.ruling.area-defense"]
    assert any("other saves gain nothing" in n for n in result["notes"])


def test_area_defense_ruling_can_add_the_plus_3_to_defense_too():
    """Ruling er.ruling.area-defense "defense-too": +3 Defense and +3 Agility against an area effect."""
    result = run(attack={"kind": "area"}, target={"defense": 12, "cover": "three-quarters"},
                 rulings={"er.ruling.area-defense": "defense-too"})
    assert result["defense_bonus"] == 3 and result["save_bonus"] == {"agility": 3}
    full = run(attack={"kind": "area"}, target={"cover": "full"}, rulings={"er.ruling.area-defense": "defense-too"})
    assert full["defense_bonus"] == 0 and full["save_bonus"] == {"agility": 5}


def test_three_quarters_is_partial_cover_plus_friendly_fire_with_others_near():
    """Three-quarters cover: +3 Defense, and friendly fire by default when others are in the vicinity."""
    alone = run(target={"defense": 12, "cover": "three-quarters"})
    assert alone["defense_bonus"] == 3
    assert alone["friendly_fire"]["applies"] is False
    assert "nobody else is in the vicinity" in alone["friendly_fire"]["reason"]
    crowd = run(target={"defense": 12, "cover": "three-quarters"}, others=[{"name": "Bram", "hex": [3, 0], "defense": 12}])
    assert crowd["defense_bonus"] == 3
    assert crowd["friendly_fire"]["applies"] is True
    assert crowd["friendly_fire"]["triggers"] == ["three-quarters-cover"]
    assert "er.cover.three-quarters" in ids(crowd) and "er.ruling.vicinity" in crowd["rulings_used"]


@pytest.mark.parametrize(("hex_", "choice", "applies"), [
    ([2, 0], "stray-hexes", True),     # the hex 10 ft in front: a stray hex
    ([2, 0], "adjacent", False),       # but not next to the target
    ([2, 0], "within-10-ft", True),    # and 10 ft away
    ([4, 2], "stray-hexes", False),    # 10 ft away, off the line: not a stray hex
    ([4, 2], "within-10-ft", True),
    ([5, -1], "adjacent", True),
    ([7, 0], "within-10-ft", False),   # 15 ft away
])
def test_vicinity_ruling(hex_, choice, applies):
    """Ruling er.ruling.vicinity: stray hexes (default), next to the target, or within 10 ft."""
    result = run(target={"cover": "three-quarters"}, others=[{"name": "Bram", "hex": hex_, "defense": 10}],
                 rulings={"er.ruling.vicinity": choice})
    assert result["friendly_fire"]["applies"] is applies


@pytest.mark.parametrize("kind", ["ranged", "sight-spell"])
def test_full_cover_cannot_be_targeted_by_ranged_attacks_or_sight_spells(kind):
    """Full cover: immune to range attacks; spells relying on line of sight have no viable target."""
    result = run(attack={"kind": kind, "dice": 3}, target={"cover": "full"}, blind_shot=True,
                 others=[{"name": "Bram", "hex": [3, 0], "defense": 5}])
    assert result["targetable"] is False
    assert result["hit_chance"] == 0 and result["die_hit_chance"] == 0
    assert result["friendly_fire"]["applies"] is False
    assert result["friendly_fire"]["struck_chance"] == {"Bram": 0.0}
    assert "er.cover.full" in ids(result) and "er.cover.full-acting" in ids(result)
    assert any("cannot act toward" in n for n in result["notes"])


@pytest.mark.parametrize("unseen", [{"blind_shot": True}, {"target": {"invisible": True, "defense": 14}},
                                    {"attacker": {"blinded": True}}])
def test_a_sight_spell_at_a_target_it_cannot_see_has_no_target(unseen):
    """Spells relying on line of sight have no viable target behind full cover; a target that cannot be seen at
    all (blind shot, invisible target, blinded caster) leaves them none either: no roll, nothing strays."""
    result = run(attack={"kind": "sight-spell", "dice": 3, "modifier": 2},
                 others=[{"name": "Bram", "hex": [5, 0], "defense": 5}], **unseen)
    assert result["targetable"] is False
    assert result["hit_chance_exact"] == "0" and result["die_hit_chance_exact"] == "0"
    ff = result["friendly_fire"]
    assert ff["applies"] is False and ff["why_not"] == "unseen" and ff["struck_chance"] == {"Bram": 0.0}
    assert "er.cover.unseen" in ids(result) and result["rulings_used"] == ["er.ruling.unseen-sight-spell"]
    assert result["untargetable_reason"] == "a sight spell cannot target what cannot be seen"
    assert "Cannot be targeted: a sight spell cannot target what cannot be seen" in result_html(result)


def test_a_resolved_sight_spell_at_an_unseen_target_is_not_cast():
    """Rolls of 20 and 3 for a sight spell at an invisible target count for nothing: no hit (not even the natural
    20), nobody struck, and the steps say why (no viable target), not full cover."""
    result = run(attack={"kind": "sight-spell", "dice": 2, "modifier": 4, "rolls": [20, 3], "d10": 5},
                 target={"defense": 12, "invisible": True}, others=[{"name": "Bram", "hex": [5, 0], "defense": 10}])
    res = result["resolution"]
    assert res["hits"] == 0 and res["struck"] is None and res["forward_rolls"] == []
    assert {step["rule"] for step in res["steps"]} == {"er.cover.unseen"}
    assert not any("full cover" in step["text"] for step in res["steps"])


def test_a_ranged_attack_at_an_unseen_target_keeps_friendly_fire():
    """A blind shot with a bow is still a shot: +2 against Defense 14 hits on 12+ (9 faces of 20), and a complete
    miss may stray onto Bram (Defense 5: every face rolled forward strikes him): 1/10 x (11/20)."""
    result = run(attack={"kind": "ranged", "modifier": 2}, target={"defense": 14}, blind_shot=True,
                 others=[{"name": "Bram", "hex": [5, 0], "defense": 5}])
    assert result["targetable"] is True and result["die_hit_chance_exact"] == "9/20"
    assert result["friendly_fire"]["applies"] is True
    assert Fraction(result["friendly_fire"]["struck_chance_exact"]["Bram"]) == Fraction(1, 10) * Fraction(11, 20)
    assert "er.cover.unseen" not in ids(result) and result["untargetable_reason"] is None


def test_sight_spell_ruling_friendly_fire_aims_at_the_spot():
    """Ruling er.ruling.unseen-sight-spell "friendly-fire": the spell is rolled like a blind shot (+2 against
    Defense 14: 9/20 per die) and a complete miss may strike Bram: 1/10 x 11/20."""
    result = run(attack={"kind": "sight-spell", "modifier": 2}, target={"defense": 14}, blind_shot=True,
                 others=[{"name": "Bram", "hex": [5, 0], "defense": 5}],
                 rulings={"er.ruling.unseen-sight-spell": "friendly-fire"})
    assert result["targetable"] is True and result["die_hit_chance_exact"] == "9/20"
    assert result["friendly_fire"]["applies"] is True and result["friendly_fire"]["triggers"] == ["blind-shot"]
    assert Fraction(result["friendly_fire"]["struck_chance_exact"]["Bram"]) == Fraction(1, 10) * Fraction(11, 20)
    assert "er.ruling.unseen-sight-spell" in result["rulings_used"]


def test_a_seen_sight_spell_is_a_normal_attack():
    """Nothing hides the target: a sight spell is rolled like a shot (+3 against partial cover, 13 + 3: 13+, 8/20)."""
    result = run(attack={"kind": "sight-spell", "modifier": 3}, target={"defense": 13, "cover": "partial"})
    assert result["targetable"] is True and result["die_hit_chance_exact"] == "2/5"
    assert "er.ruling.unseen-sight-spell" not in result["rulings_used"]


def test_full_cover_area_effect_gets_plus_5_agility():
    """Area effects can be used against full cover; the target gets +5 to Agility saves."""
    result = run(attack={"kind": "area"}, target={"cover": "full", "defense": 10})
    assert result["targetable"] is True and result["save_bonus"] == {"agility": 5}
    assert result["defense_bonus"] == 0 and "er.cover.full-area" in ids(result)


def test_firing_at_full_cover_anyway_uses_only_friendly_fire():
    """Every die misses the covered target (even a 20), so the pool always strays; only 18, 19, 20 hit Defense 60."""
    result = run(attack={"dice": 2, "fire_anyway": True}, target={"cover": "full"},
                 others=[{"name": "Ogre", "hex": [5, 0], "defense": 60}])
    ff = result["friendly_fire"]
    assert result["targetable"] is False and result["hit_chance_exact"] == "0"
    assert ff["applies"] and ff["triggers"] == ["full-cover"] and ff["stray_chance_exact"] == "1"
    # 1/10 x (1 - (17/20)^2): only the three automatic hits strike
    assert Fraction(ff["struck_chance_exact"]["Ogre"]) == Fraction(1, 10) * (1 - Fraction(17, 20) ** 2)
    assert "er.cover.fire-anyway" in ids(result)


def test_fire_anyway_is_a_noted_no_op_elsewhere():
    """Fire anyway changes nothing without full cover, for an area effect, or for a sight spell."""
    assert any("changes nothing" in n for n in run(attack={"fire_anyway": True})["notes"])
    assert any("changes nothing" in n for n in run(attack={"kind": "area", "fire_anyway": True},
                                                   target={"cover": "full"})["notes"])
    spell = run(attack={"kind": "sight-spell", "fire_anyway": True}, target={"cover": "full"})
    assert spell["friendly_fire"]["applies"] is False and any("cannot be fired anyway" in n for n in spell["notes"])


def test_obscurement_is_a_penalty_on_the_attacker_not_a_defense_bonus():
    """Obscurement: attack_modifier goes down, defense_bonus stays 0."""
    result = run(attack={"penalty": 4, "modifier": 1}, target={"defense": 12})
    assert result["attack_modifier"] == -3 and result["defense_bonus"] == 0 and result["defense"] == 12
    assert result["die_hit_chance_exact"] == "3/10"  # raw + 1 - 4 >= 12: 15..20, 6 faces
    assert "er.obscurement.penalty" in ids(result)
    assert any("Awareness" in n for n in result["notes"])


@pytest.mark.parametrize(("parts", "trigger"), [
    ({"blind_shot": True}, "blind-shot"),
    ({"attacker": {"blinded": True}}, "blinded-attacker"),
    ({"target": {"invisible": True}}, "invisible-target"),
    ({"target": {"cover": "three-quarters"}, "others": [{"name": "B", "hex": [5, 0], "defense": 9}]}, "three-quarters-cover"),
    ({"target": {"cover": "full"}, "attack": {"fire_anyway": True}}, "full-cover"),
])
def test_each_friendly_fire_trigger(parts, trigger):
    """Blind shot, blinded attacker, invisible target, three-quarters cover with others near, full cover fired upon."""
    result = run(**parts)
    assert result["friendly_fire"]["applies"] is True
    assert result["friendly_fire"]["triggers"] == [trigger]
    assert ids(result)[-4:] == ["er.ff.whole-pool", "er.ff.stray-hexes", "er.ff.d10", "er.ff.forward"]


def test_no_trigger_no_friendly_fire_and_area_effects_never_stray():
    """Without a trigger nothing strays; an area effect is not aimed, so it never strays."""
    plain = run(others=[{"name": "Bram", "hex": [3, 0], "defense": 1}])
    assert plain["friendly_fire"]["applies"] is False and plain["friendly_fire"]["struck_chance"] == {"Bram": 0.0}
    area = run(attack={"kind": "area"}, blind_shot=True, others=[{"name": "Bram", "hex": [3, 0], "defense": 1}])
    assert area["friendly_fire"]["applies"] is False and "area effect" in area["friendly_fire"]["reason"]


# --- the eight stray hexes -----------------------------------------------------------------------


def test_stray_hexes_six_around_plus_10_ft_in_front_and_behind():
    """Attacker [0, 0], target [4, 0]: 1 = [2, 0] (10 ft in front), 2..7 clockwise from [3, 0], 8 = [6, 0] (10 ft behind)."""
    result = run(blind_shot=True)
    assert slot_hexes(result) == {1: (2, 0), 2: (3, 0), 3: (4, -1), 4: (5, -1), 5: (5, 0), 6: (4, 1), 7: (3, 1), 8: (6, 0)}
    places = [s["place"] for s in result["friendly_fire"]["slots"]]
    assert places == ["front"] + ["adjacent"] * 6 + ["behind"]
    assert [s["number"] for s in result["friendly_fire"]["slots"]] == list(range(1, 9))
    assert result["friendly_fire"]["empty_faces"] == [9, 10]
    assert result["line_of_fire"] == [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]]


def test_grid_slot_order():
    """Ruling er.ruling.slot-order "grid": 1..6 in direction order from [q+1, r], then front, then behind."""
    result = run(blind_shot=True, rulings={"er.ruling.slot-order": "grid"})
    assert slot_hexes(result) == {1: (5, 0), 2: (5, -1), 3: (4, -1), 4: (3, 0), 5: (3, 1), 6: (4, 1), 7: (2, 0), 8: (6, 0)}


def test_front_and_behind_are_exactly_two_hexes_from_the_target():
    """For every direction and distance up to 6, the front and behind hexes are 10 ft (2 hexes) from the target."""
    from pycore.hexgrid import Hex, distance, spiral
    a = Hex.axial(0, 0)
    for b in spiral(a, 6)[1:]:
        for side in ("right", "left"):
            layout = er.stray_layout(a, b, {"er.ruling.edge-side": side, "er.ruling.slot-order": "shooter-clockwise",
                                            "er.ruling.attacker-hex": "empty", "er.ruling.front-behind-shooter": "empty"})
            hexes = [s.hex for s in layout.slots]
            assert len(set(hexes)) == 8 and b not in hexes
            assert [distance(h, b) for h in hexes] == [2, 1, 1, 1, 1, 1, 1, 2]
            front, behind = hexes[0], hexes[-1]
            assert distance(front, a) < distance(behind, a)


def test_line_along_an_edge_takes_the_attackers_right_by_default():
    """Target [4, -1] from [0, 0]: the 10 ft hexes fall on edges; right gives [2, 0] and [6, -1], left [2, -1] and [6, -2]."""
    right = run(target={"hex": [4, -1]}, blind_shot=True)
    assert slot_hexes(right)[1] == (2, 0) and slot_hexes(right)[8] == (6, -1)
    assert "er.ruling.edge-side" in right["rulings_used"]
    left = run(target={"hex": [4, -1]}, blind_shot=True, rulings={"er.ruling.edge-side": "left"})
    assert slot_hexes(left)[1] == (2, -1) and slot_hexes(left)[8] == (6, -2)
    straight = run(blind_shot=True)
    assert "er.ruling.edge-side" not in straight["rulings_used"]


def test_edge_side_also_picks_where_clockwise_numbering_starts():
    """Target [1, 1] (a diagonal, 10 ft away): the hex toward the attacker is [0, 1] on the right, [1, 0] on the left."""
    assert slot_hexes(run(target={"hex": [1, 1]}, blind_shot=True))[2] == (0, 1)
    assert slot_hexes(run(target={"hex": [1, 1]}, blind_shot=True, rulings={"er.ruling.edge-side": "left"}))[2] == (1, 0)


def test_attacker_10_ft_away_front_hex_is_the_attackers_own_hex():
    """Target 2 hexes away: the hex 10 ft in front is the attacker's; by default it counts as empty."""
    result = run(target={"hex": [2, 0]}, blind_shot=True)
    first = result["friendly_fire"]["slots"][0]
    assert first["hex"] == [0, 0] and first["blocked"] == "attacker" and first["occupant"] is None
    assert "er.ruling.attacker-hex" in result["rulings_used"]


def test_adjacent_attacker_own_hex_and_the_hex_behind_the_attacker():
    """Target next to the attacker: the attacker's hex is a stray hex and the front hex lies behind the attacker."""
    others = [{"name": "Bram", "hex": [-1, 0], "defense": 1}]
    result = run(target={"hex": [1, 0]}, blind_shot=True, others=others)
    slots = result["friendly_fire"]["slots"]
    assert slots[0]["hex"] == [-1, 0] and slots[0]["blocked"] == "behind-shooter"
    assert slots[1]["hex"] == [0, 0] and slots[1]["blocked"] == "attacker"
    assert result["friendly_fire"]["struck_chance"]["Bram"] == 0
    assert {"er.ruling.attacker-hex", "er.ruling.front-behind-shooter"} <= set(result["rulings_used"])
    counted = run(target={"hex": [1, 0]}, blind_shot=True, others=others,
                  rulings={"er.ruling.front-behind-shooter": "counts"})
    assert counted["friendly_fire"]["slots"][0]["occupant"] == "Bram"
    # Defense 1: every forward die strikes; 1/10 x (1 - (1/20)^1): a die misses the Defense 10 target on 1..9
    assert counted["friendly_fire"]["struck_chance_exact"]["Bram"] == str(Fraction(1, 10) * Fraction(9, 20))


def test_attacker_can_be_struck_under_the_ruling_and_needs_a_defense():
    """Ruling er.ruling.attacker-hex "struck": the attacker's hex holds "attacker", against attacker.defense."""
    assert errors_of(target={"hex": [1, 0]}, blind_shot=True, rulings={"er.ruling.attacker-hex": "struck"}) == {
        "attacker.defense": "is required: the attacker's hex is a stray hex and ruling er.ruling.attacker-hex "
                            "lets the attacker be struck"}
    result = run(target={"hex": [1, 0]}, attacker={"defense": 12}, blind_shot=True,
                 rulings={"er.ruling.attacker-hex": "struck"})
    assert result["friendly_fire"]["slots"][1]["occupant"] == "attacker"
    # misses the Defense 10 target on raw 1..9; of those, raw + 2 >= 12 never: struck only... by none
    assert result["friendly_fire"]["struck_chance_exact"]["attacker"] == "0"
    low = run(target={"hex": [1, 0]}, attacker={"defense": 5}, blind_shot=True, rulings={"er.ruling.attacker-hex": "struck"})
    # raw 3..9 rolled forward reach 5..11 >= 5: 7 faces of 20
    assert low["friendly_fire"]["struck_chance_exact"]["attacker"] == str(Fraction(1, 10) * Fraction(7, 20))


def test_creatures_outside_the_stray_hexes_are_never_struck():
    """Only the eight hexes count: a creature 3 hexes away has chance 0 and no slot."""
    result = run(blind_shot=True, others=[{"name": "Far", "hex": [7, 0], "defense": 1}])
    far = result["friendly_fire"]["creatures"][0]
    assert far["slot"] is None and far["struck_chance_exact"] == "0" and far["can_be_struck"] is False


# --- exact odds against every possible throw --------------------------------------------------------


def referee(*, defense, modifier=0, penalty=0, groups, slots, applies, hittable=True):
    """Play every throw by the source text alone: each raw face of each die, then each d10 of each attack.

    ``slots`` maps a d10 number to (name, Defense) for the stray hexes where someone can be struck.
    Returns (target hits distribution, {name: hits distribution}), both as exact fractions.
    """
    n = sum(groups)
    names = sorted({name for name, _ in slots.values()})
    target_tally: Counter[int] = Counter()
    tallies = {name: Counter() for name in names}
    for rolls in product(range(1, 21), repeat=n):
        parts, start = [], 0
        for g in groups:
            parts.append(rolls[start:start + g])
            start += g
        hits_each = [[hittable and (r == 20 or (r != 1 and r + modifier - penalty >= defense)) for r in part]
                     for part in parts]
        for d10s in product(range(1, 11), repeat=len(groups)):
            target_tally[sum(sum(h) for h in hits_each)] += 1
            struck = Counter()
            for part, hits, d10 in zip(parts, hits_each, d10s):
                if any(hits) or not applies or d10 not in slots:
                    continue  # a hit, no friendly fire, 9 and 10, or nobody there: nothing strays onto anyone
                name, their_defense = slots[d10]
                for r in part:
                    moved = r + 2  # forward by 2: 18 and 19 (and 20) are natural 20s, a 1 is now a raw 3
                    struck[name] += moved >= 20 or moved + modifier - penalty >= their_defense
            for name in names:
                tallies[name][struck[name]] += 1
    total = 20 ** n * 10 ** len(groups)
    as_dist = lambda tally: [Fraction(tally[k], total) for k in range(n + 1)]  # noqa: E731
    return as_dist(target_tally), {name: as_dist(t) for name, t in tallies.items()}


BRUTE = [
    pytest.param(dict(attack={"dice": 1, "modifier": 2}, target={"defense": 14, "cover": "partial"}, blind_shot=True,
                      others=[{"name": "Bram", "hex": [5, 0], "defense": 12}, {"name": "Wren", "hex": [3, 0], "defense": 10},
                              {"name": "Ilsa", "hex": [7, 2], "defense": 13}]),
                 dict(defense=17, modifier=2), id="one-die-partial-blind"),
    pytest.param(dict(attack={"dice": 2, "penalty": 2}, target={"defense": 11, "invisible": True},
                      others=[{"name": "Bram", "hex": [3, 0], "defense": 8}, {"name": "Wren", "hex": [6, 0], "defense": 60}]),
                 dict(defense=11, penalty=2), id="two-dice-invisible-penalty"),
    pytest.param(dict(attack={"dice": 3, "modifier": 5}, target={"defense": 18, "cover": "three-quarters"},
                      others=[{"name": "Bram", "hex": [4, -1], "defense": 8}]),
                 dict(defense=21, modifier=5), id="three-dice-three-quarters"),
    pytest.param(dict(attack={"dice": 3, "fire_anyway": True}, target={"cover": "full"},
                      others=[{"name": "Bram", "hex": [5, 0], "defense": 12}, {"name": "Wren", "hex": [4, 1], "defense": 25}]),
                 dict(defense=10, hittable=False), id="three-dice-full-cover-fired-upon"),
    pytest.param(dict(attack={"dice": 2, "split": [1, 1], "modifier": 1}, target={"defense": 13}, blind_shot=True,
                      others=[{"name": "Bram", "hex": [5, 0], "defense": 12}, {"name": "Wren", "hex": [3, 1], "defense": 9}]),
                 dict(defense=13, modifier=1), id="split-1-1"),
    pytest.param(dict(attack={"dice": 3, "split": [2, 1]}, attacker={"blinded": True}, target={"defense": 9},
                      others=[{"name": "Bram", "hex": [2, 0], "defense": 10}, {"name": "Wren", "hex": [6, 0], "defense": 16}]),
                 dict(defense=9), id="split-2-1"),
    pytest.param(dict(attack={"dice": 2}, attacker={"hex": [3, 0], "defense": 11}, target={"defense": 10}, blind_shot=True,
                      others=[{"name": "Bram", "hex": [2, 0], "defense": 4}],
                      rulings={"er.ruling.attacker-hex": "struck", "er.ruling.front-behind-shooter": "counts"}),
                 dict(defense=10), id="adjacent-attacker-struck"),
    pytest.param(dict(attack={"dice": 2, "modifier": 30}, target={"defense": 5}, blind_shot=True,
                      others=[{"name": "Bram", "hex": [3, 0], "defense": 33}]),
                 dict(defense=5, modifier=30), id="only-natural-1-misses"),
]


@pytest.mark.parametrize(("scenario", "rules"), BRUTE)
def test_exact_odds_match_every_possible_throw(scenario, rules):
    """Per die, at least one hit, hits 0..n, and every creature's struck chance, expected hits and hits
    distribution equal the brute-force count over all 20^n dice and every d10 (each split attack its own)."""
    result = run(**scenario)
    ff = result["friendly_fire"]
    slots = {}
    for slot in ff["slots"]:
        if slot["occupant"]:
            defense = next(c["defense"] for c in ff["creatures"] if c["name"] == slot["occupant"])
            slots[slot["number"]] = (slot["occupant"], defense)
    groups = scenario["attack"].get("split") or [scenario["attack"]["dice"]]
    target, creatures = referee(groups=groups, slots=slots, applies=ff["applies"], **rules)
    assert [Fraction(d["chance_exact"]) for d in result["hits_distribution"]] == target
    assert Fraction(result["hit_chance_exact"]) == 1 - target[0]
    n = scenario["attack"]["dice"]
    per_die = Fraction(result["die_hit_chance_exact"])
    assert sum(k * p for k, p in enumerate(target)) == n * per_die == Fraction(result["expected_hits_exact"])
    assert result["hit_chance"] == pytest.approx(float(1 - target[0]))
    for c in ff["creatures"]:
        dist = creatures.get(c["name"], [Fraction(1)] + [Fraction(0)] * n)
        assert [Fraction(d["chance_exact"]) for d in c["hits_distribution"]] == dist, c["name"]
        assert Fraction(c["struck_chance_exact"]) == 1 - dist[0] == Fraction(ff["struck_chance_exact"][c["name"]])
        assert Fraction(c["expected_hits_exact"]) == sum(k * p for k, p in enumerate(dist))
        assert ff["struck_chance"][c["name"]] == pytest.approx(float(1 - dist[0]))
    assert any(Fraction(c["struck_chance_exact"]) > 0 for c in ff["creatures"])


def test_resolution_agrees_with_the_referee_on_every_throw():
    """All 20 x 20 dice and every d10 of a two-die invisible-target shot, resolved one by one by the engine."""
    base = dict(attack={"dice": 2, "penalty": 2}, target={"defense": 11, "invisible": True},
                others=[{"name": "Bram", "hex": [3, 0], "defense": 8}, {"name": "Wren", "hex": [6, 0], "defense": 60}])
    slots = {2: ("Bram", 8), 8: ("Wren", 60)}
    assert slot_hexes(run(**base))[2] == (3, 0) and slot_hexes(run(**base))[8] == (6, 0)
    for rolls in product(range(1, 21), repeat=2):
        hits = sum(r == 20 or (r != 1 and r - 2 >= 11) for r in rolls)
        for d10 in range(1, 11):
            res = run(**{**base, "attack": {**base["attack"], "rolls": list(rolls), "d10": d10}})["resolution"]
            assert res["hits"] == hits
            if hits or d10 not in slots:
                assert res["struck"] is None and res["struck_hits"] == 0
                continue
            name, defense = slots[d10]
            forward = [min(r + 2, 20) for r in rolls]
            assert res["forward_rolls"] == forward
            expected = sum(f == 20 or f - 2 >= defense for f in forward)
            assert res["struck_hits"] == expected and res["struck"] == (name if expected else None)


def test_struck_chance_formula_for_one_attack():
    """1/10 x ((m/20)^n - ((m - s)/20)^n), the formula printed in the rulebook."""
    result = run(attack={"dice": 3, "modifier": 2}, target={"defense": 14, "cover": "partial"}, blind_shot=True,
                 others=[{"name": "Bram", "hex": [5, 0], "defense": 12}])
    m = 14  # misses Defense 17 at +2: raw 1..14
    s = 7   # raw 8..14 strike Defense 12 once rolled forward (raw + 2 + 2 >= 12)
    expected = Fraction(1, 10) * (Fraction(m, 20) ** 3 - Fraction(m - s, 20) ** 3)
    assert Fraction(result["friendly_fire"]["struck_chance_exact"]["Bram"]) == expected
    assert result["friendly_fire"]["creatures"][0]["forward_needs"] == 8


def test_split_attacks_can_strike_two_bystanders():
    """Split dice: each attack strays on its own, so two different creatures can both be struck."""
    result = run(attack={"dice": 2, "split": [1, 1], "rolls": [2, 3], "d10s": [2, 5]}, target={"defense": 15},
                 blind_shot=True,
                 others=[{"name": "Bram", "hex": [5, 0], "defense": 4}, {"name": "Wren", "hex": [3, 0], "defense": 4}])
    res = result["resolution"]
    assert res["struck_by"] == {"Wren": 1, "Bram": 1}
    assert res["struck"] == "Wren" and res["struck_hits"] == 1
    assert [g["struck"] for g in res["groups"]] == ["Wren", "Bram"]
    assert res["forward_rolls"] == [4, 5]
    assert "er.attack.split" in ids(result)
    assert [s["group"] for s in res["steps"] if "group" in s][:1] == [1]


def test_unsplit_pool_strays_only_when_every_die_misses_and_then_onto_one_creature():
    """One die hitting stops the stray; when all miss, all dice go against the one creature the d10 picks."""
    common = dict(target={"defense": 15}, blind_shot=True, others=[{"name": "Bram", "hex": [3, 0], "defense": 3}])
    one_hit = run(attack={"dice": 3, "rolls": [2, 17, 3], "d10": 2}, **common)["resolution"]
    assert one_hit["hits"] == 1 and one_hit["struck"] is None and one_hit["forward_rolls"] == []
    all_miss = run(attack={"dice": 3, "rolls": [2, 1, 3], "d10": 2}, **common)["resolution"]
    assert all_miss["hits"] == 0 and all_miss["struck"] == "Bram" and all_miss["struck_hits"] == 3
    assert all_miss["forward_rolls"] == [4, 3, 5]


@pytest.mark.parametrize(("d10", "words"), [(9, "an empty slot"), (10, "an empty slot"), (3, "unoccupied")])
def test_d10_9_and_10_and_unoccupied_hexes_hit_nothing(d10, words):
    """The empty targets (9, 10 and unoccupied hexes) indicate the shot hit nothing."""
    result = run(attack={"rolls": [2], "d10": d10}, blind_shot=True, others=[{"name": "Bram", "hex": [3, 0], "defense": 1}])
    res = result["resolution"]
    assert res["struck"] is None and res["hits"] == 0
    assert words in res["steps"][-1]["text"] and res["steps"][-1]["rule"] == "er.ff.d10"


def test_throw_without_d10_waits_for_it():
    """All dice missed and friendly fire applies, but no d10 yet: the resolution says so."""
    res = run(attack={"rolls": [2]}, blind_shot=True)["resolution"]
    assert res["awaiting_d10"] is True and res["struck"] is None and res["forward_rolls"] == [4]


def test_resolution_steps_carry_rule_links():
    """Each step names the rule (or ruling) that decided it, with its rulebook link."""
    result = run(attack={"dice": 2, "rolls": [19, 1], "d10": 1}, target={"defense": 25}, blind_shot=True,
                 others=[{"name": "Bram", "hex": [2, 0], "defense": 20}])
    res = result["resolution"]
    assert [s["rule"] for s in res["steps"]] == ["er.attack.pool", "er.attack.natural", "er.ff.whole-pool", "er.ff.d10",
                                                 "er.ff.forward", "er.ff.forward", "er.ff.forward", "er.ff.forward"]
    assert "19 → 20 (natural 20)" in res["steps"][4]["text"] and "1 → 3" in res["steps"][4]["text"]
    assert res["struck_hits"] == 1  # the 19 became a natural 20; the raw 3 misses Defense 20
    for step in res["steps"]:
        assert step["ref"].endswith("#" + step["rule"]) and step["ref"].startswith("rules/enchanted-realms/")


def test_full_cover_resolution_all_dice_miss_and_stray():
    """Firing anyway: even a natural 20 misses the covered target, then strikes the bystander as a natural 20."""
    res = run(attack={"rolls": [20], "d10": 5, "fire_anyway": True}, target={"cover": "full"},
              others=[{"name": "Bram", "hex": [5, 0], "defense": 60}])["resolution"]
    assert res["hits"] == 0 and res["struck"] == "Bram" and res["forward_rolls"] == [20]
    assert res["steps"][0]["rule"] == "er.cover.full"


@pytest.mark.parametrize("case", CORPUS, ids=lambda p: p.stem)
def test_scenario_corpus(case):
    """Each case in tests/scenarios/enchanted-realms: the source rule, the inputs and hand-worked numbers."""
    data = json.loads(case.read_text())
    assert data["rule"] in RULES and data["id"] == case.stem
    result = run(**data["scenario"])
    assert data["rule"] in ids(result) or data["rule"] in result.get("rulings_used", [])
    for path, expected in data["expect"].items():
        value = result
        for part in path.split("."):
            value = value[int(part)] if isinstance(value, list) else value[part]
        assert value == expected, path


# --- inputs and errors ---------------------------------------------------------------------------


def test_defaults():
    """Omitted keys take documented defaults: one die, +0, Defense 10, no cover, attacker [0, 0], target [4, 0]."""
    result = run()
    assert result["dice"] == 1 and result["defense"] == 10 and result["cover"] == "none"
    assert result["die_hit_chance_exact"] == "11/20"  # 10..20
    assert result["line_of_fire"][0] == [0, 0] and result["line_of_fire"][-1] == [4, 0]
    assert "resolution" not in result and result["friendly_fire"]["applies"] is False


BAD = [
    ({"attack": {"dice": 0}}, "attack.dice", "out of range"),
    ({"attack": {"dice": 21}}, "attack.dice", "out of range"),
    ({"attack": {"dice": "3"}}, "attack.dice", "not text"),
    ({"attack": {"modifier": 51}}, "attack.modifier", "out of range"),
    ({"attack": {"penalty": -1}}, "attack.penalty", "out of range"),
    ({"attack": {"kind": "melee"}}, "attack.kind", "is not allowed"),
    ({"attack": {"fire_anyway": "yes"}}, "attack.fire_anyway", "true or false"),
    ({"target": {"cover": "half"}}, "target.cover", "is not allowed"),
    ({"target": {"defense": 61}}, "target.defense", "out of range"),
    ({"target": {"invisible": 1}}, "target.invisible", "true or false"),
    ({"attacker": {"blinded": None}}, "attacker.blinded", "true or false"),
    ({"attacker": {"defense": -1}}, "attacker.defense", "out of range"),
    ({"blind_shot": "no"}, "blind_shot", "true or false"),
    ({"attacker": {"hex": [0]}}, "attacker.hex", "not a list of 1"),
    ({"attacker": {"hex": [0, 0, 0]}}, "attacker.hex", "not a list of 3"),
    ({"attacker": {"hex": "0, 0"}}, "attacker.hex", "not text"),
    ({"attacker": {"hex": [100, 0]}}, "attacker.hex", "out of range"),
    ({"target": {"hex": [0, 1.5]}}, "target.hex", "whole number"),
    ({"target": {"hex": [0, 0]}}, "target.hex", "is the attacker's hex"),
    ({"others": {"name": "Bram"}}, "others", "not an object"),
    ({"others": ["Bram"]}, "others.0", "must be an object"),
    ({"others": [{"hex": [1, 1], "defense": 10}]}, "others.0.name", "is required"),
    ({"others": [{"name": 7, "hex": [1, 1], "defense": 10}]}, "others.0.name", "must be text"),
    ({"others": [{"name": "x" * 41, "hex": [1, 1], "defense": 10}]}, "others.0.name", "too long"),
    ({"others": [{"name": " ", "hex": [1, 1], "defense": 10}]}, "others.0.name", "is empty"),
    ({"others": [{"name": "Attacker", "hex": [1, 1], "defense": 10}]}, "others.0.name", "reserved for the attacker"),
    ({"others": [{"name": "B", "hex": [1, 1], "defense": 10}, {"name": "B", "hex": [2, 1], "defense": 10}]},
     "others.1.name", "already the name of others.0"),
    ({"others": [{"name": "B", "defense": 10}]}, "others.0.hex", "is required"),
    ({"others": [{"name": "B", "hex": [4, 0], "defense": 10}]}, "others.0.hex", "is the target's hex"),
    ({"others": [{"name": "B", "hex": [0, 0], "defense": 10}]}, "others.0.hex", "is the attacker's hex"),
    ({"others": [{"name": "B", "hex": [1, 1], "defense": 10}, {"name": "C", "hex": [1, 1], "defense": 10}]},
     "others.1.hex", "also the hex of others.0"),
    ({"others": [{"name": "B", "hex": [1, 1]}]}, "others.0.defense", "is required"),
    ({"others": [{"name": "B", "hex": [1, 1], "defense": 70}]}, "others.0.defense", "out of range"),
    ({"others": [{"name": "B", "hex": [1, 1], "defense": 1, "size": "large"}]}, "others.0.size", "unknown field"),
    ({"others": [{"name": f"c{i}", "hex": [i, 5], "defense": 1} for i in range(31)]}, "others", "at most 30"),
    ({"attack": {"dice": 3, "split": [1, 1]}}, "attack.split", "adds up to 2, but the pool has 3 dice"),
    ({"attack": {"split": []}}, "attack.split", "empty list"),
    ({"attack": {"dice": 2, "split": [0, 2]}}, "attack.split", "out of range"),
    ({"attack": {"dice": 2, "rolls": [5]}}, "attack.rolls", "has 1 die, but the pool has 2"),
    ({"attack": {"rolls": [21]}}, "attack.rolls", "out of range"),
    ({"attack": {"rolls": [0]}}, "attack.rolls", "out of range"),
    ({"attack": {"rolls": [4], "d10": 11}}, "attack.d10", "out of range"),
    ({"attack": {"d10": 3}}, "attack.d10", "fill in attack.rolls"),
    ({"attack": {"dice": 2, "split": [1, 1], "rolls": [1, 2], "d10": 3}}, "attack.d10", "one d10 per attack in attack.d10s"),
    ({"attack": {"rolls": [3], "d10s": [3]}}, "attack.d10s", "only for split dice"),
    ({"attack": {"dice": 2, "split": [1, 1], "rolls": [1, 2], "d10s": [3]}}, "attack.d10s", "1 d10s for 2 split attacks"),
    ({"attack": {"dice": 2, "split": [1, 1], "d10s": [3, 4]}}, "attack.d10s", "fill in attack.rolls"),
    ({"attack": {"dice": 2, "split": [1, 1], "rolls": [1, 2], "d10s": [3, 0]}}, "attack.d10s", "out of range"),
    ({"attack": {"pool": 3}}, "attack.pool", "unknown field"),
    ({"cover": "partial"}, "cover", "unknown field"),
    ({"rulings": {"er.ruling.nope": "x"}}, "rulings.er.ruling.nope", "unknown ruling"),
    ({"rulings": {"er.ruling.vicinity": "everywhere"}}, "rulings.er.ruling.vicinity", "not a choice"),
    ({"rulings": {"er.ruling.edge-side": "up"}}, "rulings.er.ruling.edge-side", "not a choice"),
]


@pytest.mark.parametrize(("parts", "field", "words"), BAD, ids=[f"{f}:{w}" for _, f, w in BAD])
def test_every_bad_input_names_its_field(parts, field, words):
    """Every invalid input is an error on its dotted field, with a message that says what is wrong."""
    errors = errors_of(**parts)
    assert field in errors, errors
    assert words in errors[field], errors[field]


def test_form_values_become_the_scenario():
    """The generic form: hexes as "q, r", dice as "12 5 20", other creatures as JSON text."""
    inputs = SYSTEMS["enchanted-realms"].inputs
    scenario, errors = form_to_scenario(inputs, {
        "attacker.hex": "1, -2", "target.hex": "5, -2", "attack.rolls": "12 5 20", "attack.dice": "3",
        "others": '[{"name": "Bram", "hex": [6, -2], "defense": 12}]', "attack.split": "", "blind_shot": True,
    })
    assert errors == []
    assert scenario["attacker"]["hex"] == [1, -2] and scenario["attack"]["rolls"] == [12, 5, 20]
    assert scenario["others"][0]["name"] == "Bram" and "split" not in scenario["attack"]
    result = evaluate(scenario)
    assert result["resolution"]["hits"] == 2  # 12 and 20 against Defense 10
    values = scenario_to_values(inputs, inputs.validate(scenario))
    assert values["attacker.hex"] == "1, -2" and values["attack.rolls"] == "12 5 20"
    assert json.loads(values["others"])[0]["hex"] == [6, -2]
    _, bad = form_to_scenario(inputs, {"target.hex": "four", "others": "[{"})
    assert {e["field"] for e in bad} == {"target.hex", "others"}


# --- rules, rulings and rendering ----------------------------------------------------------------


def test_rule_and_ruling_ids_and_pages():
    """Ids are er.<area>.<name>; every rule lives on one of the four rulebook pages."""
    pages = {er.ATTACK_PAGE, er.COVER_PAGE, er.OBSCUREMENT_PAGE, er.FRIENDLY_FIRE_PAGE}
    for item in (*er.RULES, *er.RULINGS):
        assert item.id.startswith("er.") and item.id.count(".") == 2 and item.page in pages
        assert (RULES.get(item.id) or RULINGS.get(item.id)) is item
    for ruling in er.RULINGS:
        assert ruling.default in ruling.values and len(ruling.values) >= 2 and ruling.why


def test_rulings_switch_only_what_they_name():
    """A result lists the rulings it depended on; a plain shot depends on none."""
    assert run()["rulings_used"] == []
    assert set(run(target={"hex": [1, 0]}, blind_shot=True)["rulings_used"]) == {
        "er.ruling.slot-order", "er.ruling.attacker-hex", "er.ruling.front-behind-shooter"}


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

