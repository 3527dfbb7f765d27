"""Who can see whom in Classic d20: invisibility, fog, full concealment, and pinpointing an unseen creature."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...trace import Trace
from .rolls import fog_concealment
from .tables import FULL, VOICE_RANGE_FT


@dataclass(frozen=True)
class Sight:
    """Whether one side cannot see the other, why, and whether it has been pinpointed."""

    unseen: bool
    """Whether this side cannot be seen."""
    why: str = ""
    """Why not, in words (``the target is invisible``)."""
    cause: str = ""
    """``invisible``, ``blinded`` (the attacker), ``fog``, ``concealment`` or ``unseen`` (cannot see the attacker)."""
    pinpointed: bool = False
    """Whether the unseen side has been pinpointed all the same."""
    how: str = ""
    """``sense-invisible``, ``hear-noise``, ``voice`` or ``""``."""


def voice_range(scenario: dict[str, Any], trace: Trace) -> int:
    """20 ft in combat, 30 ft otherwise; medium ambient noise per ruling ``d20.ruling.voice-noise``."""
    if scenario["in_combat"]:
        return VOICE_RANGE_FT["combat"]
    if scenario["ambient_noise"]:
        trace.ruling("d20.ruling.voice-noise")
        return VOICE_RANGE_FT[scenario["rulings"]["d20.ruling.voice-noise"]]
    return VOICE_RANGE_FT["quiet"]


def _voice_pinpoints(speaking: bool, scenario: dict[str, Any], who: str, trace: Trace) -> bool:
    """A speaker or verbal caster within 20 ft (combat) or 30 ft is pinpointed, per ruling."""
    if not speaking:
        return False
    reach = voice_range(scenario, trace)
    distance = scenario["distance_ft"]
    trace.ruling("d20.ruling.voice-pinpoint")
    if scenario["rulings"]["d20.ruling.voice-pinpoint"] == "gm":
        trace.note(f"The {who} is speaking or casting aloud: within {reach} ft the GM may rule it pinpointed "
                   "(mark it pinpointed if so).", "d20.detect.voice")
        return False
    if distance is None:
        trace.note(f"The {who} is speaking or casting aloud: it is pinpointed if within {reach} ft "
                   "(enter the distance to apply this).", "d20.detect.voice")
        return False
    if distance <= reach:
        trace.rule("d20.detect.voice")
        return True
    trace.note(f"The {who} speaks {_ft(distance)} away, beyond the {reach} ft within which a voice gives it away.",
               "d20.detect.voice")
    return False


def _ft(distance: float) -> str:
    return f"{distance:g} ft"


def target_sight(scenario: dict[str, Any], concealment: int, trace: Trace) -> Sight:
    """Can the attacker see the target, and if not, has it pinpointed it?"""
    target = scenario["target"]
    fog = scenario["fog_distance_ft"]
    if target["invisible"]:
        why, cause = "the target is invisible", "invisible"
    elif scenario["attacker"]["blinded"]:
        why, cause = "the attacker is blinded, so the target counts as invisible to it", "blinded"
    elif fog is not None and fog_concealment(fog) == FULL:
        why, cause = f"{_ft(fog)} of fog or mist, so the attacker is treated as blinded", "fog"
    elif concealment == FULL:
        why, cause = "100% concealment, so the target is treated as invisible", "concealment"
    else:
        return Sight(False)
    if target["pinpointed"]:
        return Sight(True, why, cause, True, target["pinpointed_by"])
    if _voice_pinpoints(target["speaking"], scenario, "target", trace):
        return Sight(True, why, cause, True, "voice")
    return Sight(True, why, cause)


def attacker_sight(scenario: dict[str, Any], target_seen: bool, trace: Trace) -> Sight:
    """Can the target see the attacker? An attacker that cannot be seen counts as invisible, unless (ruling
    ``d20.ruling.detected-unseen-attacker``) it is not itself invisible and the target has detected it."""
    attacker, target = scenario["attacker"], scenario["target"]
    if attacker["invisible"]:
        why, cause = "the attacker is invisible", "invisible"
    elif target["blinded"] or not target["can_see_attacker"]:
        if not target_seen:
            trace.note("Neither side can see the other: the rules for unseen attackers need the attacker to see "
                       "its target, so they do not apply.", "d20.invisible.unseen-attacker")
            return Sight(False)
        why, cause = ("the target is blinded, so the attacker counts as invisible" if target["blinded"] else
                      "the target cannot see it (blind, or in the dark), so it counts as invisible"), "unseen"
    else:
        return Sight(False)
    if attacker["detected"] == "pinpointed":
        found = Sight(True, why, cause, True, "check")
    elif _voice_pinpoints(attacker["speaking"], scenario, "attacker", trace):
        found = Sight(True, why, cause, True, "voice")
    else:
        return Sight(True, why, cause)
    if cause == "unseen":
        trace.ruling("d20.ruling.detected-unseen-attacker")
        if scenario["rulings"]["d20.ruling.detected-unseen-attacker"] == "no-adjustments":
            trace.note("The target cannot see the attacker but has detected it: it is not treated as facing an "
                       "invisible creature, so no invisibility adjustments apply.", "d20.invisible.unseen-attacker")
            return Sight(False)
    return found
