"""pycore.systems.enchanted_realms.resolution: a real throw of the dice followed through the rules, step by step."""

from __future__ import annotations

from itertools import product

import pytest
from enchanted_realms_cases import ids, run, slot_hexes


def test_a_resolved_sight_spell_at_an_unseen_target_is_not_cast():
    """Rolls of 20 and 3 for a sight spell at an invisible target count for nothing: no hit (not even the natural
    20), nobody struck, and the steps say why (no viable target), not full cover."""
    result = run(attack={"kind": "sight-spell", "dice": 2, "modifier": 4, "rolls": [20, 3], "d10": 5},
                 target={"defense": 12, "invisible": True}, others=[{"name": "Bram", "hex": [5, 0], "defense": 10}])
    res = result["resolution"]
    assert res["hits"] == 0 and res["struck"] is None and res["forward_rolls"] == []
    assert {step["rule"] for step in res["steps"]} == {"er.cover.unseen"}
    assert not any("full cover" in step["text"] for step in res["steps"])


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
