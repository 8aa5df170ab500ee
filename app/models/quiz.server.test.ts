import { describe, expect, it } from "vitest";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import {
  abandonAttempt,
  answerHistory,
  answerItem,
  attemptOfUser,
  attemptsCountedSince,
  finishAttempt,
  openAttemptAt,
  recordAnswer,
  recordHint,
  startAttempt,
  startOfUtcDay,
  templateStatistics,
  type ItemPlan,
  type QuizTarget,
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

  const practice: QuizTarget = { mode: "practice", chapterSlug: null };
  const chapter = (slug: string): QuizTarget => ({ mode: "chapter", chapterSlug: slug });
  /**
   * Opens PostgreSQL connections ahead of a race: otherwise the first transaction is over before the
   * pool has connected the others, and the race is never run.
   */
  const warmPool = () =>
    Promise.all(Array.from({ length: 8 }, () => database.db.selectFrom("users").select("id").execute()));
  /** A practice attempt of one question, or the refusal, under a daily limit, with the clock at `now`. */
  const startLimited = (userId: string, dailyLimit: number | null, now: Date, target: QuizTarget = practice) => {
    testClock.set(now);
    return startAttempt(database.db, { userId, ...target, items: [plan("a", 1)], dailyLimit });
  };
  /** Answers the attempt's first question under a daily limit, with the clock at `now`. */
  const answerFirst = (userId: string, attemptId: string, itemId: string, dailyLimit: number | null, now: Date) => {
    testClock.set(now);
    return answerItem(database.db, {
      userId,
      attemptId,
      itemId,
      answers: ["1"],
      partResults: [true],
      timeMs: 1000,
      dailyLimit,
    });
  };
  /** Finishes the attempt with the clock at `now`. */
  const finishAt = (attemptId: string, now: Date) => {
    testClock.set(now);
    return finishAttempt(database.db, attemptId);
  };
  /** Starts an attempt and answers its first question: one attempt counted. */
  const takeOne = async (userId: string, dailyLimit: number | null, now: Date, target: QuizTarget = practice) => {
    const started = await startLimited(userId, dailyLimit, now, target);
    if (!started.ok) return "refused at start" as const;
    const outcome = await answerFirst(userId, started.attempt.id, started.attempt.items[0]!.id, dailyLimit, now);
    await finishAt(started.attempt.id, now);
    return outcome;
  };

  it("count an attempt toward the daily limit from its first answer, by the UTC day of that answer", async () => {
    const user = await learner("limited");
    const morning = new Date("2040-03-04T08:00:00Z");
    // Started late on the 3rd, first answered on the 4th: it counts on the 4th.
    const lateStart = await startLimited(user.id, 2, new Date("2040-03-03T23:59:00Z"));
    if (!lateStart.ok) throw new Error("refused");
    expect(await attemptsCountedSince(database.db, user.id, new Date("2040-03-03T00:00:00Z"))).toBe(0);
    const lateItem = lateStart.attempt.items[0]!.id;
    expect(await answerFirst(user.id, lateStart.attempt.id, lateItem, 2, morning)).toBe("recorded");
    expect(await attemptsCountedSince(database.db, user.id, startOfUtcDay(morning))).toBe(1);
    await finishAt(lateStart.attempt.id, morning);
    expect(await takeOne(user.id, 2, new Date("2040-03-04T09:00:00Z"))).toBe("recorded");
    expect(await attemptsCountedSince(database.db, user.id, startOfUtcDay(morning))).toBe(2);
    // The limit is reached: a new attempt is refused at its start, since it could not be answered.
    expect(await startLimited(user.id, 2, new Date("2040-03-04T23:59:59Z"))).toEqual({
      ok: false,
      reason: "daily-limit",
      used: 2,
    });
    // Renewed at midnight UTC.
    expect(await takeOne(user.id, 2, new Date("2040-03-05T00:00:00Z"))).toBe("recorded");
  });

  it("let attempts started and left unanswered use nothing, and return to the open one instead of piling up", async () => {
    const user = await learner("unanswered");
    const now = new Date("2040-04-01T10:00:00Z");
    const first = await startLimited(user.id, 1, now, chapter("exponential-remainders"));
    const again = await startLimited(user.id, 1, now, chapter("exponential-remainders"));
    const other = await startLimited(user.id, 1, now, chapter("periods-and-primes"));
    if (!first.ok || !again.ok || !other.ok) throw new Error("refused");
    expect(first.resumed).toBe(false);
    expect(again).toMatchObject({ resumed: true, attempt: { id: first.attempt.id } });
    expect(other.attempt.id).not.toBe(first.attempt.id);
    expect(await attemptsCountedSince(database.db, user.id, startOfUtcDay(now))).toBe(0);
    const open = await database.db.selectFrom("quiz_attempts").select("id").where("user_id", "=", user.id).execute();
    expect(open).toHaveLength(2);
    expect((await openAttemptAt(database.db, user.id, chapter("periods-and-primes")))?.id).toBe(other.attempt.id);

    // The one allowed attempt of the day is the first answered; the other can no longer be answered today.
    expect(await answerFirst(user.id, other.attempt.id, other.attempt.items[0]!.id, 1, now)).toBe("recorded");
    expect(await answerFirst(user.id, first.attempt.id, first.attempt.items[0]!.id, 1, now)).toBe("daily-limit");
    expect((await attemptOfUser(database.db, first.attempt.id, user.id))!.items[0]!.answeredAt).toBeNull();

    // An unanswered attempt can be abandoned: it is gone. An answered one cannot.
    expect(await abandonAttempt(database.db, first.attempt.id, user.id)).toBe(true);
    expect(await attemptOfUser(database.db, first.attempt.id, user.id)).toBeNull();
    expect(await abandonAttempt(database.db, other.attempt.id, user.id)).toBe(false);
    expect(await attemptOfUser(database.db, other.attempt.id, user.id)).not.toBeNull();
    // A finished attempt is not resumed: the next start is a new attempt (refused today, at the limit).
    await finishAt(other.attempt.id, now);
    expect(await openAttemptAt(database.db, user.id, chapter("periods-and-primes"))).toBeNull();
    expect((await startLimited(user.id, 1, now, chapter("periods-and-primes"))).ok).toBe(false);
    expect((await startLimited(user.id, 2, now, chapter("periods-and-primes"))).ok).toBe(true);
  });

  it("never let simultaneous first answers in several attempts take more than the day's allowance", async () => {
    const user = await learner("racing");
    const now = new Date("2040-05-01T12:00:00Z");
    const attempts = [];
    for (const slug of ["a", "b", "c", "d", "e", "f"]) {
      const started = await startLimited(user.id, 2, now, chapter(`chapter-${slug}`));
      if (!started.ok) throw new Error("refused");
      attempts.push(started.attempt);
    }
    await warmPool();
    const outcomes = await Promise.all(
      attempts.map((attempt) => answerFirst(user.id, attempt.id, attempt.items[0]!.id, 2, now)),
    );
    expect(outcomes.filter((outcome) => outcome === "recorded")).toHaveLength(2);
    expect(outcomes.filter((outcome) => outcome === "daily-limit")).toHaveLength(4);
    expect(await attemptsCountedSince(database.db, user.id, startOfUtcDay(now))).toBe(2);
    const answered = await database.db
      .selectFrom("quiz_items")
      .innerJoin("quiz_attempts", "quiz_attempts.id", "quiz_items.attempt_id")
      .select("quiz_items.id")
      .where("quiz_attempts.user_id", "=", user.id)
      .where("quiz_items.answered_at", "is not", null)
      .execute();
    expect(answered).toHaveLength(2);
  });

  it("let an attempt already counted take all its answers, even simultaneous ones, at the limit", async () => {
    const user = await learner("counted");
    const now = new Date("2040-05-02T12:00:00Z");
    testClock.set(now);
    const started = await startAttempt(database.db, {
      userId: user.id,
      ...practice,
      items: [plan("a", 1), plan("b", 2), plan("c", 3)],
      dailyLimit: 1,
    });
    if (!started.ok) throw new Error("refused");
    const [first, ...rest] = started.attempt.items;
    expect(await answerFirst(user.id, started.attempt.id, first!.id, 1, now)).toBe("recorded");
    const outcomes = await Promise.all(rest.map((item) => answerFirst(user.id, started.attempt.id, item.id, 1, now)));
    expect(outcomes).toEqual(["recorded", "recorded"]);
    expect(await answerFirst(user.id, started.attempt.id, first!.id, 1, now)).toBe("already-answered");
    expect(await attemptsCountedSince(database.db, user.id, startOfUtcDay(now))).toBe(1);
  });

  it("make one attempt of simultaneous starts of the same quiz", async () => {
    const user = await learner("double-start");
    const now = new Date("2040-05-03T12:00:00Z");
    await warmPool();
    const outcomes = await Promise.all(Array.from({ length: 4 }, () => startLimited(user.id, 1, now)));
    const ids = new Set(outcomes.map((outcome) => (outcome.ok ? outcome.attempt.id : "refused")));
    expect(ids.size).toBe(1);
    expect(ids.has("refused")).toBe(false);
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
    const at = testClock.set("2040-06-01T10:00:00Z");
    expect(
      await recordAnswer(database.db, {
        itemId: item.id,
        answers: ["x+1", "7"],
        partResults: [true, false],
        timeMs: 5000.4,
      }),
    ).toBe(true);
    expect(
      await recordAnswer(database.db, { itemId: item.id, answers: ["x+2", "8"], partResults: [true, true], timeMs: 1 }),
    ).toBe(false);
    await finishAttempt(database.db, started.attempt.id);
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
