import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{app,server,database,scripts,core,tests}/**/*.test.ts"],
    exclude: ["tests/e2e/**", "node_modules/**"],
    environment: "node",
    setupFiles: ["tests/setup/console-guard.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
