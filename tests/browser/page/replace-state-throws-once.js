// Page function: the next history.replaceState throws, once, as a browser call failing while an answer is
// written (Safari throws a SecurityError when a page replaces its address too often).
() => {
  const original = History.prototype.replaceState;
  History.prototype.replaceState = function () {
    History.prototype.replaceState = original;
    throw new DOMException("Attempt to use history.replaceState() more than 100 times per 10 seconds", "SecurityError");
  };
}
