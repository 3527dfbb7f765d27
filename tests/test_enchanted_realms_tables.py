"""pycore.systems.enchanted_realms.tables: every number of the source text, and the rules and rulings with their
pages (rule text 000)."""

from __future__ import annotations

from pycore import RULES, RULINGS
from pycore.dice import D20_SIDES
from pycore.systems import enchanted_realms as er


def test_the_numbers_of_the_source_text():
    """+3 Defense and +3 Agility for partial cover, +5 Agility for full, 10 ft = 2 hexes of 5 ft,
    eight stray hexes numbered 1-8 on a d10 with 9 and 10 empty, dice rolled forward by 2."""
    assert er.PARTIAL_DEFENSE == 3 and er.PARTIAL_AGILITY == 3 and er.FULL_AGILITY == 5
    assert er.STRAY_REACH_FEET == 10 and er.HEX_FEET == 5 and er.STRAY_REACH == 2
    assert er.STRAY_SLOTS == 8 and er.STRAY_DIE == 10 and er.EMPTY_FACES == (9, 10)
    assert er.FORWARD == 2 and D20_SIDES == 20 and er.NATURAL_HIT == 20 and er.NATURAL_MISS == 1


def test_rule_and_ruling_ids_and_pages():
    """Ids are er.<area>.<name>; every rule lives on one of the four rulebook pages."""
    pages = {er.ATTACK_PAGE, er.COVER_PAGE, er.OBSCUREMENT_PAGE, er.FRIENDLY_FIRE_PAGE}
    for item in (*er.RULES, *er.RULINGS):
        assert item.id.startswith("er.") and item.id.count(".") == 2 and item.page in pages
        assert (RULES.get(item.id) or RULINGS.get(item.id)) is item
    for ruling in er.RULINGS:
        assert ruling.default in ruling.values and len(ruling.values) >= 2 and ruling.why
