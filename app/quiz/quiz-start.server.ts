import type { Kysely } from "kysely";
import { data, redirect } from "react-router";
import type { FixedCandidate } from "#core/quiz/compose-quiz";
import { fixedTemplateId } from "#core/quiz/fixed-question";
import { dueForReview, skillMastery, type SkillMastery } from "#core/quiz/mastery";
import { SKILLS } from "#core/quiz/skills";
import type { Database } from "#database/schema";
import { readSettings } from "../models/app-settings.server";
import { publishedQuestionsOf } from "../models/quiz-question.server";
import {
  answeredFixedTemplates,
  answerHistory,
  attemptsCountedSince,
  startAttempt,
  startOfUtcDay,
  type ItemPlan,
  type QuizAttempt,
  type QuizTarget,
} from "../models/quiz.server";
import { progressByChapter } from "../models/reading-progress.server";
import type { User } from "../models/user.server";
import { now } from "../utils/clock";
import { entitlementsFor } from "../utils/entitlements";

export interface Allowance {
  /** Attempts a day; null for unlimited (premium, admins). */
  limit: number | null;
  /** Attempts counted today: those whose first answer was checked since midnight UTC. */
  usedToday: number;
  /** When today's attempts renew (midnight UTC). */
  renewsAt: string;
  /** The instant the allowance was read, for "in 5 hours". */
  now: string;
}

export async function quizAllowance(db: Kysely<Database>, user: User): Promise<Allowance> {
  const readAt = now();
  const limit = entitlementsFor(user).unlimitedQuizzes ? null : (await readSettings(db)).freeQuizAttemptsPerDay;
  const today = startOfUtcDay(readAt);
  return {
    limit,
    usedToday: await attemptsCountedSince(db, user.id, today),
    renewsAt: new Date(today.getTime() + 24 * 60 * 60 * 1000).toISOString(),
    now: readAt.toISOString(),
  };
}

/** True when no more attempts can count today, so a new one could not be answered. */
export const allowanceUsedUp = (allowance: Allowance) =>
  allowance.limit !== null && allowance.usedToday >= allowance.limit;

/** The open attempt at a quiz as its start page shows it: how far the learner got. */
export function openAttemptSummary(attempt: QuizAttempt | null) {
  if (!attempt) return null;
  return {
    id: attempt.id,
    answered: attempt.items.filter((item) => item.answeredAt !== null).length,
    total: attempt.items.length,
  };
}

/** The learner's mastery of every skill, and the skills due for review now. */
export async function learnerMastery(db: Kysely<Database>, userId: string) {
  const history = await answerHistory(db, userId);
  const masteries: SkillMastery[] = SKILLS.map((skill) => skillMastery(skill.id, history));
  return { masteries, due: dueForReview(masteries, now()) };
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

/**
 * Starts the attempt, or resumes the learner's open one at the same quiz, and sends the learner to it.
 * When the free plan's attempts for today are used up, answers 429 (the page shows the allowance
 * from its loader).
 */
export async function startQuiz(db: Kysely<Database>, user: User, input: QuizTarget & { items: readonly ItemPlan[] }) {
  const { limit } = await quizAllowance(db, user);
  const outcome = await startAttempt(db, { userId: user.id, ...input, dailyLimit: limit });
  if (outcome.ok) throw redirect(`/quiz/${outcome.attempt.id}`);
  return data({ refusal: null as string | null }, { status: 429 });
}
