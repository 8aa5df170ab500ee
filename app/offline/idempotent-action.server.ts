import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "#database/schema";
import { claimSubmissionKey, storeSubmissionAnswer, type StoredAnswer } from "#app/models/idempotent-submission.server";
import { IDEMPOTENCY_KEY_FIELD } from "./idempotency-key";

/** An action's answer before it becomes a response: the status and the data the page gets. */
export interface ActionAnswer<Body> {
  status: number;
  body: Body;
}

/**
 * The key field of a form that may carry one, to spread into the action's zod object: absent for an
 * ordinary submission, refused when it is not a UUID.
 */
export const idempotencyKeyShape = {
  [IDEMPOTENCY_KEY_FIELD]: z.uuid({ error: "That submission's key is not valid." }).optional(),
};

export const KEY_REUSED_MESSAGE = "That submission's key was already used for something else.";

/**
 * Applies a submission at most once per key (docs/offline.md). Without a key, `apply` simply runs.
 * With one, `apply` runs in a transaction that also stores its answer, so a repeat (a device that
 * never got the answer sends again) gets that answer back and changes nothing. `apply` must use
 * the database it is given: on SQLite another query would wait for this transaction forever.
 */
export async function applyOnce<Body>(
  db: Kysely<Database>,
  submission: { userId: string; key: string | undefined; scope: string },
  apply: (db: Kysely<Database>) => Promise<ActionAnswer<Body>>,
): Promise<ActionAnswer<Body | { error: string }>> {
  const { key } = submission;
  if (key === undefined) return apply(db);
  return db.transaction().execute(async (trx) => {
    const claim = await claimSubmissionKey(trx, { ...submission, key });
    // The stored answer is the one this function stored for the same scope, so it has the same shape.
    if (claim.kind === "applied") return claim.answer as ActionAnswer<Body>;
    if (claim.kind === "other-scope") return { status: 422, body: { error: KEY_REUSED_MESSAGE } };
    const answer = await apply(trx);
    await storeSubmissionAnswer(trx, { ...submission, key }, answer satisfies StoredAnswer);
    return answer;
  });
}
