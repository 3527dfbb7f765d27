"""pycore.systems.classic_d20.panels: the unseen target and the unseen attacker, question by question (rule text 001)."""

from classic_d20_cases import run


def answers(panel):
    """Question -> (answer, rule) of a panel's steps."""
    return {s["question"]: (s["answer"], s["rule"]) for s in panel["steps"]}


def test_attacker_panel_ac_and_surprise():
    """"-4 penalty to armor class ... (max. AC 10)": AC 4 becomes AC 8, AC 8 only AC 10; unheard, it surprises
    automatically for 1 segment with +17%."""
    panel = run(attacker={"invisible": True}, target={"ac": 4})["invisibility"]["attacker"]
    asked = answers(panel)
    assert asked["The target's AC against it?"] == ("AC 4 becomes AC 8: 4 worse, never past AC 10.",
                                                    "d20.invisible.ac-penalty")
    assert asked["Does it surprise?"][0].startswith("Yes, automatically, for 1 segment; and +17%")
    assert asked["Has the target detected it?"][1] == "d20.detect.awareness"
    capped = answers(run(attacker={"invisible": True}, target={"ac": 8})["invisibility"]["attacker"])
    assert capped["The target's AC against it?"][0] == "AC 8 becomes AC 10: 2 worse (never past AC 10)."


def test_target_panel_pinpointing_saves_and_accidents():
    """Not pinpointed: +4 to saves and, after more than one round in melee range, a 10% chance of being targeted by
    accident; pinpointed by a Hear Noise check: -4 to hit and no bonus to saves."""
    hidden = run(attack={"kind": "melee"}, target={"invisible": True, "melee_rounds": 2})["invisibility"]["target"]
    asked = answers(hidden)
    assert hidden["pinpointed"] is False and asked["Has the attacker pinpointed it?"][1] == "d20.detect.awareness"
    assert asked["What does it gain?"][0].startswith("+4 to saves")
    assert "10% chance" in asked["Can it be struck by accident?"][0]
    found = run(attack={"kind": "melee"}, target={"invisible": True, "pinpointed": True, "pinpointed_by": "hear-noise"})
    asked = answers(found["invisibility"]["target"])
    assert asked["Has the attacker pinpointed it?"][1] == "d20.detect.hear-noise"
    assert asked["Can this attack be aimed at it?"][0] == "Yes, at -4 to hit."
    assert asked["What does it gain?"][0] == "No bonus to saves: it has been detected."
