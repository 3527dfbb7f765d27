"""Where a stray shot can go: the line of fire and the eight numbered stray hexes around the target."""

from __future__ import annotations

from dataclasses import dataclass

from ...geometry.hexgrid import DIRECTIONS, Hex, distance, line, neighbors, point_along, subtract
from .tables import STRAY_REACH


def cross(a: Hex, b: Hex, c: Hex) -> int:
    """Positive when ``c`` is on the right of the line from ``a`` to ``b`` (map with y down), negative on the left."""
    v, w = subtract(b, a), subtract(c, a)
    return v.q * w.r - v.r * w.q


def pick_side(a: Hex, b: Hex, plus: Hex, minus: Hex, side: str) -> tuple[Hex, bool]:
    """Of two resolutions of an edge case, the one on the attacker's ``side``; and whether they differed."""
    if plus == minus:
        return plus, False
    right = plus if cross(a, b, plus) > cross(a, b, minus) else minus
    left = minus if right == plus else plus
    return (right if side == "right" else left), True


def line_of_fire(a: Hex, b: Hex, side: str) -> tuple[list[Hex], bool]:
    """The hexes from attacker to target, ties along edges taken on ``side``; and whether any tie occurred."""
    plus, minus = line(a, b, 1), line(a, b, -1)
    picked = [pick_side(a, b, p, m, side) for p, m in zip(plus, minus)]
    return [h for h, _ in picked], any(t for _, t in picked)


@dataclass(frozen=True)
class Slot:
    """One of the eight stray hexes."""

    number: int
    """1..8 on the d10."""
    hex: Hex
    """Where the stray hex is."""
    place: str
    """``front`` (10 ft toward the attacker), ``behind`` (10 ft beyond the target) or ``adjacent``."""
    blocked: str = ""
    """Why nothing in this hex can be struck (``attacker``, ``behind-shooter``), or ``""``."""


@dataclass(frozen=True)
class StrayLayout:
    """The stray hexes of one shot and the geometry behind them."""

    slots: tuple[Slot, ...]
    """The eight stray hexes, numbered 1..8."""
    line: tuple[Hex, ...]
    """The hexes from attacker to target, both included."""
    tie: bool
    """Whether an edge tie had to be resolved by ``er.ruling.edge-side``."""
    attacker_slot: bool
    """Whether the attacker's own hex is one of the eight."""
    front_behind_shooter: bool
    """Whether the front hex lies behind the attacker (the target is adjacent)."""


def stray_layout(a: Hex, b: Hex, rulings: dict[str, str]) -> StrayLayout:
    """Number the eight stray hexes of a shot from ``a`` at ``b`` under the table's rulings."""
    side = rulings["er.ruling.edge-side"]
    front, tie_front = pick_side(a, b, point_along(a, b, -STRAY_REACH, 1), point_along(a, b, -STRAY_REACH, -1), side)
    behind, tie_behind = pick_side(a, b, point_along(a, b, STRAY_REACH, 1), point_along(a, b, STRAY_REACH, -1), side)
    around = neighbors(b)
    tie_start = False
    if rulings["er.ruling.slot-order"] == "shooter-clockwise":
        toward, tie_start = pick_side(a, b, line(b, a, 1)[1], line(b, a, -1)[1], side)
        start = around.index(toward)
        # DIRECTIONS run counter-clockwise on the map, so clockwise is the reverse order
        ring = [around[(start - k) % len(DIRECTIONS)] for k in range(len(DIRECTIONS))]
        places = [(front, "front"), *((h, "adjacent") for h in ring), (behind, "behind")]
    else:
        places = [*((h, "adjacent") for h in around), (front, "front"), (behind, "behind")]
    n = distance(a, b)
    slots = []
    for number, (h, place) in enumerate(places, start=1):
        blocked = ""
        if h == a and rulings["er.ruling.attacker-hex"] == "empty":
            blocked = "attacker"
        elif place == "front" and n < STRAY_REACH and rulings["er.ruling.front-behind-shooter"] == "empty":
            blocked = "behind-shooter"
        slots.append(Slot(number, h, place, blocked))
    lof, tie_line = line_of_fire(a, b, side)
    return StrayLayout(tuple(slots), tuple(lof), tie_front or tie_behind or tie_start or tie_line,
                  any(s.hex == a for s in slots), n < STRAY_REACH)


@dataclass(frozen=True)
class Creature:
    """Someone who might be struck by a stray shot."""

    name: str
    """Name, unique in the scenario."""
    hex: Hex
    """Where it stands."""
    defense: int
    """Its Defense against a stray die."""
