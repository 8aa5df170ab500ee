import type { Kysely } from "kysely";
import { skillById } from "#core/quiz/skills";
import type { Database } from "#database/schema";
import type { PushSend, PushSendInput } from "../models/push-send.server";
import { PUSH_BODY_MAX_LENGTH } from "../models/push-vocabulary";
import { claimReminderDay, listReminderCandidates } from "../models/review-reminder.server";
import { dailyRhythmOf, type DailyRhythm } from "../course/daily-rhythm.server";
import { learnerMastery } from "../quiz/quiz-start.server";
import { now } from "../utils/clock";
import { isValidTimeZone, localDateAndHour } from "./quiet-hours";
import { featureEnabled } from "../settings/current-settings.server";

/** Where a reminder leads: the practice page, which draws its questions from the skills due first. */
export const REVIEW_REMINDER_URL = "/practice";
export const REVIEW_REMINDER_TITLE = "Time for a review";
/** Skills named in the body; the rest are counted. */
const NAMED_SKILLS = 3;

/**
 * "3 skills are due for review: A, B and C." — the first few by title, then how many more — and, for a
 * learner with a daily goal, where today stands: "Today: 2 of 5 questions towards your goal." Said plainly,
 * with no streak at stake: a reminder informs, it never threatens.
 */
export function reminderBody(skillIds: readonly string[], rhythm: DailyRhythm | null = null): string {
  const titles = skillIds.map((id) => skillById(id)?.title ?? id);
  const named = titles.slice(0, NAMED_SKILLS);
  const more = titles.length - named.length;
  const list = more > 0 ? `${named.join(", ")} and ${more} more` : joinWithAnd(named);
  const count = titles.length === 1 ? "1 skill is" : `${titles.length} skills are`;
  const goal = rhythm ? ` ${goalSentence(rhythm)}` : "";
  const due = `${count} due for review: ${list}.`;
  const room = PUSH_BODY_MAX_LENGTH - goal.length;
  return `${due.length <= room ? due : `${due.slice(0, room - 1)}…`}${goal}`;
}

function goalSentence({ goal, streak }: DailyRhythm): string {
  const { done, target, met } = streak.today;
  if (met) return "Today's goal is met already: a review is a bonus.";
  const unit = goal.kind === "questions" ? (target === 1 ? "question" : "questions") : "minutes";
  return `Today: ${done} of ${target} ${unit} towards your goal.`;
}

function joinWithAnd(items: readonly string[]): string {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/**
 * The review reminders' sweep, run every few minutes on one instance at a time (a recurring job):
 * each learner who chose review reminders and has a device gets one send, at most once a local day,
 * during the hour they picked in their time zone, and only when skills are due. Their quiet hours do
 * not hold it back: the hour is their own choice. While an admin has notifications switched off, the
 * sweep does nothing (no day is claimed, so a learner whose hour it still is gets it once they are on).
 * A learner with a daily goal reads where today stands against it (in the goal's own days).
 * Returns how many reminders were sent.
 */
export async function sendReviewReminders(
  db: Kysely<Database>,
  schedule: (input: PushSendInput) => Promise<PushSend>,
): Promise<number> {
  if (!(await featureEnabled(db, "push"))) return 0;
  const instant = now();
  let sent = 0;
  for (const learner of await listReminderCandidates(db)) {
    const timeZone = isValidTimeZone(learner.timeZone) ? learner.timeZone : "UTC";
    const local = localDateAndHour(instant, timeZone);
    if (local.hour !== learner.reminderHour || learner.lastReminderOn === local.date) continue;
    const { due } = await learnerMastery(db, learner.userId);
    // Checked before the claim, so skills falling due later in the hour still get today's reminder.
    if (due.length === 0) continue;
    if (!(await claimReminderDay(db, learner.userId, local.date))) continue;
    const rhythm = await dailyRhythmOf(db, learner.userId, instant);
    await schedule({
      kind: "reminders",
      title: REVIEW_REMINDER_TITLE,
      body: reminderBody(
        due.map((mastery) => mastery.skillId),
        rhythm,
      ),
      url: REVIEW_REMINDER_URL,
      topic: "review-reminders",
      audience: "user",
      audienceUserId: learner.userId,
      createdBy: null,
      scheduledFor: instant.toISOString(),
    });
    sent += 1;
  }
  return sent;
}
