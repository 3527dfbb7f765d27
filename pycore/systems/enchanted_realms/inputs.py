"""Enchanted Realms' declared inputs and the cross-field checks the schema cannot make."""

from __future__ import annotations

from typing import Any

from ...dice import D20_SIDES
from ...errors import FieldError
from ...maps.areas import area_errors, area_fields
from ...maps.overlay import OVERLAY_CHOICES
from ...maps.regions import check as check_regions
from ...maps.regions import region_field
from ...schema import Field, Inputs
from .regions import KINDS as REGION_KINDS
from .tables import ATTACKER, COVER_CHOICES, KIND_CHOICES, RULINGS, STRAY_DIE, SYSTEM, TITLE

HEX_RANGE = 99
DEFENSE_MIN, DEFENSE_MAX = 0, 60
MAX_OTHERS = 30

OTHER_FIELDS = (
    Field("name", "text", "Name", maximum=40),
    Field("hex", "hex", "Hex", minimum=-HEX_RANGE, maximum=HEX_RANGE),
    Field("defense", "int", "Defense", minimum=DEFENSE_MIN, maximum=DEFENSE_MAX),
    Field("cover", "choice", "Cover from an area", default="none", choices=COVER_CHOICES),
)

INPUTS = Inputs(
    SYSTEM,
    (
        Field("attack.kind", "choice", "Attack", default="ranged", choices=KIND_CHOICES, rule="er.cover.full"),
        Field("attack.dice", "int", "d20s in the pool", default=1, minimum=1, maximum=20, rule="er.attack.pool"),
        Field("attack.modifier", "int", "Modifier added to each die", default=0, minimum=-50, maximum=50,
              rule="er.attack.pool"),
        Field("attack.penalty", "int", "Penalty (obscurement, conditions)", default=0, minimum=0, maximum=50,
              help="Taken off each die: fog, darkness, blindness and the like, as the GM rules.",
              rule="er.obscurement.penalty"),
        Field("target.defense", "int", "Target's Defense", default=10, minimum=DEFENSE_MIN, maximum=DEFENSE_MAX,
              help="Before cover; the calculator adds the cover bonus.", rule="er.attack.pool"),
        Field("target.cover", "choice", "Target's cover", default="none", choices=COVER_CHOICES, rule="er.cover.partial"),
        Field("attacker.hex", "hex", "Attacker's hex", default=(0, 0), minimum=-HEX_RANGE, maximum=HEX_RANGE,
              help="Axial q, r (one hex is 5 ft).", rule="er.ff.stray-hexes"),
        Field("target.hex", "hex", "Target's hex", default=(4, 0), minimum=-HEX_RANGE, maximum=HEX_RANGE,
              help="Axial q, r.", rule="er.ff.stray-hexes"),
        Field("others", "records", "Other creatures nearby", default=(), max_items=MAX_OTHERS,
              item_fields=OTHER_FIELDS, item_label="creature", rule="er.ff.stray-hexes",
              help="Each with a name, a hex and a Defense: allies and bystanders a stray shot could strike."),
        Field("blind_shot", "bool", "Blind shot: the target is known to be in an obscured area, not seen",
              default=False, rule="er.ff.when"),
        Field("attacker.blinded", "bool", "The attacker is blinded", default=False, rule="er.ff.when"),
        Field("target.invisible", "bool", "The target is invisible", default=False, rule="er.ff.when"),
        Field("attack.fire_anyway", "bool", "Fire at the target in full cover anyway", default=False,
              rule="er.cover.fire-anyway"),
        Field("attack.split", "ints", "Split the dice into separate attacks", optional=True, minimum=1, maximum=20,
              max_items=20, help="Dice per attack, adding up to the pool, e.g. 2 1; leave empty for one attack.",
              rule="er.attack.split"),
        Field("attack.rolls", "ints", "Dice actually rolled", optional=True, minimum=1, maximum=D20_SIDES, max_items=20,
              help="Optional: one raw d20 per die, e.g. 12 5 20, to resolve a real throw.", rule="er.attack.pool"),
        Field("attack.d10", "int", "Stray d10 actually rolled", optional=True, minimum=1, maximum=STRAY_DIE,
              help="Optional: the friendly-fire d10, used when every die misses.", rule="er.ff.d10"),
        Field("attack.d10s", "ints", "Stray d10s rolled, one per split attack", optional=True, minimum=1,
              maximum=STRAY_DIE, max_items=20, help="Optional, with split dice: one d10 per attack, in order.",
              rule="er.attack.split"),
        Field("attacker.defense", "int", "Attacker's Defense", optional=True, minimum=DEFENSE_MIN, maximum=DEFENSE_MAX,
              help="Only needed when a ruling lets the attacker be struck by a stray shot.",
              rule="er.ff.stray-hexes"),
        Field("overlay", "choice", "Show on the board", default="none",
              choices=(*OVERLAY_CHOICES, ("bystander", "Where a bystander would be struck by a stray shot")),
              help="Marks every hex of the board with the answer if that piece stood there.", rule="er.ff.stray-hexes"),
        Field("overlay_defense", "int", "Bystander's Defense", optional=True, minimum=DEFENSE_MIN, maximum=DEFENSE_MAX,
              help="For the bystander overlay: the Defense of the creature who might stand in each hex.",
              rule="er.ff.forward"),
        Field("map.grid", "choice", "Grid", default="hex", choices=(("hex", "Hexes"), ("square", "Squares")),
              rule="er.ff.hexes-only", in_form=False, help="Enchanted Realms plays on hexes only."),
        *area_fields("er.cover.full", "ft"),
        region_field("er.obscurement.regions"),
    ),
    RULINGS,
)



def check(scenario: dict[str, Any]) -> list[FieldError]:
    """Cross-field checks the schema cannot make, one error per bad field."""
    errors: list[FieldError] = []
    if scenario["map"]["grid"] != "hex":
        errors.append(FieldError("map.grid", "Enchanted Realms plays on hexes only: a stray shot lands in one of the "
                                 "eight hexes around the target, which a square grid does not have (rule "
                                 "er.ff.hexes-only)"))
    else:
        errors.extend(check_regions({"cols": None, "rows": None, **scenario["map"]}, REGION_KINDS, TITLE))
    errors.extend(area_errors(scenario["area"], "hex"))
    if tuple(scenario["attacker"]["hex"]) == tuple(scenario["target"]["hex"]):
        errors.append(FieldError("target.hex", "is the attacker's hex: the target must stand in another hex"))
    errors.extend(_dice_errors(scenario["attack"]))
    if scenario["overlay"] == "bystander" and scenario["overlay_defense"] is None:
        errors.append(FieldError("overlay_defense", "is required for the bystander overlay: give the Defense of "
                                 "the creature who might stand in each hex"))
    return errors + _others_errors(scenario)


def _dice_errors(attack: dict[str, Any]) -> list[FieldError]:
    """The split, the rolled dice and the d10s against the pool's size."""
    errors: list[FieldError] = []
    dice, split, rolls, d10s = attack["dice"], attack["split"], attack["rolls"], attack["d10s"]
    if split is not None:
        if not split:
            errors.append(FieldError("attack.split", "is an empty list: give the dice of each attack, or leave it out"))
        elif sum(split) != dice:
            errors.append(FieldError("attack.split", f"adds up to {sum(split)}, but the pool has {dice} "
                                     f"{'die' if dice == 1 else 'dice'}: the groups must add up to attack.dice"))
    if rolls is not None and len(rolls) != dice:
        errors.append(FieldError("attack.rolls", f"has {len(rolls)} {'die' if len(rolls) == 1 else 'dice'}, "
                                 f"but the pool has {dice}: give one raw d20 per die"))
    if attack["d10"] is not None:
        if split is not None:
            errors.append(FieldError("attack.d10", "cannot be used with split dice: give one d10 per attack in attack.d10s"))
        elif rolls is None:
            errors.append(FieldError("attack.d10", "is only used with the dice actually rolled: fill in attack.rolls too"))
    if d10s is not None:
        if split is None:
            errors.append(FieldError("attack.d10s", "is only for split dice: use attack.d10 for a single attack"))
        elif len(d10s) != len(split):
            errors.append(FieldError("attack.d10s", f"has {len(d10s)} d10s for {len(split)} split attacks: give one per attack"))
        elif rolls is None:
            errors.append(FieldError("attack.d10s", "is only used with the dice actually rolled: fill in attack.rolls too"))
    return errors


def _others_errors(scenario: dict[str, Any]) -> list[FieldError]:
    """Each other creature's name (given, not the attacker's, not twice) and hex (one creature per hex)."""
    errors: list[FieldError] = []
    a, b = tuple(scenario["attacker"]["hex"]), tuple(scenario["target"]["hex"])
    seen_names: dict[str, int] = {}
    seen_hexes: dict[tuple[int, int], int] = {}
    for i, other in enumerate(scenario["others"]):
        name, where = other["name"], other["hex"]
        if isinstance(name, str):
            if not name.strip():
                errors.append(FieldError(f"others.{i}.name", "is empty: give each creature a name"))
            elif name.strip().lower() == ATTACKER:
                errors.append(FieldError(f"others.{i}.name", f'"{name}" is reserved for the attacker: pick another name'))
            elif name in seen_names:
                errors.append(FieldError(f"others.{i}.name", f'"{name}" is already the name of others.{seen_names[name]}'))
            else:
                seen_names[name] = i
        if isinstance(where, list) and len(where) == 2:
            spot = tuple(where)
            if spot == b:
                errors.append(FieldError(f"others.{i}.hex", "is the target's hex: one creature per hex"))
            elif spot == a:
                errors.append(FieldError(f"others.{i}.hex", "is the attacker's hex: one creature per hex"))
            elif spot in seen_hexes:
                errors.append(FieldError(f"others.{i}.hex",
                                         f"is also the hex of others.{seen_hexes[spot]}: one creature per hex"))
            else:
                seen_hexes[spot] = i
    return errors
