import { createCollector } from "./collector";
import { analyticsAllowed } from "./consent";
import { createEventStore, type KeyValueStorage } from "./event-store";
import { connectSink } from "./track";

/**
 * The analytics module proper (≤ 3 KB gzipped, proved by analytics-size.test.ts), loaded by the root
 * after hydration: it takes over from the facade (./track.ts), stores and sends what is tracked, and
 * sends what earlier pages left. `accountAllows` is the root loader's `analytics` flag.
 */
export interface AnalyticsControl {
  /** The account's switch changed (the root loader read again): off deletes what is stored, at once. */
  setAccountAllows(accountAllows: boolean): void;
}

let started: AnalyticsControl | undefined;

/** Starts once per page; a second call (the root mounted again after an error page) gets the same control. */
export function startAnalytics(accountAllows: boolean): AnalyticsControl {
  if (started) {
    started.setAccountAllows(accountAllows);
    return started;
  }
  const collector = createCollector({
    store: createEventStore(localStorageOrNull(), Date.now),
    // Offline, nothing is tried (a failed request is a console error): the `online` event sends at once.
    fetch: (url, init) => (navigator.onLine ? fetch(url, init) : Promise.reject(new TypeError("offline"))),
    // Offline, a beacon is "queued" and then lost: the events wait in storage instead.
    sendBeacon: navigator.sendBeacon ? (url, body) => navigator.onLine && navigator.sendBeacon(url, body) : undefined,
    now: Date.now,
    random: Math.random,
  });
  const apply = (allows: boolean) => collector.setEnabled(analyticsAllowed(navigator, window, allows));
  apply(accountAllows);
  connectSink(collector.add);
  window.addEventListener("pagehide", collector.flushWithBeacon);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") collector.flushWithBeacon();
  });
  window.addEventListener("online", collector.online);
  started = { setAccountAllows: apply };
  return started;
}

/** Reading `localStorage` itself throws where storage is blocked. */
function localStorageOrNull(): KeyValueStorage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}
