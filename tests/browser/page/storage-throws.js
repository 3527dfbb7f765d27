// Init script: every call on this page's localStorage and sessionStorage throws, as a storage that broke after
// the page got hold of it (reading window.localStorage itself still works).
for (const name of ["getItem", "setItem", "removeItem", "key", "clear"]) {
  Storage.prototype[name] = function () {
    throw new DOMException(`The storage refused ${name}`, "SecurityError");
  };
}
