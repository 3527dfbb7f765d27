"""d6 Skirmish: cover, light against vision, height, size, conditions and the two-modifier cap (source: rule text 003)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..dice import d6_chance, d6_target, exact
from ..errors import FieldError
from ..rules import Choice, Rule, Ruling, register
from ..schema import Field, Inputs
from ..system import System
from ..trace import Trace
from ..views.skirmish_d6 import VIEW
from . import skirmish_d6_map as board

SYSTEM = "skirmish-d6"
TITLE = "d6 Skirmish"

COVER_PAGE = "rules/skirmish-d6/cover/"
LIGHT_PAGE = "rules/skirmish-d6/light/"
SIZE_PAGE = "rules/skirmish-d6/size/"
HEIGHT_PAGE = "rules/skirmish-d6/height/"
CONDITIONS_PAGE = "rules/skirmish-d6/conditions/"
LIMITS_PAGE = "rules/skirmish-d6/limits/"
MAP_PAGE = "rules/skirmish-d6/map/"

MELEE_REACH = 1
"""Blinded attackers and attacks on invisible creatures work only within 1 inch."""
ONLY_SIX = 6
"""Blinded attackers, and attacks on an invisible creature within reach, hit only on a 6."""

TOTAL = "total"
"""A cover level that cannot be attacked through at all."""

TOTAL_LEVEL = 3
"""Cover level 3 is total cover."""

COVER_EFFECT = {0: 0, 1: -1, 2: -2}
"""Cover level -> modifier to the attack roll (levels 1 and 2); level 3 is total cover."""

LIGHT_LEVELS = ("dark", "dim", "bright", "radiant")
VISIONS = ("normal", "dim", "dark")

LIGHT_TABLE: dict[str, dict[str, int | str]] = {
    # light level: {vision: levels of cover it imposes}
    "dark": {"normal": TOTAL, "dim": 1, "dark": 0},
    "dim": {"normal": 1, "dim": 0, "dark": 1},
    "bright": {"normal": 0, "dim": 1, "dark": 2},
    "radiant": {"normal": 1, "dim": 2, "dark": TOTAL},
}
"""The light-versus-vision table: cover levels the lighting imposes on the attacker's view."""

SIZES = ("tiny", "small", "medium", "large", "huge", "colossal")
SIZE_EFFECTS = ("movement", "dodge_dc", "health_dc", "melee_damage", "rend", "melee_range")
SIZE_TABLE: dict[str, dict[str, int]] = {
    "tiny": {"movement": -1, "dodge_dc": -2, "health_dc": 1, "melee_damage": -1, "rend": 0, "melee_range": 0},
    "small": {"movement": -1, "dodge_dc": -1, "health_dc": 0, "melee_damage": 0, "rend": 0, "melee_range": 0},
    "medium": {"movement": 0, "dodge_dc": 0, "health_dc": 0, "melee_damage": 0, "rend": 0, "melee_range": 0},
    "large": {"movement": 1, "dodge_dc": 1, "health_dc": -1, "melee_damage": 1, "rend": 1, "melee_range": 1},
}
"""The printed size table (movement and melee range in inches)."""

VISION_LABELS = {"normal": "Normal sight", "dim": "Dimsight", "dark": "Darksight"}
LIGHT_LABELS = {"dark": "Dark", "dim": "Dim", "bright": "Bright", "radiant": "Radiant"}

RULES: tuple[Rule, ...] = (
    Rule("d6.cover.partial-obstacle", "Partial obstacles", COVER_PAGE),
    Rule("d6.cover.total-obstacle", "Total obstacles", COVER_PAGE),
    Rule("d6.cover.seen-past", "A total obstacle a line gets past is partial", COVER_PAGE),
    Rule("d6.cover.level-1", "Cover level 1", COVER_PAGE),
    Rule("d6.cover.level-2", "Cover level 2", COVER_PAGE),
    Rule("d6.cover.total", "Total cover (level 3)", COVER_PAGE),
    Rule("d6.cover.area-effect", "Area effects and cover", COVER_PAGE),
    Rule("d6.map.line", "Counting along the line on a hex map", MAP_PAGE),
    Rule("d6.map.edge", "A line along a hex edge", MAP_PAGE),
    Rule("d6.light.vision", "Light level against vision", LIGHT_PAGE),
    Rule("d6.light.sanity", "Darkness and Sanity damage", LIGHT_PAGE),
    Rule("d6.height.above", "Attacking from above: +1", HEIGHT_PAGE),
    Rule("d6.height.below", "Attacking from below: -1", HEIGHT_PAGE),
    Rule("d6.height.smaller-target", "A smaller target counts as height advantage", HEIGHT_PAGE),
    Rule("d6.size.table", "Creature size effects", SIZE_PAGE),
    Rule("d6.size.beyond-large", "Huge and colossal creatures", SIZE_PAGE),
    Rule("d6.conditions.blinded", "Blinded", CONDITIONS_PAGE),
    Rule("d6.conditions.prone-target", "Prone target: +1 to melee attacks against it", CONDITIONS_PAGE),
    Rule("d6.conditions.prone-attacker", "Prone attacker: -1 to its attacks", CONDITIONS_PAGE),
    Rule("d6.conditions.surrounded", "Surrounded: +1 to attacks against it", CONDITIONS_PAGE),
    Rule("d6.conditions.invisible-target", "Invisible target", CONDITIONS_PAGE),
    Rule("d6.conditions.invisible-attacker", "Invisible attacker: +1 against a target that cannot see it", CONDITIONS_PAGE),
    Rule("d6.conditions.invisible-stealth", "Invisible creatures reroll 2s on Stealth", CONDITIONS_PAGE),
    Rule("d6.limits.natural", "A 6 always succeeds, a 1 always fails", LIMITS_PAGE),
    Rule("d6.limits.two-modifiers", "At most two modifiers: the largest bonus and the largest penalty", LIMITS_PAGE),
)

RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "d6.ruling.light-and-obstacles", "Do light levels add to obstacle levels?", LIGHT_PAGE,
        (Choice("add", "Add them", "light levels and obstacle levels are counted together"),
         Choice("highest", "Highest only", "only the larger of the two counts")),
        "add",
        "The text says bad light imposes levels of cover, and cover is counted by adding up "
        "what stands in the way, so a dim-lit target behind a low wall has two levels.",
    ),
    Ruling(
        "d6.ruling.area-cover", "Do cover levels 1 and 2 affect area spells?", COVER_PAGE,
        (Choice("ignore", "Ignore cover", "an area effect is not aimed, so cover levels do not modify it"),
         Choice("apply", "Apply -1 / -2", "the -1 or -2 of cover also applies to an area spell's roll")),
        "ignore",
        "Even total cover does not stop an area effect, so lesser cover should not hinder one either; "
        "the levels are written as penalties to attacks.",
    ),
    Ruling(
        "d6.ruling.edge-line", "Which side counts when the line runs along a hex edge?", MAP_PAGE,
        (Choice("fewer", "Attacker's side", "the attacker draws the line past the side with less cover"),
         Choice("more", "Target's side", "the target gets the side with more cover")),
        "fewer",
        "The text has the attacker draw the line, and it asks only whether some line can be drawn; "
        "an edge is a line that touches both sides, so the attacker may use the better one.",
    ),
    Ruling(
        "d6.ruling.size-advantage", "How much is a smaller target worth?", HEIGHT_PAGE,
        (Choice("flat", "+1", "a smaller target is one height advantage, +1, however much smaller"),
         Choice("per-step", "+1 per size", "+1 for each size step between attacker and target")),
        "flat",
        "The text says the size difference counts as a height advantage, and a height advantage is +1.",
    ),
    Ruling(
        "d6.ruling.surround", "Where must the two enemies stand to surround?", CONDITIONS_PAGE,
        (Choice("adjacent", "Adjacent", "two enemies next to the target, on exactly opposite hexes"),
         Choice("in-line", "In line", "two enemies anywhere on one straight line through the target, on opposite sides")),
        "adjacent",
        "Surrounding is something enemies in contact do; the text only asks that they be opposite each other.",
    ),
    Ruling(
        "d6.ruling.blind-spells", "Does blindness limit [TARGET] spells too?", CONDITIONS_PAGE,
        (Choice("aimed", "Yes", "a [TARGET] spell is aimed like an attack: only within 1 inch, hits on 6"),
         Choice("attacks-only", "No", "only [ATTACK] actions are limited")),
        "aimed",
        "A blinded caster cannot see a target to pick it any more than an archer can.",
    ),
)

register(RULES, RULINGS)

KIND_CHOICES = (
    ("melee", "Melee attack [ATTACK]"),
    ("ranged", "Ranged attack [ATTACK]"),
    ("target-spell", "Targeted spell [TARGET]"),
    ("area-spell", "Area spell ([SPHERE], [LINE] ...)"),
)
SIZE_CHOICES = tuple((s, s.capitalize()) for s in SIZES)
ELEVATION_CHOICES = (("level", "Level with the target"), ("above", "Above the target"), ("below", "Below the target"))
BOARD_MIN, BOARD_MAX = 3, 40
BOARD_COORD = 60

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
              help="Inches from attacker to target; needed when the attacker is blinded or the target invisible.",
              rule="d6.conditions.blinded", group="counted"),
        Field("map.cols", "int", "Board width", default=12, minimum=BOARD_MIN, maximum=BOARD_MAX, unit="hexes",
              rule="d6.map.line", group="map"),
        Field("map.rows", "int", "Board height", default=9, minimum=BOARD_MIN, maximum=BOARD_MAX, unit="hexes",
              rule="d6.map.line", group="map"),
        Field("map.attacker", "hex", "Attacker's hex", optional=True, minimum=-BOARD_COORD, maximum=BOARD_COORD,
              rule="d6.map.line", group="map"),
        Field("map.target", "hex", "Target's hex", optional=True, minimum=-BOARD_COORD, maximum=BOARD_COORD,
              rule="d6.map.line", group="map"),
        Field("map.obstacles", "records", "Obstacles", default=(), max_items=400, rule="d6.map.line", group="map",
              item_fields=(
                  Field("hex", "hex", "Hex", minimum=-BOARD_COORD, maximum=BOARD_COORD),
                  Field("kind", "choice", "Kind", default="partial",
                        choices=(("partial", "Partial obstacle"), ("total", "Total obstacle"))),
              )),
        Field("map.creatures", "records", "Other creatures", default=(), max_items=100, rule="d6.map.line", group="map",
              item_fields=(
                  Field("hex", "hex", "Hex", minimum=-BOARD_COORD, maximum=BOARD_COORD),
                  Field("side", "choice", "Side", default="attacker",
                        choices=(("attacker", "Attacker's ally"), ("target", "Target's ally"))),
              )),
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
        Field("target.can_see_attacker", "bool", "Target can see the attacker", default=True,
              rule="d6.conditions.invisible-attacker"),
    ),
    RULINGS,
    alternatives=(("counted", "Count the obstacles"), ("map", "Place them on a hex map")),
    alternatives_legend="How is cover decided?",
)


def size_effects(size: str) -> dict[str, int]:
    """Size effects; each size above large adds one to the magnitude of every effect."""
    if size in SIZE_TABLE:
        return dict(SIZE_TABLE[size])
    steps = SIZES.index(size) - SIZES.index("large")
    return {k: _grow(v, steps) for k, v in SIZE_TABLE["large"].items()}


def _grow(value: int, steps: int) -> int:
    """Increase a signed effect's magnitude by ``steps``, keeping its sign."""
    return value + steps if value >= 0 else value - steps


def light_levels(light: str, vision: str) -> int | str:
    """Cover levels the light imposes for this vision (0, 1, 2 or ``"total"``)."""
    return LIGHT_TABLE[light][vision]


@dataclass(frozen=True)
class Cover:
    """How much cover the target has, and why."""

    level: int | str
    """0, 1, 2 or ``"total"``."""
    obstacle_levels: int
    """Levels from partial obstacles."""
    light_levels: int | str
    """Levels from the light against the attacker's vision."""
    total_obstacles: int
    rules: tuple[str, ...] = field(default=())


def combine_cover(partial: int, total: int, light: int | str, combine: str) -> Cover:
    """Add up obstacles and light into one cover level (ruling ``d6.ruling.light-and-obstacles``)."""
    rules: list[str] = []
    if partial:
        rules.append("d6.cover.partial-obstacle")
    if total:
        rules.append("d6.cover.total-obstacle")
    if total or light == TOTAL:
        level: int | str = TOTAL
    else:
        assert isinstance(light, int)
        levels = partial + light if combine == "add" else max(partial, light)
        level = TOTAL if levels >= TOTAL_LEVEL else levels
    return Cover(level, partial, light, total, tuple(rules))


@dataclass(frozen=True)
class Modifier:
    """One condition or environment modifier to the attack roll."""

    rule: str
    value: int
    kind: str
    """``environment`` or ``condition``."""
    label: str
    applied: bool = True
    reason: str = ""


def cap_modifiers(mods: list[Modifier]) -> tuple[int, list[Modifier]]:
    """The two-modifier limit: only the largest bonus and the largest penalty count; returns (net, all marked)."""
    best = max((m for m in mods if m.value > 0), key=lambda m: m.value, default=None)
    worst = min((m for m in mods if m.value < 0), key=lambda m: m.value, default=None)
    marked = []
    for m in mods:
        if m is best or m is worst:
            marked.append(m)
        elif m.value > 0:
            assert best is not None
            marked.append(Modifier(m.rule, m.value, m.kind, m.label, False,
                                   f"only the largest bonus counts ({best.label}, {best.value:+d})"))
        else:
            assert worst is not None
            marked.append(Modifier(m.rule, m.value, m.kind, m.label, False,
                                   f"only the largest penalty counts ({worst.label}, {worst.value:+d})"))
    net = (best.value if best else 0) + (worst.value if worst else 0)
    return net, marked


def _size_advantage(attacker: str, target: str, rule: str) -> int:
    steps = SIZES.index(attacker) - SIZES.index(target)
    if steps <= 0:
        return 0
    return 1 if rule == "flat" else steps


def evaluate(s: dict[str, Any]) -> dict[str, Any]:
    """Evaluate a validated skirmish-d6 scenario into the contract's result dict."""
    rulings = s["rulings"]
    kind = s["attack"]["kind"]
    att, tgt = s["attacker"], s["target"]
    area = kind == "area-spell"
    trace = Trace()

    # -- where everyone stands: counted, or read off the map
    mc = None
    distance: float | None
    if s["_alternative"] == "map":
        mc = board.cover_on_map(s["map"], rulings["d6.ruling.edge-line"], rulings["d6.ruling.surround"])
        partial, total, distance = mc.partial, mc.total, mc.distance
    else:
        partial, total = s["obstacles"]["partial"], s["obstacles"]["total"]
        distance = s["attack"]["distance"]
    lit = light_levels(s["light"], att["vision"])
    cover = combine_cover(partial, total, lit, rulings["d6.ruling.light-and-obstacles"])
    trace.rule(*cover.rules)
    surrounded = _map_rules(mc, trace) or tgt["surrounded"]
    trace.rule("d6.light.vision")
    if cover.obstacle_levels and lit not in (0, TOTAL) and not cover.total_obstacles:
        trace.ruling("d6.ruling.light-and-obstacles")

    # -- can the action be aimed at the target at all?
    targetable = True
    only_six = False
    aimed = kind in ("melee", "ranged") or (kind == "target-spell")
    blind_limits = kind in ("melee", "ranged") or (kind == "target-spell" and rulings["d6.ruling.blind-spells"] == "aimed")
    if att["blinded"] and kind == "target-spell":
        trace.ruling("d6.ruling.blind-spells")
    if cover.level == TOTAL:
        trace.rule("d6.cover.total")
        if area:
            trace.rule("d6.cover.area-effect")
            trace.note("Total cover does not protect against an area effect: the target is still caught in the area.")
        else:
            targetable = False
            trace.note("Total cover: the target cannot be directly targeted by [ATTACK] or [TARGET] actions.")
    needs_distance = (att["blinded"] and blind_limits) or (tgt["invisible"] and aimed)
    assert distance is not None or not needs_distance, "check() asks for the distance"
    if att["blinded"] and blind_limits:
        trace.rule("d6.conditions.blinded")
        if distance > MELEE_REACH:
            targetable = False
            trace.note("A blinded attacker cannot attack anything more than 1 inch away.")
        only_six = True
    if tgt["invisible"]:
        trace.rule("d6.conditions.invisible-target")
        trace.note("An invisible creature rerolls 2s on Stealth checks.")
        if kind == "target-spell":
            targetable = False
            trace.note("An invisible creature can never be targeted by a [TARGET] spell; area spells still affect it.")
        elif aimed:
            if distance > MELEE_REACH:
                targetable = False
                trace.note("An invisible creature cannot be targeted by attacks from more than 1 inch away.")
            only_six = True
        elif area:
            trace.note("An area spell still affects an invisible creature.")

    # -- the modifiers, then the two-modifier cap
    mods: list[Modifier] = []
    if cover.level in (1, 2):
        if area:
            trace.ruling("d6.ruling.area-cover")
            trace.rule("d6.cover.area-effect")
        if not area or rulings["d6.ruling.area-cover"] == "apply":
            mods.append(Modifier(f"d6.cover.level-{cover.level}", COVER_EFFECT[cover.level], "environment",
                                 f"cover level {cover.level}"))
    if att["elevation"] == "above":
        mods.append(Modifier("d6.height.above", 1, "environment", "attacking from above"))
    elif att["elevation"] == "below":
        mods.append(Modifier("d6.height.below", -1, "environment", "attacking from below"))
    smaller = _size_advantage(att["size"], tgt["size"], rulings["d6.ruling.size-advantage"])
    if smaller:
        mods.append(Modifier("d6.height.smaller-target", smaller, "environment", "smaller target"))
        trace.ruling("d6.ruling.size-advantage")
    if tgt["prone"] and kind == "melee":
        mods.append(Modifier("d6.conditions.prone-target", 1, "condition", "melee against a prone target"))
    if att["prone"]:
        mods.append(Modifier("d6.conditions.prone-attacker", -1, "condition", "prone attacker"))
    if surrounded:
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

    sanity = lit == TOTAL
    if sanity:
        trace.rule("d6.light.sanity")
        trace.note("The attacker's sight is useless in this light: every target has total cover, "
                     "so the attacker is vulnerable to Sanity damage.")

    base = s["attack"]["hits_on"]
    hits_on: int | None = None
    chance: Fraction | None = None
    if not targetable:
        chance = Fraction(0)
    elif only_six:
        hits_on = ONLY_SIX
        chance = d6_chance(ONLY_SIX)
        trace.note("This attack hits only on a 6, whatever the modifiers.")
        trace.rule("d6.limits.natural")
    elif base is not None:
        hits_on = d6_target(base, net)
        chance = d6_chance(hits_on)
        trace.rule("d6.limits.natural")

    sizes = {who: size_effects(s[who]["size"]) for who in ("attacker", "target")}
    if any(s[who]["size"] != "medium" for who in ("attacker", "target")):
        trace.rule("d6.size.table")
        if any(s[who]["size"] in ("huge", "colossal") for who in ("attacker", "target")):
            trace.rule("d6.size.beyond-large")

    result = {
        "targetable": targetable,
        "attack_modifier": net if targetable else 0,
        "defense_bonus": 0,
        "save_bonus": {},
        **exact("hit_chance", chance),
        **trace.result(),
        "cover_level": cover.level,
        "cover": {
            "obstacle_levels": cover.obstacle_levels,
            "light_levels": cover.light_levels,
            "total_obstacles": cover.total_obstacles,
        },
        "hits_on": hits_on,
        "sanity_vulnerable": sanity,
        "size": sizes,
        "distance": distance,
        "modifiers": [
            {"rule": m.rule, "label": m.label, "value": m.value, "kind": m.kind, "applied": m.applied, "reason": m.reason}
            for m in mods
        ],
    }
    if mc is not None:
        result["map"] = _placement(mc)
    return result


def _map_rules(mc: board.MapCover | None, trace: Trace) -> bool:
    """Record what reading the map relied on; whether the map shows the target surrounded."""
    if mc is None:
        return False
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


def check(s: dict[str, Any]) -> list[FieldError]:
    """Cross-field checks the schema cannot make: off the map, a blinded attacker or an invisible target needs
    the distance."""
    att, tgt, kind = s["attacker"], s["target"], s["attack"]["kind"]
    if s["_alternative"] == "map" or s["attack"]["distance"] is not None:
        return []
    blind_limits = kind in ("melee", "ranged") or (
        kind == "target-spell" and s["rulings"]["d6.ruling.blind-spells"] == "aimed")
    aimed = kind in ("melee", "ranged", "target-spell")
    if (att["blinded"] and blind_limits) or (tgt["invisible"] and aimed):
        return [FieldError("attack.distance", "is required when the attacker is blinded or the target "
                           "is invisible: attacks beyond 1 inch are impossible")]
    return []


def _placement(mc: board.MapCover) -> dict[str, Any]:
    """The map reading, JSON-ready: both paths when the line runs along an edge, and which was used."""
    return {
        "paths": [[list(h.qr) for h in pc.hexes] for pc in mc.paths],
        "path_used": mc.used,
        "crossed": [list(h.qr) for h in (*mc.paths[mc.used].partial, *mc.paths[mc.used].total)],
        "seen_past": [list(h.qr) for h in mc.seen_past],
        "surrounded_by": [list(h.qr) for h in mc.surrounded_by] if mc.surrounded_by else None,
    }


DEFINITION = System(SYSTEM, TITLE, RULES, RULINGS, INPUTS, check, evaluate, VIEW)
"""d6 Skirmish as the registry holds it."""
