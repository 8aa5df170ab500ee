/**
 * Builds the service worker after `react-router build` (docs/offline.md): writes the offline page
 * into the client build, bundles app/workers/service-worker.ts with esbuild, and lets workbox-build
 * inject the precache manifest into `<BUILD_DIR>/client/sw.js`. Prints what the precache holds.
 *
 * `tsx scripts/build-service-worker.ts` (BUILD_DIR as for react-router.config.ts; default build/).
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
// The module alone: workbox-build's index also loads generateSW's Babel and Rollup (1.6 s more).
import { injectManifest } from "workbox-build/build/inject-manifest.js";
import { OFFLINE_PAGE_URL, SERVICE_WORKER_URL, WEB_APP_MANIFEST_URL } from "#app/offline/offline-config";
import { runCli } from "./cli-run";
import { offlineTools, paletteOfTheme, renderOfflinePage } from "./offline-page";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const ENTRY = path.join(ROOT, "app/workers/service-worker.ts");

/**
 * What any page needs to hydrate offline, the tools' workers included. Left out: KaTeX's fonts
 * (cached as pages use them: most pages need two or three of 60 files), the admin labs' plotly
 * (5 MB) and the analytics pages' charts (350 KB): cached at run time by those who open them.
 */
export const PRECACHE_PATTERNS = ["assets/**/*.{js,css}", OFFLINE_PAGE_URL.slice(1), "favicon.svg"];
/** Added when the build has them: the web app manifest and its icons. */
export const OPTIONAL_PRECACHE_PATTERNS = [WEB_APP_MANIFEST_URL.slice(1), "icons/**/*.{png,svg,webp,ico}"];
export const PRECACHE_IGNORES = ["assets/plotly-strict*", "assets/x-charts-view*"];
/** A bigger file is a mistake (a new huge chunk): the build fails rather than leave it out silently. */
const MAX_PRECACHED_FILE_BYTES = 2 * 1024 * 1024;

export interface ServiceWorkerBuild {
  swPath: string;
  swBytes: number;
  precacheCount: number;
  precacheBytes: number;
}

export async function buildServiceWorker(buildDir: string): Promise<ServiceWorkerBuild> {
  const clientDir = path.join(buildDir, "client");
  if (!existsSync(clientDir)) throw new Error(`${clientDir} does not exist: run react-router build first`);
  const scratch = await mkdtemp(path.join(tmpdir(), "numberlab-sw-"));
  try {
    const swSrc = path.join(scratch, "sw.js");
    // esbuild bundles in its own process while this one loads MUI for the offline page's colours.
    const bundled = build({
      entryPoints: [ENTRY],
      outfile: swSrc,
      bundle: true,
      format: "iife",
      platform: "browser",
      target: "es2022",
      minify: true,
      legalComments: "none",
      // Workbox drops its development logging and checks in production mode.
      define: { "process.env.NODE_ENV": '"production"' },
      logLevel: "warning",
    });
    const { theme } = await import("#app/theme/theme");
    await writeFile(
      path.join(clientDir, OFFLINE_PAGE_URL.slice(1)),
      renderOfflinePage({ palette: paletteOfTheme(theme), tools: offlineTools() }),
    );
    await bundled;
    const swDest = path.join(clientDir, SERVICE_WORKER_URL.slice(1));
    const patterns = [
      ...PRECACHE_PATTERNS,
      ...OPTIONAL_PRECACHE_PATTERNS.filter((pattern) => existsSync(path.join(clientDir, pattern.split("/")[0]!))),
    ];
    const { count, size, warnings } = await injectManifest({
      swSrc,
      swDest,
      globDirectory: clientDir,
      globPatterns: patterns,
      globIgnores: PRECACHE_IGNORES,
      // Hashed names change with their content: no revision needed.
      dontCacheBustURLsMatching: /^assets\//,
      maximumFileSizeToCacheInBytes: MAX_PRECACHED_FILE_BYTES,
    });
    if (warnings.length > 0) throw new Error(`workbox-build: ${warnings.join("\n")}`);
    return { swPath: swDest, swBytes: (await stat(swDest)).size, precacheCount: count, precacheBytes: size };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(0)} KiB`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await runCli(async () => {
    const started = performance.now();
    const result = await buildServiceWorker(path.resolve(process.env.BUILD_DIR ?? "build"));
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    return `service worker: ${path.relative(process.cwd(), result.swPath)} (${kib(result.swBytes)}), precache ${result.precacheCount} files, ${kib(result.precacheBytes)}, in ${seconds} s`;
  }, "Usage: tsx scripts/build-service-worker.ts (BUILD_DIR names the build folder)");
}
