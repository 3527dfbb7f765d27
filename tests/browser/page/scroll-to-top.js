// (selector) -> scrolls the page so the first element the selector matches starts just under the theme's header.
(selector) => {
  const header = document.querySelector(".md-header").getBoundingClientRect();
  window.scrollBy(0, document.querySelector(selector).getBoundingClientRect().top - header.bottom);
}
