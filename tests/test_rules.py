"""pycore.rules: rule and ruling records, their ids, and the one rulebook every system registers in."""

import pytest

from pycore import RULES, RULINGS
from pycore.rules import Choice, Rule, Ruling, check_ids, entry, ref, register


def test_rule_ref_is_page_and_anchor():
    """A rule's link is its page with its id as the anchor."""
    rule = Rule("er.cover.partial", "Partial cover: +3 Defense", "rules/enchanted-realms/cover/")
    assert rule.ref == "rules/enchanted-realms/cover/#er.cover.partial"


def test_ruling_values_in_order():
    """A ruling accepts exactly its choices' values, in order."""
    ruling = Ruling("x.ruling.side", "Which side?", "rules/x/", (Choice("right", "Right"), Choice("left", "Left")),
                    "right", "One fixed side.")
    assert ruling.values == ("right", "left") and ruling.ref == "rules/x/#x.ruling.side"


@pytest.mark.parametrize("bad", ["Er.cover", "er", "er..cover", "er.cover partial", "er.cover_partial"])
def test_malformed_ids_fail(bad):
    """Ids are lowercase and dotted; anything else fails loudly."""
    with pytest.raises(ValueError, match="malformed"):
        check_ids([Rule(bad, "t", "p/")])


def test_repeated_ids_fail():
    """An id used twice, or one already known, fails loudly."""
    with pytest.raises(ValueError, match="duplicate"):
        check_ids([Rule("a.b", "t", "p/"), Rule("a.b", "u", "p/")])
    with pytest.raises(ValueError, match="duplicate"):
        check_ids([Rule("a.b", "t", "p/")], seen=["a.b"])


def test_register_refuses_an_id_another_system_has():
    """Registering a rule id that a system already registered fails, and leaves the rulebook unchanged."""
    taken = next(iter(RULES))
    with pytest.raises(ValueError, match="duplicate"):
        register([Rule(taken, "Again", "rules/elsewhere/")], [])
    assert entry(taken) is RULES[taken]


def test_entry_and_ref_cover_every_rule_and_ruling():
    """The rulebook knows every registered rule and ruling; an unknown id is a KeyError."""
    for rid, item in [*RULES.items(), *RULINGS.items()]:
        assert entry(rid) is item and ref(rid) == item.ref
    with pytest.raises(KeyError):
        ref("no.such.rule")
