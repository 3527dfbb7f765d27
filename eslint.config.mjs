// ESLint over the JavaScript we write: the page's modules, the build's Node programs and their unit tests.
// Left out as in tsconfig.json: Material's own scripts (site/assets/theme/) and the browser tests' page
// snippets and the cross-engine tier's (bare function expressions the drivers evaluate, not modules).
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: [".venv/", "node_modules/", "build/", "site/assets/runtime/", "site/assets/theme/", "tests/browser/page/", "tests/engines/page/", "tests/bench/page/"] },
  js.configs.recommended,
  {
    files: ["site/assets/**/*.js"],
    languageOptions: { sourceType: "module", globals: globals.browser },
  },
  {
    // a function reads as one step of a named sequence: over 60 lines it holds more than one; a module holds one
    // concern: over 500 lines it holds more than one
    files: ["site/assets/**/*.js"],
    rules: { "max-lines-per-function": ["error", { max: 60 }], "max-lines": ["error", { max: 500 }] },
  },
  {
    files: ["site/assets/offline/sw.js", "site/assets/offline/sw-off.js"],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    files: ["site/assets/engine/fetch.js", "site/assets/engine/worker.js"],
    languageOptions: { globals: globals.worker },
  },
  {
    files: ["rulebook/shipping/programs/*.mjs", "tests/js/*.mjs", "eslint.config.mjs"],
    languageOptions: { sourceType: "module", globals: globals.node },
  },
  {
    rules: {
      "no-unused-vars": ["error", { caughtErrors: "none" }],
      eqeqeq: "error",
      "prefer-const": "error",
      "no-var": "error",
    },
  },
];
