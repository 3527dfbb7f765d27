// An init script: counts how often the page opens the store of maps kept on this device (board/map-shelf.js's "combat-maps").
window.keptOpens = 0;
const openStore = indexedDB.open.bind(indexedDB);
indexedDB.open = (name, ...rest) => {
  if (name === "combat-maps") window.keptOpens += 1;
  return openStore(name, ...rest);
};
