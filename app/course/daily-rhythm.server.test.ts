import { beforeEach, describe, expect, it } from "vitest";
import { testClock } from "#tests/setup/test-clock";
import { answerExerciseAt, hostSection } from "#tests/setup/lesson-section";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { writeDailyGoal } from "#app/models/daily-goal.server";
import { markSectionRead } from "#app/models/reading-progress.server";
import type { SectionRecord } from "#app/models/section.server";
import { createUser, type User } from "#app/models/user.server";
import { dailyRhythmOf } from "./daily-rhythm.server";

describe.each(testDialects)("the daily rhythm on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let count = 0;
  let learner: User;
  let section: SectionRecord;

  beforeEach(async () => {
    await database.db.deleteFrom("chapters").execute();
    count += 1;
    learner = await createUser(database.db, { email: `rhythm-${count}@example.org`, passwordHash: null });
    section = await hostSection(database.db, "s", "Text.");
  });

  /** An answer to the section's first exercise at `at` (UTC). */
  const answerAt = (at: string) => answerExerciseAt(database.db, learner.id, section, at);

  it("has nothing to show before the learner chooses a goal", async () => {
    await answerAt("2026-11-27T10:00:00Z");
    expect(await dailyRhythmOf(database.db, learner.id)).toBeNull();
  });

  it("counts the learner's own days: one UTC day is two days in Auckland", async () => {
    await writeDailyGoal(database.db, learner.id, { kind: "questions", target: 1, timeZone: "Pacific/Auckland" });
    // Auckland is UTC+13 in its summer.
    await answerAt("2026-11-26T10:30:00Z"); // 23:30 on the 26th in Auckland
    await answerAt("2026-11-26T11:30:00Z"); // 00:30 on the 27th in Auckland
    const rhythm = await dailyRhythmOf(database.db, learner.id, new Date("2026-11-26T12:00:00Z"));
    expect(rhythm?.streak).toMatchObject({ days: 2, today: { done: 1, target: 1, met: true } });
    // The same answers read in UTC fall on one day.
    await writeDailyGoal(database.db, learner.id, { kind: "questions", target: 1, timeZone: "UTC" });
    const utc = await dailyRhythmOf(database.db, learner.id, new Date("2026-11-26T12:00:00Z"));
    expect(utc?.streak).toMatchObject({ days: 1, today: { done: 2, met: true } });
  });

  it("goes on from yesterday until today's goal is met, and a freeze keeps a missed day", async () => {
    await writeDailyGoal(database.db, learner.id, { kind: "questions", target: 2, timeZone: "America/Los_Angeles" });
    // Los Angeles is UTC−8 in November. Monday the 23rd and Tuesday the 24th met; Wednesday missed; Thursday met.
    for (const at of ["2026-11-23T18:00:00Z", "2026-11-23T19:00:00Z", "2026-11-24T18:00:00Z", "2026-11-25T07:59:00Z"]) {
      await answerAt(at);
    }
    for (const at of ["2026-11-26T18:00:00Z", "2026-11-26T18:05:00Z"]) await answerAt(at);
    // Friday morning in Los Angeles (16:00 UTC): nothing yet today.
    const friday = await dailyRhythmOf(database.db, learner.id, new Date("2026-11-27T16:00:00Z"));
    expect(friday?.streak).toMatchObject({
      days: 3,
      today: { done: 0, target: 2, met: false },
      frozen: ["2026-11-25"],
      freezeLeft: false,
      restarted: false,
    });
  });

  it("counts active minutes: answers and sections read, each minute once", async () => {
    await writeDailyGoal(database.db, learner.id, { kind: "minutes", target: 5, timeZone: "Europe/Paris" });
    await answerAt("2026-11-27T09:00:05Z");
    await answerAt("2026-11-27T09:00:50Z");
    await answerAt("2026-11-27T09:01:10Z");
    testClock.set("2026-11-27T09:30:00Z");
    await markSectionRead(database.db, learner.id, section.id);
    const rhythm = await dailyRhythmOf(database.db, learner.id, new Date("2026-11-27T20:00:00Z"));
    expect(rhythm?.streak.today).toEqual({ done: 3, target: 5, met: false });
  });
});
