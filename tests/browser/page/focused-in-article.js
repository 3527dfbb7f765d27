() => { const el = document.activeElement;
return el && el !== document.body && el.closest('article') ? (el.dataset.path || el.dataset.hex || el.outerHTML.slice(0, 80)) : null; }
