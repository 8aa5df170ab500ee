import { NEVER_CACHED_PATH } from "#app/offline/offline-config";

/** What the worker needs to know of a request to route it (a `Request` has all of it). */
export interface RequestFacts {
  method: string;
  mode: RequestMode;
  url: string;
}

/**
 * How the worker answers a request it sees. Precached files never get here: Workbox's precache
 * route answers them first.
 * - `page`: a document navigation (`data: false`) or React Router's `.data` request for a page
 *   (`data: true`), network first; `savable` pages are saved in the partition the answer names.
 * - `static-file`: a hashed build file that is not precached (KaTeX fonts, admin-only chunks): cache first.
 * - `sign-out`: a POST to the logout action; the worker clears the account's copies and lets it through.
 * - `network`: the browser's own fetch, untouched (other origins, other methods, JSON, `/__manifest`).
 */
export type RequestRoute =
  | { kind: "page"; data: boolean; pagePath: string; savable: boolean }
  | { kind: "static-file" }
  | { kind: "sign-out" }
  | { kind: "network" };

const SIGN_OUT_PATHS = new Set(["/logout", "/logout.data"]);
const DATA_SUFFIX = ".data";
/** The query parameter React Router adds to a `.data` URL to name the routes to load. */
const ROUTES_PARAM = "_routes";

export function routeOf(request: RequestFacts, origin: string): RequestRoute {
  const url = new URL(request.url);
  if (url.origin !== origin) return { kind: "network" };
  if (request.method === "POST" && SIGN_OUT_PATHS.has(url.pathname)) return { kind: "sign-out" };
  if (request.method !== "GET") return { kind: "network" };
  if (request.mode === "navigate") {
    return { kind: "page", data: false, pagePath: url.pathname + url.search, savable: isSavablePath(url.pathname) };
  }
  if (url.pathname.endsWith(DATA_SUFFIX)) {
    const pagePath = pagePathOfDataUrl(url);
    return { kind: "page", data: true, pagePath, savable: isSavablePath(new URL(pagePath, url).pathname) };
  }
  if (url.pathname.startsWith("/assets/")) return { kind: "static-file" };
  return { kind: "network" };
}

/** Account, payment, admin and sign-in pages, JSON resources and route discovery are never saved nor served saved. */
export function isSavablePath(pathname: string): boolean {
  return !NEVER_CACHED_PATH.test(pathname);
}

/**
 * The page a `.data` URL loads (React Router's `singleFetchUrl` in reverse): `/_root.data` is `/`,
 * `/a/_.data` is `/a/`, `/a.data` is `/a`; the page's own query stays, the routes parameter goes.
 */
export function pagePathOfDataUrl(url: URL): string {
  const stem = url.pathname.slice(0, -DATA_SUFFIX.length);
  const pathname = stem === "/_root" ? "/" : stem.endsWith("/_") ? stem.slice(0, -1) : stem;
  const search = new URLSearchParams(url.search);
  search.delete(ROUTES_PARAM);
  const query = search.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The answer to a `.data` request the worker cannot serve offline: React Router reads it as a
 * redirect that reloads the document, and the document navigation then gets the saved page or
 * the offline page.
 */
export function reloadDocumentResponse(pagePath: string): Response {
  return new Response(null, {
    status: 204,
    headers: { "X-Remix-Redirect": pagePath, "X-Remix-Reload-Document": "true" },
  });
}
