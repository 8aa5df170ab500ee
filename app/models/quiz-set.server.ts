import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database, QuizSetsTable } from "#database/schema";
import { isoNow } from "../utils/clock";
import type { ItemPlan } from "./quiz.server";

export interface QuizSet {
  id: string;
  title: string;
  kind: QuizSetsTable["kind"];
  items: ItemPlan[];
  createdAt: string;
}

const itemsSchema = z.array(
  z.object({
    templateId: z.string(),
    skillId: z.string(),
    seed: z.number().int(),
    difficulty: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  }),
);

export async function createQuizSet(
  db: Kysely<Database>,
  input: { title: string; kind: QuizSet["kind"]; items: readonly ItemPlan[]; createdBy: string },
): Promise<QuizSet> {
  const row = await db
    .insertInto("quiz_sets")
    .values({
      id: crypto.randomUUID(),
      title: input.title,
      kind: input.kind,
      items: JSON.stringify(itemsSchema.parse(input.items)),
      created_by: input.createdBy,
      created_at: isoNow(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toQuizSet(row);
}

export async function findQuizSet(db: Kysely<Database>, id: string): Promise<QuizSet | null> {
  const row = await db.selectFrom("quiz_sets").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toQuizSet(row) : null;
}

export async function listQuizSets(db: Kysely<Database>): Promise<QuizSet[]> {
  const rows = await db.selectFrom("quiz_sets").selectAll().orderBy("created_at", "desc").execute();
  return rows.map(toQuizSet);
}

function toQuizSet(row: Database["quiz_sets"]): QuizSet {
  return {
    id: row.id,
    title: row.title,
    kind: row.kind,
    items: itemsSchema.parse(JSON.parse(row.items)),
    createdAt: row.created_at,
  };
}
