"""Enchanted Realms' friendly fire: when a shot may stray, which stray hexes it may reach, and who stands in them."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...dice import D20, D20_SIDES, convolve, exact, mean, product
from ...errors import FieldError, ScenarioError
from ...geometry.hexgrid import Hex, distance
from ...trace import Trace
from .odds import faces_needed, forward_hits, stray_hits
from .strays import Creature, StrayLayout, stray_layout
from .tables import AIMED, ATTACKER, EMPTY_FACES, STRAY_REACH, TRIGGER_WORDS, WHY_NOT_WORDS


@dataclass(frozen=True)
class Strays:
    """Whether friendly fire is used, why, and where a stray shot goes and whom it may strike there."""

    layout: StrayLayout
    occupants: dict[Hex, Creature]
    """Who stands in each hex that may be struck (the attacker too, where ruling ``er.ruling.attacker-hex`` lets it)."""
    listed: list[Creature]
    """The creatures the result lists: the others, then the attacker when it may be struck."""
    triggers: list[str]
    applies: bool
    why_not: str | None


def when_and_who(scenario: dict[str, Any], shot: bool, unseen: bool, trace: Trace) -> Strays:
    """When friendly fire is used (its triggers, the vicinity ruling) and who may be struck; ``shot``: the attack
    is made at all; ``unseen``: a sight spell was refused for want of sight."""
    attack, attacker, target, rulings = scenario["attack"], scenario["attacker"], scenario["target"], scenario["rulings"]
    kind = attack["kind"]
    a, b = Hex.axial(*attacker["hex"]), Hex.axial(*target["hex"])
    layout = stray_layout(a, b, rulings)
    others = [Creature(o["name"], Hex.axial(*o["hex"]), o["defense"]) for o in scenario["others"]]
    triggers = [t for t, on in (("blind-shot", scenario["blind_shot"]), ("blinded-attacker", attacker["blinded"]),
                                ("invisible-target", target["invisible"])) if on]
    near = None
    if target["cover"] == "three-quarters" and kind in AIMED:
        trace.ruling("er.ruling.vicinity")
        near = _vicinity(scenario, others, layout)
        if near:
            triggers.append("three-quarters-cover")
    if attack["fire_anyway"] and target["cover"] == "full" and kind == "ranged":
        triggers.append("full-cover")
    applies = bool(triggers) and shot and kind in AIMED
    why_not = "unseen" if unseen else _why_not(applies, kind, shot, near)
    if triggers or near is not None:
        trace.rule("er.ff.when")
    if kind == "area" and triggers:
        trace.note("An area effect is not aimed at one creature, so it cannot stray: friendly fire does not apply.")
    occupants = {c.hex: c for c in others}
    if applies:
        _whole_pool(scenario, layout, occupants, a, trace)
    if layout.tie and (applies or near is not None):
        trace.ruling("er.ruling.edge-side")
    listed = others + ([occupants[a]] if a in occupants else [])
    return Strays(layout, occupants, listed, triggers, applies, why_not)


def _whole_pool(scenario: dict[str, Any], layout: StrayLayout, occupants: dict[Hex, Creature], a: Hex,
                trace: Trace) -> None:
    """The rules of a pool that may stray, and the attacker in its own stray hex when the ruling lets it be struck."""
    trace.rule("er.ff.whole-pool", "er.ff.stray-hexes", "er.ff.d10", "er.ff.forward")
    trace.ruling("er.ruling.slot-order")
    if layout.attacker_slot:
        trace.ruling("er.ruling.attacker-hex")
        if scenario["rulings"]["er.ruling.attacker-hex"] == "struck":
            if scenario["attacker"]["defense"] is None:
                raise ScenarioError([FieldError("attacker.defense", "is required: the attacker's hex is a stray hex "
                                                "and ruling er.ruling.attacker-hex lets the attacker be struck")])
            occupants[a] = Creature(ATTACKER, a, scenario["attacker"]["defense"])
    if layout.front_behind_shooter:
        trace.ruling("er.ruling.front-behind-shooter")


def _vicinity(scenario: dict[str, Any], others: list[Creature], layout: StrayLayout) -> bool:
    """Whether another creature is in the vicinity of the target, per ``er.ruling.vicinity``."""
    target = Hex.axial(*scenario["target"]["hex"])
    choice = scenario["rulings"]["er.ruling.vicinity"]
    if choice == "adjacent":
        return any(distance(c.hex, target) == 1 for c in others)
    if choice == "within-10-ft":
        return any(distance(c.hex, target) <= STRAY_REACH for c in others)
    open_hexes = {slot.hex for slot in layout.slots if not slot.blocked}
    return any(c.hex in open_hexes for c in others)


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


def reason(triggers: list[str], why_not: str | None) -> str:
    """The contract's ``reason``: why friendly fire is used or not, in words."""
    if why_not is None:
        return "Friendly fire applies: " + "; ".join(TRIGGER_WORDS[t] for t in triggers) + "."
    return f"No friendly fire: {WHY_NOT_WORDS[why_not]}."


def _creature(scenario: dict[str, Any], st: Strays, c: Creature, hit_faces: list[int], groups: list[int]) -> dict[str, Any]:
    """One creature's entry: its stray hex, whether a stray die may strike it, and its chances."""
    modifier, penalty, dice = scenario["attack"]["modifier"], scenario["attack"]["penalty"], scenario["attack"]["dice"]
    slot = {x.hex: x for x in st.layout.slots}.get(c.hex)
    open_to = bool(st.applies and slot is not None and not slot.blocked)
    dist = [Fraction(1)] + [Fraction(0)] * dice
    if open_to:
        strikes = sum(1 for r in D20 if r not in hit_faces and forward_hits(r, modifier, penalty, c.defense))
        dist = [Fraction(1)]
        for g in groups:
            dist = convolve(dist, stray_hits(g, D20_SIDES - len(hit_faces), strikes))
    forward_faces = [r for r in D20 if forward_hits(r, modifier, penalty, c.defense)]
    return {
        "name": c.name,
        "hex": list(c.hex.qr),
        "defense": c.defense,
        "slot": slot.number if slot else None,
        "can_be_struck": open_to,
        "forward_needs": faces_needed(forward_faces),
        **exact("forward_die_chance", Fraction(len(forward_faces), D20_SIDES)),
        **exact("struck_chance", 1 - dist[0]),
        **exact("expected_hits", mean(dist)),
        "hits_distribution": [{"hits": k, **exact("chance", q)} for k, q in enumerate(dist)],
    }


def friendly_fire_result(scenario: dict[str, Any], st: Strays, hit_faces: list[int], groups: list[int]) -> dict[str, Any]:
    """The contract's ``friendly_fire`` key."""
    creatures = [_creature(scenario, st, c, hit_faces, groups) for c in st.listed]
    miss = Fraction(D20_SIDES - len(hit_faces), D20_SIDES)
    stray_groups = [{"dice": g, **exact("stray_chance", miss ** g if st.applies else Fraction(0))} for g in groups]
    any_stray = 1 - product(1 - Fraction(x["stray_chance_exact"]) for x in stray_groups)
    slots = []
    for slot in st.layout.slots:
        who = st.occupants.get(slot.hex)
        slots.append({"number": slot.number, "hex": list(slot.hex.qr),
                      "occupant": who.name if who and not slot.blocked else None,
                      "place": slot.place, "blocked": slot.blocked or None})
    return {
        "applies": st.applies,
        "reason": reason(st.triggers, st.why_not),
        "why_not": st.why_not,
        "triggers": st.triggers,
        "slots": slots,
        "empty_faces": list(EMPTY_FACES),
        "struck_chance": {c["name"]: c["struck_chance"] for c in creatures},
        "struck_chance_exact": {c["name"]: c["struck_chance_exact"] for c in creatures},
        "creatures": creatures,
        "groups": stray_groups,
        **exact("stray_chance", any_stray),
    }
