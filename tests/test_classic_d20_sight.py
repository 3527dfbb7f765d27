"""pycore.systems.classic_d20.sight: who sees whom: invisibility, blindness, full concealment, and pinpointing an
unseen creature (rule text 001)."""

from fractions import Fraction

import pytest
from classic_d20_cases import brute, ids, run


def test_full_concealment_is_invisibility():
    """100% concealment: no line of sight, treated as invisible: not pinpointed, not targetable; pinpointed, -4."""
    hidden = run(attack={"to_hit": 15}, target={"concealment": 100})
    assert hidden["targetable"] is False and hidden["hit_chance"] == 0
    assert "d20.concealment.full" in ids(hidden) and hidden["save_bonus"] == {"all": 4}
    found = run(attack={"to_hit": 15}, target={"concealment": 100, "pinpointed": True})
    assert found["targetable"] is True and found["attack_modifier"] == -4 and found["defense_bonus"] == 0


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


def test_melee_entry_notes_for_unseen_attacker():
    """Entering melee with surprised foes, the surprise check on entering, leaving without free attacks."""
    text = " ".join(run(attacker={"invisible": True}, attack={"kind": "melee"})["notes"])
    assert "without spending a round" in text and "GM checks it now" in text and "leave melee" in text


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
