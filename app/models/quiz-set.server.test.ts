import { describe, expect, it } from "vitest";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { createQuizSet, findQuizSet, listQuizSets } from "./quiz-set.server";
import { attemptOfUser, startAttempt } from "./quiz.server";
import { createUser } from "./user.server";

describe.each(testDialects)("published question sets on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const items = [
    { templateId: "t-1", skillId: "s-1", seed: 12, difficulty: 2 as const },
    { templateId: "t-2", skillId: "s-2", seed: 7, difficulty: 1 as const },
  ];

  it("keep their questions in order, newest set first, and attempts point at them", async () => {
    const admin = await createUser(database.db, { email: `sets-${dialect}@example.org`, passwordHash: null });
    const first = await createQuizSet(database.db, { title: "Week 1", kind: "quiz", items, createdBy: admin.id });
    testClock.advance(1);
    const second = await createQuizSet(database.db, {
      title: "Sheet",
      kind: "problem-set",
      items: items.slice(1),
      createdBy: admin.id,
    });
    expect(await findQuizSet(database.db, first.id)).toEqual(first);
    expect(first.items).toEqual(items);
    expect((await listQuizSets(database.db)).map((set) => set.id).slice(0, 2)).toEqual([second.id, first.id]);

    const started = await startAttempt(database.db, {
      userId: admin.id,
      mode: "set",
      chapterSlug: null,
      setId: first.id,
      items,
      dailyLimit: null,
    });
    if (!started.ok) throw new Error("refused");
    expect((await attemptOfUser(database.db, started.attempt.id, admin.id))?.setId).toBe(first.id);
  });

  it("refuse malformed questions", async () => {
    const admin = await createUser(database.db, { email: `sets-bad-${dialect}@example.org`, passwordHash: null });
    const bad = [{ templateId: "t", skillId: "s", seed: 1.5, difficulty: 4 }] as never;
    await expect(
      createQuizSet(database.db, { title: "Bad", kind: "quiz", items: bad, createdBy: admin.id }),
    ).rejects.toThrow();
  });
});
