import type { SiqsCheckpoint, SiqsCheckpointStore } from "#core/numtheory/parallel-engine";

const DATABASE = "numberlab-factorization";
const STORE = "siqs-checkpoints";
/** Checkpoints of numbers nobody came back to are dropped after a week. */
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

interface StoredCheckpoint extends SiqsCheckpoint {
  n: string;
  savedAt: number;
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "n" });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function run<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return open().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const request = action(db.transaction(STORE, mode).objectStore(STORE));
        request.onsuccess = () => {
          resolve(request.result);
          db.close();
        };
        request.onerror = () => {
          reject(request.error);
          db.close();
        };
      }),
  );
}

/** Deletes checkpoints of numbers nobody came back to, in the same transaction as a save. */
function forgetStale(store: IDBObjectStore) {
  const cursor = store.openCursor();
  cursor.onsuccess = () => {
    const current = cursor.result;
    if (!current) return;
    if (Date.now() - (current.value as StoredCheckpoint).savedAt > KEEP_MS) current.delete();
    current.continue();
  };
}

/** SIQS relations kept in IndexedDB, so reloading the page resumes a long factorization. */
export const indexedDbCheckpoints: SiqsCheckpointStore = {
  async load(n) {
    const stored = (await run("readonly", (store) => store.get(n.toString()))) as StoredCheckpoint | undefined;
    if (!stored || Date.now() - stored.savedAt > KEEP_MS) return null;
    return { snapshot: stored.snapshot, nextSeed: stored.nextSeed };
  },
  async save(n, checkpoint) {
    const stored: StoredCheckpoint = { ...checkpoint, n: n.toString(), savedAt: Date.now() };
    await run("readwrite", (store) => {
      forgetStale(store);
      return store.put(stored);
    });
  },
  async clear(n) {
    await run("readwrite", (store) => store.delete(n.toString()));
  },
};
