// The state of the calculator's output once it has left "loading" (ready, error or failed); "" before.
(selector) => {
  const state = document.querySelector(`${selector} .calc-output`)?.getAttribute("data-state") ?? "";
  return state === "loading" ? "" : state;
}
