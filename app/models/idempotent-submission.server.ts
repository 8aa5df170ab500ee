import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "#database/schema";
import { isoAfter, isoNow } from "../utils/clock";

/** Receipts are kept this long: a device sends what it queued within 30 days or drops it (docs/offline.md). */
export const IDEMPOTENT_SUBMISSION_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** An action's answer as it is stored and replayed: its HTTP status and its JSON body. */
export interface StoredAnswer {
  status: number;
  body: unknown;
}

const storedAnswerSchema = z.object({ status: z.number().int().min(100).max(599), body: z.unknown() });

export interface SubmissionKey {
  userId: string;
  key: string;
  /** What the key is used for; the same key with another scope is not a repeat. */
  scope: string;
}

/**
 * What claiming a key found: the key is new and this transaction applies the submission, or an
 * earlier submission with the key was applied (its answer), or the key names something else.
 */
export type SubmissionClaim = { kind: "claimed" } | { kind: "applied"; answer: StoredAnswer } | { kind: "other-scope" };

/**
 * Claims a key inside the transaction that will apply its submission. The primary key decides: a
 * concurrent repeat waits on PostgreSQL until this transaction ends, then finds the stored answer
 * (SQLite runs one transaction at a time).
 */
export async function claimSubmissionKey(trx: Kysely<Database>, submission: SubmissionKey): Promise<SubmissionClaim> {
  const inserted = await trx
    .insertInto("idempotent_submissions")
    .values({
      user_id: submission.userId,
      key: submission.key,
      scope: submission.scope,
      result: null,
      created_at: isoNow(),
    })
    .onConflict((conflict) => conflict.columns(["user_id", "key"]).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0) return { kind: "claimed" };

  const row = await trx
    .selectFrom("idempotent_submissions")
    .select(["scope", "result"])
    .where("user_id", "=", submission.userId)
    .where("key", "=", submission.key)
    .executeTakeFirstOrThrow();
  if (row.scope !== submission.scope) return { kind: "other-scope" };
  // Another transaction's claim is visible only once it committed, with its answer.
  if (row.result === null) throw new Error("An idempotency key was claimed without an answer.");
  return { kind: "applied", answer: storedAnswerSchema.parse(JSON.parse(row.result)) as StoredAnswer };
}

/** Stores the answer of a claimed key, in the transaction that claimed it. */
export async function storeSubmissionAnswer(
  trx: Kysely<Database>,
  submission: SubmissionKey,
  answer: StoredAnswer,
): Promise<void> {
  await trx
    .updateTable("idempotent_submissions")
    .set({ result: JSON.stringify(answer) })
    .where("user_id", "=", submission.userId)
    .where("key", "=", submission.key)
    .execute();
}

/** Drops receipts past their retention (the hourly housekeeping). */
export async function deleteOldIdempotentSubmissions(db: Kysely<Database>): Promise<number> {
  const result = await db
    .deleteFrom("idempotent_submissions")
    .where("created_at", "<", isoAfter(-IDEMPOTENT_SUBMISSION_RETENTION_MS))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
