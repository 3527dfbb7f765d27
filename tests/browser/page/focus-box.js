(el) => { const r = (el.closest('label') && el.matches('input[type=radio], input[type=checkbox]')
? el.closest('label') : el).getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; }
