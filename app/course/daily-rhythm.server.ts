import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import { activitySince, readDailyGoal, type StoredDailyGoal } from "#app/models/daily-goal.server";
import { localDateAndHour } from "#app/push/quiet-hours";
import { now as clockNow } from "#app/utils/clock";
import { streakOf, type GoalKind, type StreakView } from "./daily-streak";

export interface DailyRhythm {
  goal: StoredDailyGoal;
  streak: StreakView;
}

/** Activity older than this cannot change a streak the page shows (a year and a few days). */
const LOOK_BACK_MS = 400 * 24 * 60 * 60 * 1000;
const MINUTE_MS = 60_000;

/**
 * What was done on each local day: answers given (quizzes and lesson exercises, every try), or active
 * minutes, the minutes of the clock in which the learner answered or marked a section read.
 */
export function doneByDay(
  kind: GoalKind,
  activity: { answers: readonly string[]; reads: readonly string[] },
  timeZone: string,
): Map<string, number> {
  const done = new Map<string, number>();
  const dayOf = (at: string) => localDateAndHour(new Date(at), timeZone).date;
  if (kind === "questions") {
    for (const at of activity.answers) done.set(dayOf(at), (done.get(dayOf(at)) ?? 0) + 1);
    return done;
  }
  // A minute of UTC is a minute of every zone (offsets are whole quarter hours): distinct ones count.
  const minutes = new Set([...activity.answers, ...activity.reads].map((at) => Math.floor(Date.parse(at) / MINUTE_MS)));
  for (const minute of minutes) {
    const day = dayOf(new Date(minute * MINUTE_MS).toISOString());
    done.set(day, (done.get(day) ?? 0) + 1);
  }
  return done;
}

/** The learner's daily goal and streak today, or null when they have not chosen a goal. */
export async function dailyRhythmOf(
  db: Kysely<Database>,
  userId: string,
  at: Date = clockNow(),
): Promise<DailyRhythm | null> {
  const goal = await readDailyGoal(db, userId);
  if (!goal) return null;
  const activity = await activitySince(db, userId, new Date(at.getTime() - LOOK_BACK_MS).toISOString());
  const today = localDateAndHour(at, goal.timeZone).date;
  return { goal, streak: streakOf(doneByDay(goal.kind, activity, goal.timeZone), goal, today) };
}
