import type { ExpressionBuilder, Kysely, Transaction } from "kysely";
import { z } from "zod";
import type { Database, QuizMode } from "#database/schema";
import type { AnswerRecord } from "#core/quiz/mastery";
import { exerciseAnswerHistory } from "./exercise-answer.server";
import type { Difficulty } from "#core/quiz/question";
import { isoNow, now } from "../utils/clock";

/** A question as stored: enough to make it again, never its answer key. */
export interface ItemPlan {
  templateId: string;
  skillId: string;
  seed: number;
  difficulty: Difficulty;
}

export interface QuizItem extends ItemPlan {
  id: string;
  position: number;
  hintsUsed: number;
  answers: string[] | null;
  partResults: boolean[] | null;
  correct: boolean | null;
  timeMs: number | null;
  answeredAt: string | null;
}

export interface QuizAttempt {
  id: string;
  userId: string;
  mode: QuizMode;
  chapterSlug: string | null;
  setId: string | null;
  startedAt: string;
  finishedAt: string | null;
  items: QuizItem[];
}

export type StartOutcome =
  /** `resumed` when the learner's open attempt at the same quiz was returned instead of a new one. */
  { ok: true; attempt: QuizAttempt; resumed: boolean } | { ok: false; reason: "daily-limit"; used: number };

/** Which quiz an attempt takes: a chapter's, practice, or a published set. */
export interface QuizTarget {
  mode: QuizMode;
  chapterSlug: string | null;
  setId?: string | null;
}

/** The start of the UTC day holding `now`: the daily limit renews at midnight UTC. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * How many of the user's attempts count toward the daily limit of the day starting at `since`: an
 * attempt counts from its first answer, so one started and left unanswered uses nothing.
 */
export async function attemptsCountedSince(
  db: Kysely<Database> | Transaction<Database>,
  userId: string,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom((eb) =>
      eb
        .selectFrom("quiz_items")
        .innerJoin("quiz_attempts", "quiz_attempts.id", "quiz_items.attempt_id")
        .select("quiz_attempts.id")
        .where("quiz_attempts.user_id", "=", userId)
        .where("quiz_items.answered_at", "is not", null)
        .groupBy("quiz_attempts.id")
        .having((having) => having.fn.min("quiz_items.answered_at"), ">=", since.toISOString())
        .as("counted"),
    )
    .select((eb) => eb.fn.countAll<string | number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Locks the user's row until the transaction ends (PostgreSQL; SQLite serialises writers anyway):
 * what is counted for the daily limit after this cannot change under the transaction's feet.
 */
async function lockUser(trx: Kysely<Database>, userId: string): Promise<void> {
  await trx
    .updateTable("users")
    .set((eb) => ({ updated_at: eb.ref("updated_at") }))
    .where("id", "=", userId)
    .execute();
}

/** Attempts with no answer yet: they do not count toward the daily limit, and one may be abandoned. */
const unanswered = (eb: ExpressionBuilder<Database, "quiz_attempts">) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom("quiz_items")
        .select("quiz_items.id")
        .whereRef("quiz_items.attempt_id", "=", "quiz_attempts.id")
        .where("quiz_items.answered_at", "is not", null),
    ),
  );

/** The learner's unfinished attempt at this quiz, the latest if several were left over; null when none. */
export async function openAttemptAt(
  db: Kysely<Database> | Transaction<Database>,
  userId: string,
  target: QuizTarget,
): Promise<QuizAttempt | null> {
  const setId = target.setId ?? null;
  const row = await db
    .selectFrom("quiz_attempts")
    .select("id")
    .where("user_id", "=", userId)
    .where("finished_at", "is", null)
    .where("mode", "=", target.mode)
    .where("chapter_slug", target.chapterSlug === null ? "is" : "=", target.chapterSlug)
    .where("set_id", setId === null ? "is" : "=", setId)
    .orderBy("started_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? readAttempt(db, row.id) : null;
}

/**
 * Starts an attempt with its questions, or returns the learner's unfinished attempt at the same quiz
 * (so attempts started and left never pile up: there is at most one open attempt per quiz). Refused
 * when `dailyLimit` attempts already count today, since the new one could not be answered; the
 * limit itself is enforced when an attempt's first answer is recorded (answerItem). Runs after a
 * write to the user's row, so two simultaneous starts make one attempt, not two.
 */
export async function startAttempt(
  db: Kysely<Database>,
  input: QuizTarget & {
    userId: string;
    items: readonly ItemPlan[];
    dailyLimit: number | null;
  },
): Promise<StartOutcome> {
  const startedAt = now();
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, input.userId);
    if (input.dailyLimit !== null) {
      const used = await attemptsCountedSince(trx, input.userId, startOfUtcDay(startedAt));
      if (used >= input.dailyLimit) return { ok: false, reason: "daily-limit", used } as const;
    }
    const open = await openAttemptAt(trx, input.userId, input);
    if (open) return { ok: true, attempt: open, resumed: true } as const;
    const id = crypto.randomUUID();
    await trx
      .insertInto("quiz_attempts")
      .values({
        id,
        user_id: input.userId,
        mode: input.mode,
        chapter_slug: input.chapterSlug,
        set_id: input.setId ?? null,
        started_at: startedAt.toISOString(),
        finished_at: null,
      })
      .execute();
    if (input.items.length > 0) {
      await trx
        .insertInto("quiz_items")
        .values(
          input.items.map((item, position) => ({
            id: crypto.randomUUID(),
            attempt_id: id,
            position,
            template_id: item.templateId,
            skill_id: item.skillId,
            seed: item.seed,
            difficulty: item.difficulty,
            hints_used: 0,
            answers: null,
            part_results: null,
            correct: null,
            time_ms: null,
            answered_at: null,
          })),
        )
        .execute();
    }
    return { ok: true, attempt: (await readAttempt(trx, id))!, resumed: false } as const;
  });
}

/**
 * Deletes an unfinished attempt that has no answer (nothing of it is worth keeping); returns false,
 * changing nothing, once it has one. Serialised with answerItem by the user's row.
 */
export async function abandonAttempt(db: Kysely<Database>, attemptId: string, userId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const deleted = await trx
      .deleteFrom("quiz_attempts")
      .where("id", "=", attemptId)
      .where("user_id", "=", userId)
      .where("finished_at", "is", null)
      .where(unanswered)
      .executeTakeFirst();
    return Number(deleted.numDeletedRows) === 1;
  });
}

/** The attempt if it is this user's: nobody else's attempt can be read or answered. */
export async function attemptOfUser(
  db: Kysely<Database>,
  attemptId: string,
  userId: string,
): Promise<QuizAttempt | null> {
  const attempt = await readAttempt(db, attemptId);
  return attempt && attempt.userId === userId ? attempt : null;
}

/**
 * Records one more hint used on an unanswered item, up to `hintCount`; returns how many hints the
 * item has used now, or null when the item is answered (hints end with the answer).
 */
export async function recordHint(db: Kysely<Database>, itemId: string, hintCount: number): Promise<number | null> {
  const updated = await db
    .updateTable("quiz_items")
    .set((eb) => ({ hints_used: eb("hints_used", "+", 1) }))
    .where("id", "=", itemId)
    .where("answered_at", "is", null)
    .where("hints_used", "<", hintCount)
    .executeTakeFirst();
  const row = await db
    .selectFrom("quiz_items")
    .select(["hints_used", "answered_at"])
    .where("id", "=", itemId)
    .executeTakeFirst();
  if (!row || (row.answered_at !== null && Number(updated.numUpdatedRows) === 0)) return null;
  return row.hints_used;
}

/**
 * Stores the answer to an item once: a second answer to the same item changes nothing and returns false.
 * `answeredAt` is the clock's time unless answerItem names the instant it counted the day by.
 */
export async function recordAnswer(
  db: Kysely<Database> | Transaction<Database>,
  input: { itemId: string; answers: readonly string[]; partResults: readonly boolean[]; timeMs: number },
  answeredAt: Date = now(),
): Promise<boolean> {
  const result = await db
    .updateTable("quiz_items")
    .set({
      answers: JSON.stringify(input.answers),
      part_results: JSON.stringify(input.partResults),
      correct: input.partResults.every(Boolean) ? 1 : 0,
      time_ms: Math.max(0, Math.round(input.timeMs)),
      answered_at: answeredAt.toISOString(),
    })
    .where("id", "=", input.itemId)
    .where("answered_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type AnswerOutcome = "recorded" | "already-answered" | "daily-limit";

/**
 * Records a learner's answer to an item of their attempt. The attempt's first answer is where it
 * starts to count toward the daily limit: refused ("daily-limit") when `dailyLimit` other attempts
 * already count today. The count and the write run in one transaction after a write to the user's
 * row, which serialises them on PostgreSQL (SQLite serialises writers anyway): two first answers
 * in two tabs cannot both take the last attempt of the day.
 */
export async function answerItem(
  db: Kysely<Database>,
  input: {
    userId: string;
    attemptId: string;
    itemId: string;
    answers: readonly string[];
    partResults: readonly boolean[];
    timeMs: number;
    dailyLimit: number | null;
  },
): Promise<AnswerOutcome> {
  const answeredAt = now();
  const apply = async (trx: Kysely<Database>): Promise<AnswerOutcome> => {
    await lockUser(trx, input.userId);
    if (input.dailyLimit !== null) {
      const answered = await trx
        .selectFrom("quiz_items")
        .select("id")
        .where("attempt_id", "=", input.attemptId)
        .where("answered_at", "is not", null)
        .limit(1)
        .executeTakeFirst();
      if (!answered) {
        const used = await attemptsCountedSince(trx, input.userId, startOfUtcDay(answeredAt));
        if (used >= input.dailyLimit) return "daily-limit";
      }
    }
    return (await recordAnswer(trx, input, answeredAt)) ? "recorded" : "already-answered";
  };
  // Inside the transaction of an idempotent submission (app/offline/idempotent-action.server.ts), or in its own.
  return db.isTransaction ? apply(db) : db.transaction().execute(apply);
}

export async function finishAttempt(db: Kysely<Database>, attemptId: string): Promise<void> {
  await db
    .updateTable("quiz_attempts")
    .set({ finished_at: isoNow() })
    .where("id", "=", attemptId)
    .where("finished_at", "is", null)
    .execute();
}

/**
 * Every answered quiz item of the user and their first tries at lesson exercises, oldest first: the
 * input of mastery and review, so lessons and quizzes feed one model.
 */
export async function answerHistory(db: Kysely<Database>, userId: string): Promise<AnswerRecord[]> {
  const [quiz, lessons] = await Promise.all([quizAnswerHistory(db, userId), exerciseAnswerHistory(db, userId)]);
  return [...quiz, ...lessons].sort((a, b) => a.answeredAt.localeCompare(b.answeredAt));
}

async function quizAnswerHistory(db: Kysely<Database>, userId: string): Promise<AnswerRecord[]> {
  const rows = await db
    .selectFrom("quiz_items")
    .innerJoin("quiz_attempts", "quiz_attempts.id", "quiz_items.attempt_id")
    .select(["quiz_items.skill_id", "quiz_items.correct", "quiz_items.hints_used", "quiz_items.answered_at"])
    .where("quiz_attempts.user_id", "=", userId)
    .where("quiz_items.answered_at", "is not", null)
    .orderBy("quiz_items.answered_at")
    .execute();
  return rows.map((row) => ({
    skillId: row.skill_id,
    correct: Number(row.correct) === 1,
    hintsUsed: row.hints_used,
    answeredAt: row.answered_at!,
  }));
}

/** The authors' questions the learner has answered, by their template ids ("fixed:<id>"). */
export async function answeredFixedTemplates(db: Kysely<Database>, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom("quiz_items")
    .innerJoin("quiz_attempts", "quiz_attempts.id", "quiz_items.attempt_id")
    .select("quiz_items.template_id")
    .distinct()
    .where("quiz_attempts.user_id", "=", userId)
    .where("quiz_items.answered_at", "is not", null)
    .where("quiz_items.template_id", "like", "fixed:%")
    .execute();
  return new Set(rows.map((row) => row.template_id));
}

export interface TemplateStatistics {
  templateId: string;
  answered: number;
  /** Share answered right, 0 to 1. */
  correctRate: number;
  averageTimeMs: number;
  /** Share answered with at least one hint. */
  hintRate: number;
}

/** How each template fares, over every learner's answers. */
export async function templateStatistics(db: Kysely<Database>): Promise<TemplateStatistics[]> {
  const rows = await db
    .selectFrom("quiz_items")
    .select((eb) => [
      "template_id",
      eb.fn.countAll<string | number>().as("answered"),
      eb.fn.sum<string | number>("correct").as("correct"),
      eb.fn.avg<string | number>("time_ms").as("average_time"),
      eb.fn.sum<string | number>(eb.case().when("hints_used", ">", 0).then(1).else(0).end()).as("hinted"),
    ])
    .where("answered_at", "is not", null)
    .groupBy("template_id")
    .orderBy("template_id")
    .execute();
  return rows.map((row) => {
    const answered = Number(row.answered);
    return {
      templateId: row.template_id,
      answered,
      correctRate: Number(row.correct) / answered,
      averageTimeMs: Number(row.average_time),
      hintRate: Number(row.hinted) / answered,
    };
  });
}

const jsonStrings = z.array(z.string());
const jsonBooleans = z.array(z.boolean());

function parseJson<T>(text: string | null, schema: z.ZodType<T>): T | null {
  if (text === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

async function readAttempt(
  db: Kysely<Database> | Transaction<Database>,
  attemptId: string,
): Promise<QuizAttempt | null> {
  const attempt = await db.selectFrom("quiz_attempts").selectAll().where("id", "=", attemptId).executeTakeFirst();
  if (!attempt) return null;
  const items = await db
    .selectFrom("quiz_items")
    .selectAll()
    .where("attempt_id", "=", attemptId)
    .orderBy("position")
    .execute();
  return {
    id: attempt.id,
    userId: attempt.user_id,
    mode: attempt.mode,
    chapterSlug: attempt.chapter_slug,
    setId: attempt.set_id,
    startedAt: attempt.started_at,
    finishedAt: attempt.finished_at,
    items: items.map((row) => ({
      id: row.id,
      position: row.position,
      templateId: row.template_id,
      skillId: row.skill_id,
      seed: row.seed,
      difficulty: row.difficulty as Difficulty,
      hintsUsed: row.hints_used,
      answers: parseJson(row.answers, jsonStrings),
      partResults: parseJson(row.part_results, jsonBooleans),
      correct: row.correct === null ? null : Number(row.correct) === 1,
      timeMs: row.time_ms,
      answeredAt: row.answered_at,
    })),
  };
}
