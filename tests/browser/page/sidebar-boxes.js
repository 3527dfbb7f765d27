// The primary sidebar's site title and the navigation entries visible in its scroll area, each as a box in viewport
// coordinates ([left, top, right, bottom]); the title's box grown by its shadow's reach (blur and spread), which
// paints over whatever lies under it.
() => {
  const wrap = document.querySelector(".md-sidebar--primary .md-sidebar__scrollwrap");
  const title = document.querySelector(".md-sidebar--primary .md-nav--primary > .md-nav__title");
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const area = box(wrap);
  const reach = getComputedStyle(title).boxShadow.match(/(-?[\d.]+)px/g)?.slice(2, 4)
    .reduce((sum, px) => sum + parseFloat(px), 0) ?? 0;
  const [l, t, r, b] = box(title);
  const links = [...document.querySelectorAll(".md-sidebar--primary .md-nav__link")]
    .filter((a) => a.getClientRects().length)
    .map((a) => [a.textContent.trim(), box(a)])
    .filter(([, [, top, , bottom]]) => bottom > area[1] && top < area[3]);
  return { title: [l - reach, t - reach, r + reach, b + reach], links };
}
