import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import importBoundaries from "./eslint/import-boundaries.js";

const testFiles = ["**/*.test.ts", "**/*.test.tsx"];
/** core/'s tests, and the helper that declares the quiz templates' tests for them. */
const coreTestFiles = ["core/**/*.test.ts", "core/quiz/templates/template-checks.ts"];

/**
 * Which folder may import what (docs/decisions/0013-feature-folders-aliases-and-boundaries.md).
 * Dependencies point one way: routes → components and domain services → models → database and core/.
 * `from` globs name importing files; `allow` and `deny` name repo paths (without extension) and packages.
 */
const boundaryZones = [
  {
    from: ["core/**"],
    except: coreTestFiles,
    allow: { paths: ["core/**"], packages: ["katex", "zod"] },
    message: "core/ is pure TypeScript: only core/ and its own packages (katex, zod)",
  },
  {
    from: coreTestFiles,
    allow: { paths: ["core/**", "content/*.json"], packages: ["katex", "zod", "vitest"] },
    message: "core/'s tests use only core/, content data and vitest",
  },
  {
    from: ["app/models/**"],
    except: testFiles,
    allow: {
      paths: ["app/models/**", "app/utils/**", "database/**", "core/**"],
      packages: ["kysely", "zod", "node:*"],
    },
    message: "models are data access: only models, app/utils, database/ and core/, never React or a domain service",
  },
  {
    from: ["app/models/**/*.test.ts"],
    allow: {
      paths: ["app/models/**", "app/utils/**", "database/**", "core/**", "tests/**", "content/*.json"],
      packages: ["kysely", "zod", "node:*", "vitest"],
    },
    message: "models' tests use only models, app/utils, database/, core/, tests/ and content data",
  },
  {
    from: ["app/utils/**"],
    allow: { paths: ["app/utils/**", "database/**", "core/**", "tests/**"], packages: ["**"] },
    message: "app/utils holds small cross-domain helpers: no models, domain services, components or routes",
  },
  {
    from: ["app/workers/**"],
    deny: { paths: ["app/components/**"] },
    message: "workers never import components: drawing that is not React lives in app/graphics",
  },
  {
    from: ["app/graphics/**"],
    deny: { paths: ["app/components/**"], packages: ["react", "react-dom"] },
    message: "app/graphics draws without React or components, so the plot worker can run it",
  },
  {
    // Domain services (app/auth, app/quiz, app/http, …) and the other non-UI folders of app/.
    from: ["app/*/**"],
    except: ["app/components/**", "app/routes/**", "app/workers/**", "app/graphics/**"],
    // The widget catalog is zod schemas beside each widget (no React): the server checks lesson directives with it.
    deny: { paths: ["app/components/**", "!app/components/lesson-widgets/catalog"] },
    message:
      "a domain service never imports a component: the type or limit belongs to the service (or core/), and the component imports it from there",
  },
  {
    from: ["**"],
    except: ["app/routes/**"],
    deny: { paths: ["app/routes/**"] },
    message: "route modules are leaves: only app/routes imports app/routes",
  },
  {
    from: ["database/**"],
    except: testFiles,
    allow: { paths: ["database/**", "core/**"], packages: ["kysely", "pg", "better-sqlite3", "node:*"] },
    message: "database/ is the bottom layer: only database/ and core/",
  },
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      ".react-router/",
      "node_modules/",
      "test-results*/",
      "playwright-report/",
      "data/",
      // Deliberate violations, linted by tests/lint/import-boundaries.test.ts as if they sat elsewhere.
      "tests/fixtures/boundaries/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks, boundaries: importBoundaries },
    rules: {
      "boundaries/imports": ["error", { maxParentClimb: 1, zones: boundaryZones }],
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
      "app/inbox/**",
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
