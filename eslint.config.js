import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: ["build/", "build-*/", ".react-router/", "node_modules/", "test-results*/", "playwright-report/", "data/"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // The maths core runs in workers, in Node and in tests: nothing platform-specific may reach it.
    files: ["core/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["node:*"], message: "core/ is pure TypeScript: no Node built-ins." },
            { group: ["react", "react-*", "@mui/*", "@emotion/*"], message: "core/ has no UI imports." },
            { group: ["kysely", "pg", "better-sqlite3"], message: "core/ has no database imports." },
            {
              group: ["../app/*", "../../app/*", "../server/*", "../database/*"],
              message: "core/ never imports upward.",
            },
          ],
        },
      ],
      "no-restricted-globals": ["error", "window", "document", "process"],
    },
  },
  {
    // Models and domain services read the time from one clock, so tests set it instead of sleeping.
    files: [
      "app/models/**",
      "app/auth/**",
      "app/account/**",
      "app/content/**",
      "app/quiz/**",
      "app/course/**",
      "app/mail/**",
      "app/jobs/**",
    ],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: "Read the time from the clock: now() or isoNow() from #app/utils/clock, which tests set.",
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: "Read the time from the clock: now() from #app/utils/clock, which tests set.",
        },
      ],
    },
  },
);
