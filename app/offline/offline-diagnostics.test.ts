import { describe, expect, it } from "vitest";
import { SW_REGISTRATION_FAILURE_KEY } from "./offline-config";
import { readOfflineDiagnostics, type OfflineApis } from "./offline-diagnostics";

function worker(state: ServiceWorkerState): ServiceWorker {
  return { state } as ServiceWorker;
}

function cacheStorage(contents: Record<string, number>): NonNullable<OfflineApis["caches"]> {
  return {
    keys: async () => Object.keys(contents),
    open: async (name: string) => ({
      keys: async () => Array.from({ length: contents[name] ?? 0 }, () => new Request("http://localhost/")),
    }),
  };
}

function storage(values: Record<string, string>): Pick<Storage, "getItem"> {
  return { getItem: (key) => values[key] ?? null };
}

const noWorker: OfflineApis = {
  serviceWorker: undefined,
  caches: undefined,
  storage: storage({}),
  countQueuedSubmissions: async () => 0,
};

describe("reading the offline worker's state", () => {
  it("says so when the browser has no service workers", async () => {
    expect(await readOfflineDiagnostics(noWorker)).toEqual({
      supported: false,
      registration: null,
      controlsPage: false,
      registrationFailure: null,
      caches: null,
      queuedSubmissions: 0,
    });
  });

  it("gives the registration's scope, each slot's worker state and whether it controls the page", async () => {
    const registration = {
      scope: "http://localhost/",
      installing: worker("installing"),
      waiting: null,
      active: worker("activated"),
    } as unknown as ServiceWorkerRegistration;
    const diagnostics = await readOfflineDiagnostics({
      ...noWorker,
      serviceWorker: { controller: worker("activated"), getRegistration: async () => registration },
    });
    expect(diagnostics).toMatchObject({
      supported: true,
      registration: { scope: "http://localhost/", installing: "installing", waiting: null, active: "activated" },
      controlsPage: true,
    });
  });

  it("tells a registered worker that does not control the page from no registration", async () => {
    const diagnostics = await readOfflineDiagnostics({
      ...noWorker,
      serviceWorker: { controller: null, getRegistration: async () => undefined },
    });
    expect(diagnostics).toMatchObject({ supported: true, registration: null, controlsPage: false });
  });

  it("shows the registration failure flag, and nothing for a value that is not one", async () => {
    const failure = {
      reason: "SecurityError: the script's MIME type is not supported",
      at: "2026-11-27T10:00:00.000Z",
    };
    const flagged = { ...noWorker, storage: storage({ [SW_REGISTRATION_FAILURE_KEY]: JSON.stringify(failure) }) };
    expect((await readOfflineDiagnostics(flagged)).registrationFailure).toEqual(failure);
    const garbled = { ...noWorker, storage: storage({ [SW_REGISTRATION_FAILURE_KEY]: "{not json" }) };
    expect((await readOfflineDiagnostics(garbled)).registrationFailure).toBeNull();
  });

  it("lists the caches by name with their entry counts, and the queued submissions", async () => {
    const diagnostics = await readOfflineDiagnostics({
      ...noWorker,
      caches: cacheStorage({ "numberlab-static": 3, "numberlab-pages-guest": 12, "workbox-precache-v2": 40 }),
      countQueuedSubmissions: async () => 2,
    });
    expect(diagnostics.caches).toEqual([
      { name: "numberlab-pages-guest", entries: 12 },
      { name: "numberlab-static", entries: 3 },
      { name: "workbox-precache-v2", entries: 40 },
    ]);
    expect(diagnostics.queuedSubmissions).toBe(2);
  });

  it("shows what it could read when the caches or the queue refuse", async () => {
    const diagnostics = await readOfflineDiagnostics({
      ...noWorker,
      caches: { keys: () => Promise.reject(new DOMException("denied", "SecurityError")), open: cacheStorage({}).open },
      countQueuedSubmissions: () => Promise.reject(new Error("IndexedDB is unavailable")),
    });
    expect(diagnostics).toMatchObject({ caches: null, queuedSubmissions: null, supported: false });
  });
});
