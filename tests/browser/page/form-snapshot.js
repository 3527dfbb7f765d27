() => {
  const root = document.querySelector('.calc--full');
  const values = {};
  for (const c of root.querySelectorAll('[data-path]')) {
    if (c.type === 'radio') { if (c.checked) values[c.dataset.path] = c.value; continue; }
    values[c.dataset.path] = c.type === 'checkbox' ? c.checked : c.value;
  }
  const headline = root.querySelector('[data-key="headline"]');
  return { values, headline: headline ? headline.textContent : null };
}
