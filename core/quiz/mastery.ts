/**
 * Mastery of a skill and when to review it, from the learner's answers.
 * An answer is "clean" when it was right and no hint was used: only clean
 * answers show that the learner can do it alone.
 */

export interface AnswerRecord {
  skillId: string;
  correct: boolean;
  hintsUsed: number;
  /** ISO-8601 time of the answer. */
  answeredAt: string;
}

export type MasteryLevel = "new" | "attempted" | "familiar" | "proficient" | "mastered";

export const MASTERY_LEVELS: readonly MasteryLevel[] = ["new", "attempted", "familiar", "proficient", "mastered"];

/** Mastery looks at this many of the latest answers… */
export const RECENT_ANSWERS = 5;
/** …and needs this many clean ones among them for each level. */
const CLEAN_FOR: Readonly<Record<Exclude<MasteryLevel, "new" | "attempted">, number>> = {
  familiar: 2,
  proficient: 3,
  mastered: 5,
};

/** Days until the next review after a run of 0, 1, 2, … clean answers (the last entry repeats). */
export const REVIEW_INTERVAL_DAYS: readonly number[] = [1, 3, 7, 16, 35];

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SkillMastery {
  skillId: string;
  level: MasteryLevel;
  answered: number;
  /** Clean answers among the latest RECENT_ANSWERS. */
  recentClean: number;
  /** ISO time from which the skill is due for review; null for a skill never answered. */
  reviewDueAt: string | null;
}

const isClean = (answer: AnswerRecord) => answer.correct && answer.hintsUsed === 0;

/** The mastery of one skill from its answers, in any order. */
export function skillMastery(skillId: string, answers: readonly AnswerRecord[]): SkillMastery {
  const own = answers.filter((a) => a.skillId === skillId).sort((a, b) => a.answeredAt.localeCompare(b.answeredAt));
  if (own.length === 0) return { skillId, level: "new", answered: 0, recentClean: 0, reviewDueAt: null };
  const recentClean = own.slice(-RECENT_ANSWERS).filter(isClean).length;
  const level: MasteryLevel =
    recentClean >= CLEAN_FOR.mastered
      ? "mastered"
      : recentClean >= CLEAN_FOR.proficient
        ? "proficient"
        : recentClean >= CLEAN_FOR.familiar
          ? "familiar"
          : "attempted";
  // The run of clean answers up to the latest sets how long the skill can rest; a miss resets it.
  let streak = 0;
  for (let i = own.length - 1; i >= 0 && isClean(own[i]!); i--) streak++;
  const days = REVIEW_INTERVAL_DAYS[Math.min(streak, REVIEW_INTERVAL_DAYS.length - 1)]!;
  const last = Date.parse(own.at(-1)!.answeredAt);
  return {
    skillId,
    level,
    answered: own.length,
    recentClean,
    reviewDueAt: new Date(last + days * DAY_MS).toISOString(),
  };
}

/** Skills due for review at `now`, the longest overdue first. */
export function dueForReview(masteries: readonly SkillMastery[], now: Date): SkillMastery[] {
  return masteries
    .filter((m) => m.reviewDueAt !== null && Date.parse(m.reviewDueAt) <= now.getTime())
    .sort((a, b) => a.reviewDueAt!.localeCompare(b.reviewDueAt!));
}
