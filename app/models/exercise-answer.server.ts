import type { Kysely, Transaction } from "kysely";
import type { Database } from "#database/schema";
import type { AnswerRecord } from "#core/quiz/mastery";
import { now } from "../utils/clock";
import { lockUser } from "./subscription.server";

export interface ExerciseAnswerInput {
  userId: string;
  sectionId: string;
  revisionId: string;
  exerciseNumber: number;
  skillId: string;
  answers: readonly string[];
  partResults: readonly boolean[];
  hintsUsed: number;
  revealed: boolean;
}

/**
 * Stores one answer to a lesson exercise and returns its try number: 1 for the first answer since
 * the learner last solved it (or ever), then 2, 3… The count and the write are serialised per
 * learner, so two tabs cannot both take try 1.
 */
export async function recordExerciseAnswer(
  db: Kysely<Database> | Transaction<Database>,
  input: ExerciseAnswerInput,
): Promise<{ tryNumber: number; answeredAt: string }> {
  const apply = async (trx: Transaction<Database>) => {
    await lockUser(trx, input.userId);
    const previous = await trx
      .selectFrom("exercise_answers")
      .select(["correct", "try_number"])
      .where("user_id", "=", input.userId)
      .where("section_id", "=", input.sectionId)
      .where("exercise_number", "=", input.exerciseNumber)
      .orderBy("answered_at", "desc")
      .orderBy("try_number", "desc")
      .limit(1)
      .executeTakeFirst();
    const tryNumber = !previous || Number(previous.correct) === 1 ? 1 : previous.try_number + 1;
    const answeredAt = now().toISOString();
    await trx
      .insertInto("exercise_answers")
      .values({
        id: crypto.randomUUID(),
        user_id: input.userId,
        section_id: input.sectionId,
        revision_id: input.revisionId,
        exercise_number: input.exerciseNumber,
        skill_id: input.skillId,
        answers: JSON.stringify(input.answers),
        part_results: JSON.stringify(input.partResults),
        correct: input.partResults.every(Boolean) ? 1 : 0,
        hints_used: input.hintsUsed,
        revealed: input.revealed ? 1 : 0,
        try_number: tryNumber,
        answered_at: answeredAt,
      })
      .execute();
    return { tryNumber, answeredAt };
  };
  // Inside an idempotent submission's transaction (app/offline/idempotent-action.server.ts), or in its own.
  return db.isTransaction ? apply(db as Transaction<Database>) : db.transaction().execute(apply);
}

/**
 * The learner's first tries at lesson exercises, as mastery reads answers: a try is clean when it was
 * right with no hint and the worked answer unseen, so a retry after a wrong answer never counts as clean.
 */
export async function exerciseAnswerHistory(db: Kysely<Database>, userId: string): Promise<AnswerRecord[]> {
  const rows = await db
    .selectFrom("exercise_answers")
    .select(["skill_id", "correct", "hints_used", "revealed", "answered_at"])
    .where("user_id", "=", userId)
    .where("try_number", "=", 1)
    .orderBy("answered_at")
    .execute();
  return rows.map((row) =>
    exerciseAnswerRecord({
      skillId: row.skill_id,
      correct: Number(row.correct) === 1,
      hintsUsed: row.hints_used,
      revealed: Number(row.revealed) === 1,
      answeredAt: row.answered_at,
    }),
  );
}

/** A first try as mastery reads it. */
export function exerciseAnswerRecord(answer: {
  skillId: string;
  correct: boolean;
  hintsUsed: number;
  revealed: boolean;
  answeredAt: string;
}): AnswerRecord {
  // Seeing the worked answer is the most help there is: at least one hint.
  const { revealed, ...record } = answer;
  return { ...record, hintsUsed: answer.hintsUsed + (revealed ? 1 : 0) };
}

export interface ExerciseState {
  sectionId: string;
  exerciseNumber: number;
  solved: boolean;
}

/** Whether the learner has solved each exercise they answered in these sections. */
export async function exerciseStates(
  db: Kysely<Database>,
  userId: string,
  sectionIds: readonly string[],
): Promise<ExerciseState[]> {
  if (sectionIds.length === 0) return [];
  const rows = await db
    .selectFrom("exercise_answers")
    .select(["section_id", "exercise_number"])
    .select((eb) => eb.fn.max("correct").as("solved"))
    .where("user_id", "=", userId)
    .where("section_id", "in", sectionIds)
    .groupBy(["section_id", "exercise_number"])
    .execute();
  return rows.map((row) => ({
    sectionId: row.section_id,
    exerciseNumber: row.exercise_number,
    solved: Number(row.solved) === 1,
  }));
}
