/**
 * The service worker (/sw.js, scope /): a thin shell that wires the browser's events to
 * app/offline/worker/. Built by scripts/build-service-worker.ts, which bundles this file and
 * injects the precache manifest; typechecked on its own (tsconfig.service-worker.json), since
 * its globals are a service worker's, not a window's. docs/offline.md says what it caches.
 */
import { CacheExpiration, ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst } from "workbox-strategies";
import { clearQueuedSubmissions } from "#app/offline/offline-queue";
import {
  MAX_SAVED_PAGE_AGE_SECONDS,
  MAX_SAVED_PAGES,
  NETWORK_TIMEOUT_SECONDS,
  OFFLINE_PAGE_URL,
  STATIC_RUNTIME_CACHE,
  type PageToWorkerMessage,
} from "#app/offline/offline-config";
import { createPageService, type KeepAlive } from "#app/offline/worker/page-service";
import { createPageStore } from "#app/offline/worker/page-store";
import {
  clickTarget,
  handOverReplacement,
  notificationOptions,
  pushEvent,
  readNotificationData,
  readPushMessage,
  sendPushEvent,
  type NotificationData,
} from "#app/offline/worker/push-messages";
import { fetchServerKey } from "#app/push/client/push-device";
import { routeOf } from "#app/offline/worker/request-routes";
import {
  markSavedPagesStale,
  readCurrentPartition,
  takeSavedPagesStale,
  writeCurrentPartition,
} from "#app/offline/worker/worker-state";

declare const self: ServiceWorkerGlobalScope;

/** Hashed files outside the precache (KaTeX fonts, admin-only chunks) kept at run time. */
const MAX_STATIC_RUNTIME_FILES = 120;

const origin = self.location.origin;
const expirations = new Map<string, CacheExpiration>();
function expirationOf(cacheName: string): CacheExpiration {
  let expiration = expirations.get(cacheName);
  if (!expiration) {
    expiration = new CacheExpiration(cacheName, {
      maxEntries: MAX_SAVED_PAGES,
      maxAgeSeconds: MAX_SAVED_PAGE_AGE_SECONDS,
    });
    expirations.set(cacheName, expiration);
  }
  return expiration;
}

const pages = createPageService({
  store: createPageStore({
    caches: self.caches,
    ledger: {
      async saved(cacheName, url) {
        await expirationOf(cacheName).updateTimestamp(url);
        await expirationOf(cacheName).expireEntries();
      },
      async forget(cacheName) {
        await expirationOf(cacheName).delete();
        expirations.delete(cacheName);
      },
    },
    now: () => Date.now(),
  }),
  fetch: (request) => fetch(request),
  origin,
  timeoutMs: NETWORK_TIMEOUT_SECONDS * 1000,
  offlinePageHtml: async () => (await matchPrecache(OFFLINE_PAGE_URL))?.text(),
  readPartition: readCurrentPartition,
  writePartition: writeCurrentPartition,
  clearQueue: clearQueuedSubmissions,
});

/** waitUntil, when the event still accepts it (work started late runs on unguarded rather than throwing). */
function keepAliveFor(event: ExtendableEvent): KeepAlive {
  return (work) => {
    try {
      event.waitUntil(work);
    } catch {
      // The event has ended: the work still runs while the worker does.
    }
  };
}

/** Signing out of this device ends its push subscription too (the server drops it with the session). */
async function unsubscribePush(): Promise<void> {
  await (await self.registration.pushManager.getSubscription())?.unsubscribe();
}

// Sign-out is watched, not answered: the POST goes to the network as it is, even when it fails offline.
self.addEventListener("fetch", (event) => {
  if (routeOf(event.request, origin).kind === "sign-out") {
    event.waitUntil(Promise.all([pages.signOut(), unsubscribePush().catch(() => undefined)]));
  }
});

precacheAndRoute(self.__WB_MANIFEST, { cleanURLs: false });
cleanupOutdatedCaches();

registerRoute(
  ({ request }) => routeOf(request, origin).kind === "page",
  ({ request, event }) => {
    const route = routeOf(request, origin);
    if (route.kind !== "page") return fetch(request);
    const keepAlive = keepAliveFor(event as FetchEvent);
    // Background work (tools, a refresh after an update) lives as long as the requests around it.
    keepAlive(pages.pending());
    return pages.answerPage(request, route, keepAlive);
  },
);

registerRoute(
  ({ request }) => routeOf(request, origin).kind === "static-file",
  new CacheFirst({
    cacheName: STATIC_RUNTIME_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: MAX_STATIC_RUNTIME_FILES, purgeOnQuotaError: true })],
  }),
);

self.addEventListener("install", (event) => {
  // A first install saves the tools before it reports ready; an update leaves the running worker's pages alone.
  event.waitUntil(self.registration.active ? markSavedPagesStale() : pages.saveToolPages());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
  // Not waited for: fetches wait for activation to end. The page requests that follow keep it alive.
  void takeSavedPagesStale().then((stale) => (stale ? pages.refreshSavedPages() : undefined));
});

self.addEventListener("message", (event) => {
  const message = event.data as PageToWorkerMessage | null;
  if (message?.type === "SKIP_WAITING") {
    void self.skipWaiting();
  } else if (message?.type === "CLEAR_PARTITION") {
    event.waitUntil(pages.clearPartition(message.partition));
  }
});

/** The app's icon beside a notification (the web app manifest's, precached when the build has it). */
const NOTIFICATION_ICON = "/icons/icon-192.png";

const countPush = (name: "push_received" | "push_click", data: NotificationData) =>
  sendPushEvent(
    (url, init) => fetch(url, init),
    pushEvent(name, data, Date.now(), crypto.getRandomValues(new Uint8Array(16))),
  );

// A push message (issue 21): JSON { title, body, url, campaign }, always shown, then counted.
self.addEventListener("push", (event) => {
  let text: string | null = null;
  try {
    text = event.data?.text() ?? null;
  } catch {
    // Unreadable data: the default notification still leads to the site.
  }
  const message = readPushMessage(text, origin);
  const options = notificationOptions(message, NOTIFICATION_ICON);
  event.waitUntil(
    Promise.all([self.registration.showNotification(message.title, options), countPush("push_received", options.data)]),
  );
});

// A click leads to the message's page without a new tab each time (clickTarget), and is counted.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data = readNotificationData(event.notification.data, origin);
  const open = async () => {
    const [windows, controlled] = await Promise.all([
      self.clients.matchAll({ type: "window", includeUncontrolled: true }),
      self.clients.matchAll({ type: "window" }),
    ]);
    const target = clickTarget(windows, controlled, data.url, origin);
    if (target.kind === "open") {
      await self.clients.openWindow(data.url);
      return;
    }
    const client = target.kind === "navigate" ? await target.client.navigate(data.url) : target.client;
    if (!client) return;
    // Focusing needs the click's user activation; a window that cannot be focused still shows the link.
    await client.focus().catch(() => undefined);
  };
  event.waitUntil(Promise.all([open().catch(() => undefined), countPush("push_click", data)]));
});

// The browser changed the subscription (Firefox does; others rarely): subscribe again and hand it over.
self.addEventListener("pushsubscriptionchange", (event) => {
  const change = event as PushSubscriptionChangeEvent;
  const renew = async () => {
    const fresh =
      change.newSubscription ??
      (await self.registration.pushManager.subscribe({
        userVisibleOnly: true,
        // The old subscription's key, or the server's when the browser does not say it.
        applicationServerKey:
          change.oldSubscription?.options.applicationServerKey ??
          (await fetchServerKey((url, init) => fetch(url, init))),
      }));
    const refused = await handOverReplacement((url, init) => fetch(url, init), fresh, change.oldSubscription?.endpoint);
    if (refused) await fresh.unsubscribe();
  };
  change.waitUntil(renew().catch(() => undefined));
});
