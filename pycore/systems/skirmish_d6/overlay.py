"""d6 Skirmish overlays: the answer with the target or the attacker moved to each free hex of the drawn map.

An entry depends on the map only through its reading key (``reading_key``): the cover level the obstacle levels and
the light make, whether the distance is beyond 1 inch, whether the target is surrounded and who stands higher. So
the overlay works out each hex's key from the map seen once from the piece that stays (``FixedPieceView``) and runs the
evaluation once per distinct key, on the first hex that has it, from that hex's full reading (``map.cover_between``,
the very function a single evaluation uses, told whether a line gets past as the key found it). Seen from the piece
that stays, a hex's centre line is read by direction (``rays.Rays``) and whether some unbroken line gets past a
total obstacle is asked from the same hex every time (``clearance.Clearance``), and only when the answer can change
the cover level; each key is the one ``cover_between`` gives there (a property test checks every hex).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ...geometry.clearance import Clearance
from ...geometry.hexgrid import Hex
from ...geometry.rays import Rays
from ...maps.hex_map import board_cells, read, unbounded_cells
from ...maps.overlay import entry_values, overlay_result, standing_hexes
from ...progress import counted
from . import hex_map, regions
from .inputs import BOARD_COORD
from .modifiers import combine_cover, light_levels
from .tables import MELEE_REACH, TOTAL

COVER_KEY = ("cover_level", "hits_on")
"""The system's cover key in each entry, and the final target number beside it."""

Answer = Callable[[dict[str, Any], "hex_map.MapCover | None"], dict[str, Any]]
"""The evaluation after the map is read (``evaluation.answer``)."""

Key = tuple[Any, ...]
"""What of a map reading an answer depends on (``reading_key``)."""


def drawn_cells(battle_map: dict[str, Any], placed: list[Hex]) -> tuple[Hex, ...]:
    """The hexes of the drawn map: the sized board, or the board grown around the pieces (as the view draws it)."""
    if battle_map["cols"] is not None and battle_map["rows"] is not None:
        return board_cells(battle_map["cols"], battle_map["rows"])
    return unbounded_cells(placed)


def pieces(battle_map: dict[str, Any]) -> list[Hex]:
    """Every piece's hex in drawing order: attacker, target, obstacles, creatures."""
    return [Hex.axial(*battle_map["attacker"]), Hex.axial(*battle_map["target"]),
            *(Hex.axial(*o["hex"]) for o in battle_map["obstacles"]), *(Hex.axial(*c["hex"]) for c in battle_map["creatures"])]


def moved(scenario: dict[str, Any], moving: str, h: Hex) -> dict[str, Any]:
    """The validated scenario without its overlay, with ``moving`` at ``h``."""
    return {**scenario, "overlay": "none", "map": {**scenario["map"], moving: list(h.qr)}}


def higher(heights: tuple[float, float] | None) -> int | None:
    """+1 when the attacker stands higher than the target, -1 lower, 0 level; None when the map gives no heights."""
    return None if heights is None else (heights[0] > heights[1]) - (heights[0] < heights[1])


def reading_key(mc: hex_map.MapCover, light: int | str, combine: str) -> Key:
    """What of a map reading an entry depends on (see the module's docstring), in the given light (``light_levels``)
    and ruling ``d6.ruling.light-and-obstacles``: the cover level as the evaluation makes it."""
    level = combine_cover(mc.partial, mc.total, light, combine).level
    return (level, mc.distance > MELEE_REACH, mc.surrounded_by is not None, higher(mc.heights))


def cover_of(paths: list[tuple[int, int]], clear: bool, edge_choice: str) -> tuple[int, int]:
    """``cover_between``'s partial and total levels from each path's (partial, total) count, as it ranks them."""

    def levels(i: int) -> tuple[int, int]:
        partial, total = paths[i]
        return (1, total) if total and not clear else (0, partial + total)

    ranked = sorted(range(len(paths)), key=levels)
    partial, total = paths[ranked[0] if edge_choice == "fewer" else ranked[-1]]
    blocked = bool(total) and not clear
    return partial + (0 if blocked else total), total if blocked else 0


class Sight:
    """The pieces in the way, seen from one hex: which each centre line passes, and whether a line gets past."""

    def __init__(self, origin: Hex, obstacles: dict[Hex, str], creatures: dict[Hex, str]) -> None:
        self.way = {**dict.fromkeys(creatures, False), **{h: kind == TOTAL for h, kind in obstacles.items()}}
        """Hex -> whether what stands there blocks totally (creatures and partial obstacles: False)."""
        self.rays = Rays(origin, self.way)
        """The centre lines from ``origin``, total obstacles marked."""
        self.clearance = Clearance(origin, [h for h, kind in obstacles.items() if kind == TOTAL])
        """Whether some unbroken line from ``origin`` gets past the total obstacles."""

    def counts(self, other: Hex) -> list[tuple[int, int]]:
        """(partial, total) on each resolution of the centre line to ``other``."""
        return [(passed - total, total) for passed, total in self.rays.tally(other)]


class Surround:
    """Whether two enemies stand on exactly opposite sides of the target, with one piece moving (ruling
    ``d6.ruling.surround``): ``surround_pair`` answered by direction."""

    def __init__(self, enemies: list[Hex], adjacent_only: bool) -> None:
        self.enemies = {h.qr for h in enemies}
        """The attacker's side, the attacker included unless it is the piece moving, as axial coordinates."""
        self.adjacent_only = adjacent_only
        """Whether both must stand next to the target."""

    def around(self, target: Hex, extra: Hex | None = None) -> bool:
        """Whether the enemies (and ``extra``, one more) surround ``target``."""
        enemies = self.enemies if extra is None else self.enemies | {extra.qr}
        q, r = target.q, target.r
        if self.adjacent_only:
            # the three pairs of opposite neighbours
            return (((q + 1, r) in enemies and (q - 1, r) in enemies)
                    or ((q + 1, r - 1) in enemies and (q - 1, r + 1) in enemies)
                    or ((q, r - 1) in enemies and (q, r + 1) in enemies))
        seen = set()
        for hq, hr in enemies:
            dq, dr = hq - q, hr - r
            if dq or dr:
                g = math.gcd(dq, dr)
                seen.add((dq // g, dr // g))
        return any((-x, -y) in seen for x, y in seen)


class FixedPieceView:
    """The reading key of each hex the moving piece could stand on, from the map seen from the piece that stays."""

    def __init__(self, scenario: dict[str, Any], moving: str) -> None:
        m, rulings = scenario["map"], scenario["rulings"]
        self.moving = moving
        """``target`` or ``attacker``."""
        self.attacker, self.target, self.obstacles, self.creatures = read(m)
        self.stays = self.target if moving == "attacker" else self.attacker
        """The piece that stays."""
        self.ground = hex_map.ground_of(m)
        """The map's heights by hex."""
        self.ridge = rulings["d6.ruling.height-blocks"] == "ridge"
        """Whether hexes higher than both pieces are total obstacles."""
        self.edge, self.rule = rulings["d6.ruling.edge-line"], rulings["d6.ruling.surround"]
        self.light = light_levels(scenario["light"], scenario["attacker"]["vision"])
        """The cover levels the light adds (``light_levels``)."""
        self.combine = rulings["d6.ruling.light-and-obstacles"]
        """How light and obstacle levels combine."""
        self.map, self.rulings = m, rulings
        """The validated map and the rulings (the regions are read from them hex by hex)."""
        self.scene_light, self.vision = scenario["light"], scenario["attacker"]["vision"]
        """The scene's light and the attacker's vision, for the light a region gives."""
        enemies = [h for h, side in self.creatures.items() if side == "attacker"]
        self.surround = Surround(enemies if moving == "attacker" else [self.attacker, *enemies], self.rule == "adjacent")
        """The attacker's side around the target."""
        self.sights: dict[frozenset[Hex], Sight] = {}
        """The pieces in the way by the ridges that join them (none but on hills)."""

    def sight(self, ridges: list[Hex]) -> Sight:
        """What is in the way from the piece that stays, with ``ridges`` as total obstacles (``cover_between``)."""
        key = frozenset(ridges)
        if key not in self.sights:
            obstacles, creatures = self.obstacles, self.creatures
            if ridges:
                obstacles = {**obstacles, **dict.fromkeys(ridges, TOTAL)}
                creatures = {h: side for h, side in creatures.items() if h not in obstacles}
            self.sights[key] = Sight(self.stays, obstacles, creatures)
        return self.sights[key]

    def key(self, h: Hex) -> tuple[Key, bool | None]:
        """``reading_key`` of the full reading with the moving piece at ``h``, and whether an unbroken line gets past
        the total obstacles there (True when no line needs one; None when it was not asked: a line with that many
        obstacle levels on either resolution is in total cover whether or not one gets past)."""
        a, t = (h, self.target) if self.moving == "attacker" else (self.attacker, h)
        ground = self.ground
        ridges = hex_map.ridge_hexes(ground, a, t) if ground and self.ridge else []
        sight = self.sight(ridges)
        paths = sight.counts(h)
        light, combine = self.light, self.combine
        regional, mp, mt = regions.NOTHING, 0, 0
        if self.map["regions"]:  # the brush on the line counts after the map's own (no line is looked for past it)
            regional = regions.read(self.map, a, t)
            mp, mt = regions.obstacles(regional, self.rulings)
            light = light_levels(regions.light(regional, self.scene_light, self.rulings), self.vision)
        clear: bool | None = True
        if not any(total for _, total in paths):
            partial, total = cover_of(paths, True, self.edge)
            level = combine_cover(partial + mp, total + mt, light, combine).level
        elif all(combine_cover(partial + total + mp, mt, light, combine).level == TOTAL for partial, total in paths):
            clear, level = None, TOTAL  # blocked: total cover; clear: the obstacles count as levels, that many too
        else:
            clear = sight.clearance.clear(h)
            partial, total = cover_of(paths, clear, self.edge)
            level = combine_cover(partial + mp, total + mt, light, combine).level
        surrounded = self.surround.around(h) if self.moving == "target" else self.surround.around(t, h)
        heights = (ground.get(a, 0), ground.get(t, 0)) if ground else None
        far = abs(a.q - t.q) + abs(a.r - t.r) + abs(a.s - t.s) > 2 * MELEE_REACH  # the distance, doubled
        found = (level, far, surrounded, higher(heights))
        return ((*found, regional.key) if self.map["regions"] else found), clear

    def reading(self, h: Hex, clear: bool | None = None) -> hex_map.MapCover:
        """The full reading with the moving piece at ``h``, as a single evaluation makes it (``clear``: whether an
        unbroken line gets past the total obstacles, when known)."""
        a, t = (h, self.target) if self.moving == "attacker" else (self.attacker, h)
        totals = [x for x, kind in self.obstacles.items() if kind == TOTAL]
        return hex_map.cover_between(a, t, self.obstacles, self.creatures, self.ground, self.edge, self.rule, self.ridge,
                                   totals, clear)


def overlay(scenario: dict[str, Any], answer: Answer) -> dict[str, Any]:
    """The ``overlay`` result key of a validated map scenario that asks for one."""
    moving, m = scenario["overlay"], scenario["map"]
    placed = pieces(m)
    here = placed[0] if moving == "attacker" else placed[1]
    hexes = standing_hexes(drawn_cells(m, placed), (h for h in placed if h != here), BOARD_COORD)
    seen = FixedPieceView(scenario, moving)
    answers: dict[Key, dict[str, Any]] = {}  # each key's entry values
    entries = []
    for h in counted(hexes):
        key, clear = seen.key(h)
        values = answers.get(key)
        if values is None:
            values = answers[key] = entry_values(answer(moved(scenario, moving, h), seen.reading(h, clear)), COVER_KEY)
        entries.append({"hex": list(h.qr), **values})
    return overlay_result(moving, entries)
