import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import { isoNow } from "../utils/clock";

/** A learner's daily goal (app/course/daily-streak.ts counts it) and the zone their days follow. */
export interface StoredDailyGoal {
  kind: "questions" | "minutes";
  target: number;
  timeZone: string;
}

export async function readDailyGoal(db: Kysely<Database>, userId: string): Promise<StoredDailyGoal | null> {
  const row = await db
    .selectFrom("daily_goals")
    .select(["kind", "target", "time_zone"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row ? { kind: row.kind, target: Number(row.target), timeZone: row.time_zone } : null;
}

export async function writeDailyGoal(db: Kysely<Database>, userId: string, goal: StoredDailyGoal): Promise<void> {
  const values = { kind: goal.kind, target: goal.target, time_zone: goal.timeZone, updated_at: isoNow() };
  await db
    .insertInto("daily_goals")
    .values({ user_id: userId, ...values })
    .onConflict((conflict) => conflict.column("user_id").doUpdateSet(values))
    .execute();
}

export async function removeDailyGoal(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom("daily_goals").where("user_id", "=", userId).execute();
}

/** What the learner did since `since`: each answer (quiz or lesson) and each section marked read, by time. */
export async function activitySince(
  db: Kysely<Database>,
  userId: string,
  since: string,
): Promise<{ answers: string[]; reads: string[] }> {
  const [quiz, lessons, reads] = await Promise.all([
    db
      .selectFrom("quiz_items")
      .innerJoin("quiz_attempts", "quiz_attempts.id", "quiz_items.attempt_id")
      .select("quiz_items.answered_at as at")
      .where("quiz_attempts.user_id", "=", userId)
      .where("quiz_items.answered_at", ">=", since)
      .execute(),
    db
      .selectFrom("exercise_answers")
      .select("answered_at as at")
      .where("user_id", "=", userId)
      .where("answered_at", ">=", since)
      .execute(),
    db
      .selectFrom("section_progress")
      .select("read_at as at")
      .where("user_id", "=", userId)
      .where("read_at", ">=", since)
      .execute(),
  ]);
  return {
    answers: [...quiz, ...lessons].map((row) => row.at!),
    reads: reads.map((row) => row.at),
  };
}
