if (self.ServiceWorkerContainer) {
  ServiceWorkerContainer.prototype.register = function () {
    window.__registerCalls = (window.__registerCalls || 0) + 1;
    return Promise.reject(new DOMException("Service workers are disabled", "SecurityError"));
  };
}
