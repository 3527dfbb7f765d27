async () => {
  const reg = await navigator.serviceWorker.ready;
  return reg.active ? reg.active.state : "none";
}
