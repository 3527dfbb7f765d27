"""pycore.trace: what an evaluation records, once each and in order."""

from pycore.trace import Trace


def test_rules_and_rulings_once_each_in_order():
    """Repeated ids are kept once, at their first place."""
    trace = Trace()
    trace.rule("a.one", "a.two")
    trace.rule("a.one", "a.three")
    trace.ruling("a.ruling.x")
    trace.ruling("a.ruling.x", "a.ruling.y")
    assert trace.rules == ["a.one", "a.two", "a.three"]
    assert trace.used == ["a.ruling.x", "a.ruling.y"]


def test_note_records_its_rules():
    """A note is kept once and records the rules it comes from."""
    trace = Trace()
    trace.note("No free attacks.", "a.free")
    trace.note("No free attacks.", "a.other")
    assert trace.notes == ["No free attacks."] and trace.rules == ["a.free", "a.other"]


def test_result_keys():
    """The contract's three keys."""
    trace = Trace()
    trace.rule("a.one")
    assert trace.result() == {"rules": ["a.one"], "notes": [], "rulings_used": []}
