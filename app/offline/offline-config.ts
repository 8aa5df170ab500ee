/**
 * What the service worker and the pages agree on (docs/offline.md). Plain values only: the
 * worker's bundle imports this file, so it may import nothing from the app.
 */

/** The worker's script and scope (SPEC.md §3). */
export const SERVICE_WORKER_URL = "/sw.js";
export const SERVICE_WORKER_SCOPE = "/";

/** A static page written at build time and precached: what a navigation gets offline when no copy is saved. */
export const OFFLINE_PAGE_URL = "/offline.html";

/** The web app manifest, linked from every page. */
export const WEB_APP_MANIFEST_URL = "/manifest.webmanifest";

/**
 * Every page and `.data` answer says whose it is: the cache partition of the signed-in account
 * ("u-" and a keyed hash of its id, which names no one) or the guest partition. The worker keeps
 * each partition's pages apart and serves only the partition of the latest answer from the network.
 */
export const CACHE_PARTITION_HEADER = "Numberlab-Cache-Partition";
export const GUEST_PARTITION = "guest";
/** A partition is "guest" or "u-" and 22 URL-safe characters; anything else in a header is ignored. */
export const CACHE_PARTITION_PATTERN = /^(?:guest|u-[A-Za-z0-9_-]{22})$/;

/** Cache Storage names. Pages are cached per partition: `numberlab-pages-<partition>`. */
export const PAGE_CACHE_PREFIX = "numberlab-pages-";
/** KaTeX's fonts and other same-origin files that are not in the precache (cache first: their names carry a hash). */
export const STATIC_RUNTIME_CACHE = "numberlab-static";

/** How long a navigation waits for the network before a saved copy is shown (a poor connection, not none). */
export const NETWORK_TIMEOUT_SECONDS = 6;
/** Saved pages per partition, and their age limit: visited chapters stay readable for weeks. */
export const MAX_SAVED_PAGES = 80;
export const MAX_SAVED_PAGE_AGE_SECONDS = 30 * 24 * 60 * 60;

/**
 * The tools that work offline without having been visited: the worker saves them into the current
 * partition when it installs and when the partition changes.
 */
export const OFFLINE_TOOL_PAGES = [
  "/prime-factorization-engine",
  "/prime-discoveries",
  "/tests/ploting",
  "/tests/plotfunction",
  "/tests/sin",
  "/tests/sin2",
  "/tests/sin3",
  "/tests/sinwave",
  "/tests/complex_wave",
  "/tests/anime",
  "/tests/editor",
  "/tests/editor2",
  "/tests/quiz_test",
] as const;

/**
 * Pages never saved nor served from a cache: account and payment pages (stale or sensitive),
 * the admin area, sign-in flows, JSON resources, and React Router's route discovery
 * (`/__manifest`: a cached copy loops after a deploy, react-router#15134).
 */
export const NEVER_CACHED_PATH =
  /^\/(?:admin|api|auth|builds|healthz|login|logout|signup|reset-password|verify-email|change-email|profile|subscribe|success|cancel|test-payments|tests\/(?:buy|newlogin|user-info|test)|__manifest)(?:[/.?]|$)/;

/** Messages a page posts to the worker. workbox-window's `messageSkipWaiting` sends `{ type: "SKIP_WAITING" }`. */
export type PageToWorkerMessage =
  | { type: "SKIP_WAITING" }
  /** Signing out: drop this partition's pages (the page drops its own queue). */
  | { type: "CLEAR_PARTITION"; partition: string };

/**
 * Local storage key set when registering the worker failed, or the browser has no service workers; a
 * later successful registration removes it. The diagnostics lab (/tests/test) shows it. Its value is
 * a `ServiceWorkerRegistrationFailure` as JSON (app/offline/registration-failure.ts reads and writes it).
 */
export const SW_REGISTRATION_FAILURE_KEY = "numberlab:sw-registration-failure";

export interface ServiceWorkerRegistrationFailure {
  /** The error's message, e.g. "Failed to register a ServiceWorker: … 404", or "unsupported". */
  reason: string;
  /** When it failed, ISO 8601 (UTC). */
  at: string;
}
