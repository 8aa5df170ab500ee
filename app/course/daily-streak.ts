/**
 * The daily rhythm: a goal the learner chose, met or not on each of their local days, and the streak
 * of days kept. One missed day a week is forgiven by a freeze that is always free and applied by
 * itself: a streak never costs anything to keep, and a miss is never a punishment.
 */

export type GoalKind = "questions" | "minutes";

export interface DailyGoal {
  kind: GoalKind;
  target: number;
}

export const GOAL_LIMITS: Record<GoalKind, { min: number; max: number; default: number }> = {
  questions: { min: 1, max: 50, default: 5 },
  minutes: { min: 5, max: 120, default: 15 },
};

export interface StreakView {
  /** Days in a row with the goal met, today included once it is met; frozen days keep it, not add to it. */
  days: number;
  today: { done: number; target: number; met: boolean };
  /** The days of this run that a freeze kept, oldest first. */
  frozen: string[];
  /** Whether this week's freeze is still there for a missed day. */
  freezeLeft: boolean;
  /** Yesterday was a miss the freeze could not cover, after a day with the goal met: the run starts again. */
  restarted: boolean;
}

/** How far back a streak is followed: a year of days is more than any page needs to say. */
const MAX_DAYS = 366;

/** The Monday of a day's week (ISO weeks: a freeze is one per Monday–Sunday). */
export function weekOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return shiftDay(day, -sinceMonday);
}

export function shiftDay(day: string, by: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + by);
  return date.toISOString().slice(0, 10);
}

/**
 * The streak on local day `today`, from what was done each local day (questions answered, or active
 * minutes) and the goal. Today only counts once met: an unfinished today never breaks the streak.
 * Before the first day with any activity there is nothing to keep, so no freeze is spent there.
 */
export function streakOf(doneByDay: ReadonlyMap<string, number>, goal: DailyGoal, today: string): StreakView {
  const met = (day: string) => (doneByDay.get(day) ?? 0) >= goal.target;
  const first = [...doneByDay.keys()].filter((day) => (doneByDay.get(day) ?? 0) > 0).sort()[0];
  const frozen: string[] = [];
  const frozenWeeks = new Set<string>();
  let days = met(today) ? 1 : 0;
  let restarted = false;
  for (let back = 1; back <= MAX_DAYS; back++) {
    const day = shiftDay(today, -back);
    if (first === undefined || day < first) break;
    if (met(day)) {
      days += 1;
      continue;
    }
    const week = weekOf(day);
    // A freeze keeps a run going; it cannot keep nothing (a miss right before a kept day is needed).
    if (!frozenWeeks.has(week) && met(shiftDay(day, -1))) {
      frozenWeeks.add(week);
      frozen.unshift(day);
      continue;
    }
    // Yesterday was missed after a day with the goal met: the page says the streak starts again, kindly.
    restarted = back === 1 && [...doneByDay].some(([earlier, done]) => earlier < day && done >= goal.target);
    break;
  }
  return {
    days,
    today: { done: doneByDay.get(today) ?? 0, target: goal.target, met: met(today) },
    frozen,
    freezeLeft: !frozenWeeks.has(weekOf(today)),
    restarted,
  };
}
