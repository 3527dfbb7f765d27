() => [...document.querySelectorAll('.calc--full g.hex[data-piece]')].map((g) => [g.dataset.piece,
g.closest('svg').querySelector(`.piece-symbol[data-hex="${g.dataset.hex}"]`)?.textContent || '', g.getAttribute('aria-label') || ''])
