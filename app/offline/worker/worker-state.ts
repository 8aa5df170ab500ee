import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import { isPartition } from "./partitions";

/**
 * What the worker must remember across its own restarts (the browser stops an idle worker, and a
 * new build's worker may wait days between install and activation): the current partition, i.e.
 * the one the latest page answer from the network named, and whether saved pages predate the build.
 */
export const WORKER_STATE_DB_NAME = "numberlab-worker";
const STORE = "state";
const CURRENT_PARTITION_KEY = "current-partition";
const STALE_PAGES_KEY = "saved-pages-stale";

interface WorkerStateSchema extends DBSchema {
  state: { key: string; value: string };
}

let opening: Promise<IDBPDatabase<WorkerStateSchema>> | undefined;

function database(): Promise<IDBPDatabase<WorkerStateSchema>> {
  opening ??= openDB<WorkerStateSchema>(WORKER_STATE_DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore(STORE);
    },
    terminated() {
      opening = undefined;
    },
  }).catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}

export async function readCurrentPartition(): Promise<string | null> {
  const value = await (await database()).get(STORE, CURRENT_PARTITION_KEY);
  return isPartition(value) ? value : null;
}

export async function writeCurrentPartition(partition: string): Promise<void> {
  await (await database()).put(STORE, partition, CURRENT_PARTITION_KEY);
}

/** A new build installed: the pages saved so far refer to the chunks of the build it replaces. */
export async function markSavedPagesStale(): Promise<void> {
  await (await database()).put(STORE, "true", STALE_PAGES_KEY);
}

/** Whether saved pages were marked stale, clearing the mark. */
export async function takeSavedPagesStale(): Promise<boolean> {
  const db = await database();
  const stale = (await db.get(STORE, STALE_PAGES_KEY)) === "true";
  if (stale) await db.delete(STORE, STALE_PAGES_KEY);
  return stale;
}
