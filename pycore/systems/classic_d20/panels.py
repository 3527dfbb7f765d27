"""The unseen target and the unseen attacker, question by question, for the invisibility panels."""

from __future__ import annotations

from typing import Any

from ...trace import Trace
from .sight import Sight, voice_range
from .tables import (
    ACCIDENTAL_AFTER_ROUNDS,
    AUTO_SURPRISE_SEGMENTS,
    INVISIBLE_ATTACK_PENALTY,
    INVISIBLE_SAVE_BONUS,
    SURPRISE_BONUS_PERCENT,
    UNSEEN_AC_PENALTY,
)


def _ask(question: str, answer: str, rule: str) -> dict[str, str]:
    return {"question": question, "answer": answer, "rule": rule}


SIGHT_RULE = {"invisible": "d20.invisible.sight", "blinded": "d20.invisible.sight", "fog": "d20.concealment.fog",
              "concealment": "d20.concealment.full",
              "unseen": "d20.invisible.unseen-attacker"}
PINPOINT_ANSWER = {
    "sense-invisible": ("d20.detect.sense-invisible", "Yes, by a Sense Invisible check. That lasts until the target "
                        "has been out of line of sight for more than one round."),
    "hear-noise": ("d20.detect.hear-noise", "Yes, by a Hear Noise check. That lasts until the target has been out "
                   "of hearing range for more than one round."),
    "voice": ("d20.detect.voice", "Yes, without a roll: it is speaking or casting aloud within {reach} ft."),
    "check": ("d20.detect.pinpointed", "Yes: the target has pinpointed it."),
}


def target_panel(scenario: dict[str, Any], target: Sight, targetable: bool, blocked: tuple[str, tuple[str, ...]] | None,
                 trace: Trace) -> dict[str, Any] | None:
    """The unseen target, step by step: sight, pinpointing, whether this attack can be aimed, what it gains."""
    if not target.unseen:
        return None
    reach = voice_range(scenario, Trace())
    kind = scenario["attack"]["kind"]
    steps = [_ask("Can the attacker see the target?", f"No: {target.why}.", SIGHT_RULE[target.cause])]
    if target.pinpointed:
        rule, text = PINPOINT_ANSWER[target.how]
        steps.append(_ask("Has the attacker pinpointed it?", text.format(reach=reach), rule))
    else:
        steps.append(_ask("Has the attacker pinpointed it?", "No. At best it is aware that something moves nearby. "
                          "A Sense Invisible check (start of segment 1 each round, after declarations) or a Hear "
                          f"Noise check would pinpoint it; so would its speaking or casting aloud within {reach} ft.",
                          "d20.detect.awareness"))
    if targetable:
        aimed = kind in ("melee", "missile")
        answer = (f"Yes, at -{INVISIBLE_ATTACK_PENALTY} to hit." if aimed else
                  f"Yes: this effect is not aimed by sight; any attack roll is at -{INVISIBLE_ATTACK_PENALTY}.")
        steps.append(_ask("Can this attack be aimed at it?", answer, "d20.invisible.attack-penalty"))
    elif blocked:
        steps.append(_ask("Can this attack be aimed at it?", f"No: {blocked[0]}.", blocked[1][0]))
    if target.pinpointed:
        steps.append(_ask("What does it gain?", "No bonus to saves: it has been detected.", "d20.invisible.saves"))
    else:
        steps.append(_ask("What does it gain?", f"+{INVISIBLE_SAVE_BONUS} to saves against the attacker's effects "
                          "while undetected.", "d20.invisible.saves"))
        if scenario["target"]["melee_rounds"] > ACCIDENTAL_AFTER_ROUNDS:
            steps.append(_ask("Can it be struck by accident?", "Yes: after more than one round in melee range, each "
                              "attack by someone who has not pinpointed it has a 10% chance of targeting it instead "
                              "(checked before the attack).", "d20.melee.accidental"))
    for step in steps:
        trace.rule(step["rule"])
    trace.note("No free or immediate attacks can be taken against the unseen target.", "d20.invisible.no-free-attacks")
    if kind == "melee":
        trace.note("Touching the unseen target is a melee attack (a major action), even if it does not move.",
                   "d20.detect.touch")
    if not target.pinpointed:
        trace.note("It chooses which attackers may reach its flank and rear.", "d20.invisible.rear")
        trace.note("Not pinpointed, it can leave melee without drawing free attacks.", "d20.melee.leave")
        trace.note("It can still be hit by randomly assigned attacks (shots into a melee, spells that cut through "
                   "it).", "d20.melee.random-attacks")
    return {"why": target.why, "pinpointed": target.pinpointed, "how": target.how or None, "steps": steps}


def attacker_panel(scenario: dict[str, Any], attacker: Sight, ac_change: tuple[int, int] | None,
                   trace: Trace) -> dict[str, Any] | None:
    """The unseen attacker, step by step: sight, detection, the target's AC, surprise."""
    if not attacker.unseen:
        return None
    reach = voice_range(scenario, Trace())
    kind = scenario["attack"]["kind"]
    detected = scenario["attacker"]["detected"]
    steps = [_ask("Can the target see the attacker?", f"No: {attacker.why}.", SIGHT_RULE[attacker.cause])]
    if attacker.pinpointed:
        rule, text = PINPOINT_ANSWER[attacker.how]
        steps.append(_ask("Has the target detected it?", text.format(reach=reach), rule))
    elif detected == "sensed":
        steps.append(_ask("Has the target detected it?", "It hears or senses it, but has not pinpointed it.",
                          "d20.detect.hear-noise"))
    else:
        steps.append(_ask("Has the target detected it?", "No: it can neither hear nor sense it.",
                          "d20.detect.awareness"))
    if ac_change:
        was, now = ac_change
        worse = abs(now - was)
        answer = (f"AC {was} becomes AC {now}: {worse} worse" + (" (never past AC 10)." if worse < UNSEEN_AC_PENALTY
                                                               else ", never past AC 10."))
        steps.append(_ask("The target's AC against it?", answer, "d20.invisible.ac-penalty"))
    if attacker.pinpointed:
        steps.append(_ask("Does it surprise?", "No automatic surprise and no bonus: it has been detected.",
                          "d20.invisible.surprise"))
    elif detected == "no":
        steps.append(_ask("Does it surprise?", f"Yes, automatically, for {AUTO_SURPRISE_SEGMENTS} segment; and "
                          f"+{SURPRISE_BONUS_PERCENT}% when surprise is checked for more.", "d20.invisible.surprise"))
    else:
        steps.append(_ask("Does it surprise?",
                          f"Not automatically, but it gets +{SURPRISE_BONUS_PERCENT}% to surprise.",
                          "d20.invisible.surprise"))
    for step in steps:
        trace.rule(step["rule"])
    trace.note("The target adds no Dexterity bonus to saves against the unseen attacker's spells and abilities.",
               "d20.invisible.no-dex-saves")
    trace.note("The target cannot aim line-of-sight effects at the unseen attacker.",
               "d20.invisible.no-sight-targeting")
    trace.note("The target cannot take free or immediate attacks against the unseen attacker.",
               "d20.invisible.no-free-attacks")
    if not attacker.pinpointed:
        trace.note("For special abilities such as a back stab, the attacker may strike from any flank it chooses "
                   "(a rear attack gains nothing extra).", "d20.invisible.flanks")
        trace.note("The attacker chooses which foes may reach its own flank and rear.", "d20.invisible.rear")
        if kind == "melee":
            trace.note("It may close to melee range of surprised creatures without spending a round entering melee.",
                       "d20.melee.enter")
            trace.note("If surprise was never checked (it has just turned invisible), the GM checks it now; if that "
                       "fails it must enter melee normally, or everyone in the melee pinpoints it.",
                       "d20.melee.surprise-check")
            trace.note("Not pinpointed, it can leave melee without drawing free attacks.", "d20.melee.leave")
    return {"why": attacker.why, "pinpointed": attacker.pinpointed, "how": attacker.how or None, "steps": steps}

