import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    // Access rules run as route middleware, before every loader and action (ADR 0002).
    v8_middleware: true,
  },
} satisfies Config;
