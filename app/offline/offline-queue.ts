import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import { IDEMPOTENCY_KEY_FIELD } from "./idempotency-key";

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
/** Tells the other tabs and the worker that the queue changed. */
const CHANGE_CHANNEL = "numberlab-offline-queue";

/** Entries an account left on the device are dropped after this long, sent or not (the server keeps receipts as long). */
export const QUEUED_SUBMISSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** A section's read mark (by section id) or a quiz question's answer (by item id). */
export type SubmissionSubject = `read:${string}` | `answer:${string}`;

export interface QueuedSubmission {
  /** The idempotency key the form carries: the server applies a submission with it at most once. */
  key: string;
  partition: string;
  /** The action's URL (path and search), as the form would post it. */
  action: string;
  /** The form's fields in order, the idempotency key among them. */
  fields: [name: string, value: string][];
  /** What the learner did, in their words: "Mark as read: Divisors". */
  label: string;
  /** What the entry is about, so a component finds its own entries. */
  subject: SubmissionSubject;
  /** When it was made, in milliseconds since the epoch. */
  queuedAt: number;
}

export type SubmissionInput = Omit<QueuedSubmission, "key" | "queuedAt">;

interface StoredSubmission extends QueuedSubmission {
  /** Insertion order: a partition's entries are sent in the order they were made. */
  seq?: number;
}

interface OfflineQueueSchema extends DBSchema {
  submissions: {
    key: number;
    value: StoredSubmission;
    indexes: { "by-key": string; "by-partition": string; "by-time": number };
  };
}

/** A submission with a fresh idempotency key, in its fields too; it is sent first and queued only if that fails. */
export function createSubmission(input: SubmissionInput, now: number = Date.now()): QueuedSubmission {
  const key = randomUuid();
  return {
    ...input,
    key,
    queuedAt: now,
    fields: [...input.fields.filter(([name]) => name !== IDEMPOTENCY_KEY_FIELD), [IDEMPOTENCY_KEY_FIELD, key]],
  };
}

/** A version 4 UUID; `crypto.randomUUID` exists only on secure pages, `getRandomValues` everywhere. */
function randomUuid(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
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

/** Keeps a submission on this device; queueing one already kept (the same key) changes nothing. */
export async function queueSubmission(submission: QueuedSubmission): Promise<void> {
  const db = await database();
  const tx = db.transaction(STORE, "readwrite");
  if ((await tx.store.index("by-key").getKey(submission.key)) === undefined) await tx.store.add({ ...submission });
  await tx.done;
  announceChange();
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
  announceChange();
}

/** Drops every entry of a partition: called when its account signs out, by the page and the worker. */
export async function clearQueuedSubmissions(partition: string): Promise<void> {
  await deleteWhere("by-partition", IDBKeyRange.only(partition));
}

/** Drops entries of any partition older than the age limit (an account that never came back). */
export async function pruneQueuedSubmissions(now: number = Date.now()): Promise<void> {
  await deleteWhere("by-time", IDBKeyRange.upperBound(now - QUEUED_SUBMISSION_MAX_AGE_MS, true));
}

async function deleteWhere(index: "by-partition" | "by-time", range: IDBKeyRange): Promise<void> {
  const db = await database();
  const tx = db.transaction(STORE, "readwrite");
  let deleted = 0;
  for (let cursor = await tx.store.index(index).openCursor(range); cursor; cursor = await cursor.continue()) {
    await cursor.delete();
    deleted += 1;
  }
  await tx.done;
  if (deleted > 0) announceChange();
}

function withoutSeq({ seq: _seq, ...entry }: StoredSubmission): QueuedSubmission {
  return entry;
}

const listeners = new Set<() => void>();
let channel: BroadcastChannel | undefined;

/** Calls `listener` whenever the queue changes, in this page or in another tab or the worker. */
export function subscribeToQueue(listener: () => void): () => void {
  listeners.add(listener);
  if (!channel && typeof BroadcastChannel === "function") {
    channel = new BroadcastChannel(CHANGE_CHANNEL);
    channel.onmessage = () => listeners.forEach((notify) => notify());
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      channel?.close();
      channel = undefined;
    }
  };
}

function announceChange(): void {
  listeners.forEach((notify) => notify());
  if (channel) {
    // A channel never hears its own messages: this context's listeners were told above.
    channel.postMessage("changed");
  } else if (typeof BroadcastChannel === "function") {
    const sender = new BroadcastChannel(CHANGE_CHANNEL);
    sender.postMessage("changed");
    sender.close();
  }
}
