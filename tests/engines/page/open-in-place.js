// Follow the page's own link to a system's calculator page (the site's navigation has one on every page), as a tap
// on it would: from a page whose engine runs, the calculator opens in place. False when the page has no such link.
// The page is marked first (window.__sameDocument): a mark still there afterwards shows that no new page was loaded.
(system) => {
  window.__sameDocument = true;
  const link = [...document.querySelectorAll("a[href]")]
    .find((a) => new URL(a.href, location.href).pathname.endsWith(`/calculator/${system}/`));
  if (!link) return false;
  link.click();
  return true;
}
