"""Material's page chrome as adjusted by ``site/assets/theme.css``."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

# The sidebar's scroll area, its site title and the entries visible in it (each box, viewport coordinates); the
# title's box is grown by its shadow's reach (blur and spread), which paints over whatever lies under it.
SIDEBAR = """() => {
  const wrap = document.querySelector(".md-sidebar--primary .md-sidebar__scrollwrap");
  const title = document.querySelector(".md-sidebar--primary .md-nav--primary > .md-nav__title");
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const area = box(wrap);
  const reach = getComputedStyle(title).boxShadow.match(/(-?[\\d.]+)px/g)?.slice(2, 4)
    .reduce((sum, px) => sum + parseFloat(px), 0) ?? 0;
  const [l, t, r, b] = box(title);
  const links = [...document.querySelectorAll(".md-sidebar--primary .md-nav__link")]
    .filter((a) => a.getClientRects().length)
    .map((a) => [a.textContent.trim(), box(a)])
    .filter(([, [, top, , bottom]]) => bottom > area[1] && top < area[3]);
  return { scrolled: wrap.scrollTop, title: [l - reach, t - reach, r + reach, b + reach], links };
}"""


def test_sidebar_title_never_covers_an_entry(page, server):
    """On a short desktop window, with the sidebar scrolled to the active page (the last), no entry it shows
    lies under the site title or its shadow."""
    page.set_viewport_size({"width": 1280, "height": 600})
    page.goto(server.url)
    last = page.locator(".md-sidebar--primary .md-nav__link[href]").last.get_attribute("href")
    page.goto(server.url + last.removeprefix("./"))
    page.wait_for_function("document.querySelector('.md-sidebar--primary .md-sidebar__scrollwrap').scrollTop > 0")
    side = page.evaluate(SIDEBAR)
    tl, tt, tr, tb = side["title"]
    covered = [name for name, (left, top, right, bottom) in side["links"]
               if left < tr and right > tl and top < tb and bottom > tt]
    assert side["links"] and not covered, f"under the site title: {covered}"
