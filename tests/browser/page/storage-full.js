// Init script: this page's localStorage is full: reading works, every write fails with a QuotaExceededError.
Storage.prototype.setItem = function () {
  throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
};
