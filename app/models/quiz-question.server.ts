/**
 * Questions admins write (see core/quiz/fixed-question.ts): each save appends
 * a revision, quizzes ask the current revision of published questions, and a
 * quiz item keeps the revision it asked. Saves from a stale revision are
 * conflicts, as for sections: the unique (question_id, number) index and a
 * compare-and-set on current_revision let one of two racing saves win.
 */
import type { Kysely } from "kysely";
import { z } from "zod";
import type { FixedQuestionContent } from "#core/quiz/fixed-question";
import type { AnswerKey, Difficulty } from "#core/quiz/question";
import type { Database } from "#database/schema";
import { isoNow } from "../utils/clock";
import { isUniqueViolation } from "./database-errors.server";

export interface QuizQuestionRecord {
  id: string;
  published: boolean;
  currentRevision: number;
  content: FixedQuestionContent;
  createdAt: string;
  updatedAt: string;
}

export interface QuizQuestionRevision {
  number: number;
  content: FixedQuestionContent;
  basedOn: number | null;
  /** Null when the author's account was deleted. */
  authorEmail: string | null;
  createdAt: string;
}

/** A published question as a quiz may ask it (compose-quiz's FixedCandidate, less what the learner saw). */
export interface PublishedQuestion {
  questionId: string;
  revision: number;
  skillId: string;
  difficulty: Difficulty;
}

export type QuestionSaveResult =
  | { ok: true; question: QuizQuestionRecord; unchanged: boolean }
  | { ok: false; reason: "conflict"; current: QuizQuestionRevision }
  | { ok: false; reason: "not-found" };

const answerKeySchema: z.ZodType<AnswerKey> = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("choice"),
    options: z.array(z.string()),
    correct: z.array(z.number().int()),
    multiple: z.boolean(),
  }),
  z.object({ kind: z.literal("integer"), value: z.string(), modulus: z.string().optional() }),
  z.object({ kind: z.literal("fraction"), numerator: z.string(), denominator: z.string() }),
  z.object({ kind: z.literal("decimal"), value: z.number(), tolerance: z.number() }),
  z.object({
    kind: z.literal("expression"),
    expected: z.string(),
    variables: z.array(z.string()),
    form: z.enum(["factored", "expanded"]).optional(),
  }),
  z.object({ kind: z.literal("congruence"), residue: z.string(), modulus: z.string(), variable: z.string() }),
]);

/** The stored JSON: the content less its skill and difficulty, which have columns of their own. */
const storedContentSchema = z.object({
  prompt: z.string(),
  parts: z.array(z.object({ prompt: z.string(), key: answerKeySchema })),
  hints: z.array(z.string()),
  solution: z.string(),
});

function contentOf(row: { skill_id: string; difficulty: number; content: string }): FixedQuestionContent {
  return {
    skillId: row.skill_id,
    difficulty: Number(row.difficulty) as Difficulty,
    ...storedContentSchema.parse(JSON.parse(row.content)),
  };
}

function storedContent({ prompt, parts, hints, solution }: FixedQuestionContent): string {
  return JSON.stringify({ prompt, parts, hints, solution });
}

function questionQuery(db: Kysely<Database>) {
  return db
    .selectFrom("quiz_questions")
    .innerJoin("quiz_question_revisions as revision", (join) =>
      join
        .onRef("revision.question_id", "=", "quiz_questions.id")
        .onRef("revision.number", "=", "quiz_questions.current_revision"),
    )
    .select([
      "quiz_questions.id",
      "quiz_questions.published_at",
      "quiz_questions.current_revision",
      "quiz_questions.created_at",
      "quiz_questions.updated_at",
      "revision.skill_id",
      "revision.difficulty",
      "revision.content",
    ]);
}

type QuestionRow = Awaited<ReturnType<ReturnType<typeof questionQuery>["executeTakeFirstOrThrow"]>>;

function toQuestionRecord(row: QuestionRow): QuizQuestionRecord {
  return {
    id: row.id,
    published: row.published_at !== null,
    currentRevision: Number(row.current_revision),
    content: contentOf(row),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function revisionQuery(db: Kysely<Database>) {
  return db
    .selectFrom("quiz_question_revisions")
    .leftJoin("users", "users.id", "quiz_question_revisions.author_id")
    .select([
      "quiz_question_revisions.question_id",
      "quiz_question_revisions.number",
      "quiz_question_revisions.skill_id",
      "quiz_question_revisions.difficulty",
      "quiz_question_revisions.content",
      "quiz_question_revisions.based_on",
      "quiz_question_revisions.created_at",
      "users.email as author_email",
    ]);
}

type RevisionRow = Awaited<ReturnType<ReturnType<typeof revisionQuery>["executeTakeFirstOrThrow"]>>;

function toRevision(row: RevisionRow): QuizQuestionRevision {
  return {
    number: Number(row.number),
    content: contentOf(row),
    basedOn: row.based_on === null ? null : Number(row.based_on),
    authorEmail: row.author_email,
    createdAt: row.created_at,
  };
}

export async function findQuizQuestion(db: Kysely<Database>, id: string): Promise<QuizQuestionRecord | undefined> {
  const row = await questionQuery(db).where("quiz_questions.id", "=", id).executeTakeFirst();
  return row && toQuestionRecord(row);
}

/** Every question, the latest edited first. */
export async function listQuizQuestions(db: Kysely<Database>): Promise<QuizQuestionRecord[]> {
  const rows = await questionQuery(db)
    .orderBy("quiz_questions.updated_at", "desc")
    .orderBy("quiz_questions.id")
    .execute();
  return rows.map(toQuestionRecord);
}

/** A question's history, newest first. */
export async function listQuizQuestionRevisions(db: Kysely<Database>, id: string): Promise<QuizQuestionRevision[]> {
  const rows = await revisionQuery(db)
    .where("quiz_question_revisions.question_id", "=", id)
    .orderBy("quiz_question_revisions.number", "desc")
    .execute();
  return rows.map(toRevision);
}

/** The content of each (question, revision) asked, keyed "<id>:<revision>"; missing ones are left out. */
export async function findQuestionRevisions(
  db: Kysely<Database>,
  refs: readonly { questionId: string; revision: number }[],
): Promise<Map<string, FixedQuestionContent>> {
  const found = new Map<string, FixedQuestionContent>();
  if (refs.length === 0) return found;
  const rows = await revisionQuery(db)
    .where("quiz_question_revisions.question_id", "in", [...new Set(refs.map((ref) => ref.questionId))])
    .execute();
  const wanted = new Set(refs.map((ref) => `${ref.questionId}:${ref.revision}`));
  for (const row of rows) {
    const name = `${row.question_id}:${Number(row.number)}`;
    if (wanted.has(name)) found.set(name, contentOf(row));
  }
  return found;
}

/** The current revisions of the published questions of these skills. */
export async function publishedQuestionsOf(
  db: Kysely<Database>,
  skillIds: readonly string[],
): Promise<PublishedQuestion[]> {
  if (skillIds.length === 0) return [];
  const rows = await questionQuery(db)
    .where("quiz_questions.published_at", "is not", null)
    .where("revision.skill_id", "in", [...skillIds])
    .orderBy("quiz_questions.id")
    .execute();
  return rows.map((row) => ({
    questionId: row.id,
    revision: Number(row.current_revision),
    skillId: row.skill_id,
    difficulty: Number(row.difficulty) as Difficulty,
  }));
}

/** A new question, unpublished, with revision 1. The content must come from contentFromDraft. */
export async function createQuizQuestion(
  db: Kysely<Database>,
  input: { content: FixedQuestionContent; authorId: string | null },
): Promise<QuizQuestionRecord> {
  const id = await db.transaction().execute((trx) => insertQuizQuestion(trx, input));
  const question = await findQuizQuestion(db, id);
  if (!question) throw new Error(`Question ${id} vanished while being created.`);
  return question;
}

/** createQuizQuestion's work inside the caller's transaction (the assistant saves several at once); returns the id. */
export async function insertQuizQuestion(
  trx: Kysely<Database>,
  input: { content: FixedQuestionContent; authorId: string | null },
): Promise<string> {
  const id = crypto.randomUUID();
  const now = isoNow();
  await trx
    .insertInto("quiz_questions")
    .values({ id, published_at: null, current_revision: 1, created_at: now, updated_at: now })
    .execute();
  await insertRevision(trx, id, 1, null, input);
  return id;
}

async function insertRevision(
  trx: Kysely<Database>,
  questionId: string,
  number: number,
  basedOn: number | null,
  input: { content: FixedQuestionContent; authorId: string | null },
) {
  await trx
    .insertInto("quiz_question_revisions")
    .values({
      id: crypto.randomUUID(),
      question_id: questionId,
      number,
      skill_id: input.content.skillId,
      difficulty: input.content.difficulty,
      content: storedContent(input.content),
      based_on: basedOn,
      author_id: input.authorId,
      created_at: isoNow(),
    })
    .execute();
}

/** Thrown inside a save's transaction to roll it back when another save moved the question first. */
class LostRaceError extends Error {}

/**
 * Saves an edit made from revision `baseRevision` as the next revision; a stale base is a conflict,
 * returned with the current revision. Saving what is already current adds nothing.
 */
export async function saveQuizQuestion(
  db: Kysely<Database>,
  input: { id: string; baseRevision: number; content: FixedQuestionContent; authorId: string | null },
): Promise<QuestionSaveResult> {
  try {
    return await db.transaction().execute(async (trx): Promise<QuestionSaveResult> => {
      const current = await findQuizQuestion(trx, input.id);
      if (!current) return { ok: false, reason: "not-found" };
      if (current.currentRevision !== input.baseRevision) return conflictWith(trx, input.id);
      if (sameContent(current.content, input.content)) return { ok: true, question: current, unchanged: true };
      const number = input.baseRevision + 1;
      await insertRevision(trx, input.id, number, input.baseRevision, input);
      const moved = await trx
        .updateTable("quiz_questions")
        .set({ current_revision: number, updated_at: isoNow() })
        .where("id", "=", input.id)
        .where("current_revision", "=", input.baseRevision)
        .executeTakeFirst();
      if (moved.numUpdatedRows === 0n) throw new LostRaceError();
      return { ok: true, question: (await findQuizQuestion(trx, input.id))!, unchanged: false };
    });
  } catch (error) {
    if (!(error instanceof LostRaceError) && !isUniqueViolation(error)) throw error;
    return conflictWith(db, input.id);
  }
}

async function conflictWith(db: Kysely<Database>, id: string): Promise<QuestionSaveResult> {
  const [current] = await listQuizQuestionRevisions(db, id);
  return current ? { ok: false, reason: "conflict", current } : { ok: false, reason: "not-found" };
}

function sameContent(a: FixedQuestionContent, b: FixedQuestionContent): boolean {
  return a.skillId === b.skillId && a.difficulty === b.difficulty && storedContent(a) === storedContent(b);
}

/** Publishing keeps the first publication time when the question already is published. */
export async function setQuizQuestionPublished(
  db: Kysely<Database>,
  id: string,
  published: boolean,
): Promise<QuizQuestionRecord | undefined> {
  const now = isoNow();
  await db
    .updateTable("quiz_questions")
    .set((eb) => ({ published_at: published ? eb.fn.coalesce("published_at", eb.val(now)) : null, updated_at: now }))
    .where("id", "=", id)
    .execute();
  return findQuizQuestion(db, id);
}
