// The text a person sees in the first element matching the selector ("" when there is none).
(selector) => document.querySelector(selector)?.innerText ?? ""
