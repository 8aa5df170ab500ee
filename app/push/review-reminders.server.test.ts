import { describe, expect, it } from "vitest";
import { switchFeatures } from "#tests/setup/feature-flags";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import type { DailyRhythm } from "../course/daily-rhythm.server";
import { answerExerciseAt, hostSection } from "#tests/setup/lesson-section";
import { writeDailyGoal } from "../models/daily-goal.server";
import { addTopic, writeNotificationSettings } from "../models/notification-settings.server";
import { saveSubscription } from "../models/push-subscription.server";
import { createSend, type PushSend, type PushSendInput } from "../models/push-send.server";
import { DEFAULT_REMINDER_HOUR, PUSH_BODY_MAX_LENGTH } from "../models/push-vocabulary";
import { recordAnswer, startAttempt } from "../models/quiz.server";
import { createSession } from "../models/session.server";
import { createUser } from "../models/user.server";
import { hashToken } from "../utils/secure-token.server";
import { reminderBody, REVIEW_REMINDER_URL, sendReviewReminders } from "./review-reminders.server";

const DAY_MS = 24 * 60 * 60 * 1000;

describe("a reminder's text", () => {
  it("names up to three due skills and counts the rest", () => {
    expect(reminderBody(["factor-quadratics"])).toBe("1 skill is due for review: Factor quadratics.");
    expect(reminderBody(["factor-quadratics", "count-divisors"])).toBe(
      "2 skills are due for review: Factor quadratics and Count and add up divisors.",
    );
    expect(
      reminderBody(["expand-products", "factor-quadratics", "solve-linear-equations", "count-divisors", "x"]),
    ).toBe(
      "5 skills are due for review: Expand products of brackets, Factor quadratics, Solve linear equations and 2 more.",
    );
  });

  const rhythm = (kind: "questions" | "minutes", done: number, target: number): DailyRhythm => ({
    goal: { kind, target, timeZone: "UTC" },
    streak: { days: 3, today: { done, target, met: done >= target }, frozen: [], freezeLeft: true, restarted: false },
  });

  it("says where today stands against the learner's daily goal, kindly, and keeps that sentence whole", () => {
    expect(reminderBody(["factor-quadratics"], rhythm("questions", 2, 5))).toBe(
      "1 skill is due for review: Factor quadratics. Today: 2 of 5 questions towards your goal.",
    );
    expect(reminderBody(["factor-quadratics"], rhythm("questions", 0, 1))).toBe(
      "1 skill is due for review: Factor quadratics. Today: 0 of 1 question towards your goal.",
    );
    expect(reminderBody(["factor-quadratics"], rhythm("minutes", 20, 15))).toBe(
      "1 skill is due for review: Factor quadratics. Today's goal is met already: a review is a bonus.",
    );
    const long = reminderBody(["x".repeat(PUSH_BODY_MAX_LENGTH)], rhythm("minutes", 4, 15));
    expect(long).toHaveLength(PUSH_BODY_MAX_LENGTH);
    expect(long).toMatch(/… Today: 4 of 15 minutes towards your goal\.$/);
  });
});

describe.each(testDialects)("review reminders on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  /** A learner with a device, the reminders topic, and (unless null) settings in this zone at this hour. */
  async function learner(
    db: TestDatabase["db"],
    settings: { timeZone: string; reminderHour: number } | null,
    { topic = true, device = true } = {},
  ) {
    const user = await createUser(db, { email: `${crypto.randomUUID()}@example.org`, passwordHash: null });
    if (device) {
      const { token } = await createSession(db, user.id, null);
      await saveSubscription(db, {
        userId: user.id,
        sessionId: hashToken(token),
        endpoint: `https://push.example.net/send/${crypto.randomUUID()}`,
        p256dh: "B".repeat(87),
        auth: "A".repeat(22),
        userAgent: null,
      });
    }
    if (topic) await addTopic(db, user.id, "review-reminders");
    if (settings) await writeNotificationSettings(db, user.id, { ...settings, quietStart: 22, quietEnd: 10 });
    return user.id;
  }

  /** Wrong answers to these skills at `answeredAt`: each is due a day later. */
  async function answered(db: TestDatabase["db"], userId: string, skillIds: string[], answeredAt: string) {
    testClock.set(answeredAt);
    const started = await startAttempt(db, {
      userId,
      mode: "practice",
      chapterSlug: null,
      dailyLimit: null,
      items: skillIds.map((skillId, index) => ({
        templateId: `t-${skillId}`,
        skillId,
        seed: index + 1,
        difficulty: 1,
      })),
    });
    if (!started.ok) throw new Error("The attempt did not start.");
    for (const item of started.attempt.items) {
      await recordAnswer(db, { itemId: item.id, answers: ["1"], partResults: [false], timeMs: 1000 });
    }
  }

  /** Runs one sweep, writing its sends as scheduleSend would (without a queue) and returning them. */
  async function sweep(at: string): Promise<PushSend[]> {
    testClock.set(at);
    const sends: PushSend[] = [];
    await sendReviewReminders(database.db, async (input: PushSendInput) => {
      const send = await createSend(database.db, input);
      sends.push(send);
      return send;
    });
    return sends;
  }

  // 00:30 UTC is 09:30 in Tokyo and 01:30 in Paris (winter).
  const SWEEP_AT = "2031-01-15T00:30:00.000Z";
  const ANSWERED_AT = "2031-01-10T12:00:00.000Z";

  it("goes at the learner's hour in their zone, to them alone, naming the due skills, even in their quiet hours", async () => {
    const tokyo = await learner(database.db, { timeZone: "Asia/Tokyo", reminderHour: 9 });
    const paris = await learner(database.db, { timeZone: "Europe/Paris", reminderHour: 9 });
    await answered(database.db, tokyo, ["factor-quadratics", "count-divisors"], ANSWERED_AT);
    await answered(database.db, paris, ["factor-quadratics"], ANSWERED_AT);

    const sends = await sweep(SWEEP_AT);
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({
      kind: "reminders",
      topic: "review-reminders",
      audience: "user",
      audienceUserId: tokyo,
      url: REVIEW_REMINDER_URL,
      scheduledFor: SWEEP_AT,
      body: "2 skills are due for review: Factor quadratics and Count and add up divisors.",
    });
    // Paris's hour comes eight hours later.
    const later = await sweep("2031-01-15T08:10:00.000Z");
    expect(later.map((send) => send.audienceUserId)).toEqual([paris]);
  });

  it("tells a learner with a daily goal how far today's goal is, counted in the goal's own day", async () => {
    const tokyo = await learner(database.db, { timeZone: "Asia/Tokyo", reminderHour: 9 });
    await answered(database.db, tokyo, ["factor-quadratics"], ANSWERED_AT);
    await writeDailyGoal(database.db, tokyo, { kind: "questions", target: 3, timeZone: "Asia/Tokyo" });
    // Two answers this Tokyo morning (15 January from 00:00 +09:00), one the evening before: today has two.
    const section = await hostSection(database.db, "reminder-goal", "Text.");
    for (const at of ["2031-01-14T14:30:00.000Z", "2031-01-14T23:50:00.000Z", "2031-01-15T00:10:00.000Z"]) {
      await answerExerciseAt(database.db, tokyo, section, at);
    }
    const [send] = await sweep(SWEEP_AT);
    // Only the skill answered wrongly five days ago is due; the lesson answers of today count towards the goal.
    expect(send!.body).toBe("1 skill is due for review: Factor quadratics. Today: 2 of 3 questions towards your goal.");
  });

  it("skips the sweep while notifications are switched off, without using up the learner's day", async () => {
    const id = await learner(database.db, { timeZone: "Asia/Tokyo", reminderHour: 9 });
    await answered(database.db, id, ["count-divisors"], ANSWERED_AT);
    const restore = await switchFeatures(database.db, { push: false });
    try {
      expect(await sweep(SWEEP_AT)).toEqual([]);
    } finally {
      await restore();
    }
    // On again within the learner's hour: today's reminder still goes.
    expect((await sweep("2031-01-15T00:40:00.000Z")).map((send) => send.audienceUserId)).toEqual([id]);
  });

  it("sends nothing when no skill is due, and then as soon as one falls due within the hour", async () => {
    const id = await learner(database.db, { timeZone: "Asia/Tokyo", reminderHour: 9 });
    // Answered at 00:40 UTC the day before: due at 00:40 today, ten minutes after the sweep.
    await answered(database.db, id, ["count-divisors"], "2031-01-14T00:40:00.000Z");
    expect(await sweep(SWEEP_AT)).toEqual([]);
    expect((await sweep("2031-01-15T00:45:00.000Z")).map((send) => send.audienceUserId)).toEqual([id]);
  });

  it("leaves out learners without the topic or without a device, and uses the defaults without settings", async () => {
    const noTopic = await learner(database.db, { timeZone: "UTC", reminderHour: 0 }, { topic: false });
    const noDevice = await learner(database.db, { timeZone: "UTC", reminderHour: 0 }, { device: false });
    const defaults = await learner(database.db, null);
    for (const id of [noTopic, noDevice, defaults]) await answered(database.db, id, ["expand-products"], ANSWERED_AT);
    expect(await sweep(SWEEP_AT)).toEqual([]);
    const atDefaultHour = `2031-01-15T${String(DEFAULT_REMINDER_HOUR).padStart(2, "0")}:05:00.000Z`;
    expect((await sweep(atDefaultHour)).map((send) => send.audienceUserId)).toEqual([defaults]);
    const settings = await database.db
      .selectFrom("notification_settings")
      .select(["time_zone", "reminder_hour", "last_reminder_on"])
      .where("user_id", "=", defaults)
      .executeTakeFirstOrThrow();
    expect(settings).toEqual({
      time_zone: "UTC",
      reminder_hour: DEFAULT_REMINDER_HOUR,
      last_reminder_on: "2031-01-15",
    });
  });

  it("goes once a local day, even when sweeps race, and again the next day", async () => {
    const id = await learner(database.db, { timeZone: "America/New_York", reminderHour: 19 });
    await answered(database.db, id, ["solve-linear-equations"], ANSWERED_AT);
    // 19:30 in New York on the 14th is 00:30 UTC on the 15th: the local day is the 14th.
    testClock.set(SWEEP_AT);
    const sends: PushSend[] = [];
    const schedule = async (input: PushSendInput) => {
      const send = await createSend(database.db, input);
      sends.push(send);
      return send;
    };
    const counts = await Promise.all(Array.from({ length: 4 }, () => sendReviewReminders(database.db, schedule)));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(sends).toHaveLength(1);
    expect(await sweep("2031-01-15T00:55:00.000Z")).toEqual([]);
    const row = await database.db
      .selectFrom("notification_settings")
      .select("last_reminder_on")
      .where("user_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.last_reminder_on).toBe("2031-01-14");
    // The next local day (other tests' learners in Tokyo get theirs in this sweep too).
    const nextDay = await sweep(new Date(Date.parse(SWEEP_AT) + DAY_MS).toISOString());
    expect(nextDay.filter((send) => send.audienceUserId === id)).toHaveLength(1);
  });
});
