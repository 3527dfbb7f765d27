// The field (as field.js says it) once it is marked invalid with a message shown beside it; null before.
({ root, path }) => {
  const field = document.querySelector(`${root} [data-path="${path}"]`);
  const message = document.querySelector(`${root} [data-error-for="${path}"]`);
  if (field?.getAttribute("aria-invalid") !== "true" || !message || message.offsetParent === null) return null;
  return { value: field.value, invalid: "true", message: message.innerText };
}
