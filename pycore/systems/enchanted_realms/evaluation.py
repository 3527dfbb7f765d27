"""Evaluating an Enchanted Realms scenario: cover, the pool's odds, and who a stray shot may strike."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...dice import D20, D20_SIDES, binomial, exact, mean
from ...trace import Trace
from . import regions
from .areas import area_result
from .friendly_fire import Strays, friendly_fire_result, when_and_who
from .odds import die_hits, faces_needed
from .overlay import overlay
from .resolution import resolve
from .tables import (
    AIMED,
    FULL_AGILITY,
    PARTIAL_AGILITY,
    PARTIAL_DEFENSE,
)


def _cover_effects(scenario: dict[str, Any], trace: Trace) -> tuple[bool, int, dict[str, int]]:
    """targetable, Defense bonus and save bonus from the target's cover and the kind of attack."""
    kind, cover = scenario["attack"]["kind"], scenario["target"]["cover"]
    aimed = kind in AIMED
    if cover in ("partial", "three-quarters"):
        if aimed:
            trace.rule("er.cover.partial")
            if cover == "three-quarters":
                trace.rule("er.cover.three-quarters")
            return True, PARTIAL_DEFENSE, {}
        trace.rule("er.cover.partial-saves")
        if cover == "three-quarters":
            trace.rule("er.cover.three-quarters")
        trace.ruling("er.ruling.area-defense")
        bonus = PARTIAL_DEFENSE if scenario["rulings"]["er.ruling.area-defense"] == "defense-too" else 0
        if bonus:
            trace.rule("er.cover.partial")
        trace.note(f"Against an area effect this cover gives +{PARTIAL_AGILITY} to Agility saves; other saves gain nothing.")
        return True, bonus, {"agility": PARTIAL_AGILITY}
    if cover == "full":
        trace.rule("er.cover.full")
        trace.note("In full cover the target cannot act toward the direction the cover protects it from "
                     "(it may drink a potion, but not lean out and shoot back).")
        trace.rule("er.cover.full-acting")
        if aimed:
            what = "a ranged attack" if kind == "ranged" else "a spell that needs line of sight"
            trace.note(f"Full cover: {what} cannot target this creature.")
            if kind == "sight-spell" and scenario["attack"]["fire_anyway"]:
                trace.note("A spell that needs line of sight has no target at all here, so it cannot be fired anyway.")
            return False, 0, {}
        trace.rule("er.cover.full-area")
        trace.note(f"An area effect still reaches a creature in full cover, which gets +{FULL_AGILITY} to Agility saves.")
        return True, 0, {"agility": FULL_AGILITY}
    return True, 0, {}


def _unseen(scenario: dict[str, Any]) -> list[str]:
    """Why the caster cannot see the target, in words (empty when it can)."""
    why = []
    if scenario["blind_shot"]:
        why.append("the target is somewhere in an obscured area, not seen")
    if scenario["target"]["invisible"]:
        why.append("the target is invisible")
    if scenario["attacker"]["blinded"]:
        why.append("the caster is blinded")
    return why


@dataclass(frozen=True)
class Aim:
    """Whether the attack can be aimed at the target, what the target's cover adds, and whether it is made at all."""

    targetable: bool
    bonus: int
    """The Defense bonus of the cover."""
    saves: dict[str, int]
    unseen: list[str]
    """Why a sight spell's caster cannot see the target (empty when it can or it is no sight spell)."""
    shot: bool
    """Whether the attack is made: aimed at the target, or fired anyway at full cover."""


@dataclass(frozen=True)
class Pool:
    """The pool's odds: the faces of a die that hit, and the distribution of hits."""

    hit_faces: list[int]
    p: Fraction
    distribution: list[Fraction]


def evaluate(scenario: dict[str, Any]) -> dict[str, Any]:
    """Evaluate a validated enchanted-realms scenario into the contract's result dict."""
    given, regional = scenario, regions.read(scenario)
    scenario = regions.applied(scenario, regional)
    trace = Trace()
    trace.rule("er.attack.pool")
    region_rules, region_rulings = regions.used(regional)
    trace.rule(*region_rules)
    trace.ruling(*region_rulings)
    aim = the_aim(scenario, trace)
    pool = the_pool(scenario, aim, trace)
    strays = when_and_who(scenario, aim.shot, bool(aim.unseen) and not aim.targetable, trace)
    if scenario["attack"]["split"] is not None:
        trace.rule("er.attack.split")
    result = the_result(scenario, aim, pool, strays, trace)
    if scenario["attack"]["rolls"] is not None:
        result["resolution"] = resolve(scenario, result["groups"], result["defense"], aim.targetable, strays.applies,
                                       strays.layout, strays.occupants)
    if regional is not regions.NOTHING:
        result["map"] = {"regions": regions.placement(regional)}
    if scenario["overlay"] != "none":
        result["overlay"] = overlay(given, evaluate)
    if scenario["area"]["shape"] != "none":
        result["area"] = area_result(scenario, _cover_effects)
    return result


def the_aim(scenario: dict[str, Any], trace: Trace) -> Aim:
    """The target's cover against this kind of attack, a sight spell's want of sight, "fire anyway" and the
    obscurement penalty."""
    attack, cover, kind = scenario["attack"], scenario["target"]["cover"], scenario["attack"]["kind"]
    targetable, bonus, saves = _cover_effects(scenario, trace)
    unseen = _unseen(scenario) if targetable and kind == "sight-spell" else []
    if unseen:
        trace.rule("er.cover.unseen")
        trace.ruling("er.ruling.unseen-sight-spell")
        if scenario["rulings"]["er.ruling.unseen-sight-spell"] == "no-target":
            targetable = False
            trace.note(f"A spell that needs line of sight has no viable target: {' and '.join(unseen)}.")
    fire_anyway = attack["fire_anyway"] and cover == "full" and kind == "ranged"
    if attack["fire_anyway"] and cover != "full":
        trace.note("\"Fire anyway\" only matters against full cover; it changes nothing here.")
    elif attack["fire_anyway"] and kind == "area":
        trace.note("An area effect reaches full cover anyway; \"fire anyway\" changes nothing here.")
    if fire_anyway:
        trace.rule("er.cover.fire-anyway")
    if attack["penalty"]:
        trace.rule("er.obscurement.penalty")
        trace.note(f"The penalty of {attack['penalty']} is on the attacker, not a bonus to the target; "
                   "obscurement hinders other actions (an Awareness check, say) the same way.")
    return Aim(targetable, bonus, saves, unseen, targetable or fire_anyway)


def the_pool(scenario: dict[str, Any], aim: Aim, trace: Trace) -> Pool:
    """The faces of one die that hit the target's Defense with its cover, and the pool's distribution of hits."""
    attack = scenario["attack"]
    defense = scenario["target"]["defense"] + aim.bonus
    hit_faces = ([r for r in D20 if die_hits(r, attack["modifier"], attack["penalty"], defense)]
                 if aim.targetable else [])
    p = Fraction(len(hit_faces), D20_SIDES)
    if aim.targetable:
        trace.rule("er.attack.natural")
    return Pool(hit_faces, p, binomial(attack["dice"], p))


def the_result(scenario: dict[str, Any], aim: Aim, pool: Pool, strays: Strays, trace: Trace) -> dict[str, Any]:
    """The contract's result keys."""
    attack, cover = scenario["attack"], scenario["target"]["cover"]
    groups = list(attack["split"]) if attack["split"] is not None else [attack["dice"]]
    distribution = pool.distribution
    return {
        "targetable": aim.targetable,
        "attack_modifier": attack["modifier"] - attack["penalty"],
        "defense_bonus": aim.bonus,
        "save_bonus": aim.saves,
        **exact("hit_chance", 1 - distribution[0]),
        **trace.result(),
        "untargetable_reason": _untargetable(attack["kind"], cover, aim.targetable, aim.unseen),
        "kind": attack["kind"],
        "cover": cover,
        "defense": scenario["target"]["defense"] + aim.bonus,
        "dice": attack["dice"],
        "groups": groups,
        **exact("die_hit_chance", pool.p),
        "needs": faces_needed(pool.hit_faces),
        "hits_distribution": [{"hits": k, **exact("chance", q)} for k, q in enumerate(distribution)],
        **exact("expected_hits", mean(distribution)),
        "line_of_fire": [list(h.qr) for h in strays.layout.line],
        "friendly_fire": friendly_fire_result(scenario, strays, pool.hit_faces, groups),
    }


def _untargetable(kind: str, cover: str, targetable: bool, unseen: list[str]) -> str | None:
    """Why the attack cannot be aimed at the target, in words; None when it can."""
    if targetable:
        return None
    if cover == "full":
        return f"full cover stops {'a ranged attack' if kind == 'ranged' else 'a sight spell'}"
    return "a sight spell cannot target what cannot be seen"
