"""Classic d20's declared inputs and the cross-field checks the schema cannot make."""

from __future__ import annotations

from typing import Any

from ...errors import FieldError
from ...maps import regions
from ...maps.areas import area_errors, area_fields
from ...maps.square_map import MOST_SQUARES, hex_board_errors, square_fields
from ...schema import Field, Inputs
from .rulings import RULINGS
from .tables import (
    CONCEALMENT_EXAMPLES,
    COVER_EXAMPLES,
    NO_EXAMPLE,
    OVER_MELEE_PENALTY,
    PERCENTS,
    SYSTEM,
    TITLE,
    Example,
)

REGION_KINDS = ("fog", "brush", "screen")
"""The region kinds Classic d20 has rules for: fog or mist, thick bushes, translucent screens."""

CONVENTION_CHOICES = (("descending", "Descending AC with THAC0"), ("ascending", "Ascending AC with attack bonus"))
KIND_CHOICES = (("melee", "Melee attack"), ("missile", "Missile attack"), ("spell", "Spell or ability"),
                ("gaze", "Gaze attack"))
ELEVATION_CHOICES = (("level", "Same level"), ("higher", "Higher than the target"), ("lower", "Lower than the target"))
TERRAIN_CHOICES = (("ground", "Any other ground"), ("cliff", "Vertical cliff face"), ("severe-slope", "Severe slope"))
PERCENT_CHOICES = tuple((p, f"{p}%") for p in PERCENTS)
PINPOINT_CHOICES = (("sense-invisible", "Sense Invisible check"), ("hear-noise", "Hear Noise check"))
OVERLAY_CHOICES = (("none", "Nothing more"), ("target", "Where the target could stand"),
                   ("attacker", "Where the attacker could stand"))
BOARD_MIN, BOARD_MAX = 3, MOST_SQUARES
BOARD_COORD = 999
"""Without a board size any axial coordinates within +-999 are accepted."""
DETECTED_CHOICES = (
    ("no", "Cannot hear or sense it"),
    ("sensed", "Can hear or sense it (not pinpointed)"),
    ("pinpointed", "Has pinpointed it"),
)


def _example_choices(examples: tuple[Example, ...], kind: str) -> tuple[tuple[str, str], ...]:
    """Choices: ``"title · 25%"`` labels, after a first "use the percentage" choice."""
    return ((NO_EXAMPLE, f"None of these (use the {kind} percentage)"),
            *((e.value, f"{e.title} · {e.percent}%") for e in examples))


def _example_facts(examples: tuple[Example, ...]) -> tuple[tuple[str, tuple[tuple[str, object], ...]], ...]:
    """What the picker draws for each situation: its title and percentage, as data (never read off a label)."""
    return tuple((e.value, (("title", e.title), ("percent", e.percent))) for e in examples)


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
              rule="d20.elevation.higher", group="counted"),
        Field("attacker.terrain", "choice", "Ground between them", default="ground", choices=TERRAIN_CHOICES,
              help="A cliff face counts when one is above the other by at least half the higher one's height.",
              rule="d20.elevation.cliff", group="counted"),
        Field("attack.over_melee", "bool", "Missile fired over a melee", default=False, rule="d20.cover.over-melee"),
        Field("attack.over_melee_penalty", "int", "Penalty for firing over the melee (GM)", default=OVER_MELEE_PENALTY,
              minimum=0, maximum=10, help="2 as written; the GM may change it to suit the melee.",
              rule="d20.cover.over-melee"),
        Field("target.cover_example", "choice", "Cover: pick the situation", default=NO_EXAMPLE,
              choices=_example_choices(COVER_EXAMPLES, "cover"), rule="d20.cover.examples", widget="d20-picker",
              widget_facts=_example_facts(COVER_EXAMPLES), group="counted"),
        Field("target.cover", "choice", "Cover percentage", default=0, choices=PERCENT_CHOICES,
              rule="d20.cover.percent",
              help="Leave at 0% when a situation above is picked.", group="counted"),
        Field("target.cover_between", "bool", "The cover is between the target and the attacker", default=True,
              rule="d20.cover.far-side", group="counted"),
        Field("target.concealment_example", "choice", "Concealment: pick the situation", default=NO_EXAMPLE,
              choices=_example_choices(CONCEALMENT_EXAMPLES, "concealment"), rule="d20.concealment.examples",
              widget="d20-picker", widget_facts=_example_facts(CONCEALMENT_EXAMPLES)),
        Field("target.concealment", "choice", "Concealment percentage", default=0, choices=PERCENT_CHOICES,
              rule="d20.concealment.percent", help="Leave at 0% when a situation above is picked."),
        Field("fog_distance_ft", "number", "Distance through fog or mist", optional=True, minimum=0, maximum=10_000,
              unit="ft", help="Feet of fog or mist between them; leave empty if there is none.",
              rule="d20.concealment.fog"),
        Field("target.protectors", "int", "Allies parrying to protect the target", default=0, minimum=0, maximum=20,
              help="Each declared a parry this round, and so did the target.", rule="d20.cover.protectors", group="counted"),
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
        Field("attacker.blinded", "bool", "The attacker is blinded", default=False, rule="d20.invisible.sight",
              help="It cannot see the target: the target counts as invisible to it."),
        Field("target.blinded", "bool", "The target is blinded", default=False, rule="d20.invisible.sight",
              help="It cannot see the attacker: the attacker counts as invisible to it."),
        Field("attacker.detected", "choice", "The target, about the unseen attacker", default="no",
              choices=DETECTED_CHOICES, rule="d20.invisible.surprise"),
        Field("attacker.speaking", "bool", "The attacker is speaking or casting a spell with a verbal component",
              default=False, rule="d20.detect.voice"),
        Field("distance_ft", "number", "Distance between them", optional=True, minimum=0, maximum=10_000, unit="ft",
              help="Needed for pinpointing a speaker (20 ft in combat, 30 ft otherwise).", rule="d20.detect.voice",
              group="counted"),
        Field("in_combat", "bool", "Combat conditions", default=True, rule="d20.detect.voice"),
        Field("ambient_noise", "bool", "Medium ambient noise", default=False, rule="d20.detect.voice",
              help="Only matters out of combat (ruling: which range it gives)."),
        Field("map.cols", "int", "Board width", optional=True, minimum=BOARD_MIN, maximum=BOARD_MAX, unit="hexes or squares",
              help="Leave both sizes empty for a map without edges, drawn around the pieces.",
              rule="d20.map.cover", group="map"),
        Field("map.rows", "int", "Board height", optional=True, minimum=BOARD_MIN, maximum=BOARD_MAX, unit="hexes or squares",
              help="With a width and a height, every piece must be on that board.", rule="d20.map.cover", group="map"),
        Field("map.attacker", "hex", "Attacker's hex", optional=True, minimum=-BOARD_COORD, maximum=BOARD_COORD,
              rule="d20.map.cover", group="map"),
        Field("map.target", "hex", "Target's hex", optional=True, minimum=-BOARD_COORD, maximum=BOARD_COORD,
              rule="d20.map.cover", group="map"),
        Field("map.obstacles", "records", "Obstacles", default=(), max_items=400, rule="d20.map.cover", group="map",
              item_label="obstacle", item_fields=(
                  Field("hex", "hex", "Hex", minimum=-BOARD_COORD, maximum=BOARD_COORD),
                  Field("kind", "choice", "Kind", default="wall", choices=(("wall", "Wall or other hard obstacle"),)),
              )),
        Field("map.creatures", "records", "Other creatures", default=(), max_items=100, rule="d20.map.protectors",
              group="map", item_label="creature", item_fields=(
                  Field("hex", "hex", "Hex", minimum=-BOARD_COORD, maximum=BOARD_COORD),
                  Field("side", "choice", "Side", default="attacker",
                        choices=(("attacker", "Attacker's ally"), ("target", "Target's ally"))),
              )),
        Field("map.elevation", "records", "Heights", default=(), max_items=400, rule="d20.map.heights", group="map",
              help="Raised or sunken hexes, in feet above the ground; hexes not listed are at 0.",
              item_label="height", item_fields=(
                  Field("hex", "hex", "Hex", minimum=-BOARD_COORD, maximum=BOARD_COORD),
                  Field("height", "number", "Height", minimum=-1000, maximum=1000, unit="ft"),
              )),
        Field("overlay", "choice", "Show on the map", default="none", choices=OVERLAY_CHOICES,
              rule="d20.map.overlay", group="map",
              help="Colour every free hex by what the attack would be with that piece standing there."),
        *square_fields("d20.map.squares"),
        *area_fields("d20.cover.saves", "ft", "map"),
        regions.region_field("d20.map.fog"),
        Field("pairings", "bool", "List everyone against everyone", default=False, rule="d20.map.overlay", group="map",
              help="Each creature on the attacker's side against each on the target's: cover and chance, sortable."),
    ),
    RULINGS,
    alternatives=(("counted", "Give the cover percentage"), ("map", "Place everyone on a map")),
    alternatives_legend="How is cover decided?",
)



def _example(examples: tuple[Example, ...], value: str) -> Example | None:
    return next((e for e in examples if e.value == value), None)


def picked(scenario: dict[str, Any], who: str) -> tuple[int, Example | None]:
    """The ``cover`` or ``concealment`` percentage: the picked situation's, else the percentage field's."""
    examples = COVER_EXAMPLES if who == "cover" else CONCEALMENT_EXAMPLES
    example = _example(examples, scenario["target"][f"{who}_example"])
    return (scenario["target"][who], None) if example is None else (example.percent, example)


def check(scenario: dict[str, Any]) -> list[FieldError]:
    """Cross-field checks the schema cannot make, one error per bad field: a board size is both width and height or
    neither."""
    errors: list[FieldError] = []
    for who in ("cover", "concealment"):
        percent, example = scenario["target"][who], picked(scenario, who)[1]
        if example is not None and percent and percent != example.percent:
            errors.append(FieldError(f"target.{who}", f"{percent}% does not match the situation picked "
                                     f"({example.title}: {example.percent}%); set it to 0% or pick no situation"))
    acs = scenario["target"]["protector_ac"]
    if scenario["_alternative"] == "map":
        m = scenario["map"]
        for given, missing in (("cols", "rows"), ("rows", "cols")):
            if m[given] is not None and m[missing] is None:
                errors.append(FieldError(f"map.{missing}", f"is required with map.{given}: give the board's width "
                                         "and height, or neither for a map without edges"))
        errors.extend(hex_board_errors(m))
        errors.extend(area_errors(scenario["area"], m["grid"]))
        errors.extend(regions.check(m, REGION_KINDS, TITLE))
        if acs is not None and len(acs) > 1:
            errors.append(FieldError("target.protector_ac", "on a map give one AC for all the protectors (or none: "
                                     "each has the target's own AC), as who protects changes as pieces move"))
        elif acs is not None and len(acs) == 0:
            errors.append(FieldError("target.protector_ac", "is an empty list: give one AC or leave it out"))
        return errors
    n = scenario["target"]["protectors"]
    if acs is not None and len(acs) > 0:
        if n == 0:
            errors.append(FieldError("target.protector_ac", "is given but there are no protectors: "
                                     "set the number of protectors or leave this empty"))
        elif len(acs) not in (1, n):
            errors.append(FieldError("target.protector_ac", f"has {len(acs)} ACs for {n} protectors: "
                                     f"give one AC for all of them or exactly {n}"))
    if acs is not None and len(acs) == 0:
        errors.append(FieldError("target.protector_ac", "is an empty list: give at least one AC or leave it out"))
    return errors
