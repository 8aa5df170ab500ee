import { openDB, type DBSchema, type IDBPDatabase } from "idb";

/**
 * Submissions made offline ("mark as read", quiz answers), kept on this device until the
 * connection returns (docs/offline.md). Plain TypeScript over IndexedDB: the pages and the
 * service worker both import it, so it uses no DOM and no React.
 *
 * Each entry belongs to a cache partition (the account that made it, or "guest"). Only the
 * partition of the page sending them is ever sent: the browser's cookies belong to that account.
 */

export const OFFLINE_QUEUE_DB_NAME = "numberlab-offline";
const DB_VERSION = 1;
const STORE = "submissions";

/** Entries an account left on the device are dropped after this long, sent or not. */
export const QUEUED_SUBMISSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export interface QueuedSubmission {
  /** The idempotency key the form carries: a replay of it is applied at most once by the server. */
  key: string;
  partition: string;
  /** The action's URL (path and search), as the form would post it. */
  action: string;
  /** The form's fields in order, the idempotency key among them. */
  fields: [name: string, value: string][];
  /** What the learner did, in their words: "Mark as read: Divisors". */
  label: string;
  /** What the entry is about, so a component finds its own pending entries ("read:…", "answer:…"). */
  subject: string;
  /** When it was queued, in milliseconds since the epoch. */
  queuedAt: number;
}

export type NewQueuedSubmission = Omit<QueuedSubmission, "key" | "queuedAt">;

/** The form field that carries an entry's key to the server. */
export const IDEMPOTENCY_KEY_FIELD = "idempotencyKey";

interface StoredSubmission extends QueuedSubmission {
  /** Insertion order: the sender replays a partition's entries in the order they were made. */
  seq?: number;
}

interface OfflineQueueSchema extends DBSchema {
  submissions: {
    key: number;
    value: StoredSubmission;
    indexes: { "by-key": string; "by-partition": string; "by-time": number };
  };
}

let opening: Promise<IDBPDatabase<OfflineQueueSchema>> | undefined;

function database(): Promise<IDBPDatabase<OfflineQueueSchema>> {
  opening ??= openDB<OfflineQueueSchema>(OFFLINE_QUEUE_DB_NAME, DB_VERSION, {
    upgrade(db) {
      const store = db.createObjectStore(STORE, { keyPath: "seq", autoIncrement: true });
      store.createIndex("by-key", "key", { unique: true });
      // An index lists records with the same value by primary key, i.e. in insertion order.
      store.createIndex("by-partition", "partition");
      store.createIndex("by-time", "queuedAt");
    },
    // Another tab or the worker upgrades the schema: let it, and reopen on the next call.
    blocking() {
      void opening?.then((db) => db.close());
      opening = undefined;
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

/** Saves a submission on this device; the key it returns is also in its fields. */
export async function queueSubmission(
  submission: NewQueuedSubmission,
  now: number = Date.now(),
): Promise<QueuedSubmission> {
  const key = crypto.randomUUID();
  const entry: QueuedSubmission = {
    ...submission,
    key,
    queuedAt: now,
    fields: [...submission.fields.filter(([name]) => name !== IDEMPOTENCY_KEY_FIELD), [IDEMPOTENCY_KEY_FIELD, key]],
  };
  const db = await database();
  await db.add(STORE, { ...entry });
  return entry;
}

/** A partition's entries, oldest first. */
export async function listQueuedSubmissions(partition: string): Promise<QueuedSubmission[]> {
  const db = await database();
  const stored = await db.getAllFromIndex(STORE, "by-partition", partition);
  return stored.map(withoutSeq);
}

export async function removeQueuedSubmission(key: string): Promise<void> {
  const db = await database();
  const tx = db.transaction(STORE, "readwrite");
  const seq = await tx.store.index("by-key").getKey(key);
  if (seq !== undefined) await tx.store.delete(seq);
  await tx.done;
}

/** Drops every entry of a partition: called when its account signs out, by the page and the worker. */
export async function clearQueuedSubmissions(partition: string): Promise<void> {
  const db = await database();
  const tx = db.transaction(STORE, "readwrite");
  let cursor = await tx.store.index("by-partition").openCursor(partition);
  while (cursor) {
    await cursor.delete();
    cursor = await cursor.continue();
  }
  await tx.done;
}

/** Drops entries of any partition older than the age limit (an account that never came back). */
export async function pruneQueuedSubmissions(now: number = Date.now()): Promise<void> {
  const db = await database();
  const tx = db.transaction(STORE, "readwrite");
  const expired = IDBKeyRange.upperBound(now - QUEUED_SUBMISSION_MAX_AGE_MS, true);
  let cursor = await tx.store.index("by-time").openCursor(expired);
  while (cursor) {
    await cursor.delete();
    cursor = await cursor.continue();
  }
  await tx.done;
}

function withoutSeq({ seq: _seq, ...entry }: StoredSubmission): QueuedSubmission {
  return entry;
}
