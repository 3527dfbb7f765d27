// The state of the output of the calculator matching the selector (loading, ready, error, failed; "" if none).
(selector) => document.querySelector(`${selector} .calc-output`)?.getAttribute("data-state") ?? ""
