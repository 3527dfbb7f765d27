// Init script: every content-security-policy violation on the page, in window.__csp.
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => window.__csp.push(
  [e.effectiveDirective, e.blockedURI, `${e.sourceFile}:${e.lineNumber}`, e.sample].join(" | ")));
