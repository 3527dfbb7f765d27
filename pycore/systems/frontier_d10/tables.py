"""Frontier d10's printed numbers, rules and rulings, as data."""

from __future__ import annotations

from ...rules import Choice, Rule, Ruling

SYSTEM = "frontier-d10"
TITLE = "Frontier d10"

PAGE = "rules/frontier-d10/shooting/"
"""The one rulebook page: the roll and cover."""

D10_SIDES = 10
"""A d10 has 10 faces."""
COVER = {"none": 0, "light": -1, "heavy": -3}
"""Cover -> the change to the skill the roll must be at or under."""

ROLL = "fd10.roll.at-or-under"
COVER_RULE = "fd10.cover.levels"
NATURAL_ONE = "fd10.ruling.natural-one"

RULES = (
    Rule(ROLL, "Roll at or under the skill", PAGE),
    Rule(COVER_RULE, "Light and heavy cover", PAGE),
)
RULINGS = (
    Ruling(NATURAL_ONE, "Does a 1 hit when cover takes the skill below 1?", PAGE,
           (Choice("hits", "A 1 always hits", "A roll of 1 hits whatever the cover."),
            Choice("misses", "No chance", "A skill below 1 cannot be rolled under.")),
           "hits", "The text is silent; a least chance keeps every shot worth taking."),
)
