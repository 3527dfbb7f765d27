() => { const seen = new Map();
for (const el of document.querySelectorAll("[id]")) seen.set(el.id, (seen.get(el.id) || 0) + 1);
return [...seen].filter(([, n]) => n > 1).map(([id]) => id); }
