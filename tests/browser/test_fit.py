"""Every kind of page fits a phone's width once its calculators have answered, with the situations the screenshot
tests show (test_screenshots.py and the others, run with ``--shots``), all in one phone context."""

from __future__ import annotations

from browser.support import PAGE_TYPES, paste_link, wait_settled
from browser.test_overlay_screens import PAGES as OVERLAY_PAGES
from browser.test_screenshots import PAGES as SCREENSHOT_PAGES
from browser.test_screenshots import SCREENS

OVERFLOW = "document.documentElement.scrollWidth - document.documentElement.clientWidth"
"""How many pixels the page is wider than the screen (0 or less when it fits)."""
PAGES = {**PAGE_TYPES, **{f"shot-{name}": url for name, url in SCREENSHOT_PAGES.items()},
         **{f"overlay-{name}": url for name, url in OVERLAY_PAGES.items()}}


def by_path(pages: dict[str, str]) -> list[list[tuple[str, str]]]:
    """The pages grouped by the page they open: the first of a group is loaded (the one without a link first), each
    linked situation (``#s=``) after it is pasted into that open page, which restores and answers it as a fresh load
    does; an address listed twice is visited once."""
    groups: dict[str, list[tuple[str, str]]] = {}
    for name, url in pages.items():
        path, _, fragment = url.partition("#")
        group = groups.setdefault(path if fragment.startswith("s=") else url, [])
        if url not in (seen for _, seen in group):
            group.append((name, url))
    return [sorted(group, key=lambda item: "#" in item[1]) for group in groups.values()]


def test_every_page_fits_a_phone(browser, server, watch):
    """At 390 x 844 with touch no page, its calculators answered, is wider than the screen."""
    context = browser.new_context(**SCREENS["phone"], service_workers="block")
    watch.attach(context)
    wide = {}
    for group in by_path(PAGES):
        page = context.new_page()
        for i, (name, url) in enumerate(group):
            if i == 0:
                page.goto(server.url + url)
            else:
                paste_link(page, "#" + url.partition("#")[2])
            wait_settled(page)
            assert page.locator('.calc-output:not([data-state="ready"])').count() == 0, f"{name}: a calculator did not answer"
            if (overflow := page.evaluate(OVERFLOW)) > 0:
                wide[name] = overflow
        page.close()
    context.close()
    watch.check()
    assert wide == {}, f"pages wider than the screen (px): {wide}"
