"""Evaluating an Enchanted Realms scenario: cover, the pool's odds, and who a stray shot may strike."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...dice import D20, D20_SIDES, binomial, convolve, exact, mean, product
from ...errors import FieldError, ScenarioError
from ...geometry.hexgrid import Hex, distance
from ...trace import Trace
from . import regions
from .areas import area_result
from .odds import die_hits, faces_needed, forward_hits, stray_hits
from .overlay import overlay
from .resolution import resolve
from .strays import Creature, StrayLayout, stray_layout
from .tables import (
    AIMED,
    ATTACKER,
    EMPTY_FACES,
    FULL_AGILITY,
    PARTIAL_AGILITY,
    PARTIAL_DEFENSE,
    STRAY_REACH,
    TRIGGER_WORDS,
    WHY_NOT_WORDS,
)


def _cover_effects(s: dict[str, Any], trace: Trace) -> tuple[bool, int, dict[str, int]]:
    """targetable, Defense bonus and save bonus from the target's cover and the kind of attack."""
    kind, cover = s["attack"]["kind"], s["target"]["cover"]
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
        bonus = PARTIAL_DEFENSE if s["rulings"]["er.ruling.area-defense"] == "defense-too" else 0
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
            if kind == "sight-spell" and s["attack"]["fire_anyway"]:
                trace.note("A spell that needs line of sight has no target at all here, so it cannot be fired anyway.")
            return False, 0, {}
        trace.rule("er.cover.full-area")
        trace.note(f"An area effect still reaches a creature in full cover, which gets +{FULL_AGILITY} to Agility saves.")
        return True, 0, {"agility": FULL_AGILITY}
    return True, 0, {}


def _unseen(s: dict[str, Any]) -> list[str]:
    """Why the caster cannot see the target, in words (empty when it can)."""
    why = []
    if s["blind_shot"]:
        why.append("the target is somewhere in an obscured area, not seen")
    if s["target"]["invisible"]:
        why.append("the target is invisible")
    if s["attacker"]["blinded"]:
        why.append("the caster is blinded")
    return why


def _vicinity(s: dict[str, Any], others: list[Creature], layout: StrayLayout) -> bool:
    """Whether another creature is in the vicinity of the target, per ``er.ruling.vicinity``."""
    target = Hex.axial(*s["target"]["hex"])
    choice = s["rulings"]["er.ruling.vicinity"]
    if choice == "adjacent":
        return any(distance(c.hex, target) == 1 for c in others)
    if choice == "within-10-ft":
        return any(distance(c.hex, target) <= STRAY_REACH for c in others)
    open_hexes = {slot.hex for slot in layout.slots if not slot.blocked}
    return any(c.hex in open_hexes for c in others)


def evaluate(s: dict[str, Any]) -> dict[str, Any]:
    """Evaluate a validated enchanted-realms scenario into the contract's result dict."""
    given, regional = s, regions.read(s)
    s = regions.applied(s, regional)
    rulings = s["rulings"]
    attack, attacker, target = s["attack"], s["attacker"], s["target"]
    kind, cover = attack["kind"], target["cover"]
    modifier, penalty, dice = attack["modifier"], attack["penalty"], attack["dice"]
    groups = list(attack["split"]) if attack["split"] is not None else [dice]
    trace = Trace()
    trace.rule("er.attack.pool")
    region_rules, region_rulings = regions.used(regional)
    trace.rule(*region_rules)
    trace.ruling(*region_rulings)

    targetable, bonus, saves = _cover_effects(s, trace)
    unseen = _unseen(s) if targetable and kind == "sight-spell" else []
    if unseen:
        trace.rule("er.cover.unseen")
        trace.ruling("er.ruling.unseen-sight-spell")
        if rulings["er.ruling.unseen-sight-spell"] == "no-target":
            targetable = False
            trace.note(f"A spell that needs line of sight has no viable target: {' and '.join(unseen)}.")
    fire_anyway = attack["fire_anyway"] and cover == "full" and kind == "ranged"
    if attack["fire_anyway"] and cover != "full":
        trace.note("\"Fire anyway\" only matters against full cover; it changes nothing here.")
    elif attack["fire_anyway"] and kind == "area":
        trace.note("An area effect reaches full cover anyway; \"fire anyway\" changes nothing here.")
    if fire_anyway:
        trace.rule("er.cover.fire-anyway")
    if penalty:
        trace.rule("er.obscurement.penalty")
        trace.note(f"The penalty of {penalty} is on the attacker, not a bonus to the target; "
                     "obscurement hinders other actions (an Awareness check, say) the same way.")
    defense = target["defense"] + bonus
    shot = targetable or fire_anyway

    hit_faces = [r for r in D20 if die_hits(r, modifier, penalty, defense)] if targetable else []
    miss = D20_SIDES - len(hit_faces)
    p = Fraction(len(hit_faces), D20_SIDES)
    if targetable:
        trace.rule("er.attack.natural")
    distribution = binomial(dice, p)

    # friendly fire: when, where, and who
    a, b = Hex.axial(*attacker["hex"]), Hex.axial(*target["hex"])
    layout = stray_layout(a, b, rulings)
    others = [Creature(o["name"], Hex.axial(*o["hex"]), o["defense"]) for o in s["others"]]
    triggers: list[str] = []
    if s["blind_shot"]:
        triggers.append("blind-shot")
    if attacker["blinded"]:
        triggers.append("blinded-attacker")
    if target["invisible"]:
        triggers.append("invisible-target")
    near = None
    if cover == "three-quarters" and kind in AIMED:
        trace.ruling("er.ruling.vicinity")
        near = _vicinity(s, others, layout)
        if near:
            triggers.append("three-quarters-cover")
    if fire_anyway:
        triggers.append("full-cover")
    applies = bool(triggers) and shot and kind in AIMED
    why_not = "unseen" if unseen and not targetable else _why_not(applies, kind, shot, near)
    if triggers or near is not None:
        trace.rule("er.ff.when")
    if kind == "area" and triggers:
        trace.note("An area effect is not aimed at one creature, so it cannot stray: friendly fire does not apply.")

    occupants: dict[Hex, Creature] = {c.hex: c for c in others}
    attacker_struck = rulings["er.ruling.attacker-hex"] == "struck"
    if applies:
        trace.rule("er.ff.whole-pool", "er.ff.stray-hexes", "er.ff.d10", "er.ff.forward")
        trace.ruling("er.ruling.slot-order")
        if layout.attacker_slot:
            trace.ruling("er.ruling.attacker-hex")
            if attacker_struck:
                if attacker["defense"] is None:
                    raise ScenarioError([FieldError("attacker.defense", "is required: the attacker's hex is a stray hex and "
                                                    "ruling er.ruling.attacker-hex lets the attacker be struck")])
                occupants[a] = Creature(ATTACKER, a, attacker["defense"])
        if layout.front_behind_shooter:
            trace.ruling("er.ruling.front-behind-shooter")
    if layout.tie and (applies or near is not None):
        trace.ruling("er.ruling.edge-side")
    if attack["split"] is not None:
        trace.rule("er.attack.split")

    slot_of = {slot.hex: slot for slot in layout.slots}
    creatures = []
    struck_chance: dict[str, float] = {}
    struck_exact: dict[str, str] = {}
    listed = list(others) + ([occupants[a]] if a in occupants else [])
    for c in listed:
        slot = slot_of.get(c.hex)
        strikes_faces = [r for r in D20 if r not in hit_faces and forward_hits(r, modifier, penalty, c.defense)]
        dist = [Fraction(1)] + [Fraction(0)] * dice
        if applies and slot is not None and not slot.blocked:
            dist = [Fraction(1)]
            for g in groups:
                dist = convolve(dist, stray_hits(g, miss, len(strikes_faces)))
        struck = 1 - dist[0]
        expected = mean(dist)
        forward_faces = [r for r in D20 if forward_hits(r, modifier, penalty, c.defense)]
        creatures.append({
            "name": c.name,
            "hex": list(c.hex.qr),
            "defense": c.defense,
            "slot": slot.number if slot else None,
            "can_be_struck": bool(applies and slot is not None and not slot.blocked),
            "forward_needs": faces_needed(forward_faces),
            **exact("forward_die_chance", Fraction(len(forward_faces), D20_SIDES)),
            **exact("struck_chance", struck),
            **exact("expected_hits", expected),
            "hits_distribution": [{"hits": k, **exact("chance", q)} for k, q in enumerate(dist)],
        })
        struck_chance[c.name] = float(struck)
        struck_exact[c.name] = str(struck)

    stray_groups = []
    for g in groups:
        strays = Fraction(miss, D20_SIDES) ** g if applies else Fraction(0)
        stray_groups.append({"dice": g, **exact("stray_chance", strays)})
    any_stray = 1 - product(1 - Fraction(x["stray_chance_exact"]) for x in stray_groups)

    slots_out = []
    for slot in layout.slots:
        who = occupants.get(slot.hex)
        slots_out.append({
            "number": slot.number,
            "hex": list(slot.hex.qr),
            "occupant": who.name if who and not slot.blocked else None,
            "place": slot.place,
            "blocked": slot.blocked or None,
        })

    hit_chance = 1 - distribution[0]
    expected_hits = mean(distribution)
    result: dict[str, Any] = {
        "targetable": targetable,
        "attack_modifier": modifier - penalty,
        "defense_bonus": bonus,
        "save_bonus": saves,
        **exact("hit_chance", hit_chance),
        **trace.result(),
        "untargetable_reason": _untargetable(kind, cover, targetable, unseen),
        "kind": kind,
        "cover": cover,
        "defense": defense,
        "dice": dice,
        "groups": groups,
        **exact("die_hit_chance", p),
        "needs": faces_needed(hit_faces),
        "hits_distribution": [{"hits": k, **exact("chance", q)} for k, q in enumerate(distribution)],
        **exact("expected_hits", expected_hits),
        "line_of_fire": [list(h.qr) for h in layout.line],
        "friendly_fire": {
            "applies": applies,
            "reason": _reason(triggers, why_not),
            "why_not": why_not,
            "triggers": triggers,
            "slots": slots_out,
            "empty_faces": list(EMPTY_FACES),
            "struck_chance": struck_chance,
            "struck_chance_exact": struck_exact,
            "creatures": creatures,
            "groups": stray_groups,
            **exact("stray_chance", any_stray),
        },
    }
    if attack["rolls"] is not None:
        result["resolution"] = resolve(s, groups, defense, targetable, applies, layout, occupants)
    if regional is not regions.NOTHING:
        result["map"] = {"regions": regions.placement(regional)}
    if s["overlay"] != "none":
        result["overlay"] = overlay(given, evaluate)
    if s["area"]["shape"] != "none":
        result["area"] = area_result(s, _cover_effects)
    return result



def _untargetable(kind: str, cover: str, targetable: bool, unseen: list[str]) -> str | None:
    """Why the attack cannot be aimed at the target, in words; None when it can."""
    if targetable:
        return None
    if cover == "full":
        return f"full cover stops {'a ranged attack' if kind == 'ranged' else 'a sight spell'}"
    return "a sight spell cannot target what cannot be seen"


def _why_not(applies: bool, kind: str, shot: bool, near: bool | None) -> str | None:
    """Why friendly fire is not used (a key of ``WHY_NOT_WORDS``), or None when it is."""
    if applies:
        return None
    if kind == "area":
        return "area"
    if not shot:
        return "no-shot"
    if near is False:
        return "nobody-near"
    return "no-trigger"


def _reason(triggers: list[str], why_not: str | None) -> str:
    """The contract's ``reason``: why friendly fire is used or not, in words."""
    if why_not is None:
        return "Friendly fire applies: " + "; ".join(TRIGGER_WORDS[t] for t in triggers) + "."
    return f"No friendly fire: {WHY_NOT_WORDS[why_not]}."
