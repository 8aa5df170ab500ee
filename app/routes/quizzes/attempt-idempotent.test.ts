import { describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#database/connection";
import { formPost } from "#tests/setup/action-result";
import { APP, contextFor, newLearner, routeAnswer } from "#tests/setup/billing-routes";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { finishAttempt, startAttempt } from "#app/models/quiz.server";
import type { User } from "#app/models/user.server";

const current = vi.hoisted(() => ({ handle: undefined as DatabaseHandle | undefined }));
vi.mock("#app/utils/db.server", () => ({ getDatabase: () => current.handle }));
const { action } = await import("./attempt");

describe.each(testDialects)("answering a quiz question on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  async function openAttempt(user: User) {
    const started = await startAttempt(database.db, {
      userId: user.id,
      mode: "practice",
      chapterSlug: null,
      items: [
        { templateId: "gcd-lcm-from-factors", skillId: "gcd-lcm-from-factors", seed: 7, difficulty: 1 },
        { templateId: "gcd-lcm-from-factors", skillId: "gcd-lcm-from-factors", seed: 8, difficulty: 1 },
      ],
      dailyLimit: null,
    });
    if (!started.ok) throw new Error("no attempt");
    return started.attempt;
  }

  const post = (user: User, attemptId: string, form: Record<string, string>) => {
    current.handle = database;
    return routeAnswer(() =>
      action({
        request: formPost(`${APP}/quiz/${attemptId}`, form),
        context: contextFor(user),
        params: { attemptId },
      } as never),
    );
  };
  const storedAnswers = (itemId: string) =>
    database.db.selectFrom("quiz_items").select(["answers", "answered_at"]).where("id", "=", itemId).execute();

  it("grades an answer sent again with the same key once, and answers the repeat with the same verdict", async () => {
    const user = await newLearner(database.db);
    const attempt = await openAttempt(user);
    const itemId = attempt.items[0]!.id;
    const answer = { intent: "answer", itemId, "part-0": "12", "part-1": "5", idempotencyKey: crypto.randomUUID() };
    const first = await post(user, attempt.id, answer);
    expect(first.status).toBe(200);
    expect(first.data).toEqual({ correct: expect.any(Boolean) });
    const stored = await storedAnswers(itemId);

    // The device never got that answer and sends it again, even after the quiz was finished.
    expect(await post(user, attempt.id, answer)).toEqual(first);
    await finishAttempt(database.db, attempt.id);
    expect(await post(user, attempt.id, answer)).toEqual(first);
    expect(await storedAnswers(itemId)).toEqual(stored);
  });

  it("still refuses a second answer given with another key, or none", async () => {
    const user = await newLearner(database.db);
    const attempt = await openAttempt(user);
    const itemId = attempt.items[1]!.id;
    await post(user, attempt.id, {
      intent: "answer",
      itemId,
      "part-0": "1",
      "part-1": "2",
      idempotencyKey: crypto.randomUUID(),
    });
    const refusal = { status: 409, data: { error: "This question was already answered: the first answer counts." } };
    expect(
      await post(user, attempt.id, {
        intent: "answer",
        itemId,
        "part-0": "2",
        "part-1": "3",
        idempotencyKey: crypto.randomUUID(),
      }),
    ).toMatchObject(refusal);
    expect(await post(user, attempt.id, { intent: "answer", itemId, "part-0": "2", "part-1": "3" })).toMatchObject(
      refusal,
    );
  });
});
