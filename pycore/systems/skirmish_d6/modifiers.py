"""d6 Skirmish's small rules: size effects, cover from obstacles and light, and the two-modifier cap."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .tables import LIGHT_TABLE, SIZE_TABLE, SIZES, TOTAL, TOTAL_LEVEL


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
    """Total obstacles that block every line."""
    rules: tuple[str, ...] = field(default=())
    """Ids of the obstacle rules that counted."""


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
    """Id of the rule behind the modifier."""
    value: int
    """Change to the attack roll."""
    kind: str
    """``environment`` or ``condition``."""
    label: str
    """What the modifier is, in words."""
    applied: bool = True
    """Whether the two-modifier limit kept it."""
    reason: str = ""
    """Why it was dropped; ``""`` when applied."""


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


def size_advantage(attacker: str, target: str, rule: str) -> int:
    """Height advantage of attacking a smaller target, per ruling ``d6.ruling.size-advantage``."""
    steps = SIZES.index(attacker) - SIZES.index(target)
    if steps <= 0:
        return 0
    return 1 if rule == "flat" else steps



AIMED = ("melee", "ranged", "target-spell")
"""Actions aimed at the target ([ATTACK] and [TARGET]); an area spell is not."""


def blind_limits(kind: str, blind_spells: str) -> bool:
    """Whether a blinded attacker's 1-inch limit applies to this action (ruling ``d6.ruling.blind-spells``)."""
    return kind in ("melee", "ranged") or (kind == "target-spell" and blind_spells == "aimed")


def needs_distance(scenario: dict[str, Any]) -> bool:
    """Whether a 1-inch limit (blinded attacker, invisible target) applies to this validated scenario."""
    kind = scenario["attack"]["kind"]
    blinded = scenario["attacker"]["blinded"] and blind_limits(kind, scenario["rulings"]["d6.ruling.blind-spells"])
    return blinded or (scenario["target"]["invisible"] and kind in AIMED)


def never_targetable(scenario: dict[str, Any]) -> bool:
    """Whether the action cannot be aimed at the target whatever the distance: a [TARGET] spell at an invisible
    creature, or an aimed action against total cover (counted obstacles and light)."""
    kind = scenario["attack"]["kind"]
    if kind == "target-spell" and scenario["target"]["invisible"]:
        return True
    if kind not in AIMED or scenario["_alternative"] != "counted":
        return False
    lit = light_levels(scenario["light"], scenario["attacker"]["vision"])
    cover = combine_cover(scenario["obstacles"]["partial"], scenario["obstacles"]["total"], lit,
                          scenario["rulings"]["d6.ruling.light-and-obstacles"])
    return cover.level == TOTAL
