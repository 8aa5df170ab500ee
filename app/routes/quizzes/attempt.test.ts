import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#database/connection";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { writeSetting } from "#app/models/app-settings.server";
import { attemptOfUser, startAttempt } from "#app/models/quiz.server";
import { createUser, type User } from "#app/models/user.server";
import { userContext } from "#app/http/request-context";

// The route reads the process-wide database; point it at each dialect's test database.
const current = vi.hoisted(() => ({ handle: undefined as DatabaseHandle | undefined }));
vi.mock("#app/utils/db.server", () => ({ getDatabase: () => current.handle }));
const { action } = await import("./attempt");

/** A question of two typed parts (the gcd and the lcm). */
const TWO_PARTS = {
  templateId: "gcd-lcm-from-factors",
  skillId: "gcd-lcm-from-factors",
  seed: 7,
  difficulty: 1,
} as const;

describe.each(testDialects)("checking an answer in an attempt on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let count = 0;

  async function setUp(items = [TWO_PARTS]) {
    current.handle = database;
    const user = await createUser(database.db, {
      email: `attempt-${(count += 1)}-${dialect}@example.org`,
      passwordHash: null,
    });
    const started = await startAttempt(database.db, {
      userId: user.id,
      mode: "practice",
      chapterSlug: null,
      items,
      dailyLimit: null,
    });
    if (!started.ok) throw new Error("refused");
    return { user, attempt: started.attempt };
  }

  /** Posts a form to the attempt's action as the user; a thrown Response (a redirect) is returned. */
  async function post(user: User, attemptId: string, form: Record<string, string>) {
    const context = new RouterContextProvider();
    context.set(userContext, user);
    const request = new Request(`http://localhost/quiz/${attemptId}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    });
    try {
      return (await action({ request, context, params: { attemptId } } as never)) as unknown;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  }

  const stored = async (user: User, attemptId: string) =>
    (await attemptOfUser(database.db, attemptId, user.id))!.items[0]!;

  it("refuses to check a question with a part left blank, naming the part, and stores nothing", async () => {
    const { user, attempt } = await setUp();
    const itemId = attempt.items[0]!.id;
    const refused = await post(user, attempt.id, { intent: "answer", itemId, "part-0": "12", "part-1": "  " });
    expect(refused).toMatchObject({
      init: { status: 400 },
      data: {
        error: "Answer every part before checking: part b is blank.",
        fieldErrors: { "part-1": "Give an answer to this part." },
      },
    });
    expect((refused as { data: { fieldErrors: object } }).data.fieldErrors).not.toHaveProperty("part-0");
    // A part missing from the form altogether is blank too.
    const missing = await post(user, attempt.id, { intent: "answer", itemId, "part-1": "5" });
    expect(missing).toMatchObject({ init: { status: 400 }, data: { fieldErrors: { "part-0": expect.any(String) } } });
    expect(await stored(user, attempt.id)).toMatchObject({ answers: null, answeredAt: null });

    // Whole, it is checked and stored once.
    expect(await post(user, attempt.id, { intent: "answer", itemId, "part-0": "12", "part-1": "5" })).toMatchObject({
      init: { status: 200 },
      data: { correct: expect.any(Boolean) },
    });
    expect((await stored(user, attempt.id)).answers).toEqual(["12", "5"]);
  });

  it("refuses a first answer beyond the day's free quizzes, with the reason, and stores nothing", async () => {
    current.handle = database;
    await writeSetting(database.db, "freeQuizAttemptsPerDay", 1, null);
    const { user, attempt: first } = await setUp();
    const second = await startAttempt(database.db, {
      userId: user.id,
      mode: "chapter",
      chapterSlug: "atomic-model-of-numbers",
      items: [TWO_PARTS],
      dailyLimit: 1,
    });
    if (!second.ok) throw new Error("refused");
    const answer = (attemptId: string, itemId: string) =>
      post(user, attemptId, { intent: "answer", itemId, "part-0": "1", "part-1": "2" });
    expect(await answer(first.id, first.items[0]!.id)).toMatchObject({ init: { status: 200 } });
    expect(await answer(second.attempt.id, second.attempt.items[0]!.id)).toMatchObject({
      init: { status: 429 },
      data: { error: expect.stringContaining("used up") },
    });
    expect(await stored(user, second.attempt.id)).toMatchObject({ answers: null });
    await writeSetting(database.db, "freeQuizAttemptsPerDay", 5, null);
  });

  it("abandons an attempt left without an answer, and finishes one with answers", async () => {
    const { user, attempt } = await setUp();
    const left = await post(user, attempt.id, { intent: "finish" });
    expect(left).toBeInstanceOf(Response);
    expect((left as Response).headers.get("Location")).toBe("/practice");
    expect(await attemptOfUser(database.db, attempt.id, user.id)).toBeNull();

    const { user: other, attempt: answered } = await setUp();
    const itemId = answered.items[0]!.id;
    await post(other, answered.id, { intent: "answer", itemId, "part-0": "1", "part-1": "2" });
    const finished = await post(other, answered.id, { intent: "finish" });
    expect((finished as Response).headers.get("Location")).toBe(`/quiz/${answered.id}/results`);
    expect((await attemptOfUser(database.db, answered.id, other.id))!.finishedAt).not.toBeNull();
  });
});
