import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
// With its extension, as Vite's config loader asks (tsconfig's allowImportingTsExtensions lets TypeScript agree).
import { shellChunks } from "./scripts/vite/shell-chunks.ts";

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    // The server bundle's entry is our Express app, which wraps React Router's server build.
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
  },
  define: {
    __BUILD_TIMESTAMP__: JSON.stringify(new Date().toISOString()),
  },
  // One copy of Emotion on the server, so MUI's styles land in the collected <head> styles.
  ssr: {
    noExternal: [/^@mui\//, /^@emotion\//],
  },
  // The factorization workers are ES modules that start workers of their own.
  worker: { format: "es" },
  plugins: [reactRouter(), shellChunks()],
}));
