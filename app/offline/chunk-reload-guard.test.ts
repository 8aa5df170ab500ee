import { expect, test } from "vitest";
import {
  CHUNK_RELOAD_STORAGE_KEY,
  CHUNK_RELOAD_WINDOW_MS,
  claimChunkReload,
  recordReload,
  type ReloadLogStorage,
} from "./chunk-reload-guard";

function memoryStorage(initial: Record<string, string> = {}): ReloadLogStorage & { items: Map<string, string> } {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  };
}

const T0 = Date.UTC(2026, 0, 1);

test("the first failure on a path reloads; another within the window does not, one after it does", () => {
  const storage = memoryStorage();
  expect(claimChunkReload(storage, "/tests/editor", T0)).toBe(true);
  expect(claimChunkReload(storage, "/tests/editor", T0 + CHUNK_RELOAD_WINDOW_MS - 1)).toBe(false);
  expect(claimChunkReload(storage, "/tests/editor", T0 + CHUNK_RELOAD_WINDOW_MS)).toBe(true);
  // The refused attempt did not move the window: the reload after it counts from the one allowed.
  expect(claimChunkReload(storage, "/tests/editor", T0 + CHUNK_RELOAD_WINDOW_MS + 1)).toBe(false);
});

test("each path has its own window", () => {
  const storage = memoryStorage();
  expect(claimChunkReload(storage, "/a", T0)).toBe(true);
  expect(claimChunkReload(storage, "/b", T0 + 1)).toBe(true);
  expect(claimChunkReload(storage, "/a", T0 + 2)).toBe(false);
});

test("a reload the page made itself (an update, a retry) also starts the window", () => {
  const storage = memoryStorage();
  recordReload(storage, "/a", T0);
  expect(claimChunkReload(storage, "/a", T0 + 5_000)).toBe(false);
});

test("the log forgets paths whose window has passed", () => {
  const storage = memoryStorage();
  recordReload(storage, "/old", T0);
  recordReload(storage, "/new", T0 + CHUNK_RELOAD_WINDOW_MS);
  expect(JSON.parse(storage.items.get(CHUNK_RELOAD_STORAGE_KEY) ?? "")).toEqual({
    "/new": T0 + CHUNK_RELOAD_WINDOW_MS,
  });
});

test("a damaged log counts as no reload, and a clock set back does not block reloads", () => {
  expect(claimChunkReload(memoryStorage({ [CHUNK_RELOAD_STORAGE_KEY]: "{not json" }), "/a", T0)).toBe(true);
  expect(claimChunkReload(memoryStorage({ [CHUNK_RELOAD_STORAGE_KEY]: '{"/a":"yesterday"}' }), "/a", T0)).toBe(true);
  expect(claimChunkReload(memoryStorage({ [CHUNK_RELOAD_STORAGE_KEY]: "[1]" }), "/a", T0)).toBe(true);
  const storage = memoryStorage();
  recordReload(storage, "/a", T0 + 60_000);
  expect(claimChunkReload(storage, "/a", T0)).toBe(true);
});

test("a storage that throws refuses the reload rather than risk a loop", () => {
  const failing: ReloadLogStorage = {
    getItem: () => {
      throw new DOMException("denied", "SecurityError");
    },
    setItem: () => {
      throw new DOMException("full", "QuotaExceededError");
    },
  };
  expect(claimChunkReload(failing, "/a", T0)).toBe(false);
  expect(claimChunkReload({ getItem: () => null, setItem: failing.setItem }, "/a", T0)).toBe(false);
});
