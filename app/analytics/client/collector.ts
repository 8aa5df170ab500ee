import {
  ANALYTICS_ENDPOINT,
  BATCH_DELAY_MS,
  MAX_EVENTS_PER_BATCH,
  REQUEST_TIMEOUT_MS,
  RETRY_STATUSES,
  type AnalyticsEvent,
} from "../events";
import { readRetryAfter, retryDelay } from "./backoff";
import type { EventStore } from "./event-store";

/**
 * The server refuses a batch holding a longer route or path (MAX_PATH_LENGTH of
 * app/analytics/event-schema.server.ts; a test keeps the two equal): such an event is not kept.
 */
export const MAX_EVENT_PATH_LENGTH = 300;

/** What the collector needs of the browser; the tests give fakes. */
export interface CollectorDeps {
  store: EventStore;
  fetch(url: string, init: RequestInit): Promise<Pick<Response, "status" | "headers">>;
  /** `navigator.sendBeacon`, when the browser has it: a string body goes as text/plain, which the endpoint reads. */
  sendBeacon?: (url: string, body: string) => boolean;
  now(): number;
  /** A number in [0, 1): the jitter of each retry's wait. */
  random(): number;
}

export interface Collector {
  /** Keeps the event and sends it with the next batch (at once when a batch is full). */
  add(event: AnalyticsEvent): void;
  /** Consent given or withdrawn; withdrawn, the stored events are deleted and nothing more is sent. */
  setEnabled(enabled: boolean): void;
  /** The page is going away or out of sight: what is queued leaves with `sendBeacon`. */
  flushWithBeacon(): void;
  /** The connection is back: a retry that waits for it goes at once. */
  online(): void;
}

/** A signal that aborts after `ms`, in browsers with and without `AbortSignal.timeout`. */
function timeoutSignal(ms: number): AbortSignal {
  if (typeof AbortSignal.timeout === "function") return AbortSignal.timeout(ms);
  const controller = new AbortController();
  setTimeout(() => controller.abort(), ms);
  return controller.signal;
}

/**
 * Batches, sends and retries (docs: app/analytics/client/README.md). Events are stored as they come
 * and removed by id once the server answered a fetch 2xx, or refused them for good (a 4xx other than
 * 429: sending again cannot help): delivery is at least once, and the server de-duplicates by id. 429, 500, 503, 504, a network error and a timeout keep them, and the
 * same batch is tried again after an exponential, jittered wait that honours `Retry-After`. One
 * request at a time. Nothing here throws into the page or writes to the console.
 */
export function createCollector(deps: CollectorDeps): Collector {
  const { store } = deps;
  let enabled = false;
  let batchTimer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Failures in a row: the backoff's exponent. */
  let failures = 0;
  /** The last failure was the network's (no answer): the `online` event retries at once. */
  let offline = false;
  /** Ids of the batch on its way, kept out of a beacon sent meanwhile. */
  let sending: readonly string[] = [];
  /** Ids this page handed to a beacon: not handed to another. */
  const beaconed = new Set<string>();

  const stopTimers = () => {
    clearTimeout(batchTimer);
    clearTimeout(retryTimer);
    batchTimer = retryTimer = undefined;
  };

  /** Sends a full batch now, or starts the batch delay; not while a request or a retry's wait is on. */
  const schedule = () => {
    if (!enabled || sending.length > 0 || retryTimer) return;
    const count = safely(() => store.all().length, 0);
    if (count >= MAX_EVENTS_PER_BATCH) void send();
    else if (count > 0 && !batchTimer) batchTimer = setTimeout(send, BATCH_DELAY_MS);
  };

  async function send(): Promise<void> {
    clearTimeout(batchTimer);
    batchTimer = undefined;
    const batch = safely(() => store.all().slice(0, MAX_EVENTS_PER_BATCH), []);
    if (!enabled || sending.length > 0 || retryTimer || batch.length === 0) return;
    sending = batch.map((event) => event.id);
    let status = 0;
    let retryAfter: number | null = null;
    try {
      const response = await deps.fetch(ANALYTICS_ENDPOINT, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ events: batch }),
        credentials: "same-origin",
        signal: timeoutSignal(REQUEST_TIMEOUT_MS),
      });
      status = response.status;
      retryAfter = readRetryAfter(response.headers.get("Retry-After"), deps.now());
    } catch {
      // No answer (offline, refused, timed out): status 0, tried again.
    }
    const ids = sending;
    sending = [];
    if (!enabled) return;
    offline = status === 0;
    if (offline || RETRY_STATUSES.includes(status)) {
      failures += 1;
      retryTimer = setTimeout(
        () => {
          retryTimer = undefined;
          void send();
        },
        retryDelay(failures, deps.random(), retryAfter),
      );
      return;
    }
    failures = 0;
    safely(() => store.remove(ids), undefined);
    schedule();
  }

  return {
    add(event) {
      if (!enabled || event.path.length > MAX_EVENT_PATH_LENGTH || event.route.length > MAX_EVENT_PATH_LENGTH) return;
      safely(() => store.add(event), undefined);
      schedule();
    },
    setEnabled(next) {
      enabled = next;
      if (next) {
        schedule();
        return;
      }
      stopTimers();
      failures = 0;
      safely(() => store.clear(), undefined);
    },
    flushWithBeacon() {
      // While a retry waits, the server asked for quiet (or could not be reached): the events stay
      // stored and leave from a later page. A beacon gives no answer (it may meet a 503 unseen), so
      // what it took stays stored until a fetch's 2xx confirms it; the server stores each id once.
      // Each event is handed to one beacon per page at most.
      if (!enabled || retryTimer || !deps.sendBeacon) return;
      const waiting = safely(() => store.all(), []).filter(
        (event) => !sending.includes(event.id) && !beaconed.has(event.id),
      );
      for (let start = 0; start < waiting.length; start += MAX_EVENTS_PER_BATCH) {
        const batch = waiting.slice(start, start + MAX_EVENTS_PER_BATCH);
        if (!safely(() => deps.sendBeacon!(ANALYTICS_ENDPOINT, JSON.stringify({ events: batch })), false)) return;
        for (const event of batch) beaconed.add(event.id);
      }
    },
    online() {
      if (!offline || !retryTimer) return;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      void send();
    },
  };
}

/** Runs `work`, or answers `fallback` if it throws: analytics never breaks a page. */
function safely<T>(work: () => T, fallback: T): T {
  try {
    return work();
  } catch {
    return fallback;
  }
}
