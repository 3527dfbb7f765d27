"""d6 Skirmish's numbers, tables, rules and rulings, as printed in the source (rule text 003)."""

from __future__ import annotations

from ...maps.areas import area_rulings
from ...rules import Choice, Rule, Ruling

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
PARTIAL = "partial"
"""A partial obstacle: one level of cover."""

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

OWN_RULES: tuple[Rule, ...] = (
    Rule("d6.cover.partial-obstacle", "Partial obstacles", COVER_PAGE),
    Rule("d6.cover.total-obstacle", "Total obstacles", COVER_PAGE),
    Rule("d6.cover.seen-past", "A total obstacle a line gets past is partial", COVER_PAGE),
    Rule("d6.cover.level-1", "Cover level 1", COVER_PAGE),
    Rule("d6.cover.level-2", "Cover level 2", COVER_PAGE),
    Rule("d6.cover.total", "Total cover (level 3)", COVER_PAGE),
    Rule("d6.cover.area-effect", "Area effects and cover", COVER_PAGE),
    Rule("d6.map.line", "Counting along the line on a hex map", MAP_PAGE),
    Rule("d6.map.edge", "A line along a hex edge", MAP_PAGE),
    Rule("d6.map.squares", "Counting along the line on a square map", MAP_PAGE),
    Rule("d6.map.walls", "Walls, doors and outlines on a square map", MAP_PAGE),
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

OWN_RULINGS: tuple[Ruling, ...] = (
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
        "d6.ruling.map-height", "When a map gives heights, which height counts?", HEIGHT_PAGE,
        (Choice("map", "The map's", "the attacker's and the target's hexes decide above, level or below; "
                "any difference counts"),
         Choice("form", "The form's", "the attacker's height chosen in the form decides; the map's heights are only drawn")),
        "map",
        "The map is what the table looks at, and a piece moved onto a hill should gain the hill at once; "
        "the text counts any height advantage, however small.",
    ),
    Ruling(
        "d6.ruling.height-blocks", "Does high ground between them block the line?", HEIGHT_PAGE,
        (Choice("never", "No", "heights change the attack roll only; they never block a line"),
         Choice("ridge", "Yes, a ridge", "a hex higher than both the attacker's and the target's is a total obstacle "
                "between them")),
        "never",
        "The text gives height only as a +1 or -1 to the attack roll and says nothing of high ground in between; "
        "a table that plays hills as walls can switch it on.",
    ),
    Ruling(
        "d6.ruling.blind-spells", "Does blindness limit [TARGET] spells too?", CONDITIONS_PAGE,
        (Choice("aimed", "Yes", "a [TARGET] spell is aimed like an attack: only within 1 inch, hits on 6"),
         Choice("attacks-only", "No", "only [ATTACK] actions are limited")),
        "aimed",
        "A blinded caster cannot see a target to pick it any more than an archer can.",
    ),
    Ruling(
        "d6.ruling.square-diagonal", "On a square map, how far is a diagonal step?", MAP_PAGE,
        (Choice("one", "One square", "every step to one of the eight squares around counts 1 inch, diagonals too"),
         Choice("alternate", "1, then 2", "every second diagonal step counts 2 inches (1, 2, 1, 2 ...)")),
        "one",
        "On hexes every one of the six neighbours is 1 inch away, and a creature next to another on a square map "
        "touches it across a corner as much as across an edge; the 1-inch reach of a blinded attacker should "
        "take in all eight squares around it.",
    ),
    Ruling(
        "d6.ruling.map-objects", "What is an object's outline on a square map?", MAP_PAGE,
        (Choice("total", "A total obstacle", "pillars, large rocks and heavy furniture drawn as outlines block "
                "like a high wall: total cover unless some line gets past"),
         Choice("partial", "A partial obstacle", "each outline the line crosses is one level of cover, never total")),
        "total",
        "Map makers outline the solid things that block sight (a pillar, a boulder); the text lists large "
        "boulders among the total obstacles. A table whose outlines are mostly small furniture can make them partial.",
    ),
    Ruling(
        "d6.ruling.map-low-walls", "What is a low wall on a square map?", MAP_PAGE,
        (Choice("partial", "A partial obstacle", "each low wall the line crosses is one level of cover"),
         Choice("ignore", "Nothing", "the line passes over low walls: they give no cover")),
        "partial",
        "The text names low walls among the partial obstacles.",
    ),
    Ruling(
        "d6.ruling.map-light", "Where a square map has lights, what light is the target in?", LIGHT_PAGE,
        (Choice("lights", "The map's lights", "a target whose square's centre is within a light's range is in "
                "bright light unless the straight line from the light to that centre crosses a line that is a total "
                "obstacle (a wall, a closed door, or an object's outline while outlines are total obstacles); low "
                "walls, open doors and pieces on squares do not stop it. Elsewhere the scenario's light holds"),
         Choice("scenario", "The scenario's light", "the map's lights are only drawn: the scenario's light holds "
                "everywhere")),
        "lights",
        "The text ties light to the place (a torchlit room, an unlit cavern); a map's lights say where the light "
        "is, and a light source's own range is how far it lights brightly. What a light reaches is read at the "
        "target, whose visibility the table is about.",
    ),
    Ruling(
        "d6.ruling.map-count", "What is one obstacle among a square map's lines?", MAP_PAGE,
        (Choice("obstacles", "As drawn", "each place where the centre line crosses a map's lines is one obstacle, as a "
                "player counts on the table: a wall crossed twice is two, an outline closed on itself one however "
                "often the line goes in and out, and lines drawn end to end or over each other one where the line "
                "crosses them together"),
         Choice("entries", "Each entry", "each of the map's entries the centre line crosses is one obstacle, "
                "however often it crosses it")),
        "obstacles",
        "The text counts the obstacles the line passes; how a map maker split a room's lines into entries is no part "
        "of the room, so a low wall bent across the line twice is two obstacles whether it was drawn as one entry or "
        "as two, while a pillar is one.",
    ),
    Ruling(
        "d6.ruling.map-joints", "What does the centre line cross where walls of different kinds meet end to end?",
        MAP_PAGE,
        (Choice("neither", "Neither", "each is only touched at its end, so neither counts (the edge ruling decides "
                "touches)"),
         Choice("lesser", "The lesser", "the line goes through what the two make together: it counts as the lesser "
                "of them, one partial level")),
        "neither",
        "A wall and a low wall meeting end to end are two obstacles, and the line only grazes the end of each; a "
        "table that reads the joint as a gap it must shoot through can count the lesser of the two.",
    ),
    Ruling(
        "d6.ruling.map-points", "What is a wall of no length (a single point) on a square map?", MAP_PAGE,
        (Choice("nothing", "Nothing", "a line drawn as one point stands in no one's way, whatever the edge ruling"),
         Choice("post", "A post", "a point on the centre line is a post the line touches: it counts as the edge "
                "ruling counts a touch")),
        "nothing",
        "A point has no length to stand behind; map makers' exports leave such points where a wall was deleted.",
    ),
)
REGION_RULES: tuple[Rule, ...] = (
    Rule("d6.map.light-regions", "Light levels marked on the map", MAP_PAGE),
    Rule("d6.map.brush", "Brush and dense brush on the map", MAP_PAGE),
    Rule("d6.map.openings", "Windows and arrow slits on a square map", MAP_PAGE),
)
"""The rules of regions and openings on a map."""

REGION_RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "d6.ruling.region-light",
        "A light level marked on the map, and the map's lights or the scene's light",
        MAP_PAGE,
        (
            Choice("region", "The region's", "where the target stands in a region of a light level, that level is "
                   "the light there, whatever the map's lights and the scene's light say; where regions overlap, "
                   "the one listed last"),
            Choice("brighter", "The brighter", "the brighter of the region's level and the light the map's lights "
                   "or the scene give"),
        ),
        "region",
        "A region is the map maker's word for that very spot (a dark cellar in a sunlit scene, a lit room in the "
        "night); the scene's light is for the rest of the map.",
    ),
    Ruling(
        "d6.ruling.dense-brush",
        "Does dense brush the line passes through block it?",
        MAP_PAGE,
        (
            Choice("total", "Total obstacle", "dense brush the centre line passes through is a total obstacle, as "
                   "the text lists it: total cover"),
            Choice("partial", "Partial obstacle", "dense brush counts one level, like other brush (for tables where "
                   "one can glimpse a target through the leaves)"),
        ),
        "total",
        "The text names dense brush among the total obstacles; a region has no edge to see past, so no unbroken "
        "line is looked for beside it.",
    ),
    Ruling(
        "d6.ruling.openings",
        "What does a window or an arrow slit give?",
        MAP_PAGE,
        (
            Choice("partial", "A partial obstacle", "the centre line through a window or a slit counts it as one "
                   "partial obstacle, like peeking around a corner, wherever the two stand"),
            Choice("open", "Nothing", "an opening stands in nobody's way; only the wall around it counts"),
        ),
        "partial",
        "The text counts peeking around a corner as a partial obstacle; shooting through a narrow opening shows "
        "as little of the body, and the text gives no more levels than that to anything short of a wall.",
    ),
)
"""The rulings of regions and openings on a map."""

RULES = (*OWN_RULES, *REGION_RULES)
"""Every rule of d6 Skirmish: its own and those of regions on a map."""

RULINGS = (*OWN_RULINGS, *area_rulings("d6.ruling", MAP_PAGE), *REGION_RULINGS)
"""Every ruling of d6 Skirmish: its own, those areas rest on (``maps.areas``) and those of regions on a map."""
