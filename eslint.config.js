// Lint for the browser JavaScript under src/cardavia/web/static (ESLint's flat config): the
// recommended rules. The table client is ES modules; the site's other scripts (look-early.js,
// look.js, rules.js) are classic scripts. scripts/test runs `npx eslint src/cardavia/web/static`.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["src/cardavia/web/static/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser },
    },
  },
  {
    files: ["src/cardavia/web/static/*.js"],
    languageOptions: { sourceType: "script" },
  },
];
