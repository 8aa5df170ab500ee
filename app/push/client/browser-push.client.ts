import type { PushBrowser } from "./push-device";

/** How long turning on waits for the offline worker to be ready before saying push is unavailable. */
const WORKER_READY_TIMEOUT_MS = 10_000;

/** The real browser behind PushBrowser (app/push/client/push-device.ts). */
export const browserPush: PushBrowser = {
  supported: () =>
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window,
  permission: () => Notification.permission,
  requestPermission: () => Notification.requestPermission(),
  async pushManager() {
    // The offline worker (app/offline/service-worker.client.ts) carries push; without one there is no push.
    const registration = await navigator.serviceWorker.getRegistration("/");
    if (!registration) return null;
    if (registration.active) return registration.pushManager;
    const ready = await Promise.race([
      navigator.serviceWorker.ready,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKER_READY_TIMEOUT_MS)),
    ]);
    return ready?.pushManager ?? null;
  },
  fetch: (url, init) => fetch(url, init),
  get storage() {
    try {
      return localStorage;
    } catch {
      // Refused (storage blocked for this site): the record is then never kept.
      return null;
    }
  },
  now: () => Date.now(),
  timeZone: () => Intl.DateTimeFormat().resolvedOptions().timeZone,
};
