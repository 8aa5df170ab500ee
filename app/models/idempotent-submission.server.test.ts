import { describe, expect, it } from "vitest";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import {
  claimSubmissionKey,
  deleteOldIdempotentSubmissions,
  IDEMPOTENT_SUBMISSION_RETENTION_MS,
  storeSubmissionAnswer,
} from "./idempotent-submission.server";
import { createUser } from "./user.server";

describe.each(testDialects)("idempotent submissions on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const learner = () => createUser(database.db, { email: `${crypto.randomUUID()}@example.org`, passwordHash: null });

  it("claims a key once; a repeat finds the stored answer, another scope or account does not", async () => {
    const { db } = database;
    const [ada, bob] = [await learner(), await learner()];
    const submission = { userId: ada.id, key: crypto.randomUUID(), scope: "quiz-answer:item-1" };
    expect(await claimSubmissionKey(db, submission)).toEqual({ kind: "claimed" });
    await storeSubmissionAnswer(db, submission, { status: 200, body: { correct: true } });

    expect(await claimSubmissionKey(db, submission)).toEqual({
      kind: "applied",
      answer: { status: 200, body: { correct: true } },
    });
    expect(await claimSubmissionKey(db, { ...submission, scope: "quiz-answer:item-2" })).toEqual({
      kind: "other-scope",
    });
    // Keys are per account: the same key from another account is a submission of its own.
    expect(await claimSubmissionKey(db, { ...submission, userId: bob.id })).toEqual({ kind: "claimed" });
  });

  it("keeps receipts for the retention period, then the sweep removes them", async () => {
    const { db } = database;
    const user = await learner();
    const start = testClock.set("2030-03-01T00:00:00.000Z");
    const old = { userId: user.id, key: crypto.randomUUID(), scope: "section-progress:s" };
    await claimSubmissionKey(db, old);
    await storeSubmissionAnswer(db, old, { status: 200, body: { error: null } });
    testClock.set(start.getTime() + IDEMPOTENT_SUBMISSION_RETENTION_MS - 1);
    const fresh = { ...old, key: crypto.randomUUID() };
    await claimSubmissionKey(db, fresh);
    await storeSubmissionAnswer(db, fresh, { status: 200, body: { error: null } });

    const kept = async () =>
      (await db.selectFrom("idempotent_submissions").select("key").where("user_id", "=", user.id).execute())
        .map((row) => row.key)
        .sort();
    await deleteOldIdempotentSubmissions(db);
    expect(await kept()).toEqual([old.key, fresh.key].sort());
    testClock.advance(2);
    expect(await deleteOldIdempotentSubmissions(db)).toBeGreaterThan(0);
    expect(await kept()).toEqual([fresh.key]);
    // Once swept, the old key is new again (its device dropped the submission by then).
    expect(await claimSubmissionKey(db, old)).toEqual({ kind: "claimed" });
  });

  it("goes when the account goes", async () => {
    const { db } = database;
    const user = await learner();
    const submission = { userId: user.id, key: crypto.randomUUID(), scope: "section-progress:s" };
    await claimSubmissionKey(db, submission);
    await db.deleteFrom("users").where("id", "=", user.id).execute();
    const left = await db.selectFrom("idempotent_submissions").select("key").where("user_id", "=", user.id).execute();
    expect(left).toEqual([]);
  });
});
