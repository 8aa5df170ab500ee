/**
 * The one prompt that offers a newer version of the app, whoever noticed it: the service worker
 * (a new worker waits), or the build poller (the server runs another build). Accepting hands over to
 * the new worker when there is one, then reloads; with unsaved input on the page it asks first.
 * docs/offline.md describes the states.
 */

/**
 * - hidden: nothing to offer (or the learner said "not now");
 * - available: "A new version is available — Reload";
 * - confirm-unsaved: the page holds unsaved input; reload anyway or not now?
 * - updating: accepted; waiting for the new worker to take over, then the page reloads.
 */
export type UpdatePrompt = "hidden" | "available" | "confirm-unsaved" | "updating";

export interface UpdateSnapshot {
  prompt: UpdatePrompt;
  /** "Ready to work offline": shown once, after the first worker is installed. */
  offlineReady: boolean;
}

/** What the controller needs from a registered service worker (service-worker.client.ts). */
export interface WorkerUpdates {
  /** Asks the server for a new worker script (the build poller saw a new build). */
  checkForUpdate(): void;
  /** Lets the new worker take over the page; resolves once it does, or once waiting is pointless. */
  activateNewVersion(): Promise<void>;
}

export interface UpdateControllerOptions {
  hasUnsavedInput(): boolean;
  reload(): void;
  /** Remembers that "ready to work offline" was shown (local storage in the browser). */
  storage: Pick<Storage, "getItem" | "setItem">;
}

export const OFFLINE_READY_SHOWN_KEY = "numberlab:offline-ready-shown";

export const HIDDEN: UpdateSnapshot = { prompt: "hidden", offlineReady: false };

export function createUpdateController({ hasUnsavedInput, reload, storage }: UpdateControllerOptions) {
  let snapshot = HIDDEN;
  let worker: WorkerUpdates | null = null;
  const listeners = new Set<() => void>();

  const update = (change: Partial<UpdateSnapshot>) => {
    snapshot = { ...snapshot, ...change };
    for (const listener of listeners) listener();
  };

  const apply = async () => {
    update({ prompt: "updating" });
    try {
      await worker?.activateNewVersion();
    } catch {
      // The old worker stays; the reload still fetches the new build's page from the network.
    }
    reload();
  };

  return {
    getSnapshot: () => snapshot,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    /** The page's service worker is registered: updates go through it from now on. */
    attachWorker(registered: WorkerUpdates): void {
      worker = registered;
    },

    /** A new worker waits, or another tab's update took over this page. */
    newVersionFound(): void {
      if (snapshot.prompt === "hidden") update({ prompt: "available" });
    },

    /** The server runs another build: offer it, and let the worker fetch its new script meanwhile. */
    newBuildFound(): void {
      worker?.checkForUpdate();
      if (snapshot.prompt === "hidden") update({ prompt: "available" });
    },

    /** The learner chose Reload. */
    accept(): void {
      if (snapshot.prompt !== "available") return;
      if (hasUnsavedInput()) update({ prompt: "confirm-unsaved" });
      else void apply();
    },

    /** Asked about unsaved input, the learner chose to reload anyway. */
    reloadAnyway(): void {
      if (snapshot.prompt === "confirm-unsaved") void apply();
    },

    /** "Not now", or the prompt closed: the next check offers the update again. */
    dismiss(): void {
      if (snapshot.prompt === "available" || snapshot.prompt === "confirm-unsaved") update({ prompt: "hidden" });
    },

    /** The first worker is installed: say the app works offline now, once per browser. */
    offlineReadyFound(): void {
      try {
        if (storage.getItem(OFFLINE_READY_SHOWN_KEY) !== null) return;
        storage.setItem(OFFLINE_READY_SHOWN_KEY, new Date().toISOString());
      } catch {
        // Without storage it cannot be remembered; saying it once per page is still true.
      }
      update({ offlineReady: true });
    },

    dismissOfflineReady(): void {
      if (snapshot.offlineReady) update({ offlineReady: false });
    },
  };
}

export type UpdateController = ReturnType<typeof createUpdateController>;
