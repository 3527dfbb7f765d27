// What a form field shows and says: its value, aria-invalid, and the visible message beside it.
({ root, path }) => {
  const field = document.querySelector(`${root} [data-path="${path}"]`);
  const message = document.querySelector(`${root} [data-error-for="${path}"]`);
  return {
    value: field?.value ?? null,
    checked: field?.checked ?? null,
    invalid: field?.getAttribute("aria-invalid") ?? null,
    message: message && message.offsetParent !== null ? message.innerText : "",
  };
}
