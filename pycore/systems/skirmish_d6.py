"""d6 Skirmish: cover levels, light against vision, creature size (source: rule text 003)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..dice import d6_chance, d6_target
from ..rules import Choice, Rule, Ruling
from ..schema import Field, Inputs

SYSTEM = "skirmish-d6"
TITLE = "d6 Skirmish"

COVER_PAGE = "rules/skirmish-d6/cover/"
LIGHT_PAGE = "rules/skirmish-d6/light/"
SIZE_PAGE = "rules/skirmish-d6/size/"

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
    Rule("d6.cover.level-1", "Cover level 1", COVER_PAGE),
    Rule("d6.cover.level-2", "Cover level 2", COVER_PAGE),
    Rule("d6.cover.total", "Total cover (level 3)", COVER_PAGE),
    Rule("d6.cover.area-effect", "Area effects and cover", COVER_PAGE),
    Rule("d6.limits.natural", "A 6 always succeeds, a 1 always fails", COVER_PAGE),
    Rule("d6.light.vision", "Light level against vision", LIGHT_PAGE),
    Rule("d6.light.sanity", "Darkness and Sanity damage", LIGHT_PAGE),
    Rule("d6.size.table", "Creature size effects", SIZE_PAGE),
    Rule("d6.size.beyond-large", "Huge and colossal creatures", SIZE_PAGE),
)

RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "d6.ruling.light-and-obstacles",
        "Do light levels add to obstacle levels?",
        LIGHT_PAGE,
        (
            Choice("add", "Add them", "light levels and obstacle levels are counted together"),
            Choice("highest", "Highest only", "only the larger of the two counts"),
        ),
        "add",
        "The text says bad light imposes levels of cover, and cover is counted by adding up "
        "what stands in the way, so a dim-lit target behind a low wall has two levels.",
    ),
    Ruling(
        "d6.ruling.area-cover",
        "Do cover levels 1 and 2 affect area spells?",
        COVER_PAGE,
        (
            Choice("ignore", "Ignore cover", "an area effect is not aimed, so cover levels do not modify it"),
            Choice("apply", "Apply -1 / -2", "the -1 or -2 of cover also applies to an area spell's roll"),
        ),
        "ignore",
        "Even total cover does not stop an area effect, so lesser cover should not hinder one either; "
        "the levels are written as penalties to attacks.",
    ),
)

KIND_CHOICES = (
    ("melee", "Melee attack [ATTACK]"),
    ("ranged", "Ranged attack [ATTACK]"),
    ("target-spell", "Targeted spell [TARGET]"),
    ("area-spell", "Area spell ([SPHERE], [LINE] ...)"),
)
SIZE_CHOICES = tuple((s, s.capitalize()) for s in SIZES)

INPUTS = Inputs(
    SYSTEM,
    (
        Field("attack.kind", "choice", "Action", default="ranged", choices=KIND_CHOICES, rule="d6.cover.total"),
        Field("attack.hits_on", "int", "Hits on (base)", optional=True, minimum=2, maximum=6,
              help="The attack's normal target number before modifiers; leave empty if unknown.",
              rule="d6.limits.natural", unit="+"),
        Field("light", "choice", "Light level", default="bright",
              choices=tuple((l, LIGHT_LABELS[l]) for l in LIGHT_LEVELS), rule="d6.light.vision"),
        Field("attacker.vision", "choice", "Attacker's vision", default="normal",
              choices=tuple((v, VISION_LABELS[v]) for v in VISIONS), rule="d6.light.vision"),
        Field("obstacles.partial", "int", "Partial obstacles in the way", default=0, minimum=0, maximum=99,
              help="Creatures (allies too), low walls, trees and brush, a corner peeked around.",
              rule="d6.cover.partial-obstacle"),
        Field("obstacles.total", "int", "Total obstacles blocking every line", default=0, minimum=0, maximum=99,
              help="High walls, large boulders, a building's walls, dense brush.",
              rule="d6.cover.total-obstacle"),
        Field("attacker.size", "choice", "Attacker's size", default="medium", choices=SIZE_CHOICES, rule="d6.size.table"),
        Field("target.size", "choice", "Target's size", default="medium", choices=SIZE_CHOICES, rule="d6.size.table"),
    ),
    RULINGS,
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
        levels = partial + light if combine == "add" else max(partial, light)
        level = TOTAL if levels >= TOTAL_LEVEL else levels
    return Cover(level, partial, light, total, tuple(rules))


def evaluate(s: dict[str, Any]) -> dict[str, Any]:
    """Evaluate a validated skirmish-d6 scenario into the contract's result dict."""
    rulings = s["rulings"]
    kind = s["attack"]["kind"]
    vision = s["attacker"]["vision"]
    lit = light_levels(s["light"], vision)
    cover = combine_cover(s["obstacles"]["partial"], s["obstacles"]["total"], lit, rulings["d6.ruling.light-and-obstacles"])
    rules: list[str] = list(cover.rules)
    used: list[str] = []
    notes: list[str] = []
    rules.append("d6.light.vision")
    if cover.obstacle_levels and lit not in (0, TOTAL) and not cover.total_obstacles:
        used.append("d6.ruling.light-and-obstacles")
    area = kind == "area-spell"

    modifier = 0
    targetable = True
    if cover.level == TOTAL:
        rules.append("d6.cover.total")
        if area:
            rules.append("d6.cover.area-effect")
            notes.append("Total cover does not protect against an area effect: the target is still caught in the area.")
        else:
            targetable = False
            notes.append("Total cover: the target cannot be directly targeted by [ATTACK] or [TARGET] actions.")
    elif cover.level:
        if area:
            used.append("d6.ruling.area-cover")
            rules.append("d6.cover.area-effect")
            if rulings["d6.ruling.area-cover"] == "apply":
                rules.append(f"d6.cover.level-{cover.level}")
                modifier = COVER_EFFECT[cover.level]
        else:
            rules.append(f"d6.cover.level-{cover.level}")
            modifier = COVER_EFFECT[cover.level]

    sanity = lit == TOTAL
    if sanity:
        rules.append("d6.light.sanity")
        notes.append("The attacker's sight is useless in this light: every target has total cover, "
                     "so the attacker is vulnerable to Sanity damage.")

    base = s["attack"]["hits_on"]
    hits_on: int | None = None
    chance: Fraction | None = None
    if not targetable:
        chance = Fraction(0)
    elif base is not None:
        hits_on = d6_target(base, modifier)
        chance = d6_chance(hits_on)
        rules.append("d6.limits.natural")

    sizes = {who: size_effects(s[who]["size"]) for who in ("attacker", "target")}
    if any(s[who]["size"] != "medium" for who in ("attacker", "target")):
        rules.append("d6.size.table")
        if any(s[who]["size"] in ("huge", "colossal") for who in ("attacker", "target")):
            rules.append("d6.size.beyond-large")

    return {
        "targetable": targetable,
        "attack_modifier": modifier,
        "defense_bonus": 0,
        "save_bonus": {},
        "hit_chance": None if chance is None else float(chance),
        "hit_chance_exact": None if chance is None else str(chance),
        "rules": rules,
        "notes": notes,
        "rulings_used": used,
        "cover_level": cover.level,
        "cover": {
            "obstacle_levels": cover.obstacle_levels,
            "light_levels": cover.light_levels,
            "total_obstacles": cover.total_obstacles,
        },
        "hits_on": hits_on,
        "sanity_vulnerable": sanity,
        "size": sizes,
    }
