import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{app,server,database,scripts,core,tests,content,bench}/**/*.test.{ts,tsx}"],
    exclude: ["tests/e2e/**", "node_modules/**"],
    environment: "node",
    setupFiles: ["tests/setup/console-guard.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
