// Bring the first element matching the selector to the middle of the viewport; false when there is none.
(selector) => {
  const element = document.querySelector(selector);
  if (!element) return false;
  element.scrollIntoView({ block: "center", inline: "center" });
  return true;
}
