() => { for (const out of document.querySelectorAll(".calc-output")) delete out.dataset.state;
for (const f of document.querySelectorAll(".calc-form")) f.dispatchEvent(new Event("input")); }
