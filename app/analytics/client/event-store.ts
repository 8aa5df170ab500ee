import { MAX_EVENT_AGE_MS, MAX_STORED_EVENTS, type AnalyticsEvent } from "../events";

/** The local-storage key of the unsent events (one list for the whole origin, every tab). */
export const ANALYTICS_STORAGE_KEY = "numberlab-analytics";

/** The part of `Storage` the queue uses. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Unsent events, oldest first: stored as soon as they are tracked, removed once the server has them. */
export interface EventStore {
  all(): AnalyticsEvent[];
  /** Adds an event; beyond MAX_STORED_EVENTS the oldest are dropped. */
  add(event: AnalyticsEvent): void;
  remove(ids: readonly string[]): void;
  clear(): void;
}

/**
 * The queue in local storage, read again on every change so events another tab stored are kept. Storage
 * that is missing or throws (private mode, a full quota, blocked cookies) leaves the queue in memory for
 * this page's life; anything unreadable in it (an old format, a hand edit) is dropped, never thrown.
 * Events older than the server accepts (MAX_EVENT_AGE_MS) are dropped as they are read.
 */
export function createEventStore(storage: KeyValueStorage | null, now: () => number): EventStore {
  let memory: AnalyticsEvent[] = [];

  const read = (): AnalyticsEvent[] => {
    let list: unknown = memory;
    let stored: string | null = null;
    try {
      stored = storage ? storage.getItem(ANALYTICS_STORAGE_KEY) : null;
    } catch {
      // Storage that throws on reading is given up for this page: the queue lives in memory.
      storage = null;
    }
    if (storage) {
      try {
        list = JSON.parse(stored ?? "[]");
      } catch {
        list = [];
      }
    }
    const oldest = now() - MAX_EVENT_AGE_MS;
    return Array.isArray(list)
      ? list.filter(
          (event: Partial<AnalyticsEvent> | null) =>
            typeof event?.id === "string" && typeof event.at === "number" && event.at >= oldest,
        )
      : [];
  };

  const write = (list: AnalyticsEvent[]) => {
    memory = list.slice(-MAX_STORED_EVENTS);
    if (!storage) return;
    try {
      if (memory.length > 0) storage.setItem(ANALYTICS_STORAGE_KEY, JSON.stringify(memory));
      else storage.removeItem(ANALYTICS_STORAGE_KEY);
    } catch {
      // Full or blocked: from now on this page keeps its queue in memory (it holds what storage held).
      storage = null;
    }
  };

  return {
    all: read,
    add: (event) => write([...read(), event]),
    remove(ids) {
      const sent = new Set(ids);
      write(read().filter((event) => !sent.has(event.id)));
    },
    clear() {
      memory = [];
      try {
        storage?.removeItem(ANALYTICS_STORAGE_KEY);
      } catch {
        // Nothing stored can be read back either.
      }
    },
  };
}
