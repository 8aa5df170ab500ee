import { Workbox } from "workbox-window";
import { SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL } from "./offline-config";
import { clearRegistrationFailure, recordRegistrationFailure, UNSUPPORTED_REASON } from "./registration-failure";
import type { UpdateController } from "./update-controller";

/** How long an accepted update waits for the new worker to finish installing (it downloads the new build). */
export const WORKER_INSTALL_TIMEOUT_MS = 30_000;
/** How long it then waits for the activated worker to take over the page. */
export const WORKER_CONTROL_TIMEOUT_MS = 10_000;

/**
 * Registers the offline worker (/sw.js, scope /) and connects it to the update prompt:
 * - the first install → "ready to work offline" (once);
 * - a new worker waiting, or another tab's update taking over this page → "a new version is available";
 * - accepting → the waiting worker is told to skip waiting (it never does by itself), and the page
 *   reloads once the worker controls it, so the reload lands on the new version.
 * A failure is recorded for the diagnostics lab and the app carries on without the worker.
 */
export async function registerServiceWorker(controller: UpdateController): Promise<void> {
  if (!("serviceWorker" in navigator)) {
    recordFailure(UNSUPPORTED_REASON);
    return;
  }
  const workbox = new Workbox(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
  /** This page asked the waiting worker to take over: its arrival reloads, it does not prompt. */
  let handingOver = false;
  let updateCheck: Promise<unknown> = Promise.resolve();

  workbox.addEventListener("activated", (event) => {
    if (!event.isUpdate && !event.isExternal) controller.offlineReadyFound();
  });
  workbox.addEventListener("waiting", () => controller.newVersionFound());
  workbox.addEventListener("controlling", (event) => {
    // Only an update: a first worker that claims the page changes nothing the reader sees.
    if (event.isUpdate && !handingOver) controller.newVersionFound();
  });

  let registration: ServiceWorkerRegistration | undefined;
  try {
    registration = await workbox.register();
  } catch (error) {
    recordFailure(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    return;
  }
  if (!registration) return;
  const registered = registration;
  try {
    clearRegistrationFailure(window.localStorage);
  } catch {
    // Storage unavailable: nothing was recorded either.
  }

  controller.attachWorker({
    checkForUpdate() {
      updateCheck = registered.update().catch(() => undefined);
    },
    async activateNewVersion() {
      await withTimeout(updateCheck, WORKER_INSTALL_TIMEOUT_MS);
      const waiting = await waitForWaitingWorker(registered, WORKER_INSTALL_TIMEOUT_MS);
      if (!waiting) return;
      handingOver = true;
      const tookOver = waitForTakeover(waiting, WORKER_CONTROL_TIMEOUT_MS);
      workbox.messageSkipWaiting();
      await tookOver;
    },
  });
}

function recordFailure(reason: string): void {
  try {
    recordRegistrationFailure(window.localStorage, reason, new Date());
  } catch {
    // Storage unavailable: the diagnostics lab cannot be told; the app carries on all the same.
  }
}

function withTimeout(promise: Promise<unknown>, ms: number): Promise<unknown> {
  return Promise.race([promise, new Promise((resolve) => setTimeout(resolve, ms))]);
}

/**
 * The worker waiting to take over, once the one installing (if any) has installed; null when none
 * installs in time or the install fails. Watches the registration itself: workbox-window stops
 * reporting updates after the first one it did not start.
 */
function waitForWaitingWorker(registration: ServiceWorkerRegistration, ms: number): Promise<ServiceWorker | null> {
  if (registration.waiting) return Promise.resolve(registration.waiting);
  if (!registration.installing) return Promise.resolve(null);
  const installing = registration.installing;
  return new Promise((resolve) => {
    const finish = (worker: ServiceWorker | null) => {
      clearTimeout(timer);
      installing.removeEventListener("statechange", onStateChange);
      resolve(worker);
    };
    const onStateChange = () => {
      if (registration.waiting) finish(registration.waiting);
      else if (installing.state === "redundant" || installing.state === "activated") finish(null);
    };
    const timer = setTimeout(() => finish(null), ms);
    installing.addEventListener("statechange", onStateChange);
  });
}

/** Resolves when `worker` controls this page, or is active (a page it never controlled), or after `ms`. */
function waitForTakeover(worker: ServiceWorker, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      navigator.serviceWorker.removeEventListener("controllerchange", finish);
      worker.removeEventListener("statechange", onStateChange);
      resolve();
    };
    const onStateChange = () => {
      if (worker.state === "activated" || worker.state === "redundant") finish();
    };
    const timer = setTimeout(finish, ms);
    navigator.serviceWorker.addEventListener("controllerchange", finish);
    worker.addEventListener("statechange", onStateChange);
  });
}
