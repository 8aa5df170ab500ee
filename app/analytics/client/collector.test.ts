import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ANALYTICS_ENDPOINT,
  BATCH_DELAY_MS,
  MAX_EVENTS_PER_BATCH,
  MAX_STORED_EVENTS,
  REQUEST_TIMEOUT_MS,
  type AnalyticsEvent,
} from "../events";
import { MAX_PATH_LENGTH } from "../event-schema.server";
import { MAX_RETRY_DELAY_MS, RETRY_BASE_DELAY_MS } from "./backoff";
import { createCollector, MAX_EVENT_PATH_LENGTH, type CollectorDeps } from "./collector";
import { ANALYTICS_STORAGE_KEY, createEventStore, type KeyValueStorage } from "./event-store";

const START = Date.parse("2026-12-01T10:00:00Z");

/** Local storage in memory; `broken` makes every call throw, as private modes and full quotas do. */
class FakeStorage implements KeyValueStorage {
  values = new Map<string, string>();
  broken: "read" | "write" | null = null;
  getItem(key: string) {
    if (this.broken === "read") throw new DOMException("The operation is insecure.", "SecurityError");
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.broken) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    this.values.set(key, value);
  }
  removeItem(key: string) {
    if (this.broken === "read") throw new DOMException("The operation is insecure.", "SecurityError");
    this.values.delete(key);
  }
  storedIds(): string[] {
    return (JSON.parse(this.values.get(ANALYTICS_STORAGE_KEY) ?? "[]") as AnalyticsEvent[]).map((event) => event.id);
  }
}

type Answer = number | { status: number; retryAfter?: string } | "network-error" | "hang";

/** The endpoint: answers from a script (then 200), and every batch it was sent. */
class FakeEndpoint {
  answers: Answer[] = [];
  requests: { ids: string[]; init: RequestInit }[] = [];
  fetch: CollectorDeps["fetch"] = (url, init) => {
    expect(url).toBe(ANALYTICS_ENDPOINT);
    const body = JSON.parse(String(init.body)) as { events: AnalyticsEvent[] };
    this.requests.push({ ids: body.events.map((event) => event.id), init });
    const answer = this.answers.shift() ?? 200;
    if (answer === "network-error") return Promise.reject(new TypeError("Failed to fetch"));
    if (answer === "hang") {
      return new Promise((_, reject) =>
        init.signal!.addEventListener("abort", () => reject(new DOMException("Timed out", "TimeoutError"))),
      );
    }
    const { status, retryAfter } = typeof answer === "number" ? { status: answer, retryAfter: undefined } : answer;
    return Promise.resolve({ status, headers: new Headers(retryAfter ? { "Retry-After": retryAfter } : {}) });
  };
}

let counter = 0;
function event(overrides: Partial<AnalyticsEvent> = {}): AnalyticsEvent {
  counter += 1;
  return {
    id: `event-${String(counter).padStart(12, "0")}`,
    name: "page_view",
    at: Date.now(),
    route: "/chapter/:chapterName",
    path: "/chapter/primes",
    width: 1024,
    props: {},
    ...overrides,
  } as AnalyticsEvent;
}

function setUp({ random = 0.5, beacon }: { random?: number; beacon?: (url: string, body: string) => boolean } = {}) {
  const storage = new FakeStorage();
  const endpoint = new FakeEndpoint();
  const start = (enabled = true) => {
    const collector = createCollector({
      store: createEventStore(storage, Date.now),
      fetch: endpoint.fetch,
      sendBeacon: beacon,
      now: Date.now,
      random: () => random,
    });
    collector.setEnabled(enabled);
    return collector;
  };
  return { storage, endpoint, start };
}

/** Lets the fake fetch's promise settle and the collector act on it. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("batching", () => {
  it("sends a batch 10 s after the first event when fewer than 20 came", async () => {
    const { endpoint, storage, start } = setUp();
    const collector = start();
    const events = [event(), event(), event()];
    collector.add(events[0]!);
    await vi.advanceTimersByTimeAsync(4_000);
    collector.add(events[1]!);
    collector.add(events[2]!);
    // Every event is stored as it is tracked: a closed tab loses nothing.
    expect(storage.storedIds()).toEqual(events.map((e) => e.id));
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS - 4_000 - 1);
    expect(endpoint.requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(endpoint.requests).toHaveLength(1);
    expect(endpoint.requests[0]!.ids).toEqual(events.map((e) => e.id));
    expect(endpoint.requests[0]!.init).toMatchObject({
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
    });
    await settle();
    expect(storage.storedIds()).toEqual([]);
  });

  it("sends 20 events at once, and the rest in the next batch", async () => {
    const { endpoint, storage, start } = setUp();
    const collector = start();
    const events = Array.from({ length: MAX_EVENTS_PER_BATCH + 5 }, () => event());
    for (const e of events.slice(0, MAX_EVENTS_PER_BATCH)) collector.add(e);
    expect(endpoint.requests).toHaveLength(1);
    expect(endpoint.requests[0]!.ids).toEqual(events.slice(0, MAX_EVENTS_PER_BATCH).map((e) => e.id));
    for (const e of events.slice(MAX_EVENTS_PER_BATCH)) collector.add(e);
    // One request at a time: the next five wait for the first answer, then for the batch delay.
    expect(endpoint.requests).toHaveLength(1);
    await settle();
    expect(storage.storedIds()).toEqual(events.slice(MAX_EVENTS_PER_BATCH).map((e) => e.id));
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS);
    expect(endpoint.requests).toHaveLength(2);
    expect(endpoint.requests[1]!.ids).toEqual(events.slice(MAX_EVENTS_PER_BATCH).map((e) => e.id));
    await settle();
    expect(storage.storedIds()).toEqual([]);
  });

  it("sends what an earlier page left stored, without a new event", async () => {
    const { endpoint, storage, start } = setUp();
    const earlier = start();
    const left = [event(), event()];
    for (const e of left) earlier.add(e);
    // The page went away before its batch left (its timers with it); the next page has the same storage.
    vi.clearAllTimers();
    start();
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS);
    expect(endpoint.requests.map((request) => request.ids)).toEqual([left.map((e) => e.id)]);
    await settle();
    expect(storage.storedIds()).toEqual([]);
  });
});

describe("retries", () => {
  it.each([429, 500, 503, 504])(
    "keeps the batch on %i and sends it again after a jittered wait, then removes it once accepted",
    async (status) => {
      const { endpoint, storage, start } = setUp({ random: 0.5 });
      endpoint.answers = [status, 200];
      const collector = start();
      const events = Array.from({ length: MAX_EVENTS_PER_BATCH }, () => event());
      for (const e of events) collector.add(e);
      await settle();
      expect(endpoint.requests).toHaveLength(1);
      expect(storage.storedIds()).toEqual(events.map((e) => e.id));
      // Full jitter: half of the first ceiling (RETRY_BASE_DELAY_MS) with random() = 0.5.
      await vi.advanceTimersByTimeAsync(RETRY_BASE_DELAY_MS / 2 - 1);
      expect(endpoint.requests).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(endpoint.requests).toHaveLength(2);
      expect(endpoint.requests[1]!.ids).toEqual(events.map((e) => e.id));
      await settle();
      expect(storage.storedIds()).toEqual([]);
    },
  );

  it("doubles the ceiling of the wait after each failure in a row, up to the cap", async () => {
    const { endpoint, start } = setUp({ random: 0.999 });
    const failures = 12;
    endpoint.answers = Array.from({ length: failures }, () => 503);
    const collector = start();
    collector.add(event());
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS);
    for (let failure = 1; failure <= failures; failure += 1) {
      const wait = Math.floor(0.999 * Math.min(MAX_RETRY_DELAY_MS, RETRY_BASE_DELAY_MS * 2 ** (failure - 1)));
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(endpoint.requests).toHaveLength(failure);
      await vi.advanceTimersByTimeAsync(1);
      expect(endpoint.requests).toHaveLength(failure + 1);
    }
    // 2^10 s is beyond the cap: the last waits were the cap's (less the jitter's 0.1 %).
    expect(RETRY_BASE_DELAY_MS * 2 ** (failures - 1)).toBeGreaterThan(MAX_RETRY_DELAY_MS);
  });

  it("waits at least Retry-After given in seconds", async () => {
    const { endpoint, start } = setUp({ random: 0 });
    endpoint.answers = [{ status: 429, retryAfter: "30" }];
    const collector = start();
    collector.add(event());
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS);
    expect(endpoint.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(endpoint.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(endpoint.requests).toHaveLength(2);
  });

  it("waits at least until the HTTP date of Retry-After", async () => {
    const { endpoint, start } = setUp({ random: 0 });
    const collector = start();
    collector.add(event());
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS - 1);
    // The answer comes at START + 10 s and names a time 2 minutes after it.
    endpoint.answers = [{ status: 503, retryAfter: new Date(START + BATCH_DELAY_MS + 120_000).toUTCString() }];
    await vi.advanceTimersByTimeAsync(1);
    expect(endpoint.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(endpoint.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(endpoint.requests).toHaveLength(2);
  });

  it("caps a Retry-After beyond ten minutes", async () => {
    const { endpoint, start } = setUp({ random: 0 });
    endpoint.answers = [{ status: 503, retryAfter: String(24 * 3600) }];
    const collector = start();
    collector.add(event());
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS);
    await vi.advanceTimersByTimeAsync(MAX_RETRY_DELAY_MS);
    expect(endpoint.requests).toHaveLength(2);
  });

  it("drops a batch the server refuses for good (400), and goes on with the next", async () => {
    const { endpoint, storage, start } = setUp();
    endpoint.answers = [400];
    const collector = start();
    const refused = Array.from({ length: MAX_EVENTS_PER_BATCH }, () => event());
    for (const e of refused) collector.add(e);
    await settle();
    expect(storage.storedIds()).toEqual([]);
    const next = event();
    collector.add(next);
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS);
    expect(endpoint.requests.map((request) => request.ids)).toEqual([refused.map((e) => e.id), [next.id]]);
  });

  it("retries after a network error, and at once when the browser is back online", async () => {
    const { endpoint, storage, start } = setUp({ random: 0.9 });
    endpoint.answers = ["network-error", "network-error"];
    const collector = start();
    const e = event();
    collector.add(e);
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS);
    expect(endpoint.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(900);
    expect(endpoint.requests).toHaveLength(2);
    expect(storage.storedIds()).toEqual([e.id]);
    // The second wait would be 1.8 s; the connection returns before.
    await vi.advanceTimersByTimeAsync(100);
    collector.online();
    expect(endpoint.requests).toHaveLength(3);
    await settle();
    expect(storage.storedIds()).toEqual([]);
  });

  it("does not jump a server's Retry-After when the browser reports it is online", async () => {
    const { endpoint, start } = setUp({ random: 0 });
    endpoint.answers = [{ status: 503, retryAfter: "60" }];
    const collector = start();
    collector.add(event());
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS);
    collector.online();
    expect(endpoint.requests).toHaveLength(1);
  });

  it.each([
    ["AbortSignal.timeout", true],
    ["a timer, where AbortSignal.timeout is missing", false],
  ])("abandons a request after 60 s (%s) and sends it again", async (_, native) => {
    const timeout = AbortSignal.timeout;
    if (native) {
      // Node's own timeout does not follow fake timers: one that does, with the same meaning.
      AbortSignal.timeout = (ms: number) => {
        const controller = new AbortController();
        setTimeout(() => controller.abort(new DOMException("Timed out", "TimeoutError")), ms);
        return controller.signal;
      };
    } else {
      // @ts-expect-error: browsers before 2022 have no AbortSignal.timeout.
      delete AbortSignal.timeout;
    }
    try {
      const { endpoint, storage, start } = setUp({ random: 0 });
      endpoint.answers = ["hang"];
      const collector = start();
      const e = event();
      collector.add(e);
      await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS + REQUEST_TIMEOUT_MS - 1);
      expect(endpoint.requests).toHaveLength(1);
      // The retry's wait is 0 with random() = 0; the fake clock runs a timer set during its tick 1 ms later.
      await vi.advanceTimersByTimeAsync(2);
      expect(endpoint.requests).toHaveLength(2);
      await settle();
      expect(storage.storedIds()).toEqual([]);
    } finally {
      AbortSignal.timeout = timeout;
    }
  });
});

describe("the stored queue", () => {
  it("keeps at most MAX_STORED_EVENTS, dropping the oldest first", () => {
    const storage = new FakeStorage();
    const store = createEventStore(storage, Date.now);
    const events = Array.from({ length: MAX_STORED_EVENTS + 3 }, () => event());
    for (const e of events) store.add(e);
    expect(storage.storedIds()).toEqual(events.slice(3).map((e) => e.id));
  });

  it("reads corrupt storage as empty, and writes over it", () => {
    const storage = new FakeStorage();
    storage.values.set(ANALYTICS_STORAGE_KEY, "{not json");
    const store = createEventStore(storage, Date.now);
    expect(store.all()).toEqual([]);
    storage.values.set(ANALYTICS_STORAGE_KEY, JSON.stringify({ events: "nope" }));
    expect(store.all()).toEqual([]);
    storage.values.set(ANALYTICS_STORAGE_KEY, JSON.stringify([null, 3, { id: 4 }, event()]));
    expect(store.all()).toHaveLength(1);
    const e = event();
    store.add(e);
    expect(storage.storedIds()).toContain(e.id);
  });

  it("drops events older than the server accepts", () => {
    const storage = new FakeStorage();
    const store = createEventStore(storage, Date.now);
    const old = event({ at: Date.now() - 8 * 24 * 3600 * 1000 });
    const recent = event();
    storage.values.set(ANALYTICS_STORAGE_KEY, JSON.stringify([old, recent]));
    expect(store.all().map((e) => e.id)).toEqual([recent.id]);
  });

  it.each(["read", "write"] as const)(
    "keeps the queue in memory when storage throws on %s, and still sends it",
    async (broken) => {
      const { storage, endpoint, start } = setUp();
      storage.broken = broken;
      const collector = start();
      const events = [event(), event()];
      for (const e of events) collector.add(e);
      await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS);
      expect(endpoint.requests.map((request) => request.ids)).toEqual([events.map((e) => e.id)]);
    },
  );

  it("removes exactly the accepted events by id, keeping those tracked meanwhile", async () => {
    const { storage, endpoint, start } = setUp();
    let answer!: (value: { status: number; headers: Headers }) => void;
    endpoint.fetch = (_url, init) => {
      endpoint.requests.push({
        ids: (JSON.parse(String(init.body)) as { events: AnalyticsEvent[] }).events.map((e) => e.id),
        init,
      });
      return new Promise((resolve) => (answer = resolve));
    };
    const collector = start();
    const sent = Array.from({ length: MAX_EVENTS_PER_BATCH }, () => event());
    for (const e of sent) collector.add(e);
    const later = event();
    collector.add(later);
    answer({ status: 202, headers: new Headers() });
    await settle();
    expect(storage.storedIds()).toEqual([later.id]);
  });

  it("refuses an event whose path the server would refuse, so its batch is not lost with it", () => {
    expect(MAX_EVENT_PATH_LENGTH).toBe(MAX_PATH_LENGTH);
    const { storage, start } = setUp();
    const collector = start();
    collector.add(event({ path: `/${"a".repeat(MAX_EVENT_PATH_LENGTH)}` }));
    expect(storage.storedIds()).toEqual([]);
  });
});

describe("leaving the page", () => {
  it("sends what is queued with sendBeacon, 20 a beacon, each event once a page, keeping it until a fetch confirms it", async () => {
    const beacons: string[][] = [];
    const { storage, endpoint, start } = setUp({
      beacon: (url, body) => {
        expect(url).toBe(ANALYTICS_ENDPOINT);
        beacons.push((JSON.parse(body) as { events: AnalyticsEvent[] }).events.map((e) => e.id));
        return true;
      },
    });
    const collector = start();
    // The first 20 leave by fetch at once; the next 25 wait for it.
    const events = Array.from({ length: 45 }, () => event());
    for (const e of events) collector.add(e);
    collector.flushWithBeacon();
    expect(endpoint.requests).toHaveLength(1);
    // The batch on its way by fetch is not sent twice.
    expect(beacons).toEqual([events.slice(20, 40).map((e) => e.id), events.slice(40).map((e) => e.id)]);
    // A beacon may have met a failing server unseen: what it took stays stored.
    expect(storage.storedIds()).toEqual(events.map((e) => e.id));
    collector.flushWithBeacon();
    expect(beacons).toHaveLength(2);
    const later = event();
    collector.add(later);
    collector.flushWithBeacon();
    expect(beacons.at(-1)).toEqual([later.id]);
    // The fetches confirm them all (the server stores each id once), and only then are they removed.
    await settle();
    await vi.advanceTimersByTimeAsync(0);
    expect(endpoint.requests[1]!.ids).toEqual(events.slice(20, 40).map((e) => e.id));
    await settle();
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS);
    expect(storage.storedIds()).toEqual([]);
  });

  it("keeps the events stored when the browser refuses the beacon", () => {
    const { storage, start } = setUp({ beacon: () => false });
    const collector = start();
    const e = event();
    collector.add(e);
    collector.flushWithBeacon();
    expect(storage.storedIds()).toEqual([e.id]);
  });

  it("sends no beacon while a retry waits: the events stay for a later page", async () => {
    const beacon = vi.fn(() => true);
    const { storage, endpoint, start } = setUp({ beacon });
    endpoint.answers = [503];
    const collector = start();
    const e = event();
    collector.add(e);
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS);
    collector.flushWithBeacon();
    expect(beacon).not.toHaveBeenCalled();
    expect(storage.storedIds()).toEqual([e.id]);
  });
});

describe("consent", () => {
  it("stores and sends nothing while disabled, and deletes what was stored when it is withdrawn", async () => {
    const beacon = vi.fn(() => true);
    const { storage, endpoint, start } = setUp({ beacon });
    const collector = start();
    collector.add(event());
    expect(storage.storedIds()).toHaveLength(1);
    collector.setEnabled(false);
    expect(storage.values.has(ANALYTICS_STORAGE_KEY)).toBe(false);
    collector.add(event());
    collector.flushWithBeacon();
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS * 2);
    expect(storage.values.has(ANALYTICS_STORAGE_KEY)).toBe(false);
    expect(endpoint.requests).toHaveLength(0);
    expect(beacon).not.toHaveBeenCalled();
  });

  it("drops the answer of a request that was on its way when consent was withdrawn", async () => {
    const { storage, endpoint, start } = setUp();
    endpoint.answers = [503];
    const collector = start();
    for (let i = 0; i < MAX_EVENTS_PER_BATCH; i += 1) collector.add(event());
    collector.setEnabled(false);
    await vi.advanceTimersByTimeAsync(MAX_RETRY_DELAY_MS);
    expect(endpoint.requests).toHaveLength(1);
    expect(storage.values.has(ANALYTICS_STORAGE_KEY)).toBe(false);
  });
});
