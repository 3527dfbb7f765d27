"""Material's page chrome as adjusted by ``site/assets/theme.css``."""

from __future__ import annotations

from browser.support import QUIET_PAGE, page_script


def test_sidebar_title_never_covers_an_entry(page, server):
    """On a short desktop window, with the sidebar scrolled to the active page (the last), no entry it shows
    lies under the site title or its shadow."""
    page.set_viewport_size({"width": 1280, "height": 600})
    page.goto(server.url + QUIET_PAGE)
    last = page.locator(".md-sidebar--primary .md-nav__link[href]").last.evaluate("(link) => link.href")
    page.goto(last)
    page.wait_for_function("() => document.querySelector('.md-sidebar--primary .md-sidebar__scrollwrap').scrollTop > 0")
    side = page.evaluate(page_script("sidebar-boxes.js"))
    tl, tt, tr, tb = side["title"]
    covered = [name for name, (left, top, right, bottom) in side["links"]
               if left < tr and right > tl and top < tb and bottom > tt]
    assert side["links"] and not covered, f"under the site title: {covered}"
