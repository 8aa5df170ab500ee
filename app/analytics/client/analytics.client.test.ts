// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ANALYTICS_ENDPOINT, BATCH_DELAY_MS, type AnalyticsEvent } from "../events";
import { ANALYTICS_STORAGE_KEY } from "./event-store";

/**
 * The module as the root starts it, in a DOM: the facade hands over to it, the browser's privacy
 * signals and the account's switch decide, and the page's own events (pagehide, online) drive it.
 */

const fetchMock = vi.fn<typeof fetch>();
const beaconMock = vi.fn<(url: string, body: string) => boolean>();

function setSignals({ dnt = null, gpc }: { dnt?: string | null; gpc?: boolean } = {}) {
  Object.defineProperty(navigator, "doNotTrack", { configurable: true, get: () => dnt });
  Object.defineProperty(navigator, "globalPrivacyControl", { configurable: true, get: () => gpc });
}

/** A fresh copy of the facade and the module (each keeps its state in the module, as in a page). */
async function load() {
  vi.resetModules();
  const facade = await import("./track");
  const module = await import("./analytics.client");
  return { ...facade, ...module };
}

const stored = (): AnalyticsEvent[] => JSON.parse(localStorage.getItem(ANALYTICS_STORAGE_KEY) ?? "[]");
const sentEvents = () =>
  fetchMock.mock.calls.flatMap(([, init]) => (JSON.parse(String(init!.body)) as { events: AnalyticsEvent[] }).events);

/** Listeners each test's module added, removed after it: every test has one page's module only. */
const listeners: [EventTarget, string, EventListenerOrEventListenerObject][] = [];
const spies: { mockRestore(): void }[] = [];
function recordListeners(target: EventTarget) {
  const add = target.addEventListener.bind(target);
  const spy = vi.spyOn(target, "addEventListener").mockImplementation((type, listener, options) => {
    listeners.push([target, type, listener!]);
    add(type, listener, options);
  });
  spies.push(spy);
}

beforeEach(() => {
  recordListeners(window);
  recordListeners(document);
  vi.useFakeTimers();
  localStorage.clear();
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(new Response(null, { status: 202 }));
  beaconMock.mockReset();
  beaconMock.mockReturnValue(true);
  vi.stubGlobal("fetch", fetchMock);
  Object.defineProperty(navigator, "sendBeacon", { configurable: true, value: beaconMock });
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => true });
  setSignals();
});

afterEach(() => {
  for (const [target, type, listener] of listeners.splice(0)) target.removeEventListener(type, listener);
  for (const spy of spies.splice(0)) spy.mockRestore();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the analytics module in a page", () => {
  it("takes over the events tracked before it loaded, stores each, and sends them as one batch", async () => {
    const { track, setTrackedRoute, startAnalytics } = await load();
    setTrackedRoute("/chapter/:chapterName");
    track("page_view", {});
    track("chapter_read", { chapter: "primes" });
    expect(localStorage.getItem(ANALYTICS_STORAGE_KEY)).toBeNull();
    startAnalytics(true);
    expect(stored().map((event) => event.name)).toEqual(["page_view", "chapter_read"]);
    const [first] = stored();
    expect(first).toMatchObject({ route: "/chapter/:chapterName", path: location.pathname, props: {} });
    expect(first!.id).toMatch(/^[0-9a-f]{32}$/);
    expect(first!.width).toBe(innerWidth);
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe(ANALYTICS_ENDPOINT);
    expect(sentEvents().map((event) => event.name)).toEqual(["page_view", "chapter_read"]);
    expect(localStorage.getItem(ANALYTICS_STORAGE_KEY)).toBeNull();
  });

  it("sends what is queued with a beacon when the page is hidden or goes away, once each", async () => {
    const { track, startAnalytics } = await load();
    startAnalytics(true);
    track("page_view", {});
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    document.dispatchEvent(new Event("visibilitychange"));
    expect(beaconMock).toHaveBeenCalledTimes(1);
    // Kept until a fetch confirms it: the beacon's answer is never known.
    expect(stored()).toHaveLength(1);
    track("page_view", {});
    window.dispatchEvent(new Event("pagehide"));
    expect(beaconMock).toHaveBeenCalledTimes(2);
    const body = JSON.parse(beaconMock.mock.calls[1]![1]) as { events: AnalyticsEvent[] };
    expect(body.events.map((event) => event.id)).toEqual([stored()[1]!.id]);
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "visible" });
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS);
    expect(sentEvents()).toHaveLength(2);
    expect(localStorage.getItem(ANALYTICS_STORAGE_KEY)).toBeNull();
  });

  it("keeps the events stored rather than hand them to a beacon while offline", async () => {
    const { track, startAnalytics } = await load();
    startAnalytics(true);
    Object.defineProperty(navigator, "onLine", { configurable: true, get: () => false });
    track("page_view", {});
    window.dispatchEvent(new Event("pagehide"));
    expect(stored()).toHaveLength(1);
  });

  it("sends again at once when the browser comes back online", async () => {
    const { track, startAnalytics } = await load();
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    startAnalytics(true);
    track("page_view", {});
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(stored()).toHaveLength(1);
    window.dispatchEvent(new Event("online"));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(stored()).toHaveLength(0);
  });

  it("makes no request while the browser knows it is offline, and sends when it is back", async () => {
    let online = false;
    Object.defineProperty(navigator, "onLine", { configurable: true, get: () => online });
    const { track, startAnalytics } = await load();
    startAnalytics(true);
    track("page_view", {});
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS * 10);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(stored()).toHaveLength(1);
    online = true;
    window.dispatchEvent(new Event("online"));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(stored()).toHaveLength(0);
  });

  it.each([
    ["Do Not Track", { dnt: "1" }],
    ["Global Privacy Control", { gpc: true }],
  ])("with %s stores and sends nothing, and deletes what an earlier page stored", async (_, signals) => {
    localStorage.setItem(ANALYTICS_STORAGE_KEY, JSON.stringify([{ id: "x".repeat(32), at: Date.now() }]));
    setSignals(signals);
    const { track, startAnalytics } = await load();
    track("page_view", {});
    startAnalytics(true);
    track("tool_use", { tool: "plot", curves: 2 });
    window.dispatchEvent(new Event("pagehide"));
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS * 3);
    expect(localStorage.getItem(ANALYTICS_STORAGE_KEY)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(beaconMock).not.toHaveBeenCalled();
  });

  it("stops and deletes the queue at once when the account switches analytics off, and starts again when on", async () => {
    const { track, startAnalytics } = await load();
    const control = startAnalytics(true);
    track("page_view", {});
    expect(stored()).toHaveLength(1);
    control.setAccountAllows(false);
    expect(localStorage.getItem(ANALYTICS_STORAGE_KEY)).toBeNull();
    track("page_view", {});
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS);
    expect(fetchMock).not.toHaveBeenCalled();
    control.setAccountAllows(true);
    track("page_view", {});
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS);
    expect(sentEvents()).toHaveLength(1);
  });

  it("starts once: the root mounted again gets the same module", async () => {
    const { track, startAnalytics } = await load();
    const first = startAnalytics(true);
    expect(startAnalytics(true)).toBe(first);
    track("page_view", {});
    window.dispatchEvent(new Event("pagehide"));
    expect(beaconMock).toHaveBeenCalledTimes(1);
  });
});
