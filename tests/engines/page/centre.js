// Bring the first element matching the selector to the middle of the viewport; its centre there ({x, y}, whole
// CSS pixels), or null when there is none.
(selector) => {
  const element = document.querySelector(selector);
  if (!element) return null;
  element.scrollIntoView({ block: "center", inline: "center" });
  const box = element.getBoundingClientRect();
  return { x: Math.round(box.left + box.width / 2), y: Math.round(box.top + box.height / 2) };
}
