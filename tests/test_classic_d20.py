"""Classic d20 rules, checked number by number against rule text 001, with exact chances brute-forced on the d20."""

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from pycore import RULES, RULINGS, ScenarioError, evaluate
from pycore.render import result_html
from pycore.systems import classic_d20 as d20

ROOT = Path(__file__).resolve().parent.parent
PAGES = ROOT / "site" / "rules" / "classic-d20"
CORPUS = sorted((Path(__file__).parent / "scenarios" / "classic-d20").glob("*.json"))


def run(**parts):
    """Evaluate a classic-d20 scenario built from keyword parts."""
    return evaluate({"system": "classic-d20", **parts})


def ids(result):
    """The applied rule ids, in order."""
    return [r["id"] for r in result["rules"]]


def errors_of(**parts):
    """The field errors a bad scenario raises."""
    with pytest.raises(ScenarioError) as err:
        run(**parts)
    return err.value.errors


def brute(convention, to_hit, modifier, ac, natural="auto"):
    """Count the hitting faces of a d20 one by one, straight from the two hit conditions of the rulebook."""
    hits = 0
    for roll in range(1, 21):
        if natural == "auto" and roll == 20:
            hit = True
        elif natural == "auto" and roll == 1:
            hit = False
        elif convention == "descending":
            hit = roll + modifier >= to_hit - ac
        else:
            hit = roll + to_hit + modifier >= ac
        hits += hit
    return Fraction(hits, 20)


# --- attack rolls and AC conventions -----------------------------------------------------------------


def test_defaults_need_nothing_and_give_no_chance():
    """An empty scenario is valid: missile attack, AC 10, nothing in the way, chance unknown."""
    result = run()
    assert result["targetable"] is True
    assert result["attack_modifier"] == 0 and result["defense_bonus"] == 0
    assert result["effective_ac"] == 10 and result["cover"] == 0 and result["concealment"] == 0
    assert result["hit_chance"] is None and result["hit_chance_exact"] is None
    assert result["save_bonus"] == {} and result["notes"] == [] and result["rulings_used"] == []
    assert ids(result) == ["d20.ac.descending"]


def test_thac0_example():
    """THAC0 15 against AC 4 needs 11: half the faces."""
    result = run(attack={"to_hit": 15}, target={"ac": 4})
    assert result["needs"] == 11 and result["hit_chance_exact"] == "1/2" and result["hit_chance"] == 0.5


def test_ascending_example():
    """Attack bonus +5 against AC 15 needs 10: 11 faces of 20."""
    result = run(ac_convention="ascending", attack={"to_hit": 5}, target={"ac": 15})
    assert result["needs"] == 10 and result["hit_chance_exact"] == "11/20"
    assert ids(result)[0] == "d20.ac.ascending"


@pytest.mark.parametrize("convention", ["descending", "ascending"])
@pytest.mark.parametrize("natural", ["auto", "none"])
def test_exact_chance_matches_brute_force(convention, natural):
    """Every THAC0/bonus, AC and elevation modifier in a wide grid: the engine's fraction equals the face count."""
    for to_hit in range(-5, 31, 3):
        for ac in range(-8, 26, 3):
            for elevation, terrain, mod in (("level", "ground", 0), ("higher", "cliff", 2), ("lower", "cliff", -2)):
                result = run(ac_convention=convention, attack={"to_hit": to_hit}, target={"ac": ac},
                             attacker={"elevation": elevation, "terrain": terrain},
                             rulings={"d20.ruling.natural-rolls": natural})
                expected = brute(convention, to_hit, mod, ac, natural)
                assert Fraction(result["hit_chance_exact"]) == expected, (to_hit, ac, mod)
                assert result["hit_chance"] == pytest.approx(float(expected))


def test_natural_rolls_ruling_bounds():
    """Default: a 20 always hits (5%) and a 1 always misses (95% at best); "none" allows 0% and 100%."""
    hopeless = {"attack": {"to_hit": 30}, "target": {"ac": -5}}
    sure = {"attack": {"to_hit": 1}, "target": {"ac": 10}}
    assert run(**hopeless)["hit_chance_exact"] == "1/20" and run(**hopeless)["needs"] == 20
    assert run(**sure)["hit_chance_exact"] == "19/20" and run(**sure)["needs"] == 2
    none = {"d20.ruling.natural-rolls": "none"}
    assert run(**hopeless, rulings=none)["hit_chance_exact"] == "0" and run(**hopeless, rulings=none)["needs"] is None
    assert run(**sure, rulings=none)["hit_chance_exact"] == "1" and run(**sure, rulings=none)["needs"] == 1
    assert "d20.ruling.natural-rolls" in run(**sure)["rulings_used"]


# --- cover --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("percent", "bonus"), [(25, 2), (50, 4), (75, 7), (90, 10)])
@pytest.mark.parametrize("convention", ["descending", "ascending"])
def test_cover_bonus_both_conventions(percent, bonus, convention):
    """25% = +2, 50% = +4 (source); 75% = +7, 90% = +10 (default ruling); AC moves the right way."""
    result = run(ac_convention=convention, target={"ac": 5, "cover": percent})
    assert result["defense_bonus"] == bonus
    assert result["effective_ac"] == (5 - bonus if convention == "descending" else 5 + bonus)
    assert result["cover"] == percent
    assert "d20.cover.percent" in ids(result) and "d20.cover.saves" in ids(result)
    assert ("d20.ruling.cover-high" in result["rulings_used"]) is (percent in (75, 90))


def test_cover_high_steady_ruling():
    """Ruling "steady": 75% = +6 and 90% = +8; the printed 25% and 50% do not change."""
    steady = {"d20.ruling.cover-high": "steady"}
    assert [run(target={"cover": p}, rulings=steady)["defense_bonus"] for p in (25, 50, 75, 90)] == [2, 4, 6, 8]


@pytest.mark.parametrize(("percent", "bonus"), [(25, 2), (50, 4), (75, 7), (90, 10)])
def test_cover_adds_to_saves(percent, bonus):
    """Cover adds to saving throws (default: the AC bonus, every save); ruling "dexterity" moves it."""
    assert run(target={"cover": percent})["save_bonus"] == {"all": bonus}
    moved = run(target={"cover": percent}, rulings={"d20.ruling.cover-saves": "dexterity"})
    assert moved["save_bonus"] == {"dexterity": bonus}


@pytest.mark.parametrize("kind", ["melee", "missile", "spell", "gaze"])
def test_full_cover_blocks_everything(kind):
    """100% cover: no line of sight or effect, so nothing can be aimed at the target."""
    result = run(attack={"kind": kind, "to_hit": 10}, target={"cover": 100})
    assert result["targetable"] is False and result["hit_chance"] == 0 and result["save_bonus"] == {}
    assert "d20.cover.full" in ids(result) and result["untargetable_reason"] == "100% cover"


def test_cover_only_from_the_far_side():
    """Cover between the target and someone else does nothing against this attacker."""
    result = run(target={"cover": 50, "cover_between": False}, attack={"to_hit": 15})
    assert result["defense_bonus"] == 0 and result["cover"] == 0 and result["save_bonus"] == {}
    assert "d20.cover.far-side" in ids(result) and any("far side" in n for n in result["notes"])


COVER_EXAMPLES = {"knees": 25, "high-wall": 25, "pillar-firing": 25, "pillar-peering": 50, "table": 50,
                  "window": 75, "arrow-slit": 90}
CONCEALMENT_EXAMPLES = {"screen": 25, "bushes": 50, "outline": 75, "part-shape": 90}


@pytest.mark.parametrize(("example", "percent"), sorted(COVER_EXAMPLES.items()))
def test_cover_examples(example, percent):
    """Each situation of "Types of cover" stands for its printed percentage."""
    result = run(target={"cover_example": example})
    assert result["cover"] == percent and "d20.cover.examples" in ids(result)
    assert run(target={"cover_example": example, "cover": percent})["cover"] == percent


def test_every_example_is_in_the_engine():
    """The engine lists exactly the source's examples, no more."""
    assert {e.value: e.percent for e in d20.COVER_EXAMPLES} == COVER_EXAMPLES
    assert {e.value: e.percent for e in d20.CONCEALMENT_EXAMPLES} == CONCEALMENT_EXAMPLES


def test_table_shelters_both_ways_in_melee():
    """An overturned table gives 50% both ways in melee: said in a note for melee only."""
    melee = run(attack={"kind": "melee"}, target={"cover_example": "table"})
    assert any("both sides" in n for n in melee["notes"])
    assert not any("both sides" in n for n in run(target={"cover_example": "table"})["notes"])


# --- soft cover: protectors and firing over a melee ----------------------------------------------------


@pytest.mark.parametrize(("protectors", "bonus"), [(0, 0), (1, 2), (2, 4), (3, 4), (20, 4)])
def test_protector_bonus(protectors, bonus):
    """One protector: +2 AC and Dexterity saves (25% cover); two or more: +4 (50% cover)."""
    result = run(target={"protectors": protectors})
    assert result["defense_bonus"] == bonus
    assert result["save_bonus"] == ({"dexterity": bonus} if bonus else {})


def test_protectors_only_parry_missiles():
    """Against a melee attack the parries add no AC; their Dexterity save bonus lasts the round (ruling)."""
    melee = run(attack={"kind": "melee"}, target={"protectors": 2})
    assert melee["defense_bonus"] == 0 and melee["save_bonus"] == {"dexterity": 4}
    assert "d20.ruling.protector-saves" in melee["rulings_used"]
    strict = run(attack={"kind": "spell"}, target={"protectors": 2}, rulings={"d20.ruling.protector-saves": "missile"})
    assert strict["save_bonus"] == {} and strict["defense_bonus"] == 0


def test_protectors_and_cover_ruling():
    """Default: the better of protectors and cover counts; ruling "add" stacks them."""
    best = run(target={"protectors": 2, "cover": 25})
    assert best["defense_bonus"] == 4 and best["save_bonus"] == {"all": 2, "dexterity": 2}
    assert "d20.ruling.protectors-and-cover" in best["rulings_used"]
    added = run(target={"protectors": 2, "cover": 25}, rulings={"d20.ruling.protectors-and-cover": "add"})
    assert added["defense_bonus"] == 6 and added["save_bonus"] == {"all": 2, "dexterity": 4}


def brute_protectors(to_hit, ac, n, bonus, protector_acs, general=0):
    """Rolls that miss only because of the parries, and each protector's chance: 1/n of the rolls that hit it."""
    hit = lambda roll, need: roll == 20 or (roll != 1 and roll >= need)  # noqa: E731
    saved = [r for r in range(1, 21) if hit(r, to_hit - ac - general) and not hit(r, to_hit - (ac - bonus) - general)]
    return saved, [Fraction(sum(hit(r, to_hit - pac - general) for r in saved), 20 * n) for pac in protector_acs]


@pytest.mark.parametrize(("to_hit", "ac", "acs"), [(14, 4, [6, 2]), (14, 4, [6]), (20, 0, [5, 5, 5]),
                                                   (10, 9, [-2]), (15, 5, [10, 0, -3, 4])])
def test_protector_struck_rolls_and_chances(to_hit, ac, acs):
    """The struck rolls and each protector's chance, against a brute-force count with uniform random choice."""
    n = len(acs)
    result = run(attack={"to_hit": to_hit}, target={"ac": ac, "protectors": n, "protector_ac": acs})
    saved, chances = brute_protectors(to_hit, ac, n, 2 if n == 1 else 4, acs)
    data = result["protectors"]
    assert data["saved_rolls"] == saved
    assert [Fraction(p["chance_exact"]) for p in data["struck"]] == chances
    assert Fraction(data["any_struck_exact"]) == sum(chances)
    assert "d20.cover.protector-struck" in ids(result)


def test_protector_worked_example():
    """Rulebook example: THAC0 14, AC 4, protectors AC 6 and AC 2: rolls 10-13 saved; 1/10 and 1/20."""
    data = run(attack={"to_hit": 14}, target={"ac": 4, "protectors": 2, "protector_ac": [6, 2]})["protectors"]
    assert data["saved_rolls"] == [10, 11, 12, 13]
    assert [(p["rolls"], p["chance_exact"]) for p in data["struck"]] == [([10, 11, 12, 13], "1/10"), ([12, 13], "1/20")]


def test_protectors_no_better_than_concealment_save_no_roll():
    """Ruling "highest" for cover and concealment: 50% concealment (+2) already matches one protector (+2)."""
    result = run(attack={"to_hit": 15}, target={"ac": 5, "protectors": 1, "concealment": 50},
                 rulings={"d20.ruling.cover-and-concealment": "highest"})
    assert result["defense_bonus"] == 2 and result["protectors"]["saved_rolls"] == []


def test_protector_ac_defaults_to_targets_own_and_one_value_for_all():
    """No protector AC: the target's own AC, said in a note; one value stands for every protector."""
    result = run(attack={"to_hit": 14}, target={"ac": 4, "protectors": 3})
    assert [p["ac"] for p in result["protectors"]["struck"]] == [4, 4, 4]
    assert any("target's own AC" in n for n in result["notes"])
    one = run(attack={"to_hit": 14}, target={"ac": 4, "protectors": 3, "protector_ac": [7]})
    assert [p["ac"] for p in one["protectors"]["struck"]] == [7, 7, 7]


def test_protector_roll_keeps_attackers_own_modifiers():
    """Higher ground counts toward hitting a protector; the target's invisibility penalty does not."""
    result = run(attack={"to_hit": 15}, attacker={"elevation": "higher"},
                 target={"ac": 5, "protectors": 1, "protector_ac": [3], "invisible": True, "pinpointed": True})
    hit = lambda roll, need: roll == 20 or (roll != 1 and roll >= need)  # noqa: E731
    saved = [r for r in range(1, 21) if hit(r, 15 - 5 - 1 + 4) and not hit(r, 15 - 3 - 1 + 4)]
    assert result["protectors"]["saved_rolls"] == saved == [13, 14]
    assert result["protectors"]["struck"][0]["rolls"] == [r for r in saved if hit(r, 15 - 3 - 1)]


def test_over_melee_minus_two_at_same_elevation():
    """Missiles over a melee: -2 when no side is higher; none from higher ground; GM may adjust."""
    assert d20.OVER_MELEE_PENALTY == 2
    assert run(attack={"over_melee": True})["attack_modifier"] == -2
    higher = run(attack={"over_melee": True}, attacker={"elevation": "higher"})
    assert higher["attack_modifier"] == 1 and any("different elevation" in n for n in higher["notes"])
    gm = run(attack={"over_melee": True, "over_melee_penalty": 3})
    assert gm["attack_modifier"] == -3 and any("set by the GM" in n for n in gm["notes"])
    assert run(attack={"over_melee": True, "over_melee_penalty": 0})["attack_modifier"] == 0
    melee = run(attack={"over_melee": True, "kind": "melee"})
    assert melee["attack_modifier"] == 0 and any("only changes missile" in n for n in melee["notes"])


# --- concealment and fog -----------------------------------------------------------------------------


@pytest.mark.parametrize(("percent", "bonus", "as_cover"), [(25, 1, 2), (50, 2, 4), (75, 3, 7), (90, 4, 10)])
def test_concealment_values(percent, bonus, as_cover):
    """Concealment adds to AC only: +1/+2/+3/+4 (default ruling) or the cover values; never to saves."""
    result = run(target={"concealment": percent})
    assert result["defense_bonus"] == bonus and result["save_bonus"] == {} and result["concealment"] == percent
    assert result["rulings_used"] == ["d20.ruling.concealment-values"]
    other = run(target={"concealment": percent}, rulings={"d20.ruling.concealment-values": "as-cover"})
    assert other["defense_bonus"] == as_cover


@pytest.mark.parametrize(("example", "percent"), sorted(CONCEALMENT_EXAMPLES.items()))
def test_concealment_examples(example, percent):
    """Each situation of "Types of concealment" stands for its printed percentage."""
    result = run(target={"concealment_example": example})
    assert result["concealment"] == percent and "d20.concealment.examples" in ids(result)


def test_cover_and_concealment_ruling():
    """Default: cover and concealment add; ruling "highest" keeps the better bonus."""
    both = run(target={"cover": 50, "concealment": 50})
    assert both["defense_bonus"] == 6 and "d20.ruling.cover-and-concealment" in both["rulings_used"]
    best = run(target={"cover": 25, "concealment": 90}, rulings={"d20.ruling.cover-and-concealment": "highest"})
    assert best["defense_bonus"] == 4


def test_full_concealment_is_invisibility():
    """100% concealment: no line of sight, treated as invisible: not pinpointed, not targetable; pinpointed, -4."""
    hidden = run(attack={"to_hit": 15}, target={"concealment": 100})
    assert hidden["targetable"] is False and hidden["hit_chance"] == 0
    assert "d20.concealment.full" in ids(hidden) and hidden["save_bonus"] == {"all": 4}
    found = run(attack={"to_hit": 15}, target={"concealment": 100, "pinpointed": True})
    assert found["targetable"] is True and found["attack_modifier"] == -4 and found["defense_bonus"] == 0


@pytest.mark.parametrize(("feet", "percent"), [(0, 25), (5, 25), (10, 25), (10.5, 50), (15, 50), (20, 50),
                                               (20.5, 100), (30, 100), (500, 100)])
def test_fog_by_distance(feet, percent):
    """Fog or mist: up to 10 ft 25%, up to 20 ft 50%, beyond 20 ft 100% (attacker treated as blinded)."""
    result = run(fog_distance_ft=feet, attack={"to_hit": 15}, target={"ac": 5})
    assert result["concealment"] == percent and "d20.concealment.fog" in ids(result)
    if percent == 100:
        assert result["targetable"] is False
        assert "blinded" in result["invisibility"]["target"]["why"]
    else:
        assert result["defense_bonus"] == {25: 1, 50: 2}[percent]


def test_fog_and_concealment_ruling():
    """Default: the larger percentage; ruling "add" sums them up to 100%."""
    assert run(fog_distance_ft=15, target={"concealment": 25})["concealment"] == 50
    added = run(fog_distance_ft=15, target={"concealment": 25}, rulings={"d20.ruling.fog-and-concealment": "add"})
    assert added["concealment"] == 75
    capped = run(fog_distance_ft=15, target={"concealment": 75}, rulings={"d20.ruling.fog-and-concealment": "add"})
    assert capped["concealment"] == 100 and capped["targetable"] is False


def test_invisible_concealment_ruling():
    """Default: an invisible target gains nothing from partial concealment; ruling "add" keeps the bonus."""
    scene = {"target": {"invisible": True, "pinpointed": True, "concealment": 50}}
    assert run(**scene)["defense_bonus"] == 0
    assert run(**scene, rulings={"d20.ruling.invisible-concealment": "add"})["defense_bonus"] == 2


# --- higher ground -------------------------------------------------------------------------------------

ELEVATION = {
    ("ground", "higher"): 1, ("ground", "level"): 0, ("ground", "lower"): 0,
    ("cliff", "higher"): 2, ("cliff", "level"): 0, ("cliff", "lower"): -2,
    ("severe-slope", "higher"): 1, ("severe-slope", "level"): 0, ("severe-slope", "lower"): -1,
}


@pytest.mark.parametrize(("terrain", "elevation"), sorted(ELEVATION))
def test_elevation_table(terrain, elevation):
    """Any higher ground +1; cliff face +2 above / -2 below; severe slope +1 / -1."""
    result = run(attacker={"elevation": elevation, "terrain": terrain})
    assert result["attack_modifier"] == ELEVATION[(terrain, elevation)]
    if ELEVATION[(terrain, elevation)]:
        assert d20.ELEVATION_RULE[terrain] in ids(result)


def test_elevation_is_cumulative_with_other_modifiers():
    """Cliff +2 with an invisible, pinpointed target's -4: net -2."""
    result = run(attacker={"elevation": "higher", "terrain": "cliff"}, target={"invisible": True, "pinpointed": True})
    assert result["attack_modifier"] == -2


# --- invisibility ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["melee", "missile"])
def test_invisible_target_must_be_pinpointed(kind):
    """Melee and missile attacks need the invisible target pinpointed; then they are at -4."""
    hidden = run(attack={"kind": kind, "to_hit": 15}, target={"ac": 5, "invisible": True})
    assert hidden["targetable"] is False and hidden["hit_chance"] == 0
    assert hidden["untargetable_reason"] == "the unseen target is not pinpointed"
    found = run(attack={"kind": kind, "to_hit": 15}, target={"ac": 5, "invisible": True, "pinpointed": True})
    assert found["targetable"] is True and found["attack_modifier"] == -4
    assert Fraction(found["hit_chance_exact"]) == brute("descending", 15, -4, 5)
    assert "d20.invisible.attack-penalty" in ids(found) and "d20.detect.pinpointed" not in ids(found)[:1]


@pytest.mark.parametrize("kind", ["melee", "missile", "spell", "gaze"])
def test_sight_effects_never_target_the_invisible(kind):
    """Effects needing line of sight or a chosen target cannot target an invisible creature, even pinpointed."""
    result = run(attack={"kind": kind, "needs_sight": True}, target={"invisible": True, "pinpointed": True})
    assert result["targetable"] is False
    assert "d20.invisible.no-sight-targeting" in ids(result)


def test_gaze_always_needs_sight():
    """A gaze attack counts as needing sight even if the box is not ticked."""
    result = run(attack={"kind": "gaze"}, target={"invisible": True, "pinpointed": True})
    assert result["targetable"] is False and any("gaze attack always needs sight" in n for n in result["notes"])


def test_area_spell_still_reaches_unpinpointed_invisible():
    """A spell that is not aimed by sight reaches an unpinpointed invisible creature (any roll at -4)."""
    result = run(attack={"kind": "spell", "to_hit": 15}, target={"ac": 5, "invisible": True})
    assert result["targetable"] is True and result["attack_modifier"] == -4
    assert result["save_bonus"] == {"all": 4}


def test_invisible_target_saves_only_while_undetected():
    """+4 to saves against the opponents' effects while not detected; nothing once pinpointed."""
    assert d20.INVISIBLE_SAVE_BONUS == 4
    assert run(target={"invisible": True})["save_bonus"] == {"all": 4}
    assert run(target={"invisible": True, "pinpointed": True})["save_bonus"] == {}
    both = run(target={"invisible": True, "cover": 25})["save_bonus"]
    assert both == {"all": 6}


def test_invisible_target_notes():
    """No free or immediate attacks against it; touching it is a melee attack; random attacks; leaving melee."""
    result = run(attack={"kind": "melee"}, target={"invisible": True})
    text = " ".join(result["notes"])
    assert "No free or immediate attacks" in text and "randomly assigned attacks" in text
    assert "leave melee without drawing free attacks" in text and "chooses which attackers" in text
    touch = run(attack={"kind": "melee"}, target={"invisible": True, "pinpointed": True})
    assert any("melee attack (a major action)" in n for n in touch["notes"])
    for rid in ("d20.invisible.no-free-attacks", "d20.detect.touch"):
        assert rid in ids(touch)


DESCENDING_LIMIT = [(4, 8), (6, 10), (8, 10), (10, 10), (12, 12), (-3, 1)]
ASCENDING_LIMIT = [(16, 12), (14, 10), (12, 10), (10, 10), (8, 8), (25, 21)]


@pytest.mark.parametrize(("convention", "ac", "worse"), [("descending", a, w) for a, w in DESCENDING_LIMIT]
                         + [("ascending", a, w) for a, w in ASCENDING_LIMIT])
def test_unseen_attacker_minus_four_ac_never_past_ten(convention, ac, worse):
    """Against an invisible attacker the target's AC is 4 worse, but never worse than AC 10."""
    result = run(ac_convention=convention, attacker={"invisible": True}, target={"ac": ac}, attack={"to_hit": 12})
    assert result["effective_ac"] == worse
    assert result["defense_bonus"] == -abs(worse - ac)
    assert "d20.invisible.ac-penalty" in ids(result)
    assert Fraction(result["hit_chance_exact"]) == brute(convention, 12, 0, worse)


def test_unseen_ac_cap_ruling_order():
    """AC 8 behind a table (+4) against an invisible attacker: default (own AC first) 6; "final" 8."""
    scene = {"attacker": {"invisible": True}, "target": {"ac": 8, "cover": 50}}
    first = run(**scene)
    assert first["effective_ac"] == 6 and "d20.ruling.unseen-ac-cap" in first["rulings_used"]
    last = run(**scene, rulings={"d20.ruling.unseen-ac-cap": "final"})
    assert last["effective_ac"] == 8


def test_target_that_cannot_see_attacker_counts_as_invisible():
    """A blind (or benighted) defender follows the invisibility rules, unless the attacker cannot see it either."""
    blind = run(target={"ac": 4, "can_see_attacker": False})
    assert blind["effective_ac"] == 8 and "d20.invisible.unseen-attacker" in ids(blind)
    both = run(target={"ac": 4, "can_see_attacker": False, "concealment": 100})
    assert both["invisibility"]["attacker"] is None
    assert any("Neither side can see the other" in n for n in both["notes"])


def test_unseen_attacker_notes_and_gaze():
    """No Dex bonus to saves, no line-of-sight targeting and no free attacks against it; it cannot use gaze."""
    result = run(attacker={"invisible": True})
    text = " ".join(result["notes"])
    assert "no Dexterity bonus" in text and "line-of-sight effects" in text and "free or immediate attacks" in text
    assert "back stab" in text and "flank and rear" in text
    gaze = run(attacker={"invisible": True}, attack={"kind": "gaze"})
    assert gaze["targetable"] is False and "d20.invisible.no-gaze" in ids(gaze)


@pytest.mark.parametrize(("detected", "segments", "bonus"), [("no", 1, 17), ("sensed", 0, 17), ("pinpointed", 0, 0)])
def test_surprise(detected, segments, bonus):
    """Unheard and unsensed: automatic 1-segment surprise and +17%; heard: +17% only; detected: nothing."""
    result = run(attacker={"invisible": True, "detected": detected})
    assert result["surprise"] == {"automatic_segments": segments, "bonus_percent": bonus}


def test_melee_entry_notes_for_unseen_attacker():
    """Entering melee with surprised foes, the surprise check on entering, leaving without free attacks."""
    text = " ".join(run(attacker={"invisible": True}, attack={"kind": "melee"})["notes"])
    assert "without spending a round" in text and "GM checks it now" in text and "leave melee" in text


# --- detection and pinpointing -------------------------------------------------------------------------


@pytest.mark.parametrize(("combat", "feet", "pinpointed"), [(True, 20, True), (True, 20.5, False), (True, 0, True),
                                                            (False, 30, True), (False, 31, False), (False, 21, True)])
def test_voice_pinpoints_within_20_or_30_ft(combat, feet, pinpointed):
    """A speaker or verbal caster is pinpointed within 20 ft in combat, 30 ft otherwise."""
    result = run(in_combat=combat, distance_ft=feet, attack={"to_hit": 15},
                 target={"invisible": True, "speaking": True})
    assert result["targetable"] is pinpointed
    assert result["invisibility"]["target"]["pinpointed"] is pinpointed
    assert "d20.detect.voice" in ids(result) and "d20.ruling.voice-pinpoint" in result["rulings_used"]


@pytest.mark.parametrize(("ruling", "feet", "pinpointed"), [("combat", 20, True), ("combat", 25, False),
                                                          ("quiet", 25, True), ("quiet", 31, False)])
def test_voice_range_with_ambient_noise(ruling, feet, pinpointed):
    """Out of combat, medium ambient noise gives 20 ft (default ruling) or 30 ft (ruling "quiet")."""
    result = run(in_combat=False, ambient_noise=True, distance_ft=feet, target={"invisible": True, "speaking": True},
                 rulings={"d20.ruling.voice-noise": ruling})
    assert result["invisibility"]["target"]["pinpointed"] is pinpointed
    assert "d20.ruling.voice-noise" in result["rulings_used"]
    in_combat = run(ambient_noise=True, distance_ft=feet, target={"invisible": True, "speaking": True})
    assert "d20.ruling.voice-noise" not in in_combat["rulings_used"]


def test_voice_without_distance_or_with_gm_ruling():
    """No distance: a reminder, not a guess; ruling "gm": a reminder, never automatic."""
    unknown = run(target={"invisible": True, "speaking": True})
    assert unknown["targetable"] is False and any("enter the distance" in n for n in unknown["notes"])
    gm = run(distance_ft=5, target={"invisible": True, "speaking": True}, rulings={"d20.ruling.voice-pinpoint": "gm"})
    assert gm["targetable"] is False and any("GM may rule" in n for n in gm["notes"])


def test_voice_pinpoints_an_unseen_attacker_too():
    """An invisible attacker casting aloud within 20 ft is detected: no surprise, no flank choice."""
    result = run(distance_ft=10, attacker={"invisible": True, "speaking": True})
    assert result["surprise"] == {"automatic_segments": 0, "bonus_percent": 0}
    assert result["invisibility"]["attacker"]["how"] == "voice"
    assert result["effective_ac"] == 10  # the AC penalty still applies (AC 10 cannot get worse)


@pytest.mark.parametrize(("how", "rule", "words"), [("sense-invisible", "d20.detect.sense-invisible", "line of sight"),
                                                    ("hear-noise", "d20.detect.hear-noise", "hearing range")])
def test_pinpointing_lasts(how, rule, words):
    """Sense Invisible lasts until out of line of sight, Hear Noise until out of hearing, for more than one round."""
    result = run(target={"invisible": True, "pinpointed": True, "pinpointed_by": how})
    answer = result["invisibility"]["target"]["steps"][1]
    assert answer["rule"] == rule and words in answer["answer"] and "more than one round" in answer["answer"]


@pytest.mark.parametrize(("rounds", "applies"), [(0, False), (1, False), (2, True), (10, True)])
def test_accidental_targeting(rounds, applies):
    """More than one round in melee range, not pinpointed: 10% of attacks target it by accident."""
    result = run(attack={"kind": "melee", "to_hit": 15}, target={"ac": 5, "invisible": True, "melee_rounds": rounds})
    if not applies:
        assert result["accidental"] is None
        return
    assert result["accidental"]["chance_exact"] == "1/10" and result["accidental"]["chance"] == 0.1
    assert Fraction(result["accidental"]["hit_chance_exact"]) == Fraction(1, 10) * brute("descending", 15, -4, 5)
    assert "d20.melee.accidental" in ids(result)


def test_no_accidental_targeting_once_pinpointed():
    """Accidental targeting is about attackers who have not pinpointed it."""
    result = run(target={"invisible": True, "pinpointed": True, "melee_rounds": 5})
    assert result["accidental"] is None


# --- the chance before and after each modifier ----------------------------------------------------------


def test_steps_chain_from_base_to_final():
    """Each step's chance-before is the previous chance-after; the first starts at the base, the last is the answer."""
    result = run(attack={"to_hit": 15, "over_melee": True}, target={"ac": 5, "cover": 25, "concealment": 50,
                                                                   "protectors": 1},
                 attacker={"invisible": True}, rulings={"d20.ruling.protectors-and-cover": "add"})
    steps = result["steps"]
    assert [s["rule"] for s in steps] == ["d20.cover.over-melee", "d20.invisible.ac-penalty", "d20.cover.percent",
                                          "d20.cover.protectors", "d20.concealment.percent"]
    assert steps[0]["chance_before"] == result["base_hit_chance_exact"] == str(brute("descending", 15, 0, 5))
    for a, b in zip(steps, steps[1:]):
        assert a["chance_after"] == b["chance_before"]
    assert steps[-1]["chance_after"] == result["hit_chance_exact"]
    assert sum(s["attack"] for s in steps) == result["attack_modifier"] == -2
    assert sum(s["defense"] for s in steps) == result["defense_bonus"] == -4 + 2 + 2 + 2
    assert Fraction(result["hit_chance_exact"]) == brute("descending", 15, -2, 5 - 2)


def test_steps_without_a_number_have_no_chances():
    """Without THAC0 or bonus the steps still list each modifier, with no chances."""
    steps = run(target={"cover": 50})["steps"]
    assert steps == [{"rule": "d20.cover.percent", "label": "50% cover", "attack": 0, "defense": 4,
                      "chance_before": None, "chance_after": None}]


# --- validation -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("scenario", "field", "words"), [
    ({"ac_convention": "upward"}, "ac_convention", "must be one of"),
    ({"attack": {"kind": "ray"}}, "attack.kind", "must be one of"),
    ({"attack": {"to_hit": "15"}}, "attack.to_hit", "whole number"),
    ({"attack": {"to_hit": 1.5}}, "attack.to_hit", "whole number"),
    ({"attack": {"to_hit": 41}}, "attack.to_hit", "out of range"),
    ({"attack": {"needs_sight": "yes"}}, "attack.needs_sight", "true or false"),
    ({"attack": {"over_melee": 1}}, "attack.over_melee", "true or false"),
    ({"attack": {"over_melee_penalty": 11}}, "attack.over_melee_penalty", "out of range"),
    ({"attack": {"over_melee_penalty": -1}}, "attack.over_melee_penalty", "out of range"),
    ({"attacker": {"invisible": None}}, "attacker.invisible", "true or false"),
    ({"attacker": {"elevation": "above"}}, "attacker.elevation", "must be one of"),
    ({"attacker": {"terrain": "hill"}}, "attacker.terrain", "must be one of"),
    ({"attacker": {"detected": "maybe"}}, "attacker.detected", "must be one of"),
    ({"attacker": {"speaking": "loud"}}, "attacker.speaking", "true or false"),
    ({"target": {"ac": -21}}, "target.ac", "out of range"),
    ({"target": {"ac": None}}, "target.ac", "must be"),
    ({"target": {"cover": 30}}, "target.cover", "must be one of"),
    ({"target": {"cover": "50"}}, "target.cover", "must be one of"),
    ({"target": {"concealment": 10}}, "target.concealment", "must be one of"),
    ({"target": {"cover_example": "moat"}}, "target.cover_example", "must be one of"),
    ({"target": {"concealment_example": "smoke"}}, "target.concealment_example", "must be one of"),
    ({"target": {"cover_between": "no"}}, "target.cover_between", "true or false"),
    ({"target": {"protectors": -1}}, "target.protectors", "out of range"),
    ({"target": {"protectors": 21}}, "target.protectors", "out of range"),
    ({"target": {"protector_ac": 5}}, "target.protector_ac", "must be a list"),
    ({"target": {"protector_ac": [5, "a"], "protectors": 2}}, "target.protector_ac", "item 1"),
    ({"target": {"invisible": "yes"}}, "target.invisible", "true or false"),
    ({"target": {"pinpointed": 0}}, "target.pinpointed", "true or false"),
    ({"target": {"pinpointed_by": "smell"}}, "target.pinpointed_by", "must be one of"),
    ({"target": {"can_see_attacker": "no"}}, "target.can_see_attacker", "true or false"),
    ({"target": {"speaking": []}}, "target.speaking", "true or false"),
    ({"target": {"melee_rounds": -1}}, "target.melee_rounds", "out of range"),
    ({"target": {"melee_rounds": 100}}, "target.melee_rounds", "out of range"),
    ({"fog_distance_ft": -1}, "fog_distance_ft", "out of range"),
    ({"fog_distance_ft": "far"}, "fog_distance_ft", "must be a number"),
    ({"distance_ft": -5}, "distance_ft", "out of range"),
    ({"in_combat": "yes"}, "in_combat", "true or false"),
    ({"ambient_noise": 1}, "ambient_noise", "true or false"),
    ({"target": {"cover_pct": 50}}, "target.cover_pct", "unknown field"),
    ({"attacker": {"deafened": True}}, "attacker.deafened", "unknown field"),
    ({"rulings": {"d20.ruling.cover-high": "huge"}}, "rulings.d20.ruling.cover-high", "not a choice"),
    ({"rulings": {"d20.ruling.moon-phase": "full"}}, "rulings.d20.ruling.moon-phase", "unknown ruling"),
])
def test_bad_input_names_the_field(scenario, field, words):
    """Every field refuses a wrong value with a message on that field, never a silent default."""
    errors = errors_of(**scenario)
    assert [e["field"] for e in errors] == [field]
    assert words in errors[0]["message"]


@pytest.mark.parametrize(("target", "words"), [
    ({"cover_example": "window", "cover": 50}, "does not match the situation picked"),
    ({"protectors": 0, "protector_ac": [5]}, "no protectors"),
    ({"protectors": 3, "protector_ac": [5, 6]}, "2 ACs for 3 protectors"),
    ({"protectors": 1, "protector_ac": []}, "empty list"),
])
def test_cross_field_errors(target, words):
    """Inputs that contradict each other are errors on the field to fix."""
    field = "target.cover" if "cover" in target else "target.protector_ac"
    errors = errors_of(target=target)
    assert [e["field"] for e in errors] == [field] and words in errors[0]["message"]


def test_concealment_example_mismatch_and_both_reported():
    """A concealment mismatch is reported too, together with a cover one."""
    errors = errors_of(target={"concealment_example": "bushes", "concealment": 25, "cover_example": "knees",
                               "cover": 90})
    assert [e["field"] for e in errors] == ["target.cover", "target.concealment"]


# --- rules, rulings, rulebook ----------------------------------------------------------------------------


def test_every_rule_and_ruling_lives_on_a_classic_d20_page():
    """Rule and ruling ids are d20.<area>.<name>, on one of the section's pages, each page present."""
    for item in [*d20.RULES, *d20.RULINGS]:
        assert re.fullmatch(r"d20\.[a-z0-9-]+\.[a-z0-9-]+", item.id)
        assert item.page.startswith("rules/classic-d20/")
        assert (ROOT / "site" / (item.page.rstrip("/") + ".md")).is_file()
    assert all(RULES[r.id] is r for r in d20.RULES) and all(RULINGS[r.id] is r for r in d20.RULINGS)


def test_every_rule_and_ruling_is_anchored_in_the_source_pages():
    """Each rule has a heading {#id} on its page; each ruling a {{ ruling id }} box there."""
    for rule in d20.RULES:
        text = (ROOT / "site" / (rule.page.rstrip("/") + ".md")).read_text()
        assert "{#" + rule.id + "}" in text, rule.id
    for ruling in d20.RULINGS:
        text = (ROOT / "site" / (ruling.page.rstrip("/") + ".md")).read_text()
        assert "{{ ruling " + ruling.id + " }}" in text, ruling.id


def test_every_ruling_default_is_a_choice_and_reasoned():
    """Defaults are among the choices, and every ruling says why."""
    for ruling in d20.RULINGS:
        assert ruling.default in ruling.values and len(ruling.why) > 40 and len(ruling.choices) >= 2


def test_result_refs_point_at_rulebook_anchors():
    """Each applied rule carries its page#id link."""
    result = run(attack={"to_hit": 15}, target={"cover": 50, "invisible": True, "pinpointed": True},
                 attacker={"invisible": True})
    for rule in result["rules"]:
        assert rule["ref"] == RULES[rule["id"]].page + "#" + rule["id"]


CALCULATOR = re.compile(r"\{\{ calculator classic-d20 fields=(\S+)(?: scenario=(\S+))? \}\}")


def test_inline_calculators_preset_only_shown_fields():
    """Worked examples preset only inputs the inline calculator shows, so the live answer matches the built one."""
    from pycore.schema import flatten
    found = 0
    for page in PAGES.glob("*.md"):
        for fields, scenario in CALCULATOR.findall(page.read_text()):
            shown = set(fields.split(","))
            for path in shown:
                d20.INPUTS.field(path)
            preset = json.loads(scenario or "{}")
            assert set(flatten(preset)) <= shown, (page.name, set(flatten(preset)) - shown)
            run(**preset)
            found += 1
    assert found >= 10


def table_rows(page, header):
    """The rows of the markdown table that starts with ``header``."""
    lines = (PAGES / page).read_text().splitlines()
    start = lines.index(header)
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append([c.strip() for c in line.strip("|").split("|")])
    return rows


def test_rulebook_tables_match_the_engine():
    """The cover, concealment and elevation tables written in the rulebook say what the engine does."""
    for percent, bonus, *_ in table_rows("cover.md", "| Cover | Bonus to AC (and to saves) |")[:4]:
        assert run(target={"cover": int(percent.rstrip("%"))})["defense_bonus"] == int(bonus.split()[0])
    for percent, bonus in table_rows("concealment.md", "| Concealment | Bonus to AC (default ruling) |")[:4]:
        assert run(target={"concealment": int(percent.rstrip("%"))})["defense_bonus"] == int(bonus)
    terrains = {"Any higher position": "ground", "Vertical cliff face": "cliff", "Severe slope": "severe-slope"}
    for name, *cells in table_rows("elevation.md", "| Ground | Attacker higher | Same level | Attacker lower |"):
        for elevation, cell in zip(("higher", "level", "lower"), cells):
            assert ELEVATION[(terrains[name], elevation)] == int(cell.replace("−", "-"))


# --- the rendered answer ------------------------------------------------------------------------------------


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


# --- scenario corpus ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", CORPUS, ids=[p.stem for p in CORPUS])
def test_corpus(path):
    """Each stored case: its scenario gives the expected numbers, and the source rule it checks is applied."""
    case = json.loads(path.read_text())
    result = evaluate(case["scenario"])
    for key, expected in case["expect"].items():
        assert result[key] == expected, (case["id"], key)
    assert case["rule"] in ids(result), case["id"]


def test_corpus_is_there():
    """The corpus holds at least a handful of cases."""
    assert len(CORPUS) >= 8


def test_a_blinded_attacker_treats_the_target_as_invisible():
    """The invisibility rules hold "where one opponent is blinded while another is not": a blinded attacker has
    -4 to hit (THAC0 15 against AC 5 needs 10, now 14: 7/20) and must pinpoint its target first."""
    result = run(attack={"kind": "melee", "to_hit": 15}, attacker={"blinded": True},
                 target={"ac": 5, "pinpointed": True, "pinpointed_by": "hear-noise"})
    assert result["targetable"] is True and result["attack_modifier"] == -4
    assert result["needs"] == 14 and result["hit_chance_exact"] == "7/20"
    assert result["invisibility"]["target"]["why"].startswith("the attacker is blinded")
    assert "d20.invisible.sight" in ids(result) and "d20.invisible.attack-penalty" in ids(result)
    unfound = run(attack={"kind": "melee", "to_hit": 15}, attacker={"blinded": True}, target={"ac": 5})
    assert unfound["targetable"] is False and unfound["untargetable_reason"] == "the unseen target is not pinpointed"
    spell = run(attack={"kind": "spell", "needs_sight": True}, attacker={"blinded": True},
                target={"pinpointed": True})
    assert spell["targetable"] is False and spell["untargetable_reason"] == "it needs sight, and the target is unseen"


def test_a_blinded_target_faces_an_attacker_as_if_invisible():
    """A blind defender follows the rules "as if the attacker were invisible": AC 4 is 4 worse, AC 8 (descending),
    so THAC0 15 needs 7 instead of 11 (14/20); +17% to surprise and 1 automatic segment while unheard."""
    result = run(attack={"to_hit": 15}, target={"ac": 4, "blinded": True})
    assert result["effective_ac"] == 8 and result["needs"] == 7 and result["hit_chance_exact"] == "7/10"
    assert result["surprise"] == {"automatic_segments": 1, "bonus_percent": 17}
    assert "d20.invisible.unseen-attacker" in ids(result)
    same = run(attack={"to_hit": 15}, target={"ac": 4, "can_see_attacker": False})
    assert same["effective_ac"] == result["effective_ac"] and same["hit_chance_exact"] == result["hit_chance_exact"]


def test_both_blinded_only_the_attackers_blindness_counts():
    """Neither side is "a creature that can see them": no -4 to AC, but the blinded attacker still has -4 to hit."""
    result = run(attack={"kind": "melee", "to_hit": 15}, attacker={"blinded": True},
                 target={"ac": 4, "blinded": True, "pinpointed": True})
    assert result["effective_ac"] == 4 and result["attack_modifier"] == -4 and result["needs"] == 15
    assert result["invisibility"]["attacker"] is None


@pytest.mark.parametrize(("choice", "ac", "needs"), [("no-adjustments", 4, 11), ("as-invisible", 8, 7)])
def test_ruling_detected_unseen_attacker(choice, ac, needs):
    """The text treats an attacker as invisible when the defender "cannot see or detect" it. A visible attacker the
    blind defender has pinpointed: by default no adjustments (AC 4, THAC0 15 needs 11); "as-invisible" keeps the
    -4 (AC 8, needs 7)."""
    result = run(attack={"to_hit": 15}, target={"ac": 4, "blinded": True}, attacker={"detected": "pinpointed"},
                 rulings={"d20.ruling.detected-unseen-attacker": choice})
    assert result["effective_ac"] == ac and result["needs"] == needs
    assert "d20.ruling.detected-unseen-attacker" in result["rulings_used"]
    assert result["surprise"] == {"automatic_segments": 0, "bonus_percent": 0}


def test_a_pinpointed_invisible_attacker_keeps_its_adjustments():
    """Pinpointing lets the defender target an invisible attacker, not see it: AC 4 is still AC 8 against it; no
    ruling is needed for that."""
    result = run(attack={"to_hit": 15}, target={"ac": 4}, attacker={"invisible": True, "detected": "pinpointed"})
    assert result["effective_ac"] == 8 and result["needs"] == 7
    assert "d20.ruling.detected-unseen-attacker" not in result["rulings_used"]
    assert result["invisibility"]["attacker"]["pinpointed"] is True
