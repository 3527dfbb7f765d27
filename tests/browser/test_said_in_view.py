"""What matters now is said where the eye is, on a 390 x 844 touch screen: a link that could not be read, and a file
that could not be imported, are said in the bar along the screen's bottom edge (in view on the first screen, marked
as errors), not only far down the page; a change afterwards takes the note away."""

from __future__ import annotations

import pytest
from browser.support import PHONE, READY_TIMEOUT, full_calculator, wait_state


@pytest.fixture
def phone(browser, watch):
    ctx = browser.new_context(**PHONE, service_workers="block")
    watch.attach(ctx)
    yield ctx.new_page()
    ctx.close()
    watch.check()


def in_view(page, locator) -> bool:
    """Whether ``locator`` lies wholly inside the screen as it is now."""
    box = locator.bounding_box()
    size = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"] + 0.5


def test_a_link_not_read_is_said_on_the_first_screen(phone, server):
    """A link that is not a scenario: the defaults are worked out, and the bar says at once why the link was not
    read, as an error; a change of the form takes the note away."""
    phone.goto(server.url + "calculator/skirmish-d6/#s=not-a-link")
    calc = full_calculator(phone, "skirmish-d6")
    wait_state(calc, "ready")
    note = calc.locator('[data-role="summary-note"]')
    note.filter(has_text="The shared link").wait_for(timeout=READY_TIMEOUT)
    assert note.get_attribute("data-kind") == "error"
    assert "defaults are shown" in note.inner_text()
    assert in_view(phone, note)
    calc.locator('[data-path="light"]').select_option("dim")
    note.wait_for(state="hidden", timeout=READY_TIMEOUT)


def test_an_import_error_is_said_in_the_bar_and_beside_the_input(phone, server, tmp_path):
    """A file that is not an export: the bar says, as an error, that it was not imported and why, in view; the line
    beside the file input says the same, marked as an error."""
    phone.goto(server.url + "calculator/skirmish-d6/")
    calc = full_calculator(phone, "skirmish-d6")
    wait_state(calc, "ready")
    calc.locator('input[data-role="alternative"][value="map"]').check()
    calc.locator('.calc-board g.hex[data-hex="0,2"][data-piece="attacker"]').wait_for(timeout=READY_TIMEOUT)
    bad = tmp_path / "notes.uvtt"
    bad.write_text("these are notes")
    calc.locator('[data-role="import-file"]').set_input_files(str(bad))
    note = calc.locator('[data-role="summary-note"]')
    note.filter(has_text="notes.uvtt was not imported").wait_for(timeout=READY_TIMEOUT)
    assert note.get_attribute("data-kind") == "error"
    assert "the file is not JSON" in note.inner_text()
    assert in_view(phone, note)
    said = calc.locator('[data-role="import-said"]')
    assert said.get_attribute("data-kind") == "error" and said.inner_text() == note.inner_text()
