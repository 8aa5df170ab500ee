import { useCallback, useEffect, useRef, useState } from "react";
import type { ServiceWorkerRegistrationFailure } from "./offline-config";
import { listQueuedSubmissions } from "./offline-queue";
import { readRegistrationFailure } from "./registration-failure";

/**
 * The offline worker's state in this browser, as the diagnostics lab (/tests/test) shows it. Read in
 * the page only: none of it is sent to the server.
 */
export interface OfflineDiagnostics {
  /** The browser has service workers at all. */
  supported: boolean;
  /** The registration whose scope holds this page, or null when there is none. */
  registration: {
    scope: string;
    /** Each slot's worker state ("installing", "installed", "activated", …), or null when empty. */
    installing: ServiceWorkerState | null;
    waiting: ServiceWorkerState | null;
    active: ServiceWorkerState | null;
  } | null;
  /** The page is served through a worker. */
  controlsPage: boolean;
  registrationFailure: ServiceWorkerRegistrationFailure | null;
  /** Cache Storage's caches with their entry counts, by name; null when the browser refused to say. */
  caches: { name: string; entries: number }[] | null;
  /** This account's submissions waiting for the connection; null when the queue could not be read. */
  queuedSubmissions: number | null;
}

/** The browser's parts the reading needs, so tests can give stand-ins. */
export interface OfflineApis {
  serviceWorker: Pick<ServiceWorkerContainer, "controller" | "getRegistration"> | undefined;
  caches: { keys(): Promise<string[]>; open(name: string): Promise<Pick<Cache, "keys">> } | undefined;
  storage: Pick<Storage, "getItem"> | undefined;
  countQueuedSubmissions(): Promise<number>;
}

export function browserOfflineApis(partition: string): OfflineApis {
  let storage: Storage | undefined;
  try {
    storage = window.localStorage;
  } catch {
    // Storage blocked by the browser's settings: no failure can have been recorded either.
  }
  return {
    serviceWorker: "serviceWorker" in navigator ? navigator.serviceWorker : undefined,
    caches: "caches" in window ? window.caches : undefined,
    storage,
    countQueuedSubmissions: async () => (await listQueuedSubmissions(partition)).length,
  };
}

export async function readOfflineDiagnostics(apis: OfflineApis): Promise<OfflineDiagnostics> {
  const registration = await apis.serviceWorker?.getRegistration().catch(() => undefined);
  const [caches, queuedSubmissions] = await Promise.all([
    readCaches(apis.caches).catch(() => null),
    apis.countQueuedSubmissions().catch(() => null),
  ]);
  return {
    supported: apis.serviceWorker !== undefined,
    registration: registration
      ? {
          scope: registration.scope,
          installing: registration.installing?.state ?? null,
          waiting: registration.waiting?.state ?? null,
          active: registration.active?.state ?? null,
        }
      : null,
    controlsPage: Boolean(apis.serviceWorker?.controller),
    registrationFailure: apis.storage ? readRegistrationFailure(apis.storage) : null,
    caches,
    queuedSubmissions,
  };
}

async function readCaches(storage: OfflineApis["caches"]): Promise<OfflineDiagnostics["caches"]> {
  if (!storage) return null;
  const names = await storage.keys();
  const counts = await Promise.all(names.map(async (name) => (await (await storage.open(name)).keys()).length));
  return names
    .map((name, index) => ({ name, entries: counts[index] ?? 0 }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The diagnostics of this browser, read after hydration and again on request or when a worker takes
 * over the page. `readAt` is when the shown reading was taken (ISO); `reading` is null before the first.
 */
export function useOfflineDiagnostics(partition: string) {
  const [reading, setReading] = useState<{ diagnostics: OfflineDiagnostics; readAt: string } | null>(null);
  // Counting caches can take a while: a slow earlier reading must not replace a newer one.
  const latest = useRef(0);
  const readAgain = useCallback(() => {
    const started = ++latest.current;
    const readAt = new Date().toISOString();
    void readOfflineDiagnostics(browserOfflineApis(partition)).then((diagnostics) => {
      if (started === latest.current) setReading({ diagnostics, readAt });
    });
  }, [partition]);
  useEffect(() => {
    readAgain();
    const container = "serviceWorker" in navigator ? navigator.serviceWorker : undefined;
    container?.addEventListener("controllerchange", readAgain);
    return () => container?.removeEventListener("controllerchange", readAgain);
  }, [readAgain]);
  return { reading, readAgain };
}
