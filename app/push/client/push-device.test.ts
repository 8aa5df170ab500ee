import { describe, expect, it, vi } from "vitest";
import { PUSH_SUBSCRIPTION_REFRESH_MS } from "#app/models/push-vocabulary";
import { HAND_OVER_STORAGE_KEY, syncPushSubscription, turnOffPush, turnOnPush, type PushBrowser } from "./push-device";

const SERVER_KEY = new Uint8Array(65).fill(4);
const OTHER_KEY = new Uint8Array(65).fill(7);
const toBase64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");

/** A browser whose push service hands out numbered endpoints, and a server that answers `answers`. */
function fakeBrowser({
  permission = "default" as NotificationPermission,
  answer = "granted" as NotificationPermission,
  supported = true,
  worker = true,
  status = 201,
} = {}) {
  let count = 0;
  let current: PushSubscription | null = null;
  const subscribe = vi.fn(async (options: PushSubscriptionOptionsInit) => {
    count += 1;
    const endpoint = `https://push.example.net/${count}`;
    const subscription = {
      endpoint,
      options: { applicationServerKey: (options.applicationServerKey as Uint8Array<ArrayBuffer>).buffer },
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: "P", auth: "A" } }),
      unsubscribe: vi.fn(async () => {
        if (current?.endpoint === endpoint) current = null;
        return true;
      }),
    } as unknown as PushSubscription;
    current = subscription;
    return subscription;
  });
  const manager = { subscribe, getSubscription: async () => current } as unknown as PushManager;
  const store = new Map<string, string>();
  const requests: { method: string; body: Record<string, unknown> | null }[] = [];
  const browser: PushBrowser & { clock: number } = {
    clock: 1_000_000,
    supported: () => supported,
    permission: () => permission,
    requestPermission: vi.fn(async () => answer),
    pushManager: async () => (worker ? manager : null),
    fetch: async (_url, init) => {
      const method = init?.method ?? "GET";
      requests.push({ method, body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null });
      if (method === "GET") return Response.json({ publicKey: toBase64url(SERVER_KEY) });
      return Response.json(status < 300 ? {} : { error: "Refused here." }, { status });
    },
    storage: {
      getItem: (key) => store.get(key) ?? null,
      setItem: (key, value) => void store.set(key, value),
      removeItem: (key) => void store.delete(key),
    },
    now: () => browser.clock,
    timeZone: () => "Europe/Paris",
  };
  return {
    browser,
    subscribe,
    requests,
    store,
    current: () => current,
    setCurrent: (value: PushSubscription | null) => (current = value),
  };
}

describe("turning push on", () => {
  it("asks only when the browser has no answer yet, subscribes with the server's key and hands the topics over", async () => {
    const fake = fakeBrowser();
    expect(await turnOnPush(fake.browser, { device: "a1.s1", topics: ["record-primes"] })).toEqual({ status: "on" });
    expect(fake.browser.requestPermission).toHaveBeenCalledOnce();
    expect(fake.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: SERVER_KEY });
    expect(fake.requests.at(-1)).toEqual({
      method: "POST",
      body: {
        endpoint: "https://push.example.net/1",
        expirationTime: null,
        keys: { p256dh: "P", auth: "A" },
        topics: ["record-primes"],
        timeZone: "Europe/Paris",
      },
    });
    expect(JSON.parse(fake.store.get(HAND_OVER_STORAGE_KEY)!)).toEqual({
      device: "a1.s1",
      endpoint: "https://push.example.net/1",
      handedAt: 1_000_000,
    });

    const granted = fakeBrowser({ permission: "granted" });
    await turnOnPush(granted.browser, { device: "a1.s1", topics: [] });
    expect(granted.browser.requestPermission).not.toHaveBeenCalled();
  });

  it("stores nothing when permission is refused, dismissed, blocked or push is missing", async () => {
    for (const [options, status] of [
      [{ answer: "denied" as const }, "blocked"],
      [{ answer: "default" as const }, "dismissed"],
      [{ permission: "denied" as const }, "blocked"],
      [{ supported: false }, "unsupported"],
      [{ permission: "granted" as const, worker: false }, "unsupported"],
    ] as const) {
      const fake = fakeBrowser(options);
      expect(await turnOnPush(fake.browser, { device: "a1.s1", topics: [] }), status).toEqual({ status });
      expect(fake.subscribe).not.toHaveBeenCalled();
      expect(fake.requests.filter((request) => request.method === "POST")).toEqual([]);
      expect(fake.store.size).toBe(0);
    }
  });

  it("replaces a subscription made under another server key, and reports the server's refusal", async () => {
    const fake = fakeBrowser({ permission: "granted", status: 400 });
    const stale = await fake.subscribe({ userVisibleOnly: true, applicationServerKey: OTHER_KEY });
    expect(await turnOnPush(fake.browser, { device: "a1.s1", topics: [] })).toEqual({
      status: "failed",
      message: "Refused here.",
    });
    expect(stale.unsubscribe).toHaveBeenCalled();
    expect(fake.current()?.endpoint).toBe("https://push.example.net/2");
    expect(fake.store.size).toBe(0);
  });

  it("turns off: the server forgets this endpoint and the browser unsubscribes", async () => {
    const fake = fakeBrowser({ permission: "granted" });
    await turnOnPush(fake.browser, { device: "a1.s1", topics: [] });
    await turnOffPush(fake.browser);
    expect(fake.requests.at(-1)).toEqual({ method: "DELETE", body: { endpoint: "https://push.example.net/1" } });
    expect(fake.current()).toBeNull();
    expect(fake.store.size).toBe(0);
  });
});

describe("the sync on load", () => {
  it("does nothing without permission or a subscription, or when the hand-over is recent", async () => {
    expect(await syncPushSubscription(fakeBrowser().browser, "a1.s1")).toBe("nothing-to-do");
    expect(await syncPushSubscription(fakeBrowser({ permission: "granted" }).browser, "a1.s1")).toBe("nothing-to-do");
    const fake = fakeBrowser({ permission: "granted" });
    await turnOnPush(fake.browser, { device: "a1.s1", topics: [] });
    const before = fake.requests.length;
    fake.browser.clock += PUSH_SUBSCRIPTION_REFRESH_MS - 1;
    expect(await syncPushSubscription(fake.browser, "a1.s1")).toBe("nothing-to-do");
    expect(fake.requests.length).toBe(before);
  });

  it("hands the subscription over again for a new session, and names the old endpoint when the browser changed it", async () => {
    const fake = fakeBrowser({ permission: "granted" });
    await turnOnPush(fake.browser, { device: "a1.s1", topics: [] });
    expect(await syncPushSubscription(fake.browser, "a1.s2")).toBe("handed-over");
    expect(fake.requests.at(-1)?.body).toMatchObject({ endpoint: "https://push.example.net/1" });
    expect(fake.requests.at(-1)?.body).not.toHaveProperty("replacesEndpoint");

    await fake.subscribe({ userVisibleOnly: true, applicationServerKey: SERVER_KEY });
    expect(await syncPushSubscription(fake.browser, "a1.s2")).toBe("replaced");
    expect(fake.requests.at(-1)?.body).toMatchObject({
      endpoint: "https://push.example.net/2",
      replacesEndpoint: "https://push.example.net/1",
    });
  });

  it("never hands another account's subscription, or one nobody here remembers, to the account signed in now", async () => {
    const shared = fakeBrowser({ permission: "granted" });
    await turnOnPush(shared.browser, { device: "a1.s1", topics: ["review-reminders"] });
    const before = shared.requests.length;
    expect(await syncPushSubscription(shared.browser, "a2.s2")).toBe("removed");
    expect(shared.current()).toBeNull();
    expect(shared.store.size).toBe(0);
    expect(shared.requests.length).toBe(before);

    const forgotten = fakeBrowser({ permission: "granted" });
    await forgotten.subscribe({ userVisibleOnly: true, applicationServerKey: SERVER_KEY });
    expect(await syncPushSubscription(forgotten.browser, "a1.s1")).toBe("removed");
    expect(forgotten.current()).toBeNull();
    expect(forgotten.requests).toEqual([]);
  });

  it("subscribes anew after PUSH_SUBSCRIPTION_REFRESH_MS and hands the new one over in place of the old", async () => {
    const fake = fakeBrowser({ permission: "granted" });
    await turnOnPush(fake.browser, { device: "a1.s1", topics: [] });
    fake.browser.clock += PUSH_SUBSCRIPTION_REFRESH_MS;
    expect(await syncPushSubscription(fake.browser, "a1.s1")).toBe("refreshed");
    expect(fake.current()?.endpoint).toBe("https://push.example.net/2");
    expect(fake.requests.at(-1)?.body).toMatchObject({
      endpoint: "https://push.example.net/2",
      replacesEndpoint: "https://push.example.net/1",
    });
    expect(JSON.parse(fake.store.get(HAND_OVER_STORAGE_KEY)!)).toMatchObject({ handedAt: fake.browser.clock });
  });

  it("lets a device removed on the profile stay removed: the browser unsubscribes", async () => {
    const fake = fakeBrowser({ permission: "granted" });
    await turnOnPush(fake.browser, { device: "a1.s1", topics: [] });
    fake.browser.clock += PUSH_SUBSCRIPTION_REFRESH_MS;
    const refusing = { ...fake.browser, fetch: fakeBrowser({ status: 409 }).browser.fetch };
    expect(await syncPushSubscription(refusing, "a1.s1")).toBe("removed");
    expect(fake.current()).toBeNull();
    expect(fake.store.size).toBe(0);
  });
});
