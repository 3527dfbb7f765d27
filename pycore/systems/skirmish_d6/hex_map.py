"""d6 Skirmish on a hex map (1 hex = 1 inch): which obstacles the line crosses, and whether any line gets past."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...errors import FieldError, ScenarioError
from ...geometry import hex_plane
from ...geometry import hexgrid as hg
from ...geometry.clearance import clear_line
from ...geometry.hexgrid import Hex
from ...maps.hex_map import on_board, read
from ...memo import recent_calls
from .tables import PARTIAL, TOTAL


@dataclass(frozen=True)
class PathCount:
    """What one resolution of the centre line crosses."""

    hexes: tuple[Hex, ...]
    """Hexes strictly between attacker and target."""
    partial: tuple[Hex, ...]
    """Partial obstacles and creatures on it."""
    total: tuple[Hex, ...]
    """Total obstacles on it."""


@dataclass(frozen=True)
class MapCover:
    """Cover read off the map."""

    distance: int
    """Hexes (inches) from the attacker to the target."""
    paths: tuple[PathCount, ...]
    """One path, or two when the line runs exactly along hex edges."""
    used: int
    """Index of the path the ruling picked."""
    partial: int
    """Partial obstacle levels on the used path (total obstacles seen past included)."""
    total: int
    """Total obstacles that block every line (0 or the number on the used path)."""
    seen_past: tuple[Hex, ...]
    """Total obstacles on the used path that some unbroken line gets past: they count as partial."""
    surrounded_by: tuple[Hex, Hex] | None
    """Two enemies on opposite sides of the target, or None."""
    heights: tuple[float, float] | None = None
    """The attacker's and the target's heights, or None when the map lists no heights."""
    ridges: tuple[Hex, ...] = ()
    """Hexes higher than both ends: total obstacles when ruling ``d6.ruling.height-blocks`` says ``ridge``."""


@recent_calls(2)
def _in_the_way(obstacles: dict[Hex, str], creatures: dict[Hex, str]) -> dict[Hex, bool]:
    """Hex -> whether what stands there blocks totally (creatures and partial obstacles: False); remembered, as an
    overlay reads the same pieces once per hex."""
    return {**dict.fromkeys(creatures, False), **{h: kind == TOTAL for h, kind in obstacles.items()}}


def _count(path: Sequence[Hex], obstacles: dict[Hex, str], creatures: dict[Hex, str]) -> PathCount:
    middle = tuple(path[1:-1])
    way = _in_the_way(obstacles, creatures)
    hits = [h for h in middle if h in way]
    return PathCount(middle, tuple(h for h in hits if not way[h]), tuple(h for h in hits if way[h]))


def surround_pair(target: Hex, enemies: list[Hex], adjacent_only: bool) -> tuple[Hex, Hex] | None:
    """Two enemies on exactly opposite sides of the target (adjacent ones, or anywhere in line)."""
    pool = sorted(h for h in enemies if not adjacent_only or hg.distance(h, target) == 1)
    for i, x in enumerate(pool):
        for y in pool[i + 1:]:
            if hg.opposite(target, x, y):
                return (x, y)
    return None


@recent_calls(2)
def heights(elevation: list[dict[str, Any]], cols: int | None, rows: int | None) -> dict[Hex, float]:
    """Hex -> height from a validated ``map.elevation`` (remembered, as the ground stays put while pieces move);
    a hex listed twice or off the board is an error naming the item."""
    out: dict[Hex, float] = {}
    errors: list[FieldError] = []
    for i, item in enumerate(elevation):
        h = Hex.axial(*item["hex"])
        if not on_board(h, cols, rows):
            errors.append(FieldError(f"map.elevation.{i}.hex", f"hex {h.q}, {h.r} is off the {cols} x {rows} board"))
        elif h in out:
            errors.append(FieldError(f"map.elevation.{i}.hex", f"hex {h.q}, {h.r} already has a height: give each hex once"))
        else:
            out[h] = item["height"]
    if errors:
        raise ScenarioError(errors)
    return out


def ridge_hexes(ground: dict[Hex, float], attacker: Hex, target: Hex) -> list[Hex]:
    """Hexes higher than both the attacker's and the target's (ruling ``d6.ruling.height-blocks``: ``ridge``)."""
    top = max(ground.get(attacker, 0), ground.get(target, 0))
    return [h for h, z in ground.items() if z > top]


def ground_of(battle_map: dict[str, Any]) -> dict[Hex, float]:
    """The map's heights by hex (empty when it lists none)."""
    return heights(battle_map["elevation"], battle_map["cols"], battle_map["rows"]) if battle_map["elevation"] else {}


def cover_on_map(battle_map: dict[str, Any], edge_choice: str, surround_rule: str, ridge: bool = False) -> MapCover:
    """Count the obstacles the straight centre line passes through (``hexgrid.straight_line``); total obstacles block
    unless some unbroken line gets past."""
    attacker, target, obstacles, creatures = read(battle_map)
    return cover_between(attacker, target, obstacles, creatures, ground_of(battle_map), edge_choice, surround_rule, ridge)


def cover_between(attacker: Hex, target: Hex, obstacles: dict[Hex, str], creatures: dict[Hex, str],
                  ground: dict[Hex, float], edge_choice: str, surround_rule: str, ridge: bool,
                  totals: list[Hex] | None = None, clear_between: bool | None = None) -> MapCover:
    """``cover_on_map`` for pieces already read (``totals``: the total obstacles, when the caller has listed them;
    ``clear_between``: whether an unbroken line gets past them, when the caller already knows)."""
    ridges = ridge_hexes(ground, attacker, target) if ground else []
    enemies = [attacker] + [h for h, side in creatures.items() if side == "attacker"]
    if ridge and ridges:
        obstacles = {**obstacles, **dict.fromkeys(ridges, TOTAL)}
        creatures = {h: side for h, side in creatures.items() if h not in obstacles}
        totals = None
    plus, minus = hex_plane.straight_line(attacker, target, 1), hex_plane.straight_line(attacker, target, -1)
    counts = tuple(_count(p, obstacles, creatures) for p in ((plus,) if plus == minus else (plus, minus)))
    clear = True  # only asked when a path crosses a total obstacle
    if any(pc.total for pc in counts):
        if clear_between is not None:
            clear = clear_between
        else:
            if totals is None:
                totals = [h for h, kind in obstacles.items() if kind == TOTAL]
            clear = clear_line(attacker, target, totals)

    def levels(pc: PathCount) -> tuple[int, int]:
        if pc.total and not clear:
            return (1, len(pc.total))  # total cover ranks above any number of levels
        return (0, len(pc.partial) + len(pc.total))

    ranked = sorted(range(len(counts)), key=lambda i: levels(counts[i]))
    used = ranked[0] if edge_choice == "fewer" else ranked[-1]
    pc = counts[used]
    blocked = bool(pc.total) and not clear
    return MapCover(
        distance=hg.distance(attacker, target),
        paths=counts,
        used=used,
        partial=len(pc.partial) + (0 if blocked else len(pc.total)),
        total=len(pc.total) if blocked else 0,
        seen_past=() if blocked else pc.total,
        surrounded_by=surround_pair(target, enemies, surround_rule == "adjacent"),
        heights=(ground.get(attacker, 0), ground.get(target, 0)) if ground else None,
        ridges=tuple(ridges),
    )


def counted_as(mc: MapCover) -> list[str]:
    """What each obstacle the used path crosses counts as, in the order of its partial then its total ones:
    ``partial`` (one level), or ``total`` where no unbroken line gets past (a total one seen past is partial)."""
    pc = mc.paths[mc.used]
    return [PARTIAL] * len(pc.partial) + [TOTAL if mc.total else PARTIAL] * len(pc.total)
