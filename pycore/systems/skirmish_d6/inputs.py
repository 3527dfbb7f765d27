"""d6 Skirmish's declared inputs and the cross-field checks the schema cannot make."""

from __future__ import annotations

from typing import Any

from ...errors import FieldError
from ...maps import regions
from ...maps.areas import area_errors, area_fields
from ...maps.overlay import OVERLAY_CHOICES
from ...maps.square_map import MOST_SQUARES, hex_board_errors, square_fields
from ...schema import Field, Inputs
from .modifiers import needs_distance, never_targetable
from .regions import KINDS as REGION_KINDS
from .tables import LIGHT_LABELS, LIGHT_LEVELS, RULINGS, SIZES, SYSTEM, TITLE, VISION_LABELS, VISIONS

KIND_CHOICES = (
    ("melee", "Melee attack [ATTACK]"),
    ("ranged", "Ranged attack [ATTACK]"),
    ("target-spell", "Targeted spell [TARGET]"),
    ("area-spell", "Area spell ([SPHERE], [LINE] ...)"),
)
SIZE_CHOICES = tuple((s, s.capitalize()) for s in SIZES)
ELEVATION_CHOICES = (("level", "Level with the target"), ("above", "Above the target"), ("below", "Below the target"))
BOARD_MIN, BOARD_MAX = 3, MOST_SQUARES
BOARD_COORD = 999
"""Without a board size any axial coordinates within +-999 are accepted."""
HEIGHT_LIMIT = 999
"""A hex's height on a map, in inches above (or below) the ground."""

INPUTS = Inputs(
    SYSTEM,
    (
        Field("attack.kind", "choice", "Action", default="ranged", choices=KIND_CHOICES, rule="d6.cover.total"),
        Field("attack.hits_on", "int", "Hits on (base)", optional=True, minimum=2, maximum=6,
              help="The attack's normal target number before modifiers; leave empty if unknown.",
              rule="d6.limits.natural", unit="+"),
        Field("light", "choice", "Light level", default="bright",
              choices=tuple((level, LIGHT_LABELS[level]) for level in LIGHT_LEVELS), rule="d6.light.vision"),
        Field("attacker.vision", "choice", "Attacker's vision", default="normal",
              choices=tuple((v, VISION_LABELS[v]) for v in VISIONS), rule="d6.light.vision"),
        Field("obstacles.partial", "int", "Partial obstacles in the way", default=0, minimum=0, maximum=99,
              help="Creatures (allies too), low walls, trees and brush, a corner peeked around.",
              rule="d6.cover.partial-obstacle", group="counted"),
        Field("obstacles.total", "int", "Total obstacles blocking every line", default=0, minimum=0, maximum=99,
              help="High walls, large boulders, a building's walls, dense brush.",
              rule="d6.cover.total-obstacle", group="counted"),
        Field("attack.distance", "number", "Distance", optional=True, minimum=0, maximum=999, unit="″",
              help="Inches from attacker to target; asked for when the 1-inch limit of blindness or invisibility decides.",
              rule="d6.conditions.blinded", group="counted"),
        Field("map.cols", "int", "Board width", optional=True, minimum=BOARD_MIN, maximum=BOARD_MAX, unit="hexes or squares",
              help="Leave both sizes empty for a map without edges, drawn around the pieces.",
              rule="d6.map.line", group="map"),
        Field("map.rows", "int", "Board height", optional=True, minimum=BOARD_MIN, maximum=BOARD_MAX, unit="hexes or squares",
              help="With a width and a height, every piece must be on that board.",
              rule="d6.map.line", group="map"),
        Field("map.attacker", "hex", "Attacker's hex", optional=True, minimum=-BOARD_COORD, maximum=BOARD_COORD,
              rule="d6.map.line", group="map"),
        Field("map.target", "hex", "Target's hex", optional=True, minimum=-BOARD_COORD, maximum=BOARD_COORD,
              rule="d6.map.line", group="map"),
        Field("map.obstacles", "records", "Obstacles", default=(), max_items=400, rule="d6.map.line", group="map",
              item_label="obstacle",
              item_fields=(
                  Field("hex", "hex", "Hex", minimum=-BOARD_COORD, maximum=BOARD_COORD),
                  Field("kind", "choice", "Kind", default="partial",
                        choices=(("partial", "Partial obstacle"), ("total", "Total obstacle"))),
              )),
        Field("map.creatures", "records", "Other creatures", default=(), max_items=100, rule="d6.map.line", group="map",
              item_label="creature",
              item_fields=(
                  Field("hex", "hex", "Hex", minimum=-BOARD_COORD, maximum=BOARD_COORD),
                  Field("side", "choice", "Side", default="attacker",
                        choices=(("attacker", "Attacker's ally"), ("target", "Target's ally"))),
              )),
        Field("map.elevation", "records", "Heights", default=(), max_items=BOARD_MAX * BOARD_MAX, rule="d6.height.above",
              group="map", help="Hexes above or below the ground (in inches); unlisted hexes are at height 0.",
              item_label="height", item_fields=(
                  Field("hex", "hex", "Hex", minimum=-BOARD_COORD, maximum=BOARD_COORD),
                  Field("height", "number", "Height", minimum=-HEIGHT_LIMIT, maximum=HEIGHT_LIMIT, unit="″"),
              )),
        Field("overlay", "choice", "Show on the map", default="none", choices=OVERLAY_CHOICES,
              help="Marks every free hex of the map with the answer if that piece stood there.",
              rule="d6.map.line", group="map"),
        *square_fields("d6.map.squares"),
        *area_fields("d6.cover.area-effect", "″", "map"),
        regions.region_field("d6.map.light-regions"),
        Field("attacker.elevation", "choice", "Attacker's height", default="level", choices=ELEVATION_CHOICES,
              rule="d6.height.above"),
        Field("attacker.size", "choice", "Attacker's size", default="medium", choices=SIZE_CHOICES, rule="d6.size.table"),
        Field("target.size", "choice", "Target's size", default="medium", choices=SIZE_CHOICES, rule="d6.size.table"),
        Field("attacker.prone", "bool", "Attacker is prone", default=False, rule="d6.conditions.prone-attacker"),
        Field("attacker.blinded", "bool", "Attacker is blinded", default=False, rule="d6.conditions.blinded"),
        Field("attacker.invisible", "bool", "Attacker is invisible", default=False, rule="d6.conditions.invisible-attacker"),
        Field("target.prone", "bool", "Target is prone", default=False, rule="d6.conditions.prone-target"),
        Field("target.surrounded", "bool", "Target is surrounded", default=False, rule="d6.conditions.surrounded",
              help="Two enemies on opposite sides of it; on a map this is read off the board."),
        Field("target.invisible", "bool", "Target is invisible", default=False, rule="d6.conditions.invisible-target"),
        Field("target.can_see_attacker", "bool", "Target can see the invisible attacker", default=False,
              help="An invisible creature cannot be seen: tick only if this target sees it anyway.",
              rule="d6.conditions.invisible-attacker"),
        Field("pairings", "bool", "List everyone against everyone", default=False, rule="d6.map.line", group="map",
              help="Each creature on the attacker's side against each on the target's: cover and chance, sortable."),
    ),
    RULINGS,
    alternatives=(("counted", "Count the obstacles"), ("map", "Place them on a map")),
    alternatives_legend="How is cover decided?",
)



def check(scenario: dict[str, Any]) -> list[FieldError]:
    """Cross-field checks the schema cannot make: a board size is both width and height or neither; a blinded
    attacker or an invisible target needs the distance, unless the action cannot be aimed whatever the distance."""
    if scenario["_alternative"] == "map":
        m = scenario["map"]
        for given, missing in (("cols", "rows"), ("rows", "cols")):
            if m[given] is not None and m[missing] is None:
                return [FieldError(f"map.{missing}", f"is required with map.{given}: give the board's width and "
                                   "height, or neither for a map without edges")]
        return hex_board_errors(m) + area_errors(scenario["area"], m["grid"]) + regions.check(m, REGION_KINDS, TITLE)
    if scenario["attack"]["distance"] is not None:
        return []
    if needs_distance(scenario) and not never_targetable(scenario):
        return [FieldError("attack.distance", "is required when the attacker is blinded or the target "
                           "is invisible: attacks beyond 1 inch are impossible")]
    return []
