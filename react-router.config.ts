import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets several builds (e.g. parallel test runs) live side by side.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Every route's entry in one immutable, precached file, instead of asking /__manifest on the way:
  // offline, a link to a route this tab has not visited still finds its module (docs/offline.md).
  routeDiscovery: { mode: "initial" },
  future: {
    // Access rules run as route middleware, before every loader and action (ADR 0002).
    v8_middleware: true,
  },
} satisfies Config;
