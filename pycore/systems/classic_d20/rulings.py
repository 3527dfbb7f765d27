"""Classic d20's named rulings: where the rule texts are silent or ambiguous, the readings a table may choose."""

from __future__ import annotations

from ...maps.areas import area_rulings
from ...rules import Choice, Ruling
from .tables import ATTACK_PAGE, CONCEALMENT_PAGE, COVER_PAGE, DETECTION_PAGE, INVISIBILITY_PAGE, MAP_PAGE

OWN_RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "d20.ruling.natural-rolls",
        "Do a natural 20 and a natural 1 always hit and miss?",
        ATTACK_PAGE,
        (
            Choice("auto", "20 hits, 1 misses", "a natural 20 always hits and a natural 1 always misses"),
            Choice("none", "No automatic results",
                   "the modified roll alone decides, so some attacks always hit or never can"),
        ),
        "auto",
        "The rule text never mentions natural rolls; most tables of this family play 20 as a sure hit "
        "and 1 as a sure miss, and it keeps every attack between 5% and 95%.",
    ),
    Ruling(
        "d20.ruling.cover-high",
        "How much AC do 75% and 90% cover give?",
        COVER_PAGE,
        (
            Choice("classic", "+7 and +10", "the values of the classic cover tables: 75% is +7, 90% is +10"),
            Choice("steady", "+6 and +8", "keep adding +2 for each step: 75% is +6, 90% is +8"),
        ),
        "classic",
        "The source fixes only 25% (+2) and 50% (+4); the classic tables it follows give +7 and +10, "
        "which reward the purpose-built arrow slit as the text clearly intends.",
    ),
    Ruling(
        "d20.ruling.concealment-values",
        "How much AC does concealment give?",
        CONCEALMENT_PAGE,
        (
            Choice("classic", "+1 / +2 / +3 / +4", "the classic concealment values for 25%, 50%, 75% and 90%"),
            Choice("as-cover", "Same as cover", "concealment gives the same bonus as cover of the same percentage"),
        ),
        "classic",
        "The source gives no numbers for concealment. Concealment only hides the body while cover also stops "
        "blows and adds to saves, so the classic tables make it worth about half as much.",
    ),
    Ruling(
        "d20.ruling.cover-saves",
        "Which saving throws does cover help?",
        COVER_PAGE,
        (
            Choice("all", "Every save", "the cover's AC bonus is added to every saving throw against the effect"),
            Choice("dexterity", "Dexterity saves", "the bonus is added to Dexterity saves only, as for protectors"),
        ),
        "all",
        "The text says cover adds to saving throws without naming one kind or an amount; the engine uses the "
        "same bonus as to AC, on every save, which is the plainest reading.",
    ),
    Ruling(
        "d20.ruling.protectors-and-cover",
        "Do protectors add to other cover?",
        COVER_PAGE,
        (
            Choice("highest", "Better one only",
                   "the protectors' bonus and the cover bonus do not add: the better one counts"),
            Choice("add", "Add them", "the protectors' +2 or +4 comes on top of the cover bonus"),
        ),
        "highest",
        "The text calls the protectors' bonus the equal of 25% or 50% cover; a target has one cover "
        "percentage, so the better of the two is what protects it.",
    ),
    Ruling(
        "d20.ruling.protector-saves",
        "When do protectors help Dexterity saves?",
        COVER_PAGE,
        (
            Choice("round", "All round", "the Dexterity save bonus lasts the whole round, against any effect"),
            Choice("missile", "Against missiles only", "the save bonus counts only against the missile attack itself"),
        ),
        "round",
        "The text grants the bonus to AC and Dexterity saves 'during that round'; the AC part is only about "
        "missiles, but nothing limits the save part.",
    ),
    Ruling(
        "d20.ruling.cover-and-concealment",
        "Do cover and concealment add up?",
        CONCEALMENT_PAGE,
        (
            Choice("add", "Add them", "a target both behind a low wall and in a bush gets both bonuses"),
            Choice("highest", "Better one only", "only the larger of the two AC bonuses counts"),
        ),
        "add",
        "The source treats them as two different things (only cover helps saves) and adjusts AC for each "
        "'if it exists'; nothing says one replaces the other.",
    ),
    Ruling(
        "d20.ruling.fog-and-concealment",
        "Fog or mist on top of other concealment",
        CONCEALMENT_PAGE,
        (
            Choice("highest", "Larger percentage", "the larger of the two concealment percentages counts"),
            Choice("add", "Add percentages", "the percentages add up, to at most 100%"),
        ),
        "highest",
        "Both describe how much of the target can be seen; the thicker screen decides that, so the larger "
        "percentage counts.",
    ),
    Ruling(
        "d20.ruling.unseen-ac-cap",
        "What does the AC 10 limit apply to?",
        INVISIBILITY_PAGE,
        (
            Choice("armour", "The target's own AC", "the -4 worsens the target's own AC, at most to 10; cover and "
                   "concealment are added afterwards"),
            Choice("final", "The final AC", "the -4 is taken from the AC after cover and concealment, at most to 10"),
        ),
        "armour",
        "The penalty stands for a defender who cannot see the blow coming and so defends worse; a wall or a "
        "screen protects just as well whether the attacker is seen or not, so it is added after the limit.",
    ),
    Ruling(
        "d20.ruling.detected-unseen-attacker",
        "A defender that cannot see the attacker but has detected it",
        INVISIBILITY_PAGE,
        (
            Choice("no-adjustments", "No adjustments", "an attacker that is not itself invisible, unseen by the "
                   "defender but detected (pinpointed) by it, is not treated as invisible: no -4 to AC, no surprise"),
            Choice("as-invisible", "As if invisible", "the defender still cannot see the blow coming, so the "
                   "invisibility adjustments against it stay, as they do for a pinpointed invisible attacker"),
        ),
        "no-adjustments",
        "The text treats such an attacker as invisible when the defender \"cannot see or detect\" it; one that "
        "has been detected is not in that case. A truly invisible attacker is another matter: pinpointing lets "
        "the defender aim at it, not see it, so its adjustments stay.",
    ),
    Ruling(
        "d20.ruling.invisible-concealment",
        "Does concealment help an invisible target?",
        CONCEALMENT_PAGE,
        (
            Choice("ignore", "No", "a target that cannot be seen at all gains nothing from being partly screened"),
            Choice("add", "Yes", "the concealment bonus still counts on top of the -4 to hit"),
        ),
        "ignore",
        "Concealment measures how much of the target can be seen; an invisible one cannot be seen at all, "
        "and 100% concealment is itself invisibility, so the two do not stack.",
    ),
    Ruling(
        "d20.ruling.voice-pinpoint",
        "Is a speaker or verbal caster pinpointed without a roll?",
        DETECTION_PAGE,
        (
            Choice("automatic", "Always, in range", "a creature speaking or casting with a verbal component within "
                   "20 ft in combat (30 ft otherwise) is pinpointed"),
            Choice("gm", "The GM decides", "the calculator only reminds the table; the creature is pinpointed "
                   "only if ticked"),
        ),
        "automatic",
        "The text says such a creature 'may be automatically pinpointed'; the engine reads 'may' as "
        "the usual outcome, and a table that wants it case by case can switch this.",
    ),
    Ruling(
        "d20.ruling.voice-noise",
        "Which range goes with medium ambient noise?",
        DETECTION_PAGE,
        (
            Choice("combat", "20 ft, as in combat", "noise masks a voice as fighting does, so the shorter range applies"),
            Choice("quiet", "30 ft, as out of combat", "the noise clause belongs with the non-combat range"),
        ),
        "combat",
        "The text adds 'and/or medium amounts of ambient noise' after both ranges without saying which one it "
        "belongs to; a noisy place makes a voice harder to pick out, as a fight does, so it gets the 20 ft.",
    ),
    Ruling(
        "d20.ruling.map-cover",
        "How does a share of blocked corner lines become a cover percentage?",
        MAP_PAGE,
        (
            Choice("down", "The step at or below", "the share of the 36 corner-to-corner lines that an obstacle or "
                   "creature breaks, taken down to the cover step at or below it (8 of 36 is 0%, 9 is 25%)"),
            Choice("up", "The step at or above", "the share taken up to the cover step at or above it (any broken "
                   "line is at least 25%; every line but one is 100%, unless a line gets through clear of every "
                   "obstacle)"),
        ),
        "down",
        "The source gives cover as a percentage of the body behind something hard but says nothing about maps. "
        "The share of lines from corner to corner is a measure of how much of one hex the other sees; taking it "
        "down keeps a single grazing line from counting as cover, and 100% only when no line is left, which is "
        "what the text means by no line of sight or effect.",
    ),
    Ruling(
        "d20.ruling.map-line-through",
        "What cover when the broken lines make 100% but a straight line still joins the two hexes?",
        MAP_PAGE,
        (
            Choice("90", "90%, the nearest step", "the target is in 90% cover, the step below 100%: something of it "
                   "can be seen, so it can be attacked"),
            Choice("75", "75%, a step further", "the target is in 75% cover, two steps below 100%: for a table "
                   "that holds that a line clear of every obstacle shows more than a sliver"),
        ),
        "90",
        "The rule text says 100% cover means there is no line of sight, so a target that some line reaches cannot "
        "be at 100%; the corner lines only sample the lines between two hexes, and a line can pass clear of every "
        "obstacle where all 36 of them are broken (or, rounding up, 33 or more). The nearest step keeps the "
        "count's answer as far as it can.",
    ),
    Ruling(
        "d20.ruling.map-protectors",
        "Which creatures on a map protect the target?",
        MAP_PAGE,
        (
            Choice("adjacent", "Allies next to it", "every creature of the target's side on a hex next to the "
                   "target has declared a parry to protect it"),
            Choice("none", "None", "the map does not show parries: no creature counts as a protector"),
        ),
        "adjacent",
        "Protecting takes a declared parry, which a map cannot show; allies standing next to the target are the "
        "ones able to step into a missile's path, so the engine counts them. A table that tracks parries "
        "can switch this off.",
    ),
    Ruling(
        "d20.ruling.map-terrain",
        "Does a map say when the ground is a cliff or a severe slope?",
        MAP_PAGE,
        (
            Choice("read", "Read it off the heights", "with one combatant at least 3 ft above the other, a step of "
                   "at least 3 ft between neighbouring hexes on the line is a cliff face; ground rising 2.5 ft or "
                   "more per hex on average is a severe slope"),
            Choice("higher-only", "Higher ground only", "the heights say only who is higher: +1 to the higher "
                   "attacker, never the cliff or slope adjustments"),
        ),
        "read",
        "A cliff counts when one combatant is above the other by at least half the higher one's height; a map "
        "does not say how tall anyone is, so the engine takes a man-sized 6 ft. On a hex map a height difference "
        "between neighbouring hexes is a vertical face; a steady rise of 1 in 2 is the engine's severe slope.",
    ),
    Ruling(
        "d20.ruling.square-diagonal",
        "On a square map, how far is a diagonal step?",
        MAP_PAGE,
        (
            Choice("alternate", "5 ft, then 10 ft", "every second diagonal step counts 10 ft (5, 10, 5, 10 ...), "
                   "close to the true distance"),
            Choice("one", "5 ft each", "every step to one of the eight squares around counts 5 ft"),
        ),
        "alternate",
        "The source measures ranges in feet and says nothing of grids; a diagonal is about 7 ft, and counting every "
        "second one double keeps a count of squares within a few feet of the measured distance.",
    ),
    Ruling(
        "d20.ruling.map-objects",
        "Do an object's outlines on a square map break corner lines?",
        MAP_PAGE,
        (
            Choice("block", "Yes, like a wall", "pillars, rocks and furniture drawn as outlines break the corner "
                   "lines that cross them"),
            Choice("ignore", "No", "outlines are only drawn: the table gives their cover by hand"),
        ),
        "block",
        "The text gives cover behind a pillar or an overturned table by how much of the body it hides, which is "
        "what the share of broken corner lines measures.",
    ),
    Ruling(
        "d20.ruling.map-low-walls",
        "What does a low wall on a square map give?",
        MAP_PAGE,
        (
            Choice("knees", "25%, up to the knees", "low walls break no corner line, but a target with one between "
                   "it and the attacker (on the centre line) has at least 25% cover"),
            Choice("block", "Like a wall", "low walls break the corner lines that cross them, as walls do"),
        ),
        "knees",
        "A map's low wall is seen over; the text's cover up to the knees is 25%, and cover counts only when the "
        "wall is between them.",
    ),
    Ruling(
        "d20.ruling.map-corners",
        "Which corners of the two squares are moved a millionth towards their square's centre?",
        MAP_PAGE,
        (
            Choice("every", "Every corner", "each of the 16 lines runs between corners moved a millionth of a square "
                   "towards their own square's centre, the lines between corners the two squares share too"),
            Choice("on-walls", "Corners on a line", "only a corner lying on a wall, door or outline that breaks "
                   "lines is moved; a line between two corners the squares share that lie on none has no length "
                   "and is not broken"),
        ),
        "every",
        "Moving every corner is the only reading under which a wall along the attacker's edge facing the target "
        "breaks all the lines from that square, the two from the corners the squares share included; a point on "
        "no line (a wall of no length) breaks nothing either way.",
    ),
)

REGION_RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "d20.ruling.map-fog",
        "Fog on the map and a distance through fog given as well",
        MAP_PAGE,
        (
            Choice("map", "The map's fog", "where the map marks fog, the feet of it the centre line runs through "
                   "replace the distance given (none, when the line stays out of it); a map without fog keeps the "
                   "distance given"),
            Choice("longer", "The longer", "the longer of the map's measure and the distance given counts"),
        ),
        "map",
        "A map that draws the fog bank already says how much of it lies between the two; the distance box is for "
        "a scene the map does not draw.",
    ),
    Ruling(
        "d20.ruling.map-soft",
        "Bushes or a screen on the map and concealment given as well",
        MAP_PAGE,
        (
            Choice("highest", "Larger percentage", "the larger of the map's concealment and the one given counts"),
            Choice("map", "The map's", "the map's bushes and screens replace the concealment given, where the line "
                   "passes one"),
        ),
        "highest",
        "Both say how much of the target can be seen; as with fog on top of other concealment, the thicker screen "
        "decides.",
    ),
    Ruling(
        "d20.ruling.opening-at",
        "Who is at a window or an arrow slit?",
        MAP_PAGE,
        (
            Choice("touching", "Touching it", "a creature whose square the opening's line meets, at an edge or a "
                   "corner, is at the opening"),
            Choice("side", "Along a side", "only a creature with the opening running along a side of its square "
                   "is at it; touching a corner is not enough"),
        ),
        "touching",
        "A sniper stands right at the opening; a square the opening touches is as close as the map can put one.",
    ),
    Ruling(
        "d20.ruling.opening-far",
        "A shot through a window or an arrow slit at a target away from it",
        MAP_PAGE,
        (
            Choice("none", "Nothing more", "the opening gives no cover to a target that is not at it; the wall "
                   "around it still breaks the lines it breaks"),
            Choice("opening", "The opening's cover", "the target has the opening's cover (75% or 90%) wherever it "
                   "stands behind it"),
        ),
        "none",
        "The text gives the cover to the one sniping from the opening; a target further in is seen through it "
        "and sheltered only by what the corner lines find.",
    ),
)
"""The rulings of regions and openings on a map."""

RULINGS = (*OWN_RULINGS, *area_rulings("d20.ruling", MAP_PAGE), *REGION_RULINGS)
"""Every ruling of Classic d20: its own, those areas rest on (``maps.areas``) and those of regions and openings."""
