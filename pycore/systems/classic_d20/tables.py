"""Classic d20's numbers, situations, rules and rulings, as printed in the source (rule text 001)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...rules import Rule

SYSTEM = "classic-d20"
TITLE = "Classic d20"

ATTACK_PAGE = "rules/classic-d20/attack-rolls/"
COVER_PAGE = "rules/classic-d20/cover/"
CONCEALMENT_PAGE = "rules/classic-d20/concealment/"
ELEVATION_PAGE = "rules/classic-d20/elevation/"
INVISIBILITY_PAGE = "rules/classic-d20/invisibility/"
DETECTION_PAGE = "rules/classic-d20/detection/"
MAP_PAGE = "rules/classic-d20/hex-map/"

PERCENTS = (0, 25, 50, 75, 90, 100)
"""The cover and concealment steps."""
FULL = 100
"""100% cover blocks sight and effect; 100% concealment blocks sight (treated as invisible)."""
LINE_THROUGH_COVER = {"90": 90, "75": 75}
"""Cover on a map where a straight line joins the two hexes although the broken lines make 100%, per ruling
``d20.ruling.map-line-through``."""

COVER_BONUS = {25: 2, 50: 4}
"""Printed AC bonus of cover (25% and 50%, through the soft-cover equivalence)."""
COVER_HIGH = {"classic": {75: 7, 90: 10}, "steady": {75: 6, 90: 8}}
"""AC bonus of 75% and 90% cover, per ruling ``d20.ruling.cover-high``."""
CONCEALMENT_BONUS = {"classic": {25: 1, 50: 2, 75: 3, 90: 4}}
"""AC bonus of concealment per ruling ``d20.ruling.concealment-values`` (``as-cover`` uses the cover bonus)."""

PROTECTOR_BONUS = ((1, 2), (2, 4))
"""(protectors at least, bonus to AC and Dexterity saves): one gives +2 (25% cover), two or more +4 (50%)."""

OVER_MELEE_PENALTY = 2
"""Missiles fired over a melee at the same elevation: -2 (the GM may adjust it)."""

FOG_STEPS = ((10, 25), (20, 50))
"""(up to this many feet, concealment percent) in typical fog or mist; beyond the last step it is 100%."""

ELEVATION_TABLE: dict[str, dict[str, int]] = {
    # terrain: {attacker's position relative to the target: attack roll modifier}
    "ground": {"higher": 1, "level": 0, "lower": 0},
    "cliff": {"higher": 2, "level": 0, "lower": -2},
    "severe-slope": {"higher": 1, "level": 0, "lower": -1},
}
"""Higher ground: any higher position +1; a vertical cliff face +2 / -2; a severe slope +1 / -1."""
ELEVATION_RULE = {"ground": "d20.elevation.higher", "cliff": "d20.elevation.cliff",
                  "severe-slope": "d20.elevation.slope"}

INVISIBLE_ATTACK_PENALTY = 4
"""Opponents of an invisible creature: -4 to attack rolls against it."""
UNSEEN_AC_PENALTY = 4
"""Opponents of an invisible creature: -4 to AC against its attacks ..."""
UNSEEN_AC_LIMIT = 10
"""... but never worse than AC 10."""
INVISIBLE_SAVE_BONUS = 4
"""An undetected invisible creature: +4 to saves against its opponents' effects."""
AUTO_SURPRISE_SEGMENTS = 1
"""An invisible creature that cannot be heard or sensed surprises automatically, for 1 segment."""
SURPRISE_BONUS_PERCENT = 17
"""An invisible creature not automatically detected: +17% to surprise others."""
VOICE_RANGE_FT = {"combat": 20, "quiet": 30}
"""Range within which a speaker or verbal caster is pinpointed automatically: in combat, and out of combat."""
ACCIDENTAL_TARGET = Fraction(1, 10)
"""After more than one round in melee range, an unpinpointed invisible creature is targeted by accident 10%
of the time."""
ACCIDENTAL_AFTER_ROUNDS = 1
"""The accidental-targeting chance starts once the creature has stayed more than this many rounds."""

FEET_PER_HEX = 5
"""On a map one hex is 5 ft."""
CORNERS_PER_HEX = 6
"""Lines are drawn from each corner of the attacker's hex to each corner of the target's."""
COMBATANT_HEIGHT_FT = 6
"""A man-sized combatant's height (ruling ``d20.ruling.map-terrain``): the map does not say how tall anyone is."""
CLIFF_STEP_FT = COMBATANT_HEIGHT_FT // 2
"""Half the combatant's height: a step between neighbouring hexes at least this high, with one combatant at least
this far above the other, is a vertical cliff face."""
SEVERE_SLOPE_FT_PER_HEX = Fraction(5, 2)
"""Ground rising at least this many feet per hex on average (1 in 2), with no cliff step, is a severe slope."""


@dataclass(frozen=True)
class Example:
    """A situation from the source that stands for a cover or concealment percentage."""

    value: str
    """The choice value of the situation in the picker."""
    title: str
    """The situation, in the source's words."""
    percent: int
    """The cover or concealment percentage it stands for."""
    rule: str
    """Id of the rule that lists it."""


COVER_EXAMPLES: tuple[Example, ...] = (
    Example("knees", "Covered up to the knees", 25, "d20.cover.examples"),
    Example("high-wall", "Man-sized, standing on a high wall with no battlements", 25, "d20.cover.examples"),
    Example("pillar-firing", "Shooting from behind a pillar or corner", 25, "d20.cover.examples"),
    Example("pillar-peering", "Sheltering behind a pillar or corner, peeking round it", 50, "d20.cover.examples"),
    Example("table", "Fighting from behind an overturned table (both ways in melee)", 50, "d20.cover.examples"),
    Example("window", "Sniping or peering from a high narrow window", 75, "d20.cover.examples"),
    Example("arrow-slit", "Shooting through a purpose-built arrow slit", 90, "d20.cover.examples"),
)
CONCEALMENT_EXAMPLES: tuple[Example, ...] = (
    Example("screen", "Half the body behind a translucent screen", 25, "d20.concealment.examples"),
    Example("bushes", "Half the body in thick bushes", 50, "d20.concealment.examples"),
    Example("outline", "Only the outline of the shape shows", 75, "d20.concealment.examples"),
    Example("part-shape", "Only part of the shape shows", 90, "d20.concealment.examples"),
)
NO_EXAMPLE = "none"

OWN_RULES: tuple[Rule, ...] = (
    Rule("d20.ac.descending", "Descending AC and THAC0", ATTACK_PAGE),
    Rule("d20.ac.ascending", "Ascending AC and attack bonus", ATTACK_PAGE),
    Rule("d20.cover.hard-and-soft", "Cover and concealment", COVER_PAGE),
    Rule("d20.cover.far-side", "Cover counts only from the far side", COVER_PAGE),
    Rule("d20.cover.percent", "Cover by percentage", COVER_PAGE),
    Rule("d20.cover.saves", "Cover and saving throws", COVER_PAGE),
    Rule("d20.cover.full", "100% cover", COVER_PAGE),
    Rule("d20.cover.area", "Cover against an area effect", COVER_PAGE),
    Rule("d20.cover.examples", "Types of cover", COVER_PAGE),
    Rule("d20.cover.protectors", "Protecting an ally from missiles", COVER_PAGE),
    Rule("d20.cover.protector-struck", "Missiles that strike a protector", COVER_PAGE),
    Rule("d20.cover.over-melee", "Firing missiles over a melee", COVER_PAGE),
    Rule("d20.concealment.percent", "Concealment by percentage", CONCEALMENT_PAGE),
    Rule("d20.concealment.full", "100% concealment", CONCEALMENT_PAGE),
    Rule("d20.concealment.examples", "Types of concealment", CONCEALMENT_PAGE),
    Rule("d20.concealment.fog", "Fog or mist", CONCEALMENT_PAGE),
    Rule("d20.elevation.higher", "Higher ground", ELEVATION_PAGE),
    Rule("d20.elevation.cliff", "Fighting on a cliff face", ELEVATION_PAGE),
    Rule("d20.elevation.slope", "Fighting on a severe slope", ELEVATION_PAGE),
    Rule("d20.invisible.sight", "What counts as sight", INVISIBILITY_PAGE),
    Rule("d20.invisible.attack-penalty", "-4 to hit an invisible creature", INVISIBILITY_PAGE),
    Rule("d20.invisible.ac-penalty", "-4 to AC against an invisible attacker", INVISIBILITY_PAGE),
    Rule("d20.invisible.no-dex-saves", "No Dexterity bonus to saves", INVISIBILITY_PAGE),
    Rule("d20.invisible.no-sight-targeting", "No line-of-sight targeting", INVISIBILITY_PAGE),
    Rule("d20.invisible.no-free-attacks", "No free or immediate attacks", INVISIBILITY_PAGE),
    Rule("d20.invisible.saves", "+4 to saves for the invisible", INVISIBILITY_PAGE),
    Rule("d20.invisible.surprise", "Surprise by an invisible creature", INVISIBILITY_PAGE),
    Rule("d20.invisible.flanks", "Attacking from any flank", INVISIBILITY_PAGE),
    Rule("d20.invisible.rear", "Choosing who reaches the flank and rear", INVISIBILITY_PAGE),
    Rule("d20.invisible.no-gaze", "No gaze attacks", INVISIBILITY_PAGE),
    Rule("d20.invisible.unseen-attacker", "Attackers that cannot be seen", INVISIBILITY_PAGE),
    Rule("d20.detect.awareness", "Awareness", DETECTION_PAGE),
    Rule("d20.detect.sense-invisible", "Sense Invisible", DETECTION_PAGE),
    Rule("d20.detect.hear-noise", "Hear Noise", DETECTION_PAGE),
    Rule("d20.detect.voice", "Speaking and verbal spells give away", DETECTION_PAGE),
    Rule("d20.detect.pinpointed", "What pinpointing allows", DETECTION_PAGE),
    Rule("d20.detect.touch", "Touching an invisible creature", DETECTION_PAGE),
    Rule("d20.melee.enter", "Entering melee unseen", DETECTION_PAGE),
    Rule("d20.melee.surprise-check", "The surprise check on entering melee", DETECTION_PAGE),
    Rule("d20.melee.leave", "Leaving melee unseen", DETECTION_PAGE),
    Rule("d20.melee.random-attacks", "Randomly assigned attacks", DETECTION_PAGE),
    Rule("d20.melee.accidental", "Accidental targeting", DETECTION_PAGE),
    Rule("d20.map.cover", "Cover read off a hex map", MAP_PAGE),
    Rule("d20.map.protectors", "Protectors on a hex map", MAP_PAGE),
    Rule("d20.map.heights", "Heights on a hex map", MAP_PAGE),
    Rule("d20.map.overlay", "Where to stand", MAP_PAGE),
    Rule("d20.map.squares", "Cover read off a square map", MAP_PAGE),
    Rule("d20.map.walls", "Walls, doors and outlines on a square map", MAP_PAGE),
)

REGION_RULES: tuple[Rule, ...] = (
    Rule("d20.map.fog", "Fog or mist on a map", MAP_PAGE),
    Rule("d20.map.brush", "Bushes and screens on a map", MAP_PAGE),
    Rule("d20.map.openings", "Windows and arrow slits on a square map", MAP_PAGE),
)
"""The rules of regions and openings on a map."""

RULES = (*OWN_RULES, *REGION_RULES)
"""Every rule of Classic d20: its own and those of regions and openings on a map."""
