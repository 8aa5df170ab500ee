import type { Kysely } from "kysely";
import { redirect } from "react-router";
import type { FixedCandidate } from "../../core/quiz/compose-quiz";
import { fixedTemplateId } from "../../core/quiz/fixed-question";
import { dueForReview, skillMastery, type SkillMastery } from "../../core/quiz/mastery";
import { SKILLS } from "../../core/quiz/skills";
import type { Database, QuizMode } from "../../database/schema";
import { readSettings } from "../models/app-settings.server";
import { publishedQuestionsOf } from "../models/quiz-question.server";
import {
  answeredFixedTemplates,
  answerHistory,
  attemptsStartedSince,
  startAttempt,
  startOfUtcDay,
  type ItemPlan,
} from "../models/quiz.server";
import { progressByChapter } from "../models/reading-progress.server";
import type { User } from "../models/user.server";
import { entitlementsFor } from "./entitlements";

export interface Allowance {
  /** Attempts a day; null for unlimited (premium, admins). */
  limit: number | null;
  usedToday: number;
  /** When today's attempts renew (midnight UTC). */
  renewsAt: string;
}

export async function quizAllowance(db: Kysely<Database>, user: User, now: Date = new Date()): Promise<Allowance> {
  const limit = entitlementsFor(user).unlimitedQuizzes ? null : (await readSettings(db)).freeQuizAttemptsPerDay;
  const today = startOfUtcDay(now);
  return {
    limit,
    usedToday: await attemptsStartedSince(db, user.id, today),
    renewsAt: new Date(today.getTime() + 24 * 60 * 60 * 1000).toISOString(),
  };
}

/** The learner's mastery of every skill, and the skills due for review now. */
export async function learnerMastery(db: Kysely<Database>, userId: string, now: Date = new Date()) {
  const history = await answerHistory(db, userId);
  const masteries: SkillMastery[] = SKILLS.map((skill) => skillMastery(skill.id, history));
  return { masteries, due: dueForReview(masteries, now) };
}

/** Skills the learner has met: answered before, or in a chapter they have started reading. */
export async function metSkillIds(db: Kysely<Database>, userId: string, masteries: readonly SkillMastery[]) {
  const reading = await progressByChapter(db, userId);
  const started = new Set(reading.filter((chapter) => chapter.read > 0).map((chapter) => chapter.slug));
  const answered = new Set(masteries.filter((m) => m.level !== "new").map((m) => m.skillId));
  return SKILLS.filter((skill) => started.has(skill.chapter) || answered.has(skill.id)).map((skill) => skill.id);
}

/** The published authors' questions of these skills, each marked when the learner has answered it. */
export async function fixedCandidates(
  db: Kysely<Database>,
  userId: string,
  skillIds: readonly string[],
): Promise<FixedCandidate[]> {
  const [published, answered] = await Promise.all([
    publishedQuestionsOf(db, skillIds),
    answeredFixedTemplates(db, userId),
  ]);
  return published.map((question) => ({ ...question, answered: answered.has(fixedTemplateId(question.questionId)) }));
}

/** The message shown when the day's free attempts are used up. */
export function dailyLimitMessage(limit: number): string {
  return `Free accounts have ${limit} quiz attempts a day, and you have used today's. They renew at midnight UTC; premium has unlimited quizzes.`;
}

/**
 * Starts the attempt and sends the learner to it; when the free plan's daily attempts are used up,
 * returns the explanation instead (the limit is checked again inside the insert's transaction).
 */
export async function startQuiz(
  db: Kysely<Database>,
  user: User,
  input: { mode: QuizMode; chapterSlug: string | null; setId?: string; items: readonly ItemPlan[] },
): Promise<{ limitReached: string }> {
  const { limit } = await quizAllowance(db, user);
  const outcome = await startAttempt(db, { userId: user.id, ...input, dailyLimit: limit });
  if (outcome.ok) throw redirect(`/quiz/${outcome.attempt.id}`);
  return { limitReached: dailyLimitMessage(limit ?? 0) };
}
