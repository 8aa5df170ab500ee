/**
 * When a deploy has removed the code chunks an open page still asks for, reloading fetches the new
 * build's page and chunks. The guard lets that happen at most once per path in a window, remembered
 * across the reload (session storage), so a chunk that stays missing ends in an error with a retry
 * instead of a reload loop (SPEC.md §3, docs/offline.md).
 */

/** At most one automatic reload per path in this window. */
export const CHUNK_RELOAD_WINDOW_MS = 10_000;
export const CHUNK_RELOAD_STORAGE_KEY = "numberlab:page-reloads";

/** The part of `Storage` the guard uses, so tests can hand it a map. */
export type ReloadLogStorage = Pick<Storage, "getItem" | "setItem">;

/** When each path was last reloaded (milliseconds since the epoch). */
type ReloadLog = Record<string, number>;

function readLog(storage: ReloadLogStorage): ReloadLog {
  const raw = storage.getItem(CHUNK_RELOAD_STORAGE_KEY);
  if (raw === null) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, number] => typeof entry[1] === "number"),
    );
  } catch {
    return {};
  }
}

/** Writes `path`'s reload time, dropping entries older than the window so the log stays small. */
export function recordReload(storage: ReloadLogStorage, path: string, now: number): void {
  const recent = Object.entries(readLog(storage)).filter(([, at]) => now - at < CHUNK_RELOAD_WINDOW_MS);
  storage.setItem(CHUNK_RELOAD_STORAGE_KEY, JSON.stringify({ ...Object.fromEntries(recent), [path]: now }));
}

/**
 * Whether a chunk load failure on `path` may reload the page now; if so, the reload is recorded.
 * A storage that cannot be read or written cannot prove there was no reload a moment ago, so it
 * refuses: an error with a retry is better than a possible loop.
 */
export function claimChunkReload(storage: ReloadLogStorage, path: string, now: number): boolean {
  try {
    const last = readLog(storage)[path];
    // A time in the future (the clock was set back) proves nothing about the last reload.
    if (last !== undefined && now - last < CHUNK_RELOAD_WINDOW_MS && now >= last) return false;
    recordReload(storage, path, now);
    return true;
  } catch {
    return false;
  }
}
