"""Classic d20: cover, concealment, higher ground and invisibility (source: rule text 001)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..dice import D20, d20_chance, exact
from ..errors import FieldError, ScenarioError
from ..rules import Choice, Rule, Ruling
from ..schema import Field, Inputs

SYSTEM = "classic-d20"
TITLE = "Classic d20"

ATTACK_PAGE = "rules/classic-d20/attack-rolls/"
COVER_PAGE = "rules/classic-d20/cover/"
CONCEALMENT_PAGE = "rules/classic-d20/concealment/"
ELEVATION_PAGE = "rules/classic-d20/elevation/"
INVISIBILITY_PAGE = "rules/classic-d20/invisibility/"
DETECTION_PAGE = "rules/classic-d20/detection/"

PERCENTS = (0, 25, 50, 75, 90, 100)
"""The cover and concealment steps."""
FULL = 100
"""100% cover blocks sight and effect; 100% concealment blocks sight (treated as invisible)."""

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


@dataclass(frozen=True)
class Example:
    """A situation from the source that stands for a cover or concealment percentage."""

    value: str
    title: str
    percent: int
    rule: str


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

RULES: tuple[Rule, ...] = (
    Rule("d20.ac.descending", "Descending AC and THAC0", ATTACK_PAGE),
    Rule("d20.ac.ascending", "Ascending AC and attack bonus", ATTACK_PAGE),
    Rule("d20.cover.hard-and-soft", "Cover and concealment", COVER_PAGE),
    Rule("d20.cover.far-side", "Cover counts only from the far side", COVER_PAGE),
    Rule("d20.cover.percent", "Cover by percentage", COVER_PAGE),
    Rule("d20.cover.saves", "Cover and saving throws", COVER_PAGE),
    Rule("d20.cover.full", "100% cover", COVER_PAGE),
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
)
RULE_BY_ID: dict[str, Rule] = {r.id: r for r in RULES}

RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "d20.ruling.natural-rolls",
        "Do a natural 20 and a natural 1 always hit and miss?",
        ATTACK_PAGE,
        (
            Choice("auto", "20 hits, 1 misses", "a natural 20 always hits and a natural 1 always misses"),
            Choice("none", "No automatic results",
                   "the modified roll alone decides, so some attacks always hit or never can"),
        ),
        "auto",
        "The rule text never mentions natural rolls; most tables of this family play 20 as a sure hit "
        "and 1 as a sure miss, and it keeps every attack between 5% and 95%.",
    ),
    Ruling(
        "d20.ruling.cover-high",
        "How much AC do 75% and 90% cover give?",
        COVER_PAGE,
        (
            Choice("classic", "+7 and +10", "the values of the classic cover tables: 75% is +7, 90% is +10"),
            Choice("steady", "+6 and +8", "keep adding +2 for each step: 75% is +6, 90% is +8"),
        ),
        "classic",
        "The source fixes only 25% (+2) and 50% (+4); the classic tables it follows give +7 and +10, "
        "which reward the purpose-built arrow slit as the text clearly intends.",
    ),
    Ruling(
        "d20.ruling.concealment-values",
        "How much AC does concealment give?",
        CONCEALMENT_PAGE,
        (
            Choice("classic", "+1 / +2 / +3 / +4", "the classic concealment values for 25%, 50%, 75% and 90%"),
            Choice("as-cover", "Same as cover", "concealment gives the same bonus as cover of the same percentage"),
        ),
        "classic",
        "The source gives no numbers for concealment. Concealment only hides the body while cover also stops "
        "blows and adds to saves, so the classic tables make it worth about half as much.",
    ),
    Ruling(
        "d20.ruling.cover-saves",
        "Which saving throws does cover help?",
        COVER_PAGE,
        (
            Choice("all", "Every save", "the cover's AC bonus is added to every saving throw against the effect"),
            Choice("dexterity", "Dexterity saves", "the bonus is added to Dexterity saves only, as for protectors"),
        ),
        "all",
        "The text says cover adds to saving throws without naming one kind or an amount; the engine uses the "
        "same bonus as to AC, on every save, which is the plainest reading.",
    ),
    Ruling(
        "d20.ruling.protectors-and-cover",
        "Do protectors add to other cover?",
        COVER_PAGE,
        (
            Choice("highest", "Better one only",
                   "the protectors' bonus and the cover bonus do not add: the better one counts"),
            Choice("add", "Add them", "the protectors' +2 or +4 comes on top of the cover bonus"),
        ),
        "highest",
        "The text calls the protectors' bonus the equal of 25% or 50% cover; a target has one cover "
        "percentage, so the better of the two is what protects it.",
    ),
    Ruling(
        "d20.ruling.protector-saves",
        "When do protectors help Dexterity saves?",
        COVER_PAGE,
        (
            Choice("round", "All round", "the Dexterity save bonus lasts the whole round, against any effect"),
            Choice("missile", "Against missiles only", "the save bonus counts only against the missile attack itself"),
        ),
        "round",
        "The text grants the bonus to AC and Dexterity saves 'during that round'; the AC part is only about "
        "missiles, but nothing limits the save part.",
    ),
    Ruling(
        "d20.ruling.cover-and-concealment",
        "Do cover and concealment add up?",
        CONCEALMENT_PAGE,
        (
            Choice("add", "Add them", "a target both behind a low wall and in a bush gets both bonuses"),
            Choice("highest", "Better one only", "only the larger of the two AC bonuses counts"),
        ),
        "add",
        "The source treats them as two different things (only cover helps saves) and adjusts AC for each "
        "'if it exists'; nothing says one replaces the other.",
    ),
    Ruling(
        "d20.ruling.fog-and-concealment",
        "Fog or mist on top of other concealment",
        CONCEALMENT_PAGE,
        (
            Choice("highest", "Larger percentage", "the larger of the two concealment percentages counts"),
            Choice("add", "Add percentages", "the percentages add up, to at most 100%"),
        ),
        "highest",
        "Both describe how much of the target can be seen; the thicker screen decides that, so the larger "
        "percentage counts.",
    ),
    Ruling(
        "d20.ruling.unseen-ac-cap",
        "What does the AC 10 limit apply to?",
        INVISIBILITY_PAGE,
        (
            Choice("armour", "The target's own AC", "the -4 worsens the target's own AC, at most to 10; cover and "
                   "concealment are added afterwards"),
            Choice("final", "The final AC", "the -4 is taken from the AC after cover and concealment, at most to 10"),
        ),
        "armour",
        "The penalty stands for a defender who cannot see the blow coming and so defends worse; a wall or a "
        "screen protects just as well whether the attacker is seen or not, so it is added after the limit.",
    ),
    Ruling(
        "d20.ruling.invisible-concealment",
        "Does concealment help an invisible target?",
        CONCEALMENT_PAGE,
        (
            Choice("ignore", "No", "a target that cannot be seen at all gains nothing from being partly screened"),
            Choice("add", "Yes", "the concealment bonus still counts on top of the -4 to hit"),
        ),
        "ignore",
        "Concealment measures how much of the target can be seen; an invisible one cannot be seen at all, "
        "and 100% concealment is itself invisibility, so the two do not stack.",
    ),
    Ruling(
        "d20.ruling.voice-pinpoint",
        "Is a speaker or verbal caster pinpointed without a roll?",
        DETECTION_PAGE,
        (
            Choice("automatic", "Always, in range", "a creature speaking or casting with a verbal component within "
                   "20 ft in combat (30 ft otherwise) is pinpointed"),
            Choice("gm", "The GM decides", "the calculator only reminds the table; the creature is pinpointed "
                   "only if ticked"),
        ),
        "automatic",
        "The text says such a creature 'may be automatically pinpointed'; the engine reads 'may' as "
        "the usual outcome, and a table that wants it case by case can switch this.",
    ),
    Ruling(
        "d20.ruling.voice-noise",
        "Which range goes with medium ambient noise?",
        DETECTION_PAGE,
        (
            Choice("combat", "20 ft, as in combat", "noise masks a voice as fighting does, so the shorter range applies"),
            Choice("quiet", "30 ft, as out of combat", "the noise clause belongs with the non-combat range"),
        ),
        "combat",
        "The text adds 'and/or medium amounts of ambient noise' after both ranges without saying which one it "
        "belongs to; a noisy place makes a voice harder to pick out, as a fight does, so it gets the 20 ft.",
    ),
)
RULING_BY_ID: dict[str, Ruling] = {r.id: r for r in RULINGS}

CONVENTION_CHOICES = (("descending", "Descending AC with THAC0"), ("ascending", "Ascending AC with attack bonus"))
KIND_CHOICES = (("melee", "Melee attack"), ("missile", "Missile attack"), ("spell", "Spell or ability"),
                ("gaze", "Gaze attack"))
ELEVATION_CHOICES = (("level", "Same level"), ("higher", "Higher than the target"), ("lower", "Lower than the target"))
TERRAIN_CHOICES = (("ground", "Any other ground"), ("cliff", "Vertical cliff face"), ("severe-slope", "Severe slope"))
PERCENT_CHOICES = tuple((p, f"{p}%") for p in PERCENTS)
PINPOINT_CHOICES = (("sense-invisible", "Sense Invisible check"), ("hear-noise", "Hear Noise check"))
DETECTED_CHOICES = (
    ("no", "Cannot hear or sense it"),
    ("sensed", "Can hear or sense it (not pinpointed)"),
    ("pinpointed", "Has pinpointed it"),
)


def _example_choices(examples: tuple[Example, ...], kind: str) -> tuple[tuple[str, str], ...]:
    """Picker choices: ``"title · 25%"`` labels, after a first "use the percentage" choice."""
    return ((NO_EXAMPLE, f"None of these (use the {kind} percentage)"),
            *((e.value, f"{e.title} · {e.percent}%") for e in examples))


INPUTS = Inputs(
    SYSTEM,
    (
        Field("ac_convention", "choice", "Armour class convention", default="descending",
              choices=CONVENTION_CHOICES, rule="d20.ac.descending"),
        Field("attack.kind", "choice", "Attack", default="missile", choices=KIND_CHOICES,
              rule="d20.cover.hard-and-soft"),
        Field("attack.to_hit", "int", "THAC0 (descending) or attack bonus (ascending)", optional=True,
              minimum=-20, maximum=40, help="Leave empty if unknown: the modifiers are still worked out.",
              rule="d20.ac.descending"),
        Field("target.ac", "int", "Target's armour class", default=10, minimum=-20, maximum=40,
              help="The target's own AC, before cover and the rest.", rule="d20.ac.descending"),
        Field("attack.needs_sight", "bool", "The effect needs line of sight or a chosen target",
              default=False, rule="d20.invisible.no-sight-targeting"),
        Field("attacker.elevation", "choice", "Attacker's position", default="level", choices=ELEVATION_CHOICES,
              rule="d20.elevation.higher"),
        Field("attacker.terrain", "choice", "Ground between them", default="ground", choices=TERRAIN_CHOICES,
              help="A cliff face counts when one is above the other by at least half the higher one's height.",
              rule="d20.elevation.cliff"),
        Field("attack.over_melee", "bool", "Missile fired over a melee", default=False, rule="d20.cover.over-melee"),
        Field("attack.over_melee_penalty", "int", "Penalty for firing over the melee (GM)", default=OVER_MELEE_PENALTY,
              minimum=0, maximum=10, help="2 as written; the GM may change it to suit the melee.",
              rule="d20.cover.over-melee"),
        Field("target.cover_example", "choice", "Cover: pick the situation", default=NO_EXAMPLE,
              choices=_example_choices(COVER_EXAMPLES, "cover"), rule="d20.cover.examples", widget="d20-picker"),
        Field("target.cover", "choice", "Cover percentage", default=0, choices=PERCENT_CHOICES,
              rule="d20.cover.percent",
              help="Leave at 0% when a situation above is picked."),
        Field("target.cover_between", "bool", "The cover is between the target and the attacker", default=True,
              rule="d20.cover.far-side"),
        Field("target.concealment_example", "choice", "Concealment: pick the situation", default=NO_EXAMPLE,
              choices=_example_choices(CONCEALMENT_EXAMPLES, "concealment"), rule="d20.concealment.examples",
              widget="d20-picker"),
        Field("target.concealment", "choice", "Concealment percentage", default=0, choices=PERCENT_CHOICES,
              rule="d20.concealment.percent", help="Leave at 0% when a situation above is picked."),
        Field("fog_distance_ft", "number", "Distance through fog or mist", optional=True, minimum=0, maximum=10_000,
              unit="ft", help="Feet of fog or mist between them; leave empty if there is none.",
              rule="d20.concealment.fog"),
        Field("target.protectors", "int", "Allies parrying to protect the target", default=0, minimum=0, maximum=20,
              help="Each declared a parry this round, and so did the target.", rule="d20.cover.protectors"),
        Field("target.protector_ac", "ints", "Protectors' AC", optional=True, minimum=-20, maximum=40, max_items=20,
              help="One AC for all of them, or one per protector (5 7 4); empty: the target's own AC.",
              rule="d20.cover.protector-struck"),
        Field("target.invisible", "bool", "The target is invisible", default=False,
              rule="d20.invisible.attack-penalty"),
        Field("target.pinpointed", "bool", "The attacker has pinpointed the target", default=False,
              rule="d20.detect.pinpointed"),
        Field("target.pinpointed_by", "choice", "Pinpointed by", default="sense-invisible", choices=PINPOINT_CHOICES,
              rule="d20.detect.sense-invisible"),
        Field("target.speaking", "bool", "The target is speaking or casting a spell with a verbal component",
              default=False, rule="d20.detect.voice"),
        Field("target.melee_rounds", "int", "Rounds the unseen target has stayed in melee range", default=0,
              minimum=0, maximum=99, rule="d20.melee.accidental"),
        Field("attacker.invisible", "bool", "The attacker is invisible", default=False,
              rule="d20.invisible.ac-penalty"),
        Field("target.can_see_attacker", "bool",
              "The target can see the attacker, invisibility aside (not blind, not in the dark)",
              default=True, rule="d20.invisible.unseen-attacker"),
        Field("attacker.detected", "choice", "The target, about the unseen attacker", default="no",
              choices=DETECTED_CHOICES, rule="d20.invisible.surprise"),
        Field("attacker.speaking", "bool", "The attacker is speaking or casting a spell with a verbal component",
              default=False, rule="d20.detect.voice"),
        Field("distance_ft", "number", "Distance between them", optional=True, minimum=0, maximum=10_000, unit="ft",
              help="Needed for pinpointing a speaker (20 ft in combat, 30 ft otherwise).", rule="d20.detect.voice"),
        Field("in_combat", "bool", "Combat conditions", default=True, rule="d20.detect.voice"),
        Field("ambient_noise", "bool", "Medium ambient noise", default=False, rule="d20.detect.voice",
              help="Only matters out of combat (ruling: which range it gives)."),
    ),
    RULINGS,
)


# --- small rules -----------------------------------------------------------------------------------


def cover_bonus(percent: int, high: str) -> int:
    """AC bonus of cover at ``percent`` (25..90), per ruling ``d20.ruling.cover-high`` for 75% and 90%."""
    return COVER_BONUS.get(percent) or COVER_HIGH[high].get(percent, 0)


def concealment_bonus(percent: int, values: str, high: str) -> int:
    """AC bonus of concealment at ``percent`` (25..90), per ruling ``d20.ruling.concealment-values``."""
    if values == "as-cover":
        return cover_bonus(percent, high)
    return CONCEALMENT_BONUS[values].get(percent, 0)


def protector_bonus(protectors: int) -> int:
    """+2 for one protector, +4 for two or more."""
    bonus = 0
    for at_least, value in PROTECTOR_BONUS:
        if protectors >= at_least:
            bonus = value
    return bonus


def fog_concealment(distance_ft: float) -> int:
    """Concealment of a creature seen through ``distance_ft`` of typical fog or mist."""
    for up_to, percent in FOG_STEPS:
        if distance_ft <= up_to:
            return percent
    return FULL


def elevation_modifier(elevation: str, terrain: str) -> int:
    """Attack roll modifier for the attacker's position relative to the target."""
    return ELEVATION_TABLE[terrain][elevation]


def unseen_ac_penalty(ac: int, convention: str) -> int:
    """How much easier to hit (as a negative bonus) a target becomes against an unseen attacker, never past AC 10."""
    room = UNSEEN_AC_LIMIT - ac if convention == "descending" else ac - UNSEEN_AC_LIMIT
    return -min(UNSEEN_AC_PENALTY, max(0, room))


def effective_ac(ac: int, bonus: int, convention: str) -> int:
    """The AC number after ``bonus`` (positive = harder to hit), in the scenario's convention."""
    return ac - bonus if convention == "descending" else ac + bonus


def needed_roll(convention: str, to_hit: int, modifier: int, ac: int) -> int:
    """Lowest natural d20 that hits before natural-roll handling (may be below 1 or above 20)."""
    if convention == "descending":
        return to_hit - ac - modifier  # d20 + modifier >= THAC0 - AC
    return ac - to_hit - modifier  # d20 + bonus + modifier >= AC


def roll_hits(roll: int, needed: int, natural: str) -> bool:
    """Whether a natural ``roll`` hits, per ruling ``d20.ruling.natural-rolls``."""
    if natural == "auto" and roll in (1, 20):
        return roll == 20
    return roll >= needed


def hit_rolls(needed: int, natural: str) -> tuple[int, ...]:
    """Every natural d20 roll that hits."""
    return tuple(r for r in D20 if roll_hits(r, needed, natural))


def chance_of(rolls: tuple[int, ...] | list[int]) -> Fraction:
    """Probability of rolling one of ``rolls`` on a d20."""
    return d20_chance(rolls)


def lowest_hit(needed: int, natural: str) -> int | None:
    """The lowest natural roll that hits, or None when none does."""
    rolls = hit_rolls(needed, natural)
    return rolls[0] if rolls else None


# --- evaluation ------------------------------------------------------------------------------------


@dataclass
class Trace:
    """What an evaluation collects on its way: rules, rulings depended on, notes."""

    rules: list[str] = field(default_factory=list)
    used: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def rule(self, *ids: str) -> None:
        """Record rules that shaped the result (once each, in order)."""
        for rid in ids:
            if rid not in self.rules:
                self.rules.append(rid)

    def ruling(self, rid: str) -> None:
        """Record a ruling the result depended on."""
        if rid not in self.used:
            self.used.append(rid)

    def note(self, text: str, *ids: str) -> None:
        """A plain-language effect, with the rules it comes from."""
        self.rule(*ids)
        if text not in self.notes:
            self.notes.append(text)


@dataclass(frozen=True)
class Step:
    """One modifier, applied in order: to the attack roll or to how hard the target is to hit."""

    rule: str
    label: str
    attack: int = 0
    defense: int = 0


def _example(examples: tuple[Example, ...], value: str) -> Example | None:
    return next((e for e in examples if e.value == value), None)


def _percent_from(s: dict[str, Any], who: str, examples: tuple[Example, ...],
                  errors: list[FieldError]) -> tuple[int, Example | None]:
    """Percentage from the picked example or the percentage field; a disagreement is an error."""
    target = s["target"]
    percent = target[who]
    example = _example(examples, target[f"{who}_example"])
    if example is None:
        return percent, None
    if percent and percent != example.percent:
        errors.append(FieldError(f"target.{who}", f"{percent}% does not match the situation picked "
                                 f"({example.title}: {example.percent}%); set it to 0% or pick no situation"))
    return example.percent, example


@dataclass(frozen=True)
class Sight:
    """Whether one side cannot see the other, why, and whether it has been pinpointed."""

    unseen: bool
    why: str = ""
    cause: str = ""
    """``invisible``, ``fog``, ``concealment`` or ``unseen`` (cannot see the attacker)."""
    pinpointed: bool = False
    how: str = ""
    """``sense-invisible``, ``hear-noise``, ``voice`` or ``""``."""


def voice_range(s: dict[str, Any], trace: Trace) -> int:
    """20 ft in combat, 30 ft otherwise; medium ambient noise per ruling ``d20.ruling.voice-noise``."""
    if s["in_combat"]:
        return VOICE_RANGE_FT["combat"]
    if s["ambient_noise"]:
        trace.ruling("d20.ruling.voice-noise")
        return VOICE_RANGE_FT[s["rulings"]["d20.ruling.voice-noise"]]
    return VOICE_RANGE_FT["quiet"]


def _voice_pinpoints(speaking: bool, s: dict[str, Any], who: str, trace: Trace) -> bool:
    """A speaker or verbal caster within 20 ft (combat) or 30 ft is pinpointed, per ruling."""
    if not speaking:
        return False
    reach = voice_range(s, trace)
    distance = s["distance_ft"]
    trace.ruling("d20.ruling.voice-pinpoint")
    if s["rulings"]["d20.ruling.voice-pinpoint"] == "gm":
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


def target_sight(s: dict[str, Any], concealment: int, trace: Trace) -> Sight:
    """Can the attacker see the target, and if not, has it pinpointed it?"""
    target = s["target"]
    fog = s["fog_distance_ft"]
    if target["invisible"]:
        why, cause = "the target is invisible", "invisible"
    elif fog is not None and fog_concealment(fog) == FULL:
        why, cause = f"{_ft(fog)} of fog or mist, so the attacker is treated as blinded", "fog"
    elif concealment == FULL:
        why, cause = "100% concealment, so the target is treated as invisible", "concealment"
    else:
        return Sight(False)
    if target["pinpointed"]:
        return Sight(True, why, cause, True, target["pinpointed_by"])
    if _voice_pinpoints(target["speaking"], s, "target", trace):
        return Sight(True, why, cause, True, "voice")
    return Sight(True, why, cause)


def attacker_sight(s: dict[str, Any], target_seen: bool, trace: Trace) -> Sight:
    """Can the target see the attacker? An attacker that cannot be seen counts as invisible."""
    attacker = s["attacker"]
    if attacker["invisible"]:
        why, cause = "the attacker is invisible", "invisible"
    elif not s["target"]["can_see_attacker"]:
        if not target_seen:
            trace.note("Neither side can see the other: the rules for unseen attackers need the attacker to see "
                       "its target, so they do not apply.", "d20.invisible.unseen-attacker")
            return Sight(False)
        why, cause = "the target cannot see it (blind, or in the dark), so it counts as invisible", "unseen"
    else:
        return Sight(False)
    if attacker["detected"] == "pinpointed":
        return Sight(True, why, cause, True, "check")
    if _voice_pinpoints(attacker["speaking"], s, "attacker", trace):
        return Sight(True, why, cause, True, "voice")
    return Sight(True, why, cause)


def _reason_untargetable(s: dict[str, Any], cover: int, target: Sight, attacker: Sight,
                         needs_sight: bool) -> tuple[str, tuple[str, ...]] | None:
    """Why the attack cannot be aimed at the target at all (and the rules saying so), or None."""
    kind = s["attack"]["kind"]
    if cover == FULL:
        return "100% cover", ("d20.cover.full",)
    if attacker.unseen and kind == "gaze":
        return "an unseen creature cannot use a gaze attack", ("d20.invisible.no-gaze",)
    if target.unseen and needs_sight:
        return "it needs sight, and the target is unseen", ("d20.invisible.no-sight-targeting", "d20.detect.pinpointed")
    if target.unseen and kind in ("melee", "missile") and not target.pinpointed:
        return "the unseen target is not pinpointed", ("d20.detect.pinpointed",)
    return None


UNTARGETABLE_NOTES = {
    "d20.cover.full": "100% cover: there is no line of sight or of effect, so nothing can be aimed at or reach "
                      "the target.",
    "d20.invisible.no-gaze": "An invisible (or unseen) creature cannot use a gaze attack.",
    "d20.invisible.no-sight-targeting": "Effects that need line of sight or a chosen target cannot target an unseen "
                                        "creature, even a pinpointed one.",
    "d20.detect.pinpointed": "Melee and missile attacks can be aimed at an unseen creature only once it is pinpointed; "
                             "until then it can only be struck by randomly assigned or accidental attacks.",
}


def defense_steps(s: dict[str, Any], cover: int, concealment: int, target: Sight, attacker: Sight,
                  protectors: int, trace: Trace) -> list[Step]:
    """Changes to how hard the target is to hit, in the order the rulings apply them."""
    rulings = s["rulings"]
    kind = s["attack"]["kind"]
    high = rulings["d20.ruling.cover-high"]
    steps: list[Step] = []
    c_bonus = cover_bonus(cover, high) if 0 < cover < FULL else 0
    if c_bonus:
        steps.append(Step("d20.cover.percent", f"{cover}% cover", defense=c_bonus))
    p_bonus = protector_bonus(protectors) if kind == "missile" else 0
    if p_bonus:
        extra = p_bonus
        if c_bonus:
            trace.ruling("d20.ruling.protectors-and-cover")
            if rulings["d20.ruling.protectors-and-cover"] == "highest":
                extra = max(0, p_bonus - c_bonus)
        label = f"{protectors} protector{'s' if protectors > 1 else ''} (+{p_bonus})"
        if extra < p_bonus:
            label += ", beyond the cover's own"
        steps.append(Step("d20.cover.protectors", label, defense=extra))
    k_bonus = 0
    if 0 < concealment < FULL:
        if target.unseen:
            trace.ruling("d20.ruling.invisible-concealment")
        if not target.unseen or rulings["d20.ruling.invisible-concealment"] == "add":
            trace.ruling("d20.ruling.concealment-values")
            k_bonus = concealment_bonus(concealment, rulings["d20.ruling.concealment-values"], high)
            hard = sum(st.defense for st in steps)
            if hard:
                trace.ruling("d20.ruling.cover-and-concealment")
                if rulings["d20.ruling.cover-and-concealment"] == "highest":
                    k_bonus = max(0, k_bonus - hard)
            steps.append(Step("d20.concealment.percent", f"{concealment}% concealment", defense=k_bonus))
    if attacker.unseen:
        marker = Step("d20.invisible.ac-penalty", "Unseen attacker")
        if steps:
            trace.ruling("d20.ruling.unseen-ac-cap")
        if rulings["d20.ruling.unseen-ac-cap"] == "armour":
            steps.insert(0, marker)
        else:
            steps.append(marker)
    return steps


def attack_steps(s: dict[str, Any], target: Sight, trace: Trace) -> list[Step]:
    """Changes to the attack roll: higher ground, firing over a melee, an invisible target."""
    attack, attacker = s["attack"], s["attacker"]
    steps: list[Step] = []
    elevation, terrain = attacker["elevation"], attacker["terrain"]
    mod = elevation_modifier(elevation, terrain)
    if mod:
        where = {"ground": "higher ground", "cliff": "cliff face", "severe-slope": "severe slope"}[terrain]
        steps.append(Step(ELEVATION_RULE[terrain], f"{elevation.capitalize()} on a {where}"
                          if terrain != "ground" else "Higher ground", attack=mod))
    elif elevation != "level" and terrain == "ground":
        trace.note("Striking from lower ground costs nothing on ordinary ground; only the higher side gains.",
                   "d20.elevation.higher")
    if attack["over_melee"]:
        if attack["kind"] != "missile":
            trace.note("Firing over a melee only changes missile attacks.", "d20.cover.over-melee")
        elif elevation != "level":
            trace.note("Firing over a melee from a different elevation: no penalty (it applies only when "
                       "no side is higher).", "d20.cover.over-melee")
        elif attack["over_melee_penalty"]:
            steps.append(Step("d20.cover.over-melee", "Over a melee", attack=-attack["over_melee_penalty"]))
            if attack["over_melee_penalty"] != OVER_MELEE_PENALTY:
                trace.note(f"Over-melee penalty set by the GM to -{attack['over_melee_penalty']} "
                           f"(the rule's own value is -{OVER_MELEE_PENALTY}).", "d20.cover.over-melee")
    if target.unseen:
        steps.append(Step("d20.invisible.attack-penalty", "Invisible target", attack=-INVISIBLE_ATTACK_PENALTY))
    return steps


@dataclass(frozen=True)
class Pipeline:
    """The steps applied in order to one attack, and the numbers they give."""

    convention: str
    ac: int
    steps: tuple[Step, ...]

    def run(self) -> tuple[int, int, list[tuple[Step, int, int]]]:
        """(attack modifier, defense bonus, [(step, attack so far, defense so far)]) with the AC 10 limit applied."""
        attack = defense = 0
        trail = []
        for step in self.steps:
            if step.rule == "d20.invisible.ac-penalty":
                step = Step(step.rule, step.label,
                            defense=unseen_ac_penalty(effective_ac(self.ac, defense, self.convention), self.convention))
            attack += step.attack
            defense += step.defense
            trail.append((step, attack, defense))
        return attack, defense, trail


def _chance(convention: str, to_hit: int | None, ac: int, attack: int, defense: int, natural: str) -> Fraction | None:
    if to_hit is None:
        return None
    needed = needed_roll(convention, to_hit, attack, effective_ac(ac, defense, convention))
    return chance_of(hit_rolls(needed, natural))


def protector_analysis(s: dict[str, Any], convention: str, natural: str, needed_with: int, needed_without: int,
                       general_mod: int, protectors: int) -> dict[str, Any]:
    """Which rolls miss only because of the protectors, and each protector's chance to be struck instead."""
    to_hit = s["attack"]["to_hit"]
    acs = s["target"]["protector_ac"] or [s["target"]["ac"]]
    acs = acs * protectors if len(acs) == 1 else acs
    saved = [r for r in D20 if roll_hits(r, needed_without, natural) and not roll_hits(r, needed_with, natural)]
    struck = []
    for i, ac in enumerate(acs, start=1):
        rolls = [r for r in saved if roll_hits(r, needed_roll(convention, to_hit, general_mod, ac), natural)]
        chance = chance_of(rolls) / protectors
        struck.append({"protector": i, "ac": ac, "rolls": rolls, **exact("chance", chance)})
    total = sum((Fraction(p["chance_exact"]) for p in struck), Fraction(0))
    return {"saved_rolls": saved, "struck": struck, **exact("any_struck", total)}


def _check(s: dict[str, Any]) -> tuple[int, Example | None, int, Example | None]:
    """Cross-field checks the schema cannot make; raise ScenarioError naming each field."""
    errors: list[FieldError] = []
    cover, cover_ex = _percent_from(s, "cover", COVER_EXAMPLES, errors)
    conceal, conceal_ex = _percent_from(s, "concealment", CONCEALMENT_EXAMPLES, errors)
    acs = s["target"]["protector_ac"]
    n = s["target"]["protectors"]
    if acs is not None and len(acs) > 0:
        if n == 0:
            errors.append(FieldError("target.protector_ac", "is given but there are no protectors: "
                                     "set the number of protectors or leave this empty"))
        elif len(acs) not in (1, n):
            errors.append(FieldError("target.protector_ac", f"has {len(acs)} ACs for {n} protectors: "
                                     f"give one AC for all of them or exactly {n}"))
    if acs is not None and len(acs) == 0:
        errors.append(FieldError("target.protector_ac", "is an empty list: give at least one AC or leave it out"))
    if errors:
        raise ScenarioError(errors)
    return cover, cover_ex, conceal, conceal_ex


def cover_of(s: dict[str, Any], percent: int, example: Example | None, trace: Trace) -> int:
    """The cover that counts against this attack: from the picked situation or the percentage, far side only."""
    if example:
        trace.rule(example.rule)
        if example.value == "table" and s["attack"]["kind"] == "melee":
            trace.note("In melee an overturned table shelters both sides: the target's blows back at this "
                       "attacker face 50% cover too.", "d20.cover.examples")
    if percent and not s["target"]["cover_between"]:
        trace.note(f"The {percent}% cover is not between them: cover counts only against attacks from its far side.",
                   "d20.cover.far-side")
        return 0
    if percent in COVER_HIGH["classic"]:
        trace.ruling("d20.ruling.cover-high")
    return percent


def concealment_of(s: dict[str, Any], percent: int, example: Example | None, trace: Trace) -> int:
    """The final concealment: the situation or percentage, combined with fog or mist per ruling."""
    if example:
        trace.rule(example.rule)
    fog = s["fog_distance_ft"]
    if fog is not None:
        fogged = fog_concealment(fog)
        trace.rule("d20.concealment.fog")
        if percent:
            trace.ruling("d20.ruling.fog-and-concealment")
            combine = s["rulings"]["d20.ruling.fog-and-concealment"]
            percent = min(FULL, percent + fogged) if combine == "add" else max(percent, fogged)
        else:
            percent = fogged
    if percent == FULL:
        trace.rule("d20.concealment.full")
    return percent


def chance_steps(convention: str, to_hit: int | None, ac: int, natural: str,
                 trail: list[tuple[Step, int, int]]) -> tuple[list[dict[str, Any]], Fraction | None, Fraction | None]:
    """Each step with the chance to hit just before and just after it; also the chance before and after all."""
    out = []
    before = base = _chance(convention, to_hit, ac, 0, 0, natural)
    for step, attack_so_far, defense_so_far in trail:
        after = _chance(convention, to_hit, ac, attack_so_far, defense_so_far, natural)
        out.append({
            "rule": step.rule, "label": step.label, "attack": step.attack, "defense": step.defense,
            "chance_before": None if before is None else str(before),
            "chance_after": None if after is None else str(after),
        })
        before = after
    return out, base, before


def protectors_of(s: dict[str, Any], cover: int, concealment: int, target: Sight, attacker: Sight,
                  att_steps: list[Step], needed_with: int, trace: Trace) -> dict[str, Any] | None:
    """The protectors' side of a missile attack: saved rolls and who may be struck, or None without a number."""
    convention, natural = s["ac_convention"], s["rulings"]["d20.ruling.natural-rolls"]
    to_hit, ac, protectors = s["attack"]["to_hit"], s["target"]["ac"], s["target"]["protectors"]
    trace.rule("d20.cover.protector-struck")
    if to_hit is None:
        trace.note("Give the THAC0 or attack bonus to see which rolls a protector may take instead.",
                   "d20.cover.protector-struck")
        return None
    unprotected = defense_steps(s, cover, concealment, target, attacker, 0, Trace())
    w_attack, w_defense, _ = Pipeline(convention, ac, (*att_steps, *unprotected)).run()
    needed_without = needed_roll(convention, to_hit, w_attack, effective_ac(ac, w_defense, convention))
    general = sum(st.attack for st in att_steps if st.rule != "d20.invisible.attack-penalty")
    if not s["target"]["protector_ac"]:
        trace.note(f"The protectors' AC was not given: each is taken to have the target's own AC ({ac}).",
                   "d20.cover.protector-struck")
    return protector_analysis(s, convention, natural, needed_with, needed_without, general, protectors)


def evaluate(s: dict[str, Any]) -> dict[str, Any]:
    """Evaluate a validated classic-d20 scenario into the contract's result dict."""
    cover_raw, cover_ex, conceal_raw, conceal_ex = _check(s)
    trace = Trace()
    convention = s["ac_convention"]
    kind, to_hit = s["attack"]["kind"], s["attack"]["to_hit"]
    ac, protectors = s["target"]["ac"], s["target"]["protectors"]
    natural = s["rulings"]["d20.ruling.natural-rolls"]
    trace.rule(f"d20.ac.{convention}")

    cover = cover_of(s, cover_raw, cover_ex, trace)
    concealment = concealment_of(s, conceal_raw, conceal_ex, trace)
    target = target_sight(s, concealment, trace)
    attacker = attacker_sight(s, not target.unseen, trace)
    needs_sight = s["attack"]["needs_sight"] or kind == "gaze"
    if kind == "gaze" and not s["attack"]["needs_sight"]:
        trace.note("A gaze attack always needs sight.", "d20.invisible.no-sight-targeting")

    blocked = _reason_untargetable(s, cover, target, attacker, needs_sight)
    targetable = blocked is None
    if blocked:
        trace.note(UNTARGETABLE_NOTES[blocked[1][0]], *blocked[1])
    if protectors and kind != "missile":
        trace.note("Protectors' parries add to AC only against missile attacks.", "d20.cover.protectors")

    att_steps = attack_steps(s, target, trace)
    def_steps = defense_steps(s, cover, concealment, target, attacker, protectors, trace)
    attack_mod, defense, trail = Pipeline(convention, ac, (*att_steps, *def_steps)).run()
    for step, _, _ in trail:
        trace.rule(step.rule)
    if any(st.rule == "d20.cover.percent" for st in def_steps):
        trace.rule("d20.cover.hard-and-soft")
    if to_hit is not None and targetable:
        trace.ruling("d20.ruling.natural-rolls")
    steps, base, would_hit = chance_steps(convention, to_hit, ac, natural, trail)
    final = would_hit if targetable else Fraction(0)
    eff_ac = effective_ac(ac, defense, convention)
    needed = None if to_hit is None else needed_roll(convention, to_hit, attack_mod, eff_ac)
    needs = lowest_hit(needed, natural) if needed is not None and targetable else None
    protected = None
    if protectors and kind == "missile" and targetable:
        protected = protectors_of(s, cover, concealment, target, attacker, att_steps, needed, trace)

    saves = save_bonus(s, cover, protectors, target, trace)
    ac_change = next(((effective_ac(ac, d - st.defense, convention), effective_ac(ac, d, convention))
                      for st, _, d in trail if st.rule == "d20.invisible.ac-penalty"), None)
    invisibility = {"target": target_panel(s, target, targetable, blocked, trace),
                    "attacker": attacker_panel(s, attacker, ac_change, trace)}
    return {
        "targetable": targetable,
        "untargetable_reason": blocked[0] if blocked else None,
        "attack_modifier": attack_mod,
        "defense_bonus": defense,
        "save_bonus": saves,
        **exact("hit_chance", final),
        "base_hit_chance_exact": None if base is None else str(base),
        "rules": trace.rules,
        "notes": trace.notes,
        "rulings_used": trace.used,
        "ac_convention": convention,
        "base_ac": ac,
        "effective_ac": eff_ac,
        "cover": cover,
        "concealment": concealment,
        "needs": needs,
        "steps": steps,
        "protectors": protected,
        "invisibility": invisibility,
        "surprise": surprise_of(s, attacker),
        "accidental": accidental_of(s, cover, target, would_hit, trace),
    }


def save_bonus(s: dict[str, Any], cover: int, protectors: int, target: Sight, trace: Trace) -> dict[str, int]:
    """Save name -> bonus (entries add up: a Dexterity save gets ``all`` plus ``dexterity``)."""
    if cover == FULL:
        return {}
    rulings = s["rulings"]
    kind = s["attack"]["kind"]
    bonus = {"all": 0, "dexterity": 0}
    c_bonus = cover_bonus(cover, rulings["d20.ruling.cover-high"]) if cover else 0
    if c_bonus:
        trace.rule("d20.cover.saves")
        trace.ruling("d20.ruling.cover-saves")
        bonus[rulings["d20.ruling.cover-saves"]] += c_bonus
    if protectors:
        applies = kind == "missile"
        if kind != "missile":
            trace.ruling("d20.ruling.protector-saves")
            applies = rulings["d20.ruling.protector-saves"] == "round"
        if applies:
            p_bonus = protector_bonus(protectors)
            if c_bonus:
                trace.ruling("d20.ruling.protectors-and-cover")
                if rulings["d20.ruling.protectors-and-cover"] == "highest":
                    p_bonus = max(0, p_bonus - c_bonus)
            bonus["dexterity"] += p_bonus
            trace.rule("d20.cover.protectors")
    if target.unseen and not target.pinpointed:
        bonus["all"] += INVISIBLE_SAVE_BONUS
        trace.rule("d20.invisible.saves")
    return {k: v for k, v in bonus.items() if v}


def surprise_of(s: dict[str, Any], attacker: Sight) -> dict[str, int]:
    """An unseen, undetected attacker's surprise: automatic segments (unheard only) and the bonus to surprise."""
    if not attacker.unseen or attacker.pinpointed:
        return {"automatic_segments": 0, "bonus_percent": 0}
    unheard = s["attacker"]["detected"] == "no"
    return {"automatic_segments": AUTO_SURPRISE_SEGMENTS if unheard else 0, "bonus_percent": SURPRISE_BONUS_PERCENT}


def accidental_of(s: dict[str, Any], cover: int, target: Sight, would_hit: Fraction | None,
                  trace: Trace) -> dict[str, Any] | None:
    """The 10% chance that an attack aimed elsewhere targets an unpinpointed invisible creature in melee."""
    rounds = s["target"]["melee_rounds"]
    if not target.unseen or target.pinpointed or rounds <= ACCIDENTAL_AFTER_ROUNDS or cover == FULL:
        return None
    trace.rule("d20.melee.accidental")
    if would_hit is not None:
        trace.ruling("d20.ruling.natural-rolls")
    hit = None if would_hit is None else ACCIDENTAL_TARGET * would_hit
    return {**exact("chance", ACCIDENTAL_TARGET), **exact("hit_chance", hit)}


def _ask(question: str, answer: str, rule: str) -> dict[str, str]:
    return {"question": question, "answer": answer, "rule": rule}


SIGHT_RULE = {"invisible": "d20.invisible.sight", "fog": "d20.concealment.fog", "concealment": "d20.concealment.full",
              "unseen": "d20.invisible.unseen-attacker"}
PINPOINT_ANSWER = {
    "sense-invisible": ("d20.detect.sense-invisible", "Yes, by a Sense Invisible check. That lasts until the target "
                        "has been out of line of sight for more than one round."),
    "hear-noise": ("d20.detect.hear-noise", "Yes, by a Hear Noise check. That lasts until the target has been out "
                   "of hearing range for more than one round."),
    "voice": ("d20.detect.voice", "Yes, without a roll: it is speaking or casting aloud within {reach} ft."),
    "check": ("d20.detect.pinpointed", "Yes: the target has pinpointed it."),
}


def target_panel(s: dict[str, Any], target: Sight, targetable: bool, blocked: tuple[str, tuple[str, ...]] | None,
                 trace: Trace) -> dict[str, Any] | None:
    """The unseen target, step by step: sight, pinpointing, whether this attack can be aimed, what it gains."""
    if not target.unseen:
        return None
    reach = voice_range(s, Trace())
    kind = s["attack"]["kind"]
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
        if s["target"]["melee_rounds"] > ACCIDENTAL_AFTER_ROUNDS:
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


def attacker_panel(s: dict[str, Any], attacker: Sight, ac_change: tuple[int, int] | None,
                   trace: Trace) -> dict[str, Any] | None:
    """The unseen attacker, step by step: sight, detection, the target's AC, surprise."""
    if not attacker.unseen:
        return None
    reach = voice_range(s, Trace())
    kind = s["attack"]["kind"]
    detected = s["attacker"]["detected"]
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
