import type { Kysely, Transaction } from "kysely";
import { z } from "zod";
import type { Database } from "#database/schema";
import { gradeAnswer } from "#core/quiz/grade-answer";
import { skillMastery, type MasteryLevel } from "#core/quiz/mastery";
import { skillById } from "#core/quiz/skills";
import { answerHistory } from "#app/models/quiz.server";
import { exerciseAnswerRecord, recordExerciseAnswer } from "#app/models/exercise-answer.server";
import type { SectionRecord } from "#app/models/section.server";
import { answersOfForm } from "#app/quiz/quiz.server";
import { idempotencyKeyShape } from "#app/offline/idempotent-action.server";
import { renderSectionRevision } from "./lesson-render.server";

export const exerciseAnswerSchema = z.object({
  intent: z.literal("exercise-answer"),
  sectionId: z.string().uuid({ error: "That section does not exist." }),
  revisionId: z.string().min(1).max(64, { error: "That version of the section does not exist." }),
  exercise: z.coerce.number({ error: "Name the exercise." }).int().min(1).max(999),
  hintsUsed: z.coerce.number({ error: "Say how many hints were opened." }).int().min(0).max(99),
  revealed: z.enum(["true", "false"], { error: "Say whether the answer was shown." }).transform((v) => v === "true"),
  ...idempotencyKeyShape,
});

export interface ExerciseAnswerResult {
  error: null;
  verdicts: { correct: boolean; feedback: string }[];
  solved: boolean;
  tryNumber: number;
  skill: { id: string; title: string; before: MasteryLevel; after: MasteryLevel };
}

export type ExerciseAnswerOutcome =
  | { status: 200; body: ExerciseAnswerResult }
  | { status: 400; body: { error: string; fieldErrors?: Record<string, string> } };

/**
 * Grades a learner's answer to an exercise of a section they may read, against the key in the revision
 * they were shown (an edit since then does not change what their page asked), and records it.
 */
export async function answerExercise(
  db: Kysely<Database> | Transaction<Database>,
  userId: string,
  readable: readonly SectionRecord[],
  input: z.infer<typeof exerciseAnswerSchema>,
  form: Record<string, unknown>,
): Promise<ExerciseAnswerOutcome> {
  const refuse = (error: string, fieldErrors?: Record<string, string>) =>
    ({ status: 400, body: fieldErrors ? { error, fieldErrors } : { error } }) as const;
  const section = readable.find((entry) => entry.id === input.sectionId);
  if (!section) return refuse("That section is not part of what you can read here.");
  const body =
    input.revisionId === section.revisionId
      ? section.body
      : (
          await db
            .selectFrom("section_revisions")
            .select("body")
            .where("id", "=", input.revisionId)
            .where("section_id", "=", section.id)
            .executeTakeFirst()
        )?.body;
  if (body === undefined) return refuse("That version of the section no longer exists: reload the page.");
  const exercise = renderSectionRevision({ revisionId: input.revisionId, slug: section.slug, body }).exercises[
    input.exercise - 1
  ];
  if (!exercise?.check) return refuse(`Exercise ${input.exercise} of this section is not answered on the page.`);
  if (input.hintsUsed > exercise.hintCount) {
    return refuse(`Exercise ${input.exercise} has ${exercise.hintCount} hint${exercise.hintCount === 1 ? "" : "s"}.`);
  }
  const { parts, skillId } = exercise.check;
  const given = answersOfForm(form, parts.length);
  if (!given.ok) return refuse(given.error, given.fieldErrors);

  const verdicts = parts.map((part, index) => gradeAnswer(part.key, given.answers[index]!));
  const history = await answerHistory(db, userId);
  const correct = verdicts.every((verdict) => verdict.correct);
  const { tryNumber, answeredAt } = await recordExerciseAnswer(db, {
    userId,
    sectionId: section.id,
    revisionId: input.revisionId,
    exerciseNumber: input.exercise,
    skillId,
    answers: given.answers,
    partResults: verdicts.map((verdict) => verdict.correct),
    hintsUsed: input.hintsUsed,
    revealed: input.revealed,
  });
  // Only a first try is a mastery record: the history with it added, without reading it all again.
  const added =
    tryNumber === 1
      ? [exerciseAnswerRecord({ skillId, correct, hintsUsed: input.hintsUsed, revealed: input.revealed, answeredAt })]
      : [];
  const before = skillMastery(skillId, history).level;
  const after = skillMastery(skillId, [...history, ...added]).level;
  return {
    status: 200,
    body: {
      error: null,
      verdicts: verdicts.map(({ correct, feedback }) => ({ correct, feedback })),
      solved: correct,
      tryNumber,
      skill: { id: skillId, title: skillById(skillId)?.title ?? skillId, before, after },
    },
  };
}
