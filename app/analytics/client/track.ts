import type { AnalyticsEvent, AnalyticsEventName, EventProperties } from "../events";

/**
 * The facade every call site imports: `track("tool_use", { … })`. It stays a few hundred bytes because
 * it is in the pages' own chunks; it only builds the event and hands it to the collector
 * (./analytics.client.ts), which the root loads after hydration. Until then events wait here, in memory.
 * It never throws into the page and does nothing on the server.
 */

/** Where tracked events go once the collector is loaded: it stores, sends, or (without consent) drops them. */
export type EventSink = (event: AnalyticsEvent) => void;

/** Events made before the collector loaded; a collector that never loads (offline, a failed chunk) keeps this few. */
const MAX_WAITING_EVENTS = 100;

let sink: EventSink | null = null;
const waiting: AnalyticsEvent[] = [];
let routePattern = "/";

/** The route pattern of the page on screen (`/quiz/:attemptId`), set by the root on every render. */
export function setTrackedRoute(pattern: string): void {
  routePattern = pattern;
}

/** The collector takes over: waiting events first, then each new one as it is tracked. */
export function connectSink(next: EventSink): void {
  sink = next;
  for (const event of waiting.splice(0)) next(event);
}

/**
 * A random id of 32 hex digits: `crypto.getRandomValues`, not `randomUUID`, which browsers leave out
 * of pages that are not secure contexts (a LAN install served over plain http).
 */
function randomId(): string {
  let id = "";
  for (const byte of crypto.getRandomValues(new Uint8Array(16))) id += (byte | 256).toString(16).slice(1);
  return id;
}

export function track<K extends AnalyticsEventName>(name: K, props: EventProperties[K]): void {
  try {
    if (typeof window === "undefined") return;
    const event = {
      id: randomId(),
      name,
      at: Date.now(),
      route: routePattern,
      // The path alone: a query string or fragment may carry secrets (tokens, checkout ids).
      path: location.pathname,
      width: innerWidth,
      props,
    } as AnalyticsEvent;
    if (sink) sink(event);
    else if (waiting.push(event) > MAX_WAITING_EVENTS) waiting.shift();
  } catch {
    // Analytics never breaks a page.
  }
}
