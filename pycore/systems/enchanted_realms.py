"""Enchanted Realms: cover, obscurement and friendly fire with pools of d20s (source: rule text 000).

Every chance is exact (``fractions.Fraction``). A die is compared on its own with the target's
Defense; when friendly fire applies and every die of an attack misses, the d10 picks one of eight
stray hexes and the whole pool, rolled forward by 2, is checked against whoever stands there.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any, Iterable

from ..dice import D20, D20_SIDES, binomial, convolve, exact, mean, product
from ..errors import FieldError, ScenarioError
from ..hexgrid import DIRECTIONS, Hex, distance, line, neighbors, point_along, subtract
from ..rules import Choice, Rule, Ruling
from ..schema import Field, Inputs

SYSTEM = "enchanted-realms"
TITLE = "Enchanted Realms"

ATTACK_PAGE = "rules/enchanted-realms/attacks/"
COVER_PAGE = "rules/enchanted-realms/cover/"
OBSCUREMENT_PAGE = "rules/enchanted-realms/obscurement/"
FRIENDLY_FIRE_PAGE = "rules/enchanted-realms/friendly-fire/"

# --- the numbers of the source text ----------------------------------------------------------------

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

RULES: tuple[Rule, ...] = (
    Rule("er.attack.pool", "A pool of d20s, each die on its own", ATTACK_PAGE),
    Rule("er.attack.natural", "A natural 20 always hits, a natural 1 always misses", ATTACK_PAGE),
    Rule("er.attack.split", "Split dice are separate attacks", ATTACK_PAGE),
    Rule("er.cover.partial", "Partial cover: +3 Defense", COVER_PAGE),
    Rule("er.cover.partial-saves", "Partial cover: +3 to Agility saves against area effects", COVER_PAGE),
    Rule("er.cover.three-quarters", "Three-quarters cover", COVER_PAGE),
    Rule("er.cover.full", "Full cover: no ranged attack or sight spell can target it", COVER_PAGE),
    Rule("er.cover.full-area", "Full cover against area effects: +5 to Agility saves", COVER_PAGE),
    Rule("er.cover.full-acting", "Acting from full cover", COVER_PAGE),
    Rule("er.cover.fire-anyway", "Firing at full cover anyway", COVER_PAGE),
    Rule("er.obscurement.penalty", "Obscurement is a penalty on the one acting", OBSCUREMENT_PAGE),
    Rule("er.obscurement.lighting", "Lighting as a penalty", OBSCUREMENT_PAGE),
    Rule("er.ff.when", "When friendly fire is used", FRIENDLY_FIRE_PAGE),
    Rule("er.ff.whole-pool", "Every die must miss; one alternate target", FRIENDLY_FIRE_PAGE),
    Rule("er.ff.stray-hexes", "The eight stray hexes", FRIENDLY_FIRE_PAGE),
    Rule("er.ff.d10", "The d10: 1 to 8, with 9 and 10 empty", FRIENDLY_FIRE_PAGE),
    Rule("er.ff.forward", "Dice rolled forward by 2", FRIENDLY_FIRE_PAGE),
)
RULE_BY_ID: dict[str, Rule] = {r.id: r for r in RULES}

RULINGS: tuple[Ruling, ...] = (
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
RULING_BY_ID: dict[str, Ruling] = {r.id: r for r in RULINGS}

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
HEX_RANGE = 99
DEFENSE_MIN, DEFENSE_MAX = 0, 60
MAX_OTHERS = 30

OTHER_FIELDS = (
    Field("name", "text", "Name", maximum=40),
    Field("hex", "hex", "Hex", minimum=-HEX_RANGE, maximum=HEX_RANGE),
    Field("defense", "int", "Defense", minimum=DEFENSE_MIN, maximum=DEFENSE_MAX),
)

INPUTS = Inputs(
    SYSTEM,
    (
        Field("attack.kind", "choice", "Attack", default="ranged", choices=KIND_CHOICES, rule="er.cover.full"),
        Field("attack.dice", "int", "d20s in the pool", default=1, minimum=1, maximum=20, rule="er.attack.pool"),
        Field("attack.modifier", "int", "Modifier added to each die", default=0, minimum=-50, maximum=50,
              rule="er.attack.pool"),
        Field("attack.penalty", "int", "Penalty (obscurement, conditions)", default=0, minimum=0, maximum=50,
              help="Taken off each die: fog, darkness, blindness and the like, as the GM rules.",
              rule="er.obscurement.penalty"),
        Field("target.defense", "int", "Target's Defense", default=10, minimum=DEFENSE_MIN, maximum=DEFENSE_MAX,
              help="Before cover; the calculator adds the cover bonus.", rule="er.attack.pool"),
        Field("target.cover", "choice", "Target's cover", default="none", choices=COVER_CHOICES, rule="er.cover.partial"),
        Field("attacker.hex", "hex", "Attacker's hex", default=(0, 0), minimum=-HEX_RANGE, maximum=HEX_RANGE,
              help="Axial q, r (one hex is 5 ft).", rule="er.ff.stray-hexes"),
        Field("target.hex", "hex", "Target's hex", default=(4, 0), minimum=-HEX_RANGE, maximum=HEX_RANGE,
              help="Axial q, r.", rule="er.ff.stray-hexes"),
        Field("others", "records", "Other creatures nearby", default=(), max_items=MAX_OTHERS,
              item_fields=OTHER_FIELDS, rule="er.ff.stray-hexes",
              help='A JSON list, e.g. [{"name": "Bram", "hex": [5, 0], "defense": 12}].'),
        Field("blind_shot", "bool", "Blind shot: the target is known to be in an obscured area, not seen",
              default=False, rule="er.ff.when"),
        Field("attacker.blinded", "bool", "The attacker is blinded", default=False, rule="er.ff.when"),
        Field("target.invisible", "bool", "The target is invisible", default=False, rule="er.ff.when"),
        Field("attack.fire_anyway", "bool", "Fire at the target in full cover anyway", default=False,
              rule="er.cover.fire-anyway"),
        Field("attack.split", "ints", "Split the dice into separate attacks", optional=True, minimum=1, maximum=20,
              max_items=20, help="Dice per attack, adding up to the pool, e.g. 2 1; leave empty for one attack.",
              rule="er.attack.split"),
        Field("attack.rolls", "ints", "Dice actually rolled", optional=True, minimum=1, maximum=D20_SIDES, max_items=20,
              help="Optional: one raw d20 per die, e.g. 12 5 20, to resolve a real throw.", rule="er.attack.pool"),
        Field("attack.d10", "int", "Stray d10 actually rolled", optional=True, minimum=1, maximum=STRAY_DIE,
              help="Optional: the friendly-fire d10, used when every die misses.", rule="er.ff.d10"),
        Field("attack.d10s", "ints", "Stray d10s rolled, one per split attack", optional=True, minimum=1,
              maximum=STRAY_DIE, max_items=20, help="Optional, with split dice: one d10 per attack, in order.",
              rule="er.attack.split"),
        Field("attacker.defense", "int", "Attacker's Defense", optional=True, minimum=DEFENSE_MIN, maximum=DEFENSE_MAX,
              help="Only needed when a ruling lets the attacker be struck by a stray shot.",
              rule="er.ff.stray-hexes"),
    ),
    RULINGS,
)


# --- single dice ---------------------------------------------------------------------------------


def die_hits(raw: int, modifier: int, penalty: int, defense: int) -> bool:
    """Whether one die hits: a natural 20 always, a natural 1 never, otherwise die + modifier - penalty >= Defense."""
    if raw == NATURAL_HIT:
        return True
    if raw == NATURAL_MISS:
        return False
    return raw + modifier - penalty >= defense


def roll_forward(raw: int) -> int:
    """A raw die rolled forward by 2 for friendly fire: 18 and 19 become a natural 20, a 1 becomes a raw 3."""
    return min(raw + FORWARD, NATURAL_HIT)


def forward_hits(raw: int, modifier: int, penalty: int, defense: int) -> bool:
    """Whether a die that strayed strikes a creature of ``defense``: the forward value, never a natural 1."""
    return die_hits(roll_forward(raw), modifier, penalty, defense)


def faces_needed(faces: Iterable[int]) -> int | None:
    """The lowest raw face in a set of hitting faces (they always run from there up to 20), or None."""
    faces = list(faces)
    return min(faces) if faces else None


# --- exact distributions ---------------------------------------------------------------------------


def stray_hits(group: int, miss: int, strikes: int) -> list[Fraction]:
    """Hits on one creature in a stray hex from one attack of ``group`` dice, k = 0..group.

    ``miss`` faces miss the target and ``strikes`` of them strike the creature once rolled forward.
    All dice must miss (each uniform on the miss faces, independently), then the d10 must land on
    that creature's hex (1 in 10); the dice are then checked against it.
    """
    out = [Fraction(0)] * (group + 1)
    slot = Fraction(1, STRAY_DIE)
    for k in range(1, group + 1):
        out[k] = slot * comb(group, k) * Fraction(strikes, D20_SIDES) ** k * Fraction(miss - strikes, D20_SIDES) ** (group - k)
    out[0] = 1 - sum(out[1:])
    return out


# --- the stray hexes -------------------------------------------------------------------------------


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
    place: str
    """``front`` (10 ft toward the attacker), ``behind`` (10 ft beyond the target) or ``adjacent``."""
    blocked: str = ""
    """Why nothing in this hex can be struck (``attacker``, ``behind-shooter``), or ``""``."""


@dataclass(frozen=True)
class StrayLayout:
    """The stray hexes of one shot and the geometry behind them."""

    slots: tuple[Slot, ...]
    line: tuple[Hex, ...]
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


# --- validation the schema cannot do -------------------------------------------------------------


def check(s: dict[str, Any]) -> None:
    """Cross-field checks; raise ScenarioError naming each bad field."""
    errors: list[FieldError] = []
    attack = s["attack"]
    dice = attack["dice"]
    a, b = tuple(s["attacker"]["hex"]), tuple(s["target"]["hex"])
    if a == b:
        errors.append(FieldError("target.hex", "is the attacker's hex: the target must stand in another hex"))
    split = attack["split"]
    if split is not None:
        if not split:
            errors.append(FieldError("attack.split", "is an empty list: give the dice of each attack, or leave it out"))
        elif sum(split) != dice:
            errors.append(FieldError("attack.split", f"adds up to {sum(split)}, but the pool has {dice} "
                                     f"{'die' if dice == 1 else 'dice'}: the groups must add up to attack.dice"))
    rolls = attack["rolls"]
    if rolls is not None and len(rolls) != dice:
        errors.append(FieldError("attack.rolls", f"has {len(rolls)} {'die' if len(rolls) == 1 else 'dice'}, "
                                 f"but the pool has {dice}: give one raw d20 per die"))
    if attack["d10"] is not None:
        if split is not None:
            errors.append(FieldError("attack.d10", "cannot be used with split dice: give one d10 per attack in attack.d10s"))
        elif rolls is None:
            errors.append(FieldError("attack.d10", "is only used with the dice actually rolled: fill in attack.rolls too"))
    d10s = attack["d10s"]
    if d10s is not None:
        if split is None:
            errors.append(FieldError("attack.d10s", "is only for split dice: use attack.d10 for a single attack"))
        elif len(d10s) != len(split):
            errors.append(FieldError("attack.d10s", f"has {len(d10s)} d10s for {len(split)} split attacks: give one per attack"))
        elif rolls is None:
            errors.append(FieldError("attack.d10s", "is only used with the dice actually rolled: fill in attack.rolls too"))
    seen_names: dict[str, int] = {}
    seen_hexes: dict[tuple[int, int], int] = {}
    for i, other in enumerate(s["others"]):
        name, where = other["name"], other["hex"]
        if isinstance(name, str):
            if not name.strip():
                errors.append(FieldError(f"others.{i}.name", "is empty: give each creature a name"))
            elif name.strip().lower() == ATTACKER:
                errors.append(FieldError(f"others.{i}.name", f'"{name}" is reserved for the attacker: pick another name'))
            elif name in seen_names:
                errors.append(FieldError(f"others.{i}.name", f'"{name}" is already the name of others.{seen_names[name]}'))
            else:
                seen_names[name] = i
        if isinstance(where, list) and len(where) == 2:
            spot = tuple(where)
            if spot == b:
                errors.append(FieldError(f"others.{i}.hex", "is the target's hex: one creature per hex"))
            elif spot == a:
                errors.append(FieldError(f"others.{i}.hex", "is the attacker's hex: one creature per hex"))
            elif spot in seen_hexes:
                errors.append(FieldError(f"others.{i}.hex", f"is also the hex of others.{seen_hexes[spot]}: one creature per hex"))
            else:
                seen_hexes[spot] = i
    if errors:
        raise ScenarioError(errors)


# --- evaluation ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Creature:
    """Someone who might be struck by a stray shot."""

    name: str
    hex: Hex
    defense: int


def _cover_effects(s: dict[str, Any], rules: list[str], notes: list[str], used: list[str]) -> tuple[bool, int, dict[str, int]]:
    """targetable, Defense bonus and save bonus from the target's cover and the kind of attack."""
    kind, cover = s["attack"]["kind"], s["target"]["cover"]
    aimed = kind in AIMED
    if cover in ("partial", "three-quarters"):
        if aimed:
            rules.append("er.cover.partial")
            if cover == "three-quarters":
                rules.append("er.cover.three-quarters")
            return True, PARTIAL_DEFENSE, {}
        rules.append("er.cover.partial-saves")
        if cover == "three-quarters":
            rules.append("er.cover.three-quarters")
        used.append("er.ruling.area-defense")
        bonus = PARTIAL_DEFENSE if s["rulings"]["er.ruling.area-defense"] == "defense-too" else 0
        if bonus:
            rules.append("er.cover.partial")
        notes.append(f"Against an area effect this cover gives +{PARTIAL_AGILITY} to Agility saves; other saves gain nothing.")
        return True, bonus, {"agility": PARTIAL_AGILITY}
    if cover == "full":
        rules.append("er.cover.full")
        notes.append("In full cover the target cannot act toward the direction the cover protects it from "
                     "(it may drink a potion, but not lean out and shoot back).")
        rules.append("er.cover.full-acting")
        if aimed:
            what = "a ranged attack" if kind == "ranged" else "a spell that needs line of sight"
            notes.append(f"Full cover: {what} cannot target this creature.")
            if kind == "sight-spell" and s["attack"]["fire_anyway"]:
                notes.append("A spell that needs line of sight has no target at all here, so it cannot be fired anyway.")
            return False, 0, {}
        rules.append("er.cover.full-area")
        notes.append(f"An area effect still reaches a creature in full cover, which gets +{FULL_AGILITY} to Agility saves.")
        return True, 0, {"agility": FULL_AGILITY}
    return True, 0, {}


def _vicinity(s: dict[str, Any], others: list[Creature], layout: StrayLayout) -> bool:
    """Whether another creature is in the vicinity of the target, per ``er.ruling.vicinity``."""
    target = Hex.axial(*s["target"]["hex"])
    choice = s["rulings"]["er.ruling.vicinity"]
    if choice == "adjacent":
        return any(distance(c.hex, target) == 1 for c in others)
    if choice == "within-10-ft":
        return any(distance(c.hex, target) <= STRAY_REACH for c in others)
    open_hexes = {slot.hex for slot in layout.slots if not slot.blocked}
    return any(c.hex in open_hexes for c in others)


def evaluate(s: dict[str, Any]) -> dict[str, Any]:
    """Evaluate a validated enchanted-realms scenario into the contract's result dict."""
    check(s)
    rulings = s["rulings"]
    attack, attacker, target = s["attack"], s["attacker"], s["target"]
    kind, cover = attack["kind"], target["cover"]
    modifier, penalty, dice = attack["modifier"], attack["penalty"], attack["dice"]
    groups = list(attack["split"]) if attack["split"] is not None else [dice]
    rules: list[str] = ["er.attack.pool"]
    notes: list[str] = []
    used: list[str] = []

    targetable, bonus, saves = _cover_effects(s, rules, notes, used)
    fire_anyway = attack["fire_anyway"] and cover == "full" and kind == "ranged"
    if attack["fire_anyway"] and cover != "full":
        notes.append("\"Fire anyway\" only matters against full cover; it changes nothing here.")
    elif attack["fire_anyway"] and kind == "area":
        notes.append("An area effect reaches full cover anyway; \"fire anyway\" changes nothing here.")
    if fire_anyway:
        rules.append("er.cover.fire-anyway")
    if penalty:
        rules.append("er.obscurement.penalty")
        notes.append(f"The penalty of {penalty} is on the attacker, not a bonus to the target; "
                     "obscurement hinders other actions (an Awareness check, say) the same way.")
    defense = target["defense"] + bonus
    shot = targetable or fire_anyway

    hit_faces = [r for r in D20 if die_hits(r, modifier, penalty, defense)] if targetable else []
    miss = D20_SIDES - len(hit_faces)
    p = Fraction(len(hit_faces), D20_SIDES)
    if targetable:
        rules.append("er.attack.natural")
    distribution = binomial(dice, p)

    # friendly fire: when, where, and who
    a, b = Hex.axial(*attacker["hex"]), Hex.axial(*target["hex"])
    layout = stray_layout(a, b, rulings)
    others = [Creature(o["name"], Hex.axial(*o["hex"]), o["defense"]) for o in s["others"]]
    triggers: list[str] = []
    if s["blind_shot"]:
        triggers.append("blind-shot")
    if attacker["blinded"]:
        triggers.append("blinded-attacker")
    if target["invisible"]:
        triggers.append("invisible-target")
    near = None
    if cover == "three-quarters" and kind in AIMED:
        used.append("er.ruling.vicinity")
        near = _vicinity(s, others, layout)
        if near:
            triggers.append("three-quarters-cover")
    if fire_anyway:
        triggers.append("full-cover")
    applies = bool(triggers) and shot and kind in AIMED
    reason = _reason(triggers, applies, kind, shot, cover, near)
    if triggers or near is not None:
        rules.append("er.ff.when")
    if kind == "area" and triggers:
        notes.append("An area effect is not aimed at one creature, so it cannot stray: friendly fire does not apply.")

    occupants: dict[Hex, Creature] = {c.hex: c for c in others}
    attacker_struck = rulings["er.ruling.attacker-hex"] == "struck"
    if applies:
        rules.extend(["er.ff.whole-pool", "er.ff.stray-hexes", "er.ff.d10", "er.ff.forward"])
        used.append("er.ruling.slot-order")
        if layout.attacker_slot:
            used.append("er.ruling.attacker-hex")
            if attacker_struck:
                if attacker["defense"] is None:
                    raise ScenarioError([FieldError("attacker.defense", "is required: the attacker's hex is a stray hex and "
                                                    "ruling er.ruling.attacker-hex lets the attacker be struck")])
                occupants[a] = Creature(ATTACKER, a, attacker["defense"])
        if layout.front_behind_shooter:
            used.append("er.ruling.front-behind-shooter")
    if layout.tie and (applies or near is not None):
        used.append("er.ruling.edge-side")
    if attack["split"] is not None:
        rules.append("er.attack.split")

    slot_of = {slot.hex: slot for slot in layout.slots}
    creatures = []
    struck_chance: dict[str, float] = {}
    struck_exact: dict[str, str] = {}
    listed = list(others) + ([occupants[a]] if a in occupants else [])
    for c in listed:
        slot = slot_of.get(c.hex)
        strikes_faces = [r for r in D20 if r not in hit_faces and forward_hits(r, modifier, penalty, c.defense)]
        dist = [Fraction(1)] + [Fraction(0)] * dice
        if applies and slot is not None and not slot.blocked:
            dist = [Fraction(1)]
            for g in groups:
                dist = convolve(dist, stray_hits(g, miss, len(strikes_faces)))
        struck = 1 - dist[0]
        expected = mean(dist)
        forward_faces = [r for r in D20 if forward_hits(r, modifier, penalty, c.defense)]
        creatures.append({
            "name": c.name,
            "hex": list(c.hex.qr),
            "defense": c.defense,
            "slot": slot.number if slot else None,
            "can_be_struck": bool(applies and slot is not None and not slot.blocked),
            "forward_needs": faces_needed(forward_faces),
            **exact("forward_die_chance", Fraction(len(forward_faces), D20_SIDES)),
            **exact("struck_chance", struck),
            **exact("expected_hits", expected),
            "hits_distribution": [{"hits": k, **exact("chance", q)} for k, q in enumerate(dist)],
        })
        struck_chance[c.name] = float(struck)
        struck_exact[c.name] = str(struck)

    stray_groups = []
    for g in groups:
        strays = Fraction(miss, D20_SIDES) ** g if applies else Fraction(0)
        stray_groups.append({"dice": g, **exact("stray_chance", strays)})
    any_stray = 1 - product(1 - Fraction(x["stray_chance_exact"]) for x in stray_groups)

    slots_out = []
    for slot in layout.slots:
        who = occupants.get(slot.hex)
        slots_out.append({
            "number": slot.number,
            "hex": list(slot.hex.qr),
            "occupant": who.name if who and not slot.blocked else None,
            "place": slot.place,
            "blocked": slot.blocked or None,
        })

    hit_chance = 1 - distribution[0]
    expected_hits = mean(distribution)
    result: dict[str, Any] = {
        "targetable": targetable,
        "attack_modifier": modifier - penalty,
        "defense_bonus": bonus,
        "save_bonus": saves,
        **exact("hit_chance", hit_chance),
        "rules": rules,
        "notes": notes,
        "rulings_used": used,
        "kind": kind,
        "cover": cover,
        "defense": defense,
        "dice": dice,
        "groups": groups,
        **exact("die_hit_chance", p),
        "needs": faces_needed(hit_faces),
        "hits_distribution": [{"hits": k, **exact("chance", q)} for k, q in enumerate(distribution)],
        **exact("expected_hits", expected_hits),
        "line_of_fire": [list(h.qr) for h in layout.line],
        "friendly_fire": {
            "applies": applies,
            "reason": reason,
            "triggers": triggers,
            "slots": slots_out,
            "empty_faces": list(EMPTY_FACES),
            "struck_chance": struck_chance,
            "struck_chance_exact": struck_exact,
            "creatures": creatures,
            "groups": stray_groups,
            **exact("stray_chance", any_stray),
        },
    }
    if attack["rolls"] is not None:
        result["resolution"] = resolve(s, groups, defense, targetable, applies, layout, occupants)
    return result


TRIGGER_WORDS = {
    "blind-shot": "a blind shot at a target known to be in an obscured area",
    "blinded-attacker": "the attacker is blinded",
    "invisible-target": "the target is invisible",
    "three-quarters-cover": "three-quarters cover with others in the vicinity",
    "full-cover": "firing at a target in full cover",
}


def _reason(triggers: list[str], applies: bool, kind: str, shot: bool, cover: str, near: bool | None) -> str:
    """Why friendly fire is used or not, in words."""
    if applies:
        return "Friendly fire applies: " + "; ".join(TRIGGER_WORDS[t] for t in triggers) + "."
    if kind == "area":
        return "No friendly fire: an area effect is not aimed at one creature, so it cannot stray."
    if not shot:
        return "No friendly fire: the target cannot be targeted at all, so no shot is fired."
    if near is False:
        return "No friendly fire: three-quarters cover, but nobody else is in the vicinity."
    return "No friendly fire: no blind shot, blinded attacker, invisible target or cover calls for it."


# --- resolving one real throw ---------------------------------------------------------------------


def _step(rule: str, text: str, group: int | None = None) -> dict[str, Any]:
    """One line of a resolved throw, with the rule (or ruling) that decided it."""
    ref = RULE_BY_ID[rule].ref if rule in RULE_BY_ID else RULING_BY_ID[rule].ref
    step = {"rule": rule, "ref": ref, "text": text}
    if group is not None:
        step["group"] = group
    return step


def _die_words(raw: int, modifier: int, penalty: int, defense: int) -> str:
    if raw == NATURAL_HIT:
        return f"{raw}: a natural 20, hits"
    if raw == NATURAL_MISS:
        return f"{raw}: a natural 1, misses"
    total = raw + modifier - penalty
    parts = f"{raw}" + (f" {modifier:+d}" if modifier else "") + (f" -{penalty}" if penalty else "")
    shown = f"{parts} = {total}" if (modifier or penalty) else parts
    return f"{shown} against Defense {defense}: {'hits' if total >= defense else 'misses'}"


def resolve(s: dict[str, Any], groups: list[int], defense: int, targetable: bool, applies: bool,
            layout: StrayLayout, occupants: dict[Hex, Creature]) -> dict[str, Any]:
    """Follow one real throw through the rules, step by step."""
    attack = s["attack"]
    modifier, penalty = attack["modifier"], attack["penalty"]
    rolls = list(attack["rolls"])
    d10s = list(attack["d10s"]) if attack["d10s"] is not None else [attack["d10"]]
    split = attack["split"] is not None
    steps: list[dict[str, Any]] = []
    total_hits = 0
    struck_by: dict[str, int] = {}
    forward_all: list[int] = []
    group_out = []
    awaiting = False
    start = 0
    for gi, size in enumerate(groups):
        dice = rolls[start:start + size]
        start += size
        tag = gi + 1 if split else None
        prefix = f"Attack {gi + 1} ({size} {'die' if size == 1 else 'dice'}): " if split else ""
        if split:
            steps.append(_step("er.attack.split", f"{prefix}a separate attack with its own stray roll.", tag))
        if targetable:
            hits = [die_hits(r, modifier, penalty, defense) for r in dice]
            for r in dice:
                rule = "er.attack.natural" if r in (NATURAL_HIT, NATURAL_MISS) else "er.attack.pool"
                steps.append(_step(rule, f"{prefix}die {_die_words(r, modifier, penalty, defense)}.", tag))
        else:
            hits = [False] * len(dice)
            steps.append(_step("er.cover.full", f"{prefix}the target is in full cover and cannot be struck: "
                               f"every die ({', '.join(map(str, dice))}) misses it.", tag))
        n_hits = sum(hits)
        total_hits += n_hits
        entry: dict[str, Any] = {"dice": size, "rolls": dice, "hits": n_hits, "d10": None, "slot": None,
                                 "struck": None, "struck_hits": 0, "forward_rolls": []}
        group_out.append(entry)
        if n_hits:
            steps.append(_step("er.attack.pool", f"{prefix}{n_hits} {'die hits' if n_hits == 1 else 'dice hit'} the target; "
                               "nothing strays.", tag))
            continue
        if not applies:
            steps.append(_step("er.ff.when" if targetable else "er.cover.full",
                               f"{prefix}every die misses; friendly fire does not apply, so the shot hits nothing.", tag))
            continue
        steps.append(_step("er.ff.whole-pool", f"{prefix}every die missed, so the shot may strike someone else; "
                           "all its dice go against one alternate target.", tag))
        forward = [roll_forward(r) for r in dice]
        entry["forward_rolls"] = forward
        forward_all.extend(forward)
        d10 = d10s[gi] if gi < len(d10s) else None  # split dice rolled, stray d10s not yet
        entry["d10"] = d10
        if d10 is None:
            awaiting = True
            steps.append(_step("er.ff.d10", f"{prefix}roll the d10 to see where the shot strays "
                               "(enter it to finish this throw).", tag))
            continue
        if d10 in EMPTY_FACES:
            steps.append(_step("er.ff.d10", f"{prefix}the d10 shows {d10}, an empty slot: the shot hits nothing.", tag))
            continue
        slot = layout.slots[d10 - 1]
        entry["slot"] = slot.number
        where = f"hex [{slot.hex.q}, {slot.hex.r}]"
        who = occupants.get(slot.hex)
        if slot.blocked:
            why = ("the attacker's own hex, which counts as empty" if slot.blocked == "attacker"
                   else "the hex behind the attacker, which counts as empty")
            rid = "er.ruling.attacker-hex" if slot.blocked == "attacker" else "er.ruling.front-behind-shooter"
            steps.append(_step(rid, f"{prefix}the d10 shows {d10}: {where}, {why}; the shot hits nothing.", tag))
            continue
        if who is None:
            steps.append(_step("er.ff.d10", f"{prefix}the d10 shows {d10}: {where}, which is unoccupied; "
                               "the shot hits nothing.", tag))
            continue
        steps.append(_step("er.ff.d10", f"{prefix}the d10 shows {d10}: {where}, where {who.name} stands.", tag))
        moved = ", ".join(f"{r} → {f}" + (" (natural 20)" if f == NATURAL_HIT and r != NATURAL_HIT else "")
                          for r, f in zip(dice, forward))
        steps.append(_step("er.ff.forward", f"{prefix}the raw dice roll forward by {FORWARD}: {moved}.", tag))
        struck_hits = 0
        for f in forward:
            hit = die_hits(f, modifier, penalty, who.defense)
            struck_hits += hit
            steps.append(_step("er.ff.forward", f"{prefix}forward die {_die_words(f, modifier, penalty, who.defense)}.", tag))
        entry["struck"] = who.name if struck_hits else None
        entry["struck_hits"] = struck_hits
        if struck_hits:
            struck_by[who.name] = struck_by.get(who.name, 0) + struck_hits
            steps.append(_step("er.ff.forward", f"{prefix}{who.name} is struck by {struck_hits} "
                               f"{'die' if struck_hits == 1 else 'dice'}.", tag))
        else:
            steps.append(_step("er.ff.forward", f"{prefix}no forward die beats {who.name}'s Defense; nobody is struck.", tag))
    first = next(iter(struck_by), None)
    out: dict[str, Any] = {
        "hits": total_hits,
        "struck": first,
        "struck_hits": struck_by.get(first, 0) if first else 0,
        "forward_rolls": forward_all,
        "struck_by": struck_by,
        "awaiting_d10": awaiting,
        "steps": steps,
    }
    if split:
        out["groups"] = group_out
    return out
