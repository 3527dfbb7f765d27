"""Evaluating a d6 Skirmish scenario: cover, whether the action can be aimed, the capped modifiers, the roll."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...dice import d6_chance, d6_target, exact
from ...trace import Trace
from . import hex_map, regions, square_map
from .areas import area_result
from .modifiers import (
    AIMED,
    Cover,
    Modifier,
    blind_limits,
    cap_modifiers,
    combine_cover,
    light_levels,
    needs_distance,
    never_targetable,
    size_advantage,
    size_effects,
)
from .overlay import overlay
from .tables import COVER_EFFECT, MELEE_REACH, ONLY_SIX, TOTAL


def evaluate(scenario: dict[str, Any]) -> dict[str, Any]:
    """Evaluate a validated skirmish-d6 scenario into the contract's result dict (with an area's pieces, if any)."""
    result = _evaluate(scenario)
    if scenario["area"]["shape"] != "none":
        result["area"] = area_result(scenario)
    return result


def _evaluate(scenario: dict[str, Any]) -> dict[str, Any]:
    """``evaluate`` without the area."""
    rulings = scenario["rulings"]
    mc: MapCover = None
    if scenario["_alternative"] == "map" and scenario["map"]["grid"] == "square":
        mc = square_map.cover_on_squares(scenario["map"], rulings, scenario["light"])
        result = answer(scenario, mc)
        if scenario["overlay"] != "none":
            result["overlay"] = square_map.overlay(scenario, answer)
        return result
    if scenario["_alternative"] == "map":
        mc = hex_map.cover_on_map(scenario["map"], rulings["d6.ruling.edge-line"], rulings["d6.ruling.surround"],
                                rulings["d6.ruling.height-blocks"] == "ridge")
    result = answer(scenario, mc)
    if mc is not None and scenario["overlay"] != "none":
        result["overlay"] = overlay(scenario, answer)
    return result


MapCover = hex_map.MapCover | square_map.SquareCover | None
"""What a map says about the line between the pieces, or None without a map."""


@dataclass(frozen=True)
class Standing:
    """Where the pieces stand and what lies between them: the cover, the light, the distance, the height and what the
    map's regions said."""

    cover: Cover
    lit: int | str
    distance: float | None
    surrounded: bool
    elevation: str
    regional: regions.RegionReading


@dataclass(frozen=True)
class Aim:
    """Whether the action can be aimed at the target: why not, and whether only a 6 hits."""

    why_not: tuple[str, ...]
    only_six: bool

    @property
    def targetable(self) -> bool:
        """No reason against it."""
        return not self.why_not


def answer(scenario: dict[str, Any], mc: MapCover) -> dict[str, Any]:
    """The result of a validated scenario whose map (if it has one) has been read into ``mc``."""
    trace = Trace()
    standing = where_they_stand(scenario, mc, trace)
    aim = can_aim(scenario, standing, trace)
    net, mods = modifiers(scenario, standing, trace)
    hits_on, chance = the_roll(scenario, aim, net, trace)
    return the_result(scenario, mc, trace, standing, aim, (net, mods), (hits_on, chance))


def where_they_stand(scenario: dict[str, Any], mc: MapCover, trace: Trace) -> Standing:
    """The cover (obstacles and light against the attacker's vision), the distance, surrounding and height: counted,
    or read off the map."""
    rulings = scenario["rulings"]
    distance: float | None
    if mc is not None:
        partial, total, distance = mc.partial, mc.total, mc.distance
    else:
        partial, total = scenario["obstacles"]["partial"], scenario["obstacles"]["total"]
        distance = scenario["attack"]["distance"]
    light = mc.light if isinstance(mc, square_map.SquareCover) and mc.light is not None else scenario["light"]
    regional = regions.read_scenario(scenario) if mc is not None else regions.NOTHING
    more_partial, more_total = regions.obstacles(regional, rulings)
    partial, total = partial + more_partial, total + more_total
    light = regions.light(regional, light, rulings)
    lit = light_levels(light, scenario["attacker"]["vision"])
    cover = combine_cover(partial, total, lit, rulings["d6.ruling.light-and-obstacles"])
    trace.rule(*cover.rules)
    surrounded = _map_rules(mc, trace) or scenario["target"]["surrounded"]
    region_rules, region_rulings = regions.used(regional, scenario["map"])
    trace.rule(*region_rules)
    trace.ruling(*region_rulings)
    elevation = _elevation(mc, scenario["attacker"]["elevation"], rulings, trace)
    trace.rule("d6.light.vision")
    if cover.obstacle_levels and lit not in (0, TOTAL) and not cover.total_obstacles:
        trace.ruling("d6.ruling.light-and-obstacles")
    return Standing(cover, lit, distance, surrounded, elevation, regional)


def can_aim(scenario: dict[str, Any], standing: Standing, trace: Trace) -> Aim:
    """Whether the action can be aimed at the target at all (total cover, blindness, invisibility); the distance is
    only asked for when it decides."""
    kind, att, tgt, distance = scenario["attack"]["kind"], scenario["attacker"], scenario["target"], standing.distance
    area, aimed = kind == "area-spell", kind in AIMED
    far = distance is not None and distance > MELEE_REACH
    why_not: list[str] = []
    only_six = False
    limited = blind_limits(kind, scenario["rulings"]["d6.ruling.blind-spells"])
    if att["blinded"] and kind == "target-spell":
        trace.ruling("d6.ruling.blind-spells")
    if standing.cover.level == TOTAL:
        trace.rule("d6.cover.total")
        if area:
            trace.rule("d6.cover.area-effect")
            trace.note("Total cover does not protect against an area effect: the target is still caught in the area.")
        else:
            why_not.append("total cover")
            trace.note("Total cover: the target cannot be directly targeted by [ATTACK] or [TARGET] actions.")
    if att["blinded"] and limited:
        trace.rule("d6.conditions.blinded")
        if far:
            why_not.append("a blinded attacker reaches 1 inch at most")
            trace.note("A blinded attacker cannot attack anything more than 1 inch away.")
        only_six = True
    if tgt["invisible"]:
        trace.rule("d6.conditions.invisible-target")
        trace.note("An invisible creature rerolls 2s on Stealth checks.")
        if kind == "target-spell":
            why_not.append("a [TARGET] spell cannot target an invisible creature")
            trace.note("An invisible creature can never be targeted by a [TARGET] spell; area spells still affect it.")
        elif aimed:
            if far:
                why_not.append("an invisible creature cannot be targeted beyond 1 inch")
                trace.note("An invisible creature cannot be targeted by attacks from more than 1 inch away.")
            only_six = True
        elif area:
            trace.note("An area spell still affects an invisible creature.")
    assert not why_not or distance is not None or never_targetable(scenario), "check() asks for the distance"
    assert why_not or distance is not None or not needs_distance(scenario), "check() asks for the distance"
    return Aim(tuple(why_not), only_six)


def modifiers(scenario: dict[str, Any], standing: Standing, trace: Trace) -> tuple[int, list[Modifier]]:
    """The environment's and the conditions' modifiers, then the two-modifier cap: the net and each one."""
    kind, att, tgt, rulings = scenario["attack"]["kind"], scenario["attacker"], scenario["target"], scenario["rulings"]
    level, area = standing.cover.level, kind == "area-spell"
    mods: list[Modifier] = []
    if level in (1, 2):
        if area:
            trace.ruling("d6.ruling.area-cover")
            trace.rule("d6.cover.area-effect")
        if not area or rulings["d6.ruling.area-cover"] == "apply":
            mods.append(Modifier(f"d6.cover.level-{level}", COVER_EFFECT[level], "environment", f"cover level {level}"))
    if standing.elevation == "above":
        mods.append(Modifier("d6.height.above", 1, "environment", "attacking from above"))
    elif standing.elevation == "below":
        mods.append(Modifier("d6.height.below", -1, "environment", "attacking from below"))
    smaller = size_advantage(att["size"], tgt["size"], rulings["d6.ruling.size-advantage"])
    if smaller:
        mods.append(Modifier("d6.height.smaller-target", smaller, "environment", "smaller target"))
        trace.ruling("d6.ruling.size-advantage")
    if tgt["prone"] and kind == "melee":
        mods.append(Modifier("d6.conditions.prone-target", 1, "condition", "melee against a prone target"))
    if att["prone"]:
        mods.append(Modifier("d6.conditions.prone-attacker", -1, "condition", "prone attacker"))
    if standing.surrounded:
        mods.append(Modifier("d6.conditions.surrounded", 1, "condition", "surrounded target"))
    if att["invisible"]:
        if tgt["can_see_attacker"]:
            trace.note("The target can see the invisible attacker, so the attacker gets no +1.")
        else:
            mods.append(Modifier("d6.conditions.invisible-attacker", 1, "condition", "unseen invisible attacker"))
    net, mods = cap_modifiers(mods)
    trace.rule(*(m.rule for m in mods))
    if any(not m.applied for m in mods):
        trace.rule("d6.limits.two-modifiers")
    return net, mods


def the_roll(scenario: dict[str, Any], aim: Aim, net: int, trace: Trace) -> tuple[int | None, Fraction | None]:
    """What a d6 must show and the chance of it: none when the target cannot be aimed at, only a 6 when that is all
    that hits, else the attack's number moved by the net modifier."""
    base = scenario["attack"]["hits_on"]
    if not aim.targetable:
        return None, Fraction(0)
    if aim.only_six:
        trace.note("This attack hits only on a 6, whatever the modifiers.")
        trace.rule("d6.limits.natural")
        return ONLY_SIX, d6_chance(ONLY_SIX)
    if base is None:
        return None, None
    trace.rule("d6.limits.natural")
    hits_on = d6_target(base, net)
    return hits_on, d6_chance(hits_on)


def the_result(scenario: dict[str, Any], mc: MapCover, trace: Trace, standing: Standing, aim: Aim,
               modified: tuple[int, list[Modifier]], roll: tuple[int | None, Fraction | None]) -> dict[str, Any]:
    """The contract's result: the answer, the cover, the sizes, the rules applied and the map's reading."""
    (net, mods), (hits_on, chance), cover = modified, roll, standing.cover
    sanity = standing.lit == TOTAL
    if sanity:
        trace.rule("d6.light.sanity")
        trace.note("The attacker's sight is useless in this light: every target has total cover, "
                   "so the attacker is vulnerable to Sanity damage.")
    sizes = {who: size_effects(scenario[who]["size"]) for who in ("attacker", "target")}
    if any(scenario[who]["size"] != "medium" for who in ("attacker", "target")):
        trace.rule("d6.size.table")
        if any(scenario[who]["size"] in ("huge", "colossal") for who in ("attacker", "target")):
            trace.rule("d6.size.beyond-large")
    result = {
        "targetable": aim.targetable,
        "untargetable_reason": aim.why_not[0] if aim.why_not else None,
        "attack_modifier": net if aim.targetable else 0,
        "defense_bonus": 0,
        "save_bonus": {},
        **exact("hit_chance", chance),
        **trace.result(),
        "cover_level": cover.level,
        "cover": {"obstacle_levels": cover.obstacle_levels, "light_levels": cover.light_levels,
                  "total_obstacles": cover.total_obstacles},
        "hits_on": hits_on,
        "sanity_vulnerable": sanity,
        "size": sizes,
        "distance": standing.distance,
        "elevation": standing.elevation,
        "modifiers": [{"rule": m.rule, "label": m.label, "value": m.value, "kind": m.kind, "applied": m.applied,
                       "reason": m.reason} for m in mods],
    }
    if isinstance(mc, square_map.SquareCover):
        result["map"] = square_map.placement(mc)
    elif mc is not None:
        result["map"] = _placement(mc)
    if standing.regional is not regions.NOTHING:
        result["map"]["regions"] = regions.placement(standing.regional)
    return result


def _square_rules(mc: square_map.SquareCover, trace: Trace) -> bool:
    """Record what reading a square map relied on; whether the map shows the target surrounded."""
    trace.rule("d6.map.squares")
    trace.ruling("d6.ruling.square-diagonal")
    if mc.walls or mc.edge_walls:
        trace.rule("d6.map.walls")
    if mc.edge_walls:
        trace.ruling("d6.ruling.edge-line")
    trace.ruling(*mc.lines_used)
    if "d6.ruling.openings" in mc.lines_used:
        trace.rule("d6.map.openings")
    if mc.seen_past:
        trace.rule("d6.cover.seen-past")
    if mc.lights_read:
        trace.ruling("d6.ruling.map-light")
    if mc.surrounded_by:
        trace.ruling("d6.ruling.surround")
        return True
    return False


def _map_rules(mc: hex_map.MapCover | square_map.SquareCover | None, trace: Trace) -> bool:
    """Record what reading the map relied on; whether the map shows the target surrounded."""
    if mc is None:
        return False
    if isinstance(mc, square_map.SquareCover):
        return _square_rules(mc, trace)
    trace.rule("d6.map.line")
    if len(mc.paths) > 1:
        trace.rule("d6.map.edge")
        if mc.paths[0] != mc.paths[1]:
            trace.ruling("d6.ruling.edge-line")
    if mc.seen_past:
        trace.rule("d6.cover.seen-past")
    if mc.surrounded_by:
        trace.ruling("d6.ruling.surround")
        return True
    return False



def _elevation(mc: hex_map.MapCover | square_map.SquareCover | None, given: str, rulings: dict[str, str], trace: Trace) -> str:
    """Above, level or below: read off the map's heights (ruling ``d6.ruling.map-height``), else as given."""
    if mc is None or mc.heights is None:
        return given
    trace.ruling("d6.ruling.map-height")
    if mc.ridges:
        trace.ruling("d6.ruling.height-blocks")
    if rulings["d6.ruling.map-height"] == "form":
        return given
    attacker, target = mc.heights
    return "above" if attacker > target else "below" if attacker < target else "level"


def _placement(mc: hex_map.MapCover) -> dict[str, Any]:
    """The map reading, JSON-ready: both paths when the line runs along an edge, and which was used."""
    return {
        "paths": [[list(h.qr) for h in pc.hexes] for pc in mc.paths],
        "path_used": mc.used,
        "crossed": [list(h.qr) for h in (*mc.paths[mc.used].partial, *mc.paths[mc.used].total)],
        "crossed_as": hex_map.counted_as(mc),
        "seen_past": [list(h.qr) for h in mc.seen_past],
        "surrounded_by": [list(h.qr) for h in mc.surrounded_by] if mc.surrounded_by else None,
        "heights": {"attacker": mc.heights[0], "target": mc.heights[1]} if mc.heights is not None else None,
        "ridges": [list(h.qr) for h in mc.ridges],
    }

