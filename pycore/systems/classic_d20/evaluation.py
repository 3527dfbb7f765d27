"""Evaluating a Classic d20 scenario: cover, concealment, sight, the steps, protectors, saves and surprise."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...dice import D20, exact
from ...maps.square_map import read as read_lines
from ...trace import Trace
from . import regions, square_map
from .areas import area_result
from .hex_map import MapReading, placement, read_map, with_reading
from .inputs import picked
from .map_rules import map_first, reading_rules
from .overlay import overlay
from .panels import attacker_panel, target_panel
from .rolls import chance_of, cover_bonus, effective_ac, fog_concealment, lowest_hit, needed_roll, protector_bonus, roll_hits
from .sight import Sight, attacker_sight, target_sight
from .steps import Pipeline, Step, attack_steps, chance_steps, defense_steps
from .tables import (
    ACCIDENTAL_AFTER_ROUNDS,
    ACCIDENTAL_TARGET,
    AUTO_SURPRISE_SEGMENTS,
    COVER_HIGH,
    FULL,
    INVISIBLE_SAVE_BONUS,
    SURPRISE_BONUS_PERCENT,
    Example,
)


def _reason_untargetable(scenario: dict[str, Any], cover: int, target: Sight, attacker: Sight,
                         needs_sight: bool) -> tuple[str, tuple[str, ...]] | None:
    """Why the attack cannot be aimed at the target at all (and the rules saying so), or None."""
    kind = scenario["attack"]["kind"]
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



def protector_analysis(scenario: dict[str, Any], convention: str, natural: str, needed_with: int, needed_without: int,
                       general_mod: int, protectors: int) -> dict[str, Any]:
    """Which rolls miss only because of the protectors, and each protector's chance to be struck instead."""
    to_hit = scenario["attack"]["to_hit"]
    acs = scenario["target"]["protector_ac"] or [scenario["target"]["ac"]]
    acs = acs * protectors if len(acs) == 1 else acs
    saved = [r for r in D20 if roll_hits(r, needed_without, natural) and not roll_hits(r, needed_with, natural)]
    struck = []
    for i, ac in enumerate(acs, start=1):
        rolls = [r for r in saved if roll_hits(r, needed_roll(convention, to_hit, general_mod, ac), natural)]
        chance = chance_of(rolls) / protectors
        struck.append({"protector": i, "ac": ac, "rolls": rolls, **exact("chance", chance)})
    total = sum((Fraction(p["chance_exact"]) for p in struck), Fraction(0))
    return {"saved_rolls": saved, "struck": struck, **exact("any_struck", total)}



def cover_of(scenario: dict[str, Any], percent: int, example: Example | None, trace: Trace) -> int:
    """The cover that counts against this attack: from the picked situation or the percentage, far side only."""
    if example:
        trace.rule(example.rule)
        if example.value == "table" and scenario["attack"]["kind"] == "melee":
            trace.note("In melee an overturned table shelters both sides: the target's blows back at this "
                       "attacker face 50% cover too.", "d20.cover.examples")
    if percent and not scenario["target"]["cover_between"]:
        trace.note(f"The {percent}% cover is not between them: cover counts only against attacks from its far side.",
                   "d20.cover.far-side")
        return 0
    if percent in COVER_HIGH["classic"]:
        trace.ruling("d20.ruling.cover-high")
    return percent


def concealment_of(scenario: dict[str, Any], percent: int, example: Example | None, trace: Trace) -> int:
    """The final concealment: the situation or percentage, combined with fog or mist per ruling."""
    if example:
        trace.rule(example.rule)
    fog = scenario["fog_distance_ft"]
    if fog is not None:
        fogged = fog_concealment(fog)
        trace.rule("d20.concealment.fog")
        if percent:
            trace.ruling("d20.ruling.fog-and-concealment")
            combine = scenario["rulings"]["d20.ruling.fog-and-concealment"]
            percent = min(FULL, percent + fogged) if combine == "add" else max(percent, fogged)
        else:
            percent = fogged
    if percent == FULL:
        trace.rule("d20.concealment.full")
    return percent



def protectors_of(scenario: dict[str, Any], cover: int, concealment: int, target: Sight, attacker: Sight,
                  att_steps: list[Step], needed_with: int | None, trace: Trace) -> dict[str, Any] | None:
    """The protectors' side of a missile attack: saved rolls and who may be struck, or None without a number."""
    convention, natural = scenario["ac_convention"], scenario["rulings"]["d20.ruling.natural-rolls"]
    to_hit, ac, protectors = scenario["attack"]["to_hit"], scenario["target"]["ac"], scenario["target"]["protectors"]
    trace.rule("d20.cover.protector-struck")
    if to_hit is None:
        trace.note("Give the THAC0 or attack bonus to see which rolls a protector may take instead.",
                   "d20.cover.protector-struck")
        return None
    assert needed_with is not None, "known whenever to_hit is"
    unprotected = defense_steps(scenario, cover, concealment, target, attacker, 0, Trace())
    w_attack, w_defense, _ = Pipeline(convention, ac, (*att_steps, *unprotected)).run()
    needed_without = needed_roll(convention, to_hit, w_attack, effective_ac(ac, w_defense, convention))
    general = sum(st.attack for st in att_steps if st.rule != "d20.invisible.attack-penalty")
    if not scenario["target"]["protector_ac"]:
        trace.note(f"The protectors' AC was not given: each is taken to have the target's own AC ({ac}).",
                   "d20.cover.protector-struck")
    return protector_analysis(scenario, convention, natural, needed_with, needed_without, general, protectors)


def evaluate(scenario: dict[str, Any]) -> dict[str, Any]:
    """Evaluate a validated classic-d20 scenario into the contract's result dict (cover counted or read off a map)."""
    if scenario["_alternative"] != "map":
        return evaluate_counted(scenario)
    result = _on_the_map(scenario)
    if scenario["area"]["shape"] != "none":
        result["area"] = area_result(scenario)
    return result


def _on_the_map(scenario: dict[str, Any]) -> dict[str, Any]:
    """``evaluate`` of a map scenario, without the area."""
    if scenario["map"]["grid"] == "square":
        result = on_squares(scenario, square_map.read_squares(scenario))
        if scenario["overlay"] != "none":
            result["overlay"] = square_map.overlay(scenario, on_squares)
            result["rules"] = [*result["rules"], "d20.map.overlay"]
        return result
    r = read_map(scenario)
    result = on_map(scenario, r)
    if scenario["overlay"] != "none":
        result["overlay"] = overlay(scenario, scenario["overlay"], on_map)
        result["rules"] = [*result["rules"], "d20.map.overlay"]
    return result


def on_map(scenario: dict[str, Any], r: MapReading) -> dict[str, Any]:
    """The answer for a map's reading: the counted evaluation of what it read, with the map's own rules first."""
    rr = regions.read(scenario["map"], None, r.attacker, r.target, scenario["rulings"])
    more_rules, more_rulings = reading_rules(r.line_through, bool(r.protectors), r.elevation)
    return _answered(scenario, with_reading(scenario, r), rr, (["d20.map.cover", *more_rules],
                                                 ["d20.ruling.map-cover", *more_rulings]), placement(r))


def on_squares(scenario: dict[str, Any], r: square_map.SquareReading,
               rr: regions.RegionReading | None = None) -> dict[str, Any]:
    """The answer for a square map's reading (``rr``: its regions' and openings', when the caller has it): the
    counted evaluation of what it read, with the map's own rules first."""
    if rr is None:
        rr = regions.read(scenario["map"], read_lines(scenario["map"]), r.attacker, r.target, scenario["rulings"])
    return _answered(scenario, square_map.with_reading(scenario, r), rr, square_map.used(r), square_map.placement(r))


def _answered(scenario: dict[str, Any], filled: dict[str, Any], rr: regions.RegionReading,
              used: tuple[list[str], list[str]], placed: dict[str, Any]) -> dict[str, Any]:
    """The counted evaluation of a scenario filled in from a map's reading, with the regions' reading applied; the
    reading's rules and rulings, then the regions', first; what the map said under ``map``."""
    result = evaluate_counted(regions.applied(filled, rr))
    more_rules, more_rulings = regions.used(rr, scenario["map"])
    map_first(result, [*used[0], *more_rules], [*used[1], *more_rulings])
    result["map"] = placed
    if rr is not regions.NOTHING:
        result["map"]["regions"] = regions.placement(rr)
    return result


@dataclass(frozen=True)
class Between:
    """What stands between the two: the cover and concealment, who sees whom, and why (if so) the attack cannot be
    aimed at the target."""

    cover: int
    concealment: int
    target: Sight
    attacker: Sight
    blocked: tuple[str, tuple[str, ...]] | None


def what_stands_between(scenario: dict[str, Any], trace: Trace) -> Between:
    """The cover and concealment given or read, the two sides' sight, and whether the attack can be aimed."""
    cover_raw, cover_ex = picked(scenario, "cover")
    conceal_raw, conceal_ex = picked(scenario, "concealment")
    kind = scenario["attack"]["kind"]
    cover = cover_of(scenario, cover_raw, cover_ex, trace)
    concealment = concealment_of(scenario, conceal_raw, conceal_ex, trace)
    target = target_sight(scenario, concealment, trace)
    attacker = attacker_sight(scenario, not target.unseen, trace)
    needs_sight = scenario["attack"]["needs_sight"] or kind == "gaze"
    if kind == "gaze" and not scenario["attack"]["needs_sight"]:
        trace.note("A gaze attack always needs sight.", "d20.invisible.no-sight-targeting")
    blocked = _reason_untargetable(scenario, cover, target, attacker, needs_sight)
    if blocked:
        trace.note(UNTARGETABLE_NOTES[blocked[1][0]], *blocked[1])
    if scenario["target"]["protectors"] and kind != "missile":
        trace.note("Protectors' parries add to AC only against missile attacks.", "d20.cover.protectors")
    return Between(cover, concealment, target, attacker, blocked)


def evaluate_counted(scenario: dict[str, Any]) -> dict[str, Any]:
    """Evaluate a validated classic-d20 scenario whose cover, protectors and heights are given as numbers."""
    trace = Trace()
    convention = scenario["ac_convention"]
    kind, to_hit = scenario["attack"]["kind"], scenario["attack"]["to_hit"]
    ac, protectors = scenario["target"]["ac"], scenario["target"]["protectors"]
    natural = scenario["rulings"]["d20.ruling.natural-rolls"]
    trace.rule(f"d20.ac.{convention}")
    between = what_stands_between(scenario, trace)
    cover, concealment, target, attacker, blocked = (between.cover, between.concealment, between.target,
                                                     between.attacker, between.blocked)
    targetable = blocked is None

    att_steps = attack_steps(scenario, target, trace)
    def_steps = defense_steps(scenario, cover, concealment, target, attacker, protectors, trace)
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
        protected = protectors_of(scenario, cover, concealment, target, attacker, att_steps, needed, trace)

    saves = save_bonus(scenario, cover, protectors, target, trace)
    ac_change = next(((effective_ac(ac, d - st.defense, convention), effective_ac(ac, d, convention))
                      for st, _, d in trail if st.rule == "d20.invisible.ac-penalty"), None)
    invisibility = {"target": target_panel(scenario, target, targetable, blocked, trace),
                    "attacker": attacker_panel(scenario, attacker, ac_change, trace)}
    return {
        "targetable": targetable,
        "untargetable_reason": blocked[0] if blocked else None,
        "attack_modifier": attack_mod,
        "defense_bonus": defense,
        "save_bonus": saves,
        **exact("hit_chance", final),
        "base_hit_chance_exact": None if base is None else str(base),
        **trace.result(),
        "ac_convention": convention,
        "base_ac": ac,
        "effective_ac": eff_ac,
        "cover": cover,
        "concealment": concealment,
        "needs": needs,
        "steps": steps,
        "protectors": protected,
        "invisibility": invisibility,
        "surprise": surprise_of(scenario, attacker),
        "accidental": accidental_of(scenario, cover, target, would_hit, trace),
    }


def save_bonus(scenario: dict[str, Any], cover: int, protectors: int, target: Sight, trace: Trace) -> dict[str, int]:
    """Save name -> bonus (entries add up: a Dexterity save gets ``all`` plus ``dexterity``)."""
    if cover == FULL:
        return {}
    rulings = scenario["rulings"]
    kind = scenario["attack"]["kind"]
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


def surprise_of(scenario: dict[str, Any], attacker: Sight) -> dict[str, int]:
    """An unseen, undetected attacker's surprise: automatic segments (unheard only) and the bonus to surprise."""
    if not attacker.unseen or attacker.pinpointed:
        return {"automatic_segments": 0, "bonus_percent": 0}
    unheard = scenario["attacker"]["detected"] == "no"
    return {"automatic_segments": AUTO_SURPRISE_SEGMENTS if unheard else 0, "bonus_percent": SURPRISE_BONUS_PERCENT}


def accidental_of(scenario: dict[str, Any], cover: int, target: Sight, would_hit: Fraction | None,
                  trace: Trace) -> dict[str, Any] | None:
    """The 10% chance that an attack aimed elsewhere targets an unpinpointed invisible creature in melee."""
    rounds = scenario["target"]["melee_rounds"]
    if not target.unseen or target.pinpointed or rounds <= ACCIDENTAL_AFTER_ROUNDS or cover == FULL:
        return None
    trace.rule("d20.melee.accidental")
    if would_hit is not None:
        trace.ruling("d20.ruling.natural-rolls")
    hit = None if would_hit is None else ACCIDENTAL_TARGET * would_hit
    return {**exact("chance", ACCIDENTAL_TARGET), **exact("hit_chance", hit)}
