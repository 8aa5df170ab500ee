import path from "node:path";
import { pathToFileURL } from "node:url";
import express from "express";
import { getEnv } from "#app/utils/env.server";
import { publicOriginOf, servedHostsOf } from "#app/http/public-origin.server";
import { oidcFormActionOrigins } from "#app/auth/oidc-config.server";
import { bodyLimit } from "./body-limit";
import { responseCompression } from "./compression";
import { clientFiles } from "./client-files";
import { precompressedAssets } from "./precompressed-assets";
import { createFactorPool } from "./factor-pool";
import { prepareGracefulClose } from "./graceful-shutdown";
import { hostCheck } from "./host-check";
import { originCheck } from "./origin-check";
import { logEvent, requestLog } from "./request-log";
import { requestTargetCheck } from "./request-target";
import { securityHeaders, staticFileHeaders } from "./security-headers";

/** The application bundle's interface (server/app.ts), in production and in development. */
interface AppModule {
  app: express.RequestHandler;
  prepare(): Promise<{
    dialect: string;
    applied: string[];
    seeded: { created: string[] } | null;
    seededRecords: number | null;
  }>;
  shutdown(): Promise<void>;
}

const env = getEnv();
const development = env.NODE_ENV === "development";
const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");

const server = express();
server.disable("x-powered-by");
if (env.TRUST_PROXY) server.set("trust proxy", parseTrustProxy(env.TRUST_PROXY));
if (env.LOG_REQUESTS === "true") server.use(requestLog());
server.use(requestTargetCheck());
// Before anything answers: links, redirects and passkeys all assume the public origin's host.
server.use(hostCheck({ servedHosts: servedHostsOf(env), publicOrigin: publicOriginOf(env) }));
server.use(responseCompression());
const factorPool = createFactorPool();
server.use((_req, res, next) => {
  res.locals.factorService = factorPool;
  next();
});

let appModule: AppModule;
if (development) {
  server.use(securityHeaders({ development, formActionOrigins: oidcFormActionOrigins(process.env) }));
  server.use(bodyLimit());
  const vite = await import("vite").then(({ createServer }) => createServer({ server: { middlewareMode: true } }));
  const load = () => vite.ssrLoadModule("./server/app.ts") as Promise<AppModule>;
  appModule = await load();
  server.use(vite.middlewares);
  server.use(originCheck({ appUrl: env.APP_URL }));
  server.use(async (req, res, next) => {
    try {
      (await load()).app(req, res, next);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  appModule = (await import(pathToFileURL(path.join(BUILD_DIR, "server/index.js")).href)) as AppModule;
  // Static files carry only the headers that matter for them: the page policies are for documents.
  server.use(staticFileHeaders());
  server.use("/assets", precompressedAssets(path.join(BUILD_DIR, "client/assets")));
  // Hashed file names change with their content, so they may be cached for a year.
  server.use(
    "/assets",
    express.static(path.join(BUILD_DIR, "client/assets"), {
      immutable: true,
      maxAge: "1y",
      etag: false,
      lastModified: false,
    }),
  );
  // A missing asset is a stale or mistyped URL, not a page: answer without rendering one.
  server.use("/assets", (_req, res) => void res.sendStatus(404));
  server.use(clientFiles(path.join(BUILD_DIR, "client")));
  server.use(securityHeaders({ development, formActionOrigins: oidcFormActionOrigins(process.env) }));
  server.use(bodyLimit());
  server.use(originCheck({ appUrl: env.APP_URL }));
  server.use(appModule.app);
}

const { dialect, applied, seeded, seededRecords } = await appModule.prepare();
logEvent("database ready", { dialect, migrationsApplied: applied });
if (seeded) {
  // Report entries are "chapter" or "chapter#section".
  const chapters = seeded.created.filter((entry) => !entry.includes("#")).length;
  logEvent("lessons imported into the empty database", { chapters, sections: seeded.created.length - chapters });
}
if (seededRecords !== null) logEvent("prime records imported into the empty database", { records: seededRecords });

const listener = server.listen(env.PORT, env.HOST ?? "::", () => {
  const address = listener.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  logEvent("listening", { url: `http://localhost:${port}`, publicOrigin: publicOriginOf(env), mode: env.NODE_ENV });
});
const closeGracefully = prepareGracefulClose(listener);

let shuttingDown = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (shuttingDown) return;
    shuttingDown = true;
    logEvent("shutting down", { signal });
    closeGracefully(() => Promise.all([appModule.shutdown(), factorPool.close()]).then(() => {}))
      .then(({ forced }) => {
        logEvent("stopped", { forced, databaseClosed: true });
        process.exit(0);
      })
      .catch((error: unknown) => {
        logEvent("shutdown failed", { error: String(error) }, "error");
        process.exit(1);
      });
  });
}

/** TRUST_PROXY takes Express's forms: true/false, a hop count, or addresses/subnets. */
function parseTrustProxy(value: string): boolean | number | string {
  if (value === "true") return true;
  if (value === "false") return false;
  return /^\d+$/.test(value) ? Number(value) : value;
}
