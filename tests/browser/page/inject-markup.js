() => {
  document.body.insertAdjacentHTML("beforeend", '<img src="data:," onerror="window.__pwned=1" onload="window.__pwned=1">');
  const s = document.createElement("script"); s.textContent = "window.__pwned = 2"; document.body.append(s);
}
