// The situation in the address's #s= link (as scenario.js decodes it) once its map has both attacker and target.
() => {
  const at = location.hash.indexOf("#s=");
  if (at < 0) return null;
  const text = location.hash.slice(at + 3).replace(/-/g, "+").replace(/_/g, "/");
  const bytes = Uint8Array.from(atob(text + "=".repeat((4 - (text.length % 4)) % 4)), (c) => c.charCodeAt(0));
  const scenario = JSON.parse(new TextDecoder().decode(bytes));
  return scenario.map?.attacker && scenario.map?.target ? scenario : null;
}
