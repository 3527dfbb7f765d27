() => ['.md-header', '.md-sidebar--primary', '.md-sidebar--secondary', '.md-footer',
'.md-search', '.offline-status', '.calc-form'].filter((s) => document.querySelector(s))
.map((s) => [s, getComputedStyle(document.querySelector(s)).display])
