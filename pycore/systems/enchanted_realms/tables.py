"""Enchanted Realms' numbers, rules and rulings, as printed in the source (rule text 000)."""

from __future__ import annotations

from ...maps.areas import area_rulings
from ...rules import Choice, Rule, Ruling

SYSTEM = "enchanted-realms"
TITLE = "Enchanted Realms"

ATTACK_PAGE = "rules/enchanted-realms/attacks/"
COVER_PAGE = "rules/enchanted-realms/cover/"
OBSCUREMENT_PAGE = "rules/enchanted-realms/obscurement/"
FRIENDLY_FIRE_PAGE = "rules/enchanted-realms/friendly-fire/"

NATURAL_HIT = 20
"""A natural 20 always hits."""
NATURAL_MISS = 1
"""A natural 1 always misses."""
PARTIAL_DEFENSE = 3
"""Partial cover: +3 Defense against ranged attacks."""
PARTIAL_AGILITY = 3
"""Partial cover: the same +3 to Agility saves against area effects (other saves get nothing)."""
FULL_AGILITY = 5
"""Full cover: +5 to Agility saves against an area effect."""
HEX_FEET = 5
"""One hex is 5 ft."""
STRAY_REACH_FEET = 10
"""The stray hexes on the line of fire are 10 ft in front of and behind the target."""
STRAY_REACH = STRAY_REACH_FEET // HEX_FEET
"""... which is 2 hexes."""
STRAY_DIE = 10
"""The stray roll is a d10."""
STRAY_SLOTS = 8
"""Hexes around the target are numbered 1 through 8 ..."""
EMPTY_FACES = tuple(range(STRAY_SLOTS + 1, STRAY_DIE + 1))
"""... and 9 and 10 are empty: the shot hits nothing."""
FORWARD = 2
"""Friendly fire rolls the raw dice forward by 2."""

AIMED = ("ranged", "sight-spell")
"""Kinds aimed at one creature: cover adds to Defense, they cannot target full cover, and they can stray."""
ATTACKER = "attacker"
"""The occupant name of the attacker's own hex when the ruling lets the attacker be struck."""

OWN_RULES: tuple[Rule, ...] = (
    Rule("er.attack.pool", "A pool of d20s, each die on its own", ATTACK_PAGE),
    Rule("er.attack.natural", "A natural 20 always hits, a natural 1 always misses", ATTACK_PAGE),
    Rule("er.attack.split", "Split dice are separate attacks", ATTACK_PAGE),
    Rule("er.cover.partial", "Partial cover: +3 Defense", COVER_PAGE),
    Rule("er.cover.partial-saves", "Partial cover: +3 to Agility saves against area effects", COVER_PAGE),
    Rule("er.cover.three-quarters", "Three-quarters cover", COVER_PAGE),
    Rule("er.cover.full", "Full cover: no ranged attack or sight spell can target it", COVER_PAGE),
    Rule("er.cover.full-area", "Full cover against area effects: +5 to Agility saves", COVER_PAGE),
    Rule("er.cover.area-caught", "Who an area catches", COVER_PAGE),
    Rule("er.cover.full-acting", "Acting from full cover", COVER_PAGE),
    Rule("er.cover.fire-anyway", "Firing at full cover anyway", COVER_PAGE),
    Rule("er.cover.unseen", "A sight spell needs a target it can see", COVER_PAGE),
    Rule("er.obscurement.penalty", "Obscurement is a penalty on the one acting", OBSCUREMENT_PAGE),
    Rule("er.obscurement.lighting", "Lighting as a penalty", OBSCUREMENT_PAGE),
    Rule("er.ff.when", "When friendly fire is used", FRIENDLY_FIRE_PAGE),
    Rule("er.ff.whole-pool", "Every die must miss; one alternate target", FRIENDLY_FIRE_PAGE),
    Rule("er.ff.stray-hexes", "The eight stray hexes", FRIENDLY_FIRE_PAGE),
    Rule("er.ff.hexes-only", "Hexes only: no square maps", FRIENDLY_FIRE_PAGE),
    Rule("er.ff.d10", "The d10: 1 to 8, with 9 and 10 empty", FRIENDLY_FIRE_PAGE),
    Rule("er.ff.forward", "Dice rolled forward by 2", FRIENDLY_FIRE_PAGE),
)

OWN_RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "er.ruling.unseen-sight-spell",
        "Can a spell that needs line of sight be cast at a target nobody can see?",
        COVER_PAGE,
        (
            Choice("no-target", "No viable target", "a blind shot, an invisible target or a blinded caster leaves a "
                   "spell aimed by sight nothing to aim at: it cannot be cast at the target, and nothing strays"),
            Choice("friendly-fire", "Cast at the spot, with friendly fire", "the caster aims at where the target is "
                   "thought to be, like an archer's blind shot: the spell is rolled with the penalties the GM sets, "
                   "and a complete miss may strike a creature in a stray hex"),
        ),
        "no-target",
        "The text says such spells have no viable target behind full cover, where the caster cannot see the "
        "target; a target that cannot be seen at all leaves the spell just as blind. Only an arrow or a bolt "
        "needs no sight to fly at a spot.",
    ),
    Ruling(
        "er.ruling.area-defense",
        "Does cover add to Defense against an area effect?",
        COVER_PAGE,
        (
            Choice("saves-only", "Saves only", "against an area effect, partial and three-quarters cover give only "
                   "the +3 to Agility saves; an area effect's own attack dice face the plain Defense"),
            Choice("defense-too", "Defense too", "partial and three-quarters cover also add +3 to Defense against an "
                   "area effect's attack dice (full cover still gives only the +5 save)"),
        ),
        "saves-only",
        "The text opens by saying cover aids Defense against ranged attacks, and names a separate bonus, to "
        "Agility saves, for area effects; adding both would count the same wall twice.",
    ),
    Ruling(
        "er.ruling.vicinity",
        "Who is \"in the vicinity\" for three-quarters cover?",
        FRIENDLY_FIRE_PAGE,
        (
            Choice("stray-hexes", "In a stray hex", "another creature stands in one of the eight stray hexes, where a "
                   "stray shot could strike it"),
            Choice("adjacent", "Next to the target", "another creature stands in one of the six hexes around the target"),
            Choice("within-10-ft", "Within 10 ft", "another creature stands within 10 ft (2 hexes) of the target"),
        ),
        "stray-hexes",
        "The eight stray hexes are the source's own picture of where a stray shot can go, so a creature there is "
        "exactly one the rule exists to protect; with nobody in them the procedure could strike no one anyway.",
    ),
    Ruling(
        "er.ruling.attacker-hex",
        "Can the attacker's own hex be a stray hex?",
        FRIENDLY_FIRE_PAGE,
        (
            Choice("empty", "Counts as empty", "the attacker's hex keeps its number, but a stray shot there hits "
                   "nothing: a missile does not turn back on its archer"),
            Choice("struck", "Attacker can be struck", "the attacker's hex is a stray hex like any other and the "
                   "attacker can be struck, against the attacker's own Defense"),
        ),
        "empty",
        "It only happens when the attacker stands next to the target or 10 ft from it, and a shot that misses "
        "flies on away from the shooter, never back into the shooter's hand.",
    ),
    Ruling(
        "er.ruling.front-behind-shooter",
        "The hex 10 ft in front of an adjacent target lies behind the attacker",
        FRIENDLY_FIRE_PAGE,
        (
            Choice("empty", "Counts as empty", "that hex keeps its number, but a stray shot there hits nothing"),
            Choice("counts", "Counts", "a creature in that hex, behind the attacker, can be struck"),
        ),
        "empty",
        "A shot fired at an adjacent target never passes that hex, so nothing there can be struck by it.",
    ),
    Ruling(
        "er.ruling.edge-side",
        "Which hex when the line of fire runs along a hex edge?",
        FRIENDLY_FIRE_PAGE,
        (
            Choice("right", "Attacker's right", "where the hex 10 ft in front or behind (or the line itself) falls "
                   "exactly on the edge between two hexes, take the one on the attacker's right, facing the target"),
            Choice("left", "Attacker's left", "take the hex on the attacker's left, facing the target"),
        ),
        "right",
        "The text does not say; one fixed side keeps every table's hexes the same and is easy to see on the map. "
        "Right was picked; nothing in the rules favours either side.",
    ),
    Ruling(
        "er.ruling.slot-order",
        "How are the eight stray hexes numbered?",
        FRIENDLY_FIRE_PAGE,
        (
            Choice("shooter-clockwise", "From the front, clockwise",
                   "1 is the hex 10 ft in front of the target (toward the attacker); 2 to 7 are the six hexes around "
                   "the target, clockwise on the map, starting with the one toward the attacker; 8 is the hex 10 ft "
                   "behind"),
            Choice("grid", "Grid order",
                   "1 to 6 are the six hexes around the target in the grid's direction order ([q+1, r], [q+1, r-1], "
                   "[q, r-1], [q-1, r], [q-1, r+1], [q, r+1]); 7 is the hex 10 ft in front, 8 the hex 10 ft behind"),
        ),
        "shooter-clockwise",
        "The GM numbers the hexes but the text gives no order. Numbering from the shooter's side, going round the "
        "way a clock does, can be done at a glance on any map; the odds do not depend on the order at all.",
    ),
)

KIND_CHOICES = (
    ("ranged", "Ranged attack"),
    ("sight-spell", "Spell that needs line of sight"),
    ("area", "Area effect (e.g. a fireball)"),
)
COVER_CHOICES = (
    ("none", "None"),
    ("partial", "Partial (at least half the body)"),
    ("three-quarters", "Three-quarters"),
    ("full", "Full"),
)
COVER_WORDS = {"partial": "partial cover", "three-quarters": "three-quarters cover", "full": "full cover"}

TRIGGER_WORDS = {
    "blind-shot": "a blind shot at a target known to be in an obscured area",
    "blinded-attacker": "the attacker is blinded",
    "invisible-target": "the target is invisible",
    "three-quarters-cover": "three-quarters cover with others in the vicinity",
    "full-cover": "firing at a target in full cover",
}
"""What calls for friendly fire, by trigger."""
WHY_NOT_WORDS = {
    "area": "an area effect is not aimed at one creature, so it cannot stray",
    "no-shot": "the target cannot be targeted at all, so no shot is fired",
    "unseen": "a spell that needs line of sight has no target it can see, so it is not cast at the target",
    "nobody-near": "three-quarters cover, but nobody else is in the vicinity",
    "no-trigger": "no blind shot, blinded attacker, invisible target or cover calls for it",
}
"""Why friendly fire is not used, by reason."""


REGION_RULES: tuple[Rule, ...] = (
    Rule("er.obscurement.regions", "Obscured ground on the map", OBSCUREMENT_PAGE),
    Rule("er.ff.blind-region", "A shot into ground where nothing can be seen", FRIENDLY_FIRE_PAGE),
)
"""The rules of obscured regions on the map."""

REGION_RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "er.ruling.region-into",
        "When is an attack made into an obscured region?",
        OBSCUREMENT_PAGE,
        (
            Choice("target", "The target is in it", "the penalty and the blind shot come from the regions the "
                   "target's hex lies in"),
            Choice("line", "The line crosses it", "they come from every region the line of fire passes through, "
                   "the attacker's and the target's hexes included"),
        ),
        "target",
        "The text puts the penalty on the one acting into the obscured area: what hides the target is the ground "
        "it stands in; an attacker standing in fog and shooting out is not acting into it.",
    ),
    Ruling(
        "er.ruling.region-penalty",
        "An obscured region's penalty and a penalty given as well",
        OBSCUREMENT_PAGE,
        (
            Choice("highest", "The larger", "the largest of the regions' penalties and the attack's own penalty "
                   "counts: they describe the same murk"),
            Choice("add", "Add them", "the regions' largest penalty is added to the attack's own penalty (for an "
                   "attack penalty that stands for something else, such as a condition)"),
        ),
        "highest",
        "The penalty box is how a table gave the fog before the map could draw it; counting the fog twice would "
        "punish the same shot for the same mist.",
    ),
)
"""The rulings of obscured regions on the map."""

RULES = (*OWN_RULES, *REGION_RULES)
"""Every rule of Enchanted Realms: its own and those of regions on a map."""

RULINGS = (*OWN_RULINGS, *(r for r in area_rulings("er.ruling", COVER_PAGE) if r.id != "er.ruling.area-point"), *REGION_RULINGS)
"""Every ruling of Enchanted Realms: its own, those areas rest on (``maps.areas``) and those of regions on a map."""
