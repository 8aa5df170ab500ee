import { describe, expect, it } from "vitest";
import { testDialects, useTestDatabase } from "../../tests/setup/test-database";
import {
  answerHistory,
  attemptOfUser,
  attemptsStartedSince,
  finishAttempt,
  recordAnswer,
  recordHint,
  startAttempt,
  startOfUtcDay,
  templateStatistics,
  type ItemPlan,
} from "./quiz.server";
import { createUser } from "./user.server";

const plan = (templateId: string, seed: number): ItemPlan => ({
  templateId,
  skillId: `skill-of-${templateId}`,
  seed,
  difficulty: 1,
});

describe.each(testDialects)("quiz attempts on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const learner = (name: string) =>
    createUser(database.db, { email: `${name}-${dialect}@example.org`, passwordHash: null });
  /** A practice attempt without a daily limit, which must start. */
  const startPractice = async (userId: string, items: ItemPlan[]) => {
    const started = await startAttempt(database.db, {
      userId,
      mode: "practice",
      chapterSlug: null,
      items,
      dailyLimit: null,
    });
    if (!started.ok) throw new Error("refused");
    return started;
  };

  it("start with their questions in order, and only their owner can read them", async () => {
    const user = await learner("owner");
    const other = await learner("other");
    const started = await startAttempt(database.db, {
      userId: user.id,
      mode: "chapter",
      chapterSlug: "exponential-remainders",
      items: [plan("a", 1), plan("b", 2_147_483_647)],
      dailyLimit: null,
    });
    if (!started.ok) throw new Error("refused");
    expect(started.attempt.items.map((item) => [item.position, item.templateId, item.seed])).toEqual([
      [0, "a", 1],
      [1, "b", 2_147_483_647],
    ]);
    expect(started.attempt.items.every((item) => item.answeredAt === null && item.hintsUsed === 0)).toBe(true);
    expect(await attemptOfUser(database.db, started.attempt.id, user.id)).toEqual(started.attempt);
    expect(await attemptOfUser(database.db, started.attempt.id, other.id)).toBeNull();
  });

  it("stop at the daily limit, counted from midnight UTC, and renew the next day", async () => {
    const user = await learner("limited");
    const morning = new Date("2040-03-04T08:00:00Z");
    const start = (now: Date) =>
      startAttempt(
        database.db,
        { userId: user.id, mode: "practice", chapterSlug: null, items: [plan("a", 1)], dailyLimit: 2 },
        now,
      );
    expect((await start(new Date("2040-03-03T23:59:00Z"))).ok).toBe(true);
    expect((await start(morning)).ok).toBe(true);
    expect((await start(new Date("2040-03-04T09:00:00Z"))).ok).toBe(true);
    const refused = await start(new Date("2040-03-04T23:59:59Z"));
    expect(refused).toEqual({ ok: false, reason: "daily-limit", used: 2 });
    expect(await attemptsStartedSince(database.db, user.id, startOfUtcDay(morning))).toBe(2);
    expect((await start(new Date("2040-03-05T00:00:00Z"))).ok).toBe(true);
  });

  it("never let two simultaneous starts both take the last attempt of the day", async () => {
    const user = await learner("racing");
    const now = new Date("2040-05-01T12:00:00Z");
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () =>
        startAttempt(
          database.db,
          { userId: user.id, mode: "practice", chapterSlug: null, items: [plan("a", 1)], dailyLimit: 1 },
          now,
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(await attemptsStartedSince(database.db, user.id, startOfUtcDay(now))).toBe(1);
  });

  it("record hints up to the ladder's length, and no more once the question is answered", async () => {
    const user = await learner("hints");
    const started = await startPractice(user.id, [plan("a", 1)]);
    const item = started.attempt.items[0]!;
    expect(await recordHint(database.db, item.id, 2)).toBe(1);
    expect(await recordHint(database.db, item.id, 2)).toBe(2);
    expect(await recordHint(database.db, item.id, 2)).toBe(2);
    expect(
      await recordAnswer(database.db, { itemId: item.id, answers: ["3"], partResults: [true], timeMs: 1200 }),
    ).toBe(true);
    expect(await recordHint(database.db, item.id, 5)).toBeNull();
  });

  it("store an answer once: a second answer changes nothing", async () => {
    const user = await learner("once");
    const started = await startPractice(user.id, [plan("a", 1)]);
    const item = started.attempt.items[0]!;
    const at = new Date("2040-06-01T10:00:00Z");
    expect(
      await recordAnswer(
        database.db,
        { itemId: item.id, answers: ["x+1", "7"], partResults: [true, false], timeMs: 5000.4 },
        at,
      ),
    ).toBe(true);
    expect(
      await recordAnswer(database.db, { itemId: item.id, answers: ["x+2", "8"], partResults: [true, true], timeMs: 1 }),
    ).toBe(false);
    await finishAttempt(database.db, started.attempt.id, at);
    const stored = (await attemptOfUser(database.db, started.attempt.id, user.id))!;
    expect(stored.finishedAt).toBe(at.toISOString());
    expect(stored.items[0]).toMatchObject({
      answers: ["x+1", "7"],
      partResults: [true, false],
      correct: false,
      timeMs: 5000,
      answeredAt: at.toISOString(),
    });
    expect(await answerHistory(database.db, user.id)).toEqual([
      { skillId: "skill-of-a", correct: false, hintsUsed: 0, answeredAt: at.toISOString() },
    ]);
  });

  it("sum up each template for admins: share right, average time, share with hints", async () => {
    const user = await learner("stats");
    const started = await startPractice(user.id, [
      plan("stats-a", 1),
      plan("stats-a", 2),
      plan("stats-a", 3),
      plan("stats-b", 4),
    ]);
    // The fourth item, of stats-b, stays unanswered and is not counted.
    const [a1, a2, a3] = started.attempt.items;
    await recordHint(database.db, a1!.id, 3);
    await recordAnswer(database.db, { itemId: a1!.id, answers: ["1"], partResults: [true], timeMs: 1000 });
    await recordAnswer(database.db, { itemId: a2!.id, answers: ["1"], partResults: [false], timeMs: 3000 });
    await recordAnswer(database.db, { itemId: a3!.id, answers: ["1"], partResults: [true], timeMs: 2000 });
    const stats = (await templateStatistics(database.db)).filter((row) => row.templateId.startsWith("stats-"));
    expect(stats).toHaveLength(1);
    expect(stats[0]!.templateId).toBe("stats-a");
    expect(stats[0]!.answered).toBe(3);
    expect(stats[0]!.correctRate).toBeCloseTo(2 / 3, 12);
    expect(stats[0]!.averageTimeMs).toBeCloseTo(2000, 9);
    expect(stats[0]!.hintRate).toBeCloseTo(1 / 3, 12);
  });
});
