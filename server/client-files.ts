import path from "node:path";
import express, { type RequestHandler } from "express";
import { OFFLINE_PAGE_URL, SERVICE_WORKER_URL } from "#app/offline/offline-config";

/** Unhashed files of the client build (favicon, lab pictures, the manifest) may be an hour old. */
const UNHASHED_MAX_AGE = "1h";

/**
 * The client build's files outside /assets. The service worker's script and the offline page are
 * revalidated on every fetch: a stale sw.js would keep an old build's worker, and with it its
 * precache, for as long as the cache said. The worker's scope is the default one (the script sits
 * at the root), so no Service-Worker-Allowed header is needed.
 */
export function clientFiles(clientDir: string): RequestHandler {
  const alwaysFresh = new Set([SERVICE_WORKER_URL, OFFLINE_PAGE_URL].map((url) => path.join(clientDir, url)));
  const serviceWorker = path.join(clientDir, SERVICE_WORKER_URL);
  return express.static(clientDir, {
    maxAge: UNHASHED_MAX_AGE,
    setHeaders(res, filePath) {
      if (!alwaysFresh.has(filePath)) return;
      res.setHeader("Cache-Control", "no-cache");
      if (filePath === serviceWorker) res.setHeader("Content-Type", "text/javascript; charset=utf-8");
    },
  });
}
