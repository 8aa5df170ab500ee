import { PostgresAdapter, sql, type Kysely } from "kysely";
import { z } from "zod";
import type { ChapterAccess, Database } from "#database/schema";
import { SLUG_PATTERN } from "../utils/slug";
import { isoNow } from "../utils/clock";

export type { ChapterAccess };

export interface ChapterRecord {
  id: string;
  slug: string;
  title: string;
  summary: string;
  position: number;
  access: ChapterAccess;
  published: boolean;
  /** Sent back with an edit, which is refused when someone else changed the chapter meanwhile. */
  version: number;
  /** An admin changed the metadata in the app, so imports no longer overwrite it. */
  editedInApp: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Bad input to a content model (a slug, a title, a body too long…); the message says what to fix. */
export class ContentInputError extends Error {}

/** Validates with `schema`, throwing ContentInputError with the first problem's message. */
export function parseContentInput<T>(schema: z.ZodType<T>, input: unknown, context = ""): T {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.length ? `${issue.path.join(".")}: ` : "";
  throw new ContentInputError(`${context}${field}${issue?.message ?? "Invalid input."}`);
}

const SLUG_MAX = 80;

/** Chapter and section ids in URLs and anchors: the same rule as the front matter of chapter files. */
export const slugSchema = z
  .string()
  .max(SLUG_MAX, `Use at most ${SLUG_MAX} characters.`)
  .regex(SLUG_PATTERN, "Use lowercase letters and digits, in words joined by single hyphens.");

/** A single line of text, trimmed, from 1 to `max` characters. */
export function lineSchema(max: number) {
  return z
    .string()
    .trim()
    .min(1, "This cannot be empty.")
    .max(max, `Use at most ${max} characters.`)
    .regex(/^[^\r\n]*$/, "Use a single line.");
}

export const chapterInputSchema = z.object({
  slug: slugSchema,
  title: lineSchema(120),
  summary: lineSchema(300),
  access: z.enum(["free", "premium"], "Choose free or premium."),
});

const chapterEditSchema = chapterInputSchema.omit({ slug: true });

type ChapterRow = Database["chapters"];

function toChapterRecord(row: ChapterRow): ChapterRecord {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    position: Number(row.position),
    access: row.access,
    published: row.published_at !== null,
    version: Number(row.version),
    editedInApp: row.edited_in_app_at !== null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Every chapter, published or not, in course order (the admin list). */
export async function listChapters(db: Kysely<Database>): Promise<ChapterRecord[]> {
  const rows = await db.selectFrom("chapters").selectAll().execute();
  return rows.map(toChapterRecord).sort(byPosition);
}

/** The course as readers see it. */
export async function listPublishedChapters(db: Kysely<Database>): Promise<ChapterRecord[]> {
  const rows = await db.selectFrom("chapters").selectAll().where("published_at", "is not", null).execute();
  return rows.map(toChapterRecord).sort(byPosition);
}

export async function findChapterBySlug(db: Kysely<Database>, slug: string): Promise<ChapterRecord | undefined> {
  const row = await db.selectFrom("chapters").selectAll().where("slug", "=", slug).executeTakeFirst();
  return row && toChapterRecord(row);
}

export async function findChapterById(db: Kysely<Database>, id: string): Promise<ChapterRecord | undefined> {
  const row = await db.selectFrom("chapters").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toChapterRecord(row);
}

/** A new, unpublished chapter at the end of the course. Throws ContentInputError on bad input. */
export async function createChapter(
  db: Kysely<Database>,
  input: { slug: string; title: string; summary: string; access: ChapterAccess },
): Promise<{ ok: true; chapter: ChapterRecord } | { ok: false; reason: "slug-taken" }> {
  const { slug, title, summary, access } = parseContentInput(chapterInputSchema, input);
  const now = isoNow();
  const row = await db
    .insertInto("chapters")
    .values((eb) => ({
      id: crypto.randomUUID(),
      slug,
      title,
      summary,
      position: eb.selectFrom("chapters").select(sql<number>`coalesce(max(position), 0) + 1`.as("next")),
      access,
      published_at: null,
      version: 1,
      edited_in_app_at: null,
      created_at: now,
      updated_at: now,
    }))
    .onConflict((conflict) => conflict.column("slug").doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ? { ok: true, chapter: toChapterRecord(row) } : { ok: false, reason: "slug-taken" };
}

export type UpdateChapterResult =
  | { ok: true; chapter: ChapterRecord }
  | { ok: false; reason: "conflict"; current: ChapterRecord }
  | { ok: false; reason: "not-found" };

/**
 * An admin's edit of title, summary and access, applied only if the chapter
 * is still at `version` (compare-and-set), so a stale form never overwrites
 * a newer edit. Saving without a change writes nothing. The slug never
 * changes: it is in links and in the files imports match on.
 */
export async function updateChapter(
  db: Kysely<Database>,
  input: { id: string; version: number; title: string; summary: string; access: ChapterAccess },
): Promise<UpdateChapterResult> {
  const edit = parseContentInput(chapterEditSchema, input);
  const current = await findChapterById(db, input.id);
  if (!current) return { ok: false, reason: "not-found" };
  if (current.version !== input.version) return { ok: false, reason: "conflict", current };
  if (current.title === edit.title && current.summary === edit.summary && current.access === edit.access) {
    return { ok: true, chapter: current };
  }
  const now = isoNow();
  const row = await db
    .updateTable("chapters")
    .set((eb) => ({ ...edit, version: eb("version", "+", 1), edited_in_app_at: now, updated_at: now }))
    .where("id", "=", input.id)
    .where("version", "=", input.version)
    .returningAll()
    .executeTakeFirst();
  if (row) return { ok: true, chapter: toChapterRecord(row) };
  const latest = await findChapterById(db, input.id);
  return latest ? { ok: false, reason: "conflict", current: latest } : { ok: false, reason: "not-found" };
}

/** Publishing keeps the first publication time when the chapter already is published. */
export async function setChapterPublished(
  db: Kysely<Database>,
  id: string,
  published: boolean,
): Promise<ChapterRecord | undefined> {
  const now = isoNow();
  const row = await db
    .updateTable("chapters")
    .set((eb) => ({
      published_at: published ? eb.fn.coalesce("published_at", eb.val(now)) : null,
      updated_at: now,
    }))
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  return row && toChapterRecord(row);
}

/**
 * Swaps a chapter with its neighbour in the course. Position is metadata an
 * import would otherwise reset from the files, so a move counts as an edit
 * in the app for every chapter whose position changes.
 */
export async function moveChapter(db: Kysely<Database>, id: string, direction: "up" | "down"): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom("chapters")
      .select(["id", "slug", "position"])
      // Locked in one order (by id) so that two moves wait for each other instead of deadlocking.
      .orderBy("id")
      .$if(isPostgres(trx), (query) => query.forUpdate())
      .execute();
    const changes = positionsAfterMove(rows, id, direction);
    if (!changes) return false;
    const now = isoNow();
    for (const [changedId, position] of changes) {
      await trx
        .updateTable("chapters")
        .set((eb) => ({ position, version: eb("version", "+", 1), edited_in_app_at: now, updated_at: now }))
        .where("id", "=", changedId)
        .execute();
    }
    return true;
  });
}

/**
 * Course order: position, then slug for ties. Sorted here rather than in SQL,
 * where PostgreSQL's collation could order slugs differently from SQLite.
 */
export function byPosition(a: { position: number; slug: string }, b: { position: number; slug: string }): number {
  return Number(a.position) - Number(b.position) || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);
}

/** Row locks (`for update`) exist on PostgreSQL only; SQLite runs one write transaction at a time anyway. */
export function isPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * The positions after moving `id` one place up or down in the order of
 * (position, slug): the items renumbered 1…n, only those that change. Null
 * when `id` is missing or already at that end. Renumbering rather than
 * swapping two values keeps moves working after ties or gaps.
 */
export function positionsAfterMove(
  items: readonly { id: string; slug: string; position: number }[],
  id: string,
  direction: "up" | "down",
): Map<string, number> | null {
  const ordered = [...items].sort(byPosition);
  const from = ordered.findIndex((item) => item.id === id);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= ordered.length) return null;
  [ordered[from], ordered[to]] = [ordered[to]!, ordered[from]!];
  const changes = new Map<string, number>();
  ordered.forEach((item, index) => {
    if (Number(item.position) !== index + 1) changes.set(item.id, index + 1);
  });
  return changes;
}
