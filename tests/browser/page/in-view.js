// (selector) -> whether the first element matching it lies wholly inside the viewport and is the topmost
// element at its centre (nothing, such as the theme's header, covers it).
(selector) => {
  const el = document.querySelector(selector);
  if (!el) return false;
  const box = el.getBoundingClientRect();
  const inside = box.width > 0 && box.height > 0 && box.top >= 0 && box.left >= 0
    && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
  const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return inside && top !== null && top.closest(".calc") !== null && (el.contains(top) || top.contains(el));
}
