import { useCallback, useSyncExternalStore } from "react";

const STORAGE_KEY = "numberlab.factorization.history";
export const HISTORY_LENGTH = 20;
const NONE: readonly string[] = [];

/** Tabs of this page in this browser: told when the list changes here; other tabs hear of it through "storage". */
const listeners = new Set<() => void>();
let cached: { raw: string | null; entries: readonly string[] } = { raw: null, entries: NONE };

function readRaw(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The stored list, the same array until the stored text changes (useSyncExternalStore compares by identity). */
function snapshot(): readonly string[] {
  const raw = readRaw();
  if (raw === cached.raw) return cached.entries;
  let entries: readonly string[] = NONE;
  try {
    const stored: unknown = JSON.parse(raw ?? "[]");
    if (Array.isArray(stored)) entries = stored.filter((item): item is string => typeof item === "string");
  } catch {
    // A damaged entry counts as an empty history.
  }
  cached = { raw, entries };
  return entries;
}

function write(entries: readonly string[]): void {
  try {
    if (entries.length === 0) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(entries));
  } catch {
    // Storage may be full or switched off: the list then stays as it was.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

/**
 * The last HISTORY_LENGTH inputs, newest first, kept in local storage. The
 * server renders an empty list; the browser's own list appears after hydration.
 */
export function useInputHistory(): { entries: readonly string[]; add(input: string): void; clear(): void } {
  const entries = useSyncExternalStore(subscribe, snapshot, () => NONE);
  const add = useCallback((input: string) => {
    write([input, ...snapshot().filter((entry) => entry !== input)].slice(0, HISTORY_LENGTH));
  }, []);
  const clear = useCallback(() => write([]), []);
  return { entries, add, clear };
}
