import { sql, type Kysely } from "kysely";
import { z } from "zod";
import type { Database, RevisionSource } from "#database/schema";
import { isoNow } from "../utils/clock";
import {
  byPosition,
  isPostgres,
  lineSchema,
  parseContentInput,
  positionsAfterMove,
  slugSchema,
} from "./chapter.server";
import { isUniqueViolation } from "./database-errors.server";
import { SECTION_BODY_MAX, SECTION_TITLE_MAX } from "./section-limits";

export type { RevisionSource };

/** A section joined with its current revision: what readers see. */
export interface SectionRecord {
  id: string;
  chapterId: string;
  slug: string;
  position: number;
  published: boolean;
  /** The revision number an editor must send back as its base. */
  currentRevision: number;
  title: string;
  body: string;
  revisionId: string;
  updatedAt: string;
}

export interface RevisionRecord {
  id: string;
  sectionId: string;
  number: number;
  title: string;
  body: string;
  source: RevisionSource;
  basedOn: number | null;
  restoredFrom: number | null;
  authorId: string | null;
  /** Null for imports and for authors whose account was deleted. */
  authorEmail: string | null;
  createdAt: string;
}

export { SECTION_BODY_MAX, SECTION_TITLE_MAX };

/**
 * Line endings as "\n" (forms send "\r\n"), no blank lines before the text
 * and no white space after it, so saving an untouched text is "unchanged".
 */
export function normalizeSectionBody(body: string): string {
  return body
    .replace(/\r\n?/g, "\n")
    .replace(/^(?:[ \t]*\n)+/, "")
    .trimEnd();
}

export const sectionContentSchema = z.object({
  title: lineSchema(SECTION_TITLE_MAX),
  body: z
    .string()
    .transform(normalizeSectionBody)
    .pipe(
      z
        .string()
        .max(
          SECTION_BODY_MAX,
          `The text is too long: use at most ${SECTION_BODY_MAX.toLocaleString("en-GB")} characters, or split the section.`,
        ),
    ),
});

export const sectionInputSchema = sectionContentSchema.extend({ slug: slugSchema });

export type SaveResult =
  | { ok: true; section: SectionRecord; unchanged: boolean }
  | { ok: false; reason: "conflict"; current: RevisionRecord }
  | { ok: false; reason: "not-found" };

function sectionQuery(db: Kysely<Database>) {
  return db
    .selectFrom("sections")
    .innerJoin("section_revisions as revision", (join) =>
      join.onRef("revision.section_id", "=", "sections.id").onRef("revision.number", "=", "sections.current_revision"),
    )
    .select([
      "sections.id",
      "sections.chapter_id",
      "sections.slug",
      "sections.position",
      "sections.published_at",
      "sections.current_revision",
      "sections.updated_at",
      "revision.title",
      "revision.body",
      "revision.id as revision_id",
    ]);
}

type SectionRow = Awaited<ReturnType<ReturnType<typeof sectionQuery>["executeTakeFirstOrThrow"]>>;

function toSectionRecord(row: SectionRow): SectionRecord {
  return {
    id: row.id,
    chapterId: row.chapter_id,
    slug: row.slug,
    position: Number(row.position),
    published: row.published_at !== null,
    currentRevision: Number(row.current_revision),
    title: row.title,
    body: row.body,
    revisionId: row.revision_id,
    updatedAt: row.updated_at,
  };
}

function revisionQuery(db: Kysely<Database>) {
  return db
    .selectFrom("section_revisions")
    .leftJoin("users", "users.id", "section_revisions.author_id")
    .selectAll("section_revisions")
    .select("users.email as author_email");
}

type RevisionRow = Awaited<ReturnType<ReturnType<typeof revisionQuery>["executeTakeFirstOrThrow"]>>;

function toRevisionRecord(row: RevisionRow): RevisionRecord {
  return {
    id: row.id,
    sectionId: row.section_id,
    number: Number(row.number),
    title: row.title,
    body: row.body,
    source: row.source,
    basedOn: row.based_on === null ? null : Number(row.based_on),
    restoredFrom: row.restored_from === null ? null : Number(row.restored_from),
    authorId: row.author_id,
    authorEmail: row.author_email,
    createdAt: row.created_at,
  };
}

/** A chapter's sections in reading order. */
export async function listSections(
  db: Kysely<Database>,
  chapterId: string,
  options: { publishedOnly?: boolean } = {},
): Promise<SectionRecord[]> {
  const rows = await sectionQuery(db)
    .where("sections.chapter_id", "=", chapterId)
    .$if(options.publishedOnly === true, (query) => query.where("sections.published_at", "is not", null))
    .execute();
  return rows.map(toSectionRecord).sort(byPosition);
}

export async function findSection(db: Kysely<Database>, sectionId: string): Promise<SectionRecord | undefined> {
  const row = await sectionQuery(db).where("sections.id", "=", sectionId).executeTakeFirst();
  return row && toSectionRecord(row);
}

/**
 * A new section at the end of its chapter, with revision 1. Unpublished
 * unless it comes from an import (the files are the published course).
 * Throws ContentInputError on bad input.
 */
export async function createSection(
  db: Kysely<Database>,
  input: {
    chapterId: string;
    slug: string;
    title: string;
    body: string;
    authorId: string | null;
    source?: RevisionSource;
  },
): Promise<{ ok: true; section: SectionRecord } | { ok: false; reason: "slug-taken" }> {
  const content = parseContentInput(sectionInputSchema, input);
  return db.transaction().execute((trx) => insertSection(trx, { ...input, ...content }));
}

/** createSection's work, inside the caller's transaction (imports create many). Input already validated. */
export async function insertSection(
  trx: Kysely<Database>,
  input: {
    chapterId: string;
    slug: string;
    title: string;
    body: string;
    authorId: string | null;
    source?: RevisionSource;
  },
): Promise<{ ok: true; section: SectionRecord } | { ok: false; reason: "slug-taken" }> {
  const now = isoNow();
  const source = input.source ?? "editor";
  const inserted = await trx
    .insertInto("sections")
    .values((eb) => ({
      id: crypto.randomUUID(),
      chapter_id: input.chapterId,
      slug: input.slug,
      position: eb
        .selectFrom("sections")
        .select(sql<number>`coalesce(max(position), 0) + 1`.as("next"))
        .where("chapter_id", "=", input.chapterId),
      published_at: source === "import" ? now : null,
      current_revision: 1,
      created_at: now,
      updated_at: now,
    }))
    .onConflict((conflict) => conflict.columns(["chapter_id", "slug"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) return { ok: false, reason: "slug-taken" };
  await trx
    .insertInto("section_revisions")
    .values({
      id: crypto.randomUUID(),
      section_id: inserted.id,
      number: 1,
      title: input.title,
      body: input.body,
      source,
      based_on: null,
      restored_from: null,
      author_id: input.authorId,
      created_at: now,
    })
    .execute();
  const section = await findSection(trx, inserted.id);
  if (!section) throw new Error(`Section ${inserted.id} vanished while being created.`);
  return { ok: true, section };
}

/**
 * Saves an edit made from revision `baseRevision`. A stale base is a
 * conflict, returned with the current revision so the editor can show what
 * changed; two saves from the same base get one winner, however they
 * interleave (see appendRevision). Throws ContentInputError on bad input.
 */
export async function saveSection(
  db: Kysely<Database>,
  input: {
    sectionId: string;
    baseRevision: number;
    title: string;
    body: string;
    authorId: string | null;
    source?: "editor" | "import";
  },
): Promise<SaveResult> {
  const content = parseContentInput(sectionContentSchema, input);
  return appendRevision(db, input.sectionId, input.baseRevision, {
    ...content,
    source: input.source ?? "editor",
    restoredFrom: null,
    authorId: input.authorId,
  });
}

/** Makes an old revision's title and body current again, as a new revision that says where it came from. */
export async function restoreRevision(
  db: Kysely<Database>,
  input: { sectionId: string; number: number; baseRevision: number; authorId: string | null },
): Promise<SaveResult | { ok: false; reason: "no-such-revision" }> {
  const old = await findRevision(db, input.sectionId, input.number);
  if (!old) {
    const exists = await db.selectFrom("sections").select("id").where("id", "=", input.sectionId).executeTakeFirst();
    return { ok: false, reason: exists ? "no-such-revision" : "not-found" };
  }
  return appendRevision(db, input.sectionId, input.baseRevision, {
    title: old.title,
    body: old.body,
    source: "restore",
    restoredFrom: old.number,
    authorId: input.authorId,
  });
}

export interface NewRevision {
  title: string;
  body: string;
  source: RevisionSource;
  restoredFrom: number | null;
  authorId: string | null;
}

/** Thrown inside a save's transaction to roll it back when another save moved the section first. */
class LostRaceError extends Error {
  constructor(sectionId: string) {
    super(`Section ${sectionId} was saved by someone else at the same time; nothing was changed.`);
  }
}

/**
 * Adds revision baseRevision + 1 in its own transaction. When a concurrent
 * save from the same base commits first, the unique (section_id, number)
 * index refuses this insert (or the compare-and-set on current_revision
 * finds it moved): the transaction rolls back and the caller gets a
 * conflict with the winner's revision, never an exception.
 */
async function appendRevision(
  db: Kysely<Database>,
  sectionId: string,
  baseRevision: number,
  revision: NewRevision,
): Promise<SaveResult> {
  try {
    return await db.transaction().execute((trx) => appendRevisionIn(trx, sectionId, baseRevision, revision));
  } catch (error) {
    if (!(error instanceof LostRaceError) && !isUniqueViolation(error)) throw error;
    const current = await findCurrentRevision(db, sectionId);
    return current ? { ok: false, reason: "conflict", current } : { ok: false, reason: "not-found" };
  }
}

/**
 * appendRevision's work inside the caller's transaction (an import runs one
 * per chapter); there a lost race throws and rolls the whole chapter back.
 */
export async function appendRevisionIn(
  trx: Kysely<Database>,
  sectionId: string,
  baseRevision: number,
  revision: NewRevision,
): Promise<SaveResult> {
  const current = await findCurrentRevision(trx, sectionId);
  if (!current) return { ok: false, reason: "not-found" };
  if (current.number !== baseRevision) return { ok: false, reason: "conflict", current };
  if (current.title === revision.title && current.body === revision.body) {
    return { ok: true, section: await requireSection(trx, sectionId), unchanged: true };
  }
  const now = isoNow();
  const number = baseRevision + 1;
  await trx
    .insertInto("section_revisions")
    .values({
      id: crypto.randomUUID(),
      section_id: sectionId,
      number,
      title: revision.title,
      body: revision.body,
      source: revision.source,
      based_on: baseRevision,
      restored_from: revision.restoredFrom,
      author_id: revision.authorId,
      created_at: now,
    })
    .execute();
  const moved = await trx
    .updateTable("sections")
    .set({ current_revision: number, updated_at: now })
    .where("id", "=", sectionId)
    .where("current_revision", "=", baseRevision)
    .executeTakeFirst();
  if (moved.numUpdatedRows === 0n) throw new LostRaceError(sectionId);
  return { ok: true, section: await requireSection(trx, sectionId), unchanged: false };
}

async function requireSection(db: Kysely<Database>, sectionId: string): Promise<SectionRecord> {
  const section = await findSection(db, sectionId);
  if (!section) throw new Error(`Section ${sectionId} vanished during a save.`);
  return section;
}

async function findCurrentRevision(db: Kysely<Database>, sectionId: string): Promise<RevisionRecord | undefined> {
  const row = await revisionQuery(db)
    .innerJoin("sections", (join) =>
      join
        .onRef("sections.id", "=", "section_revisions.section_id")
        .onRef("sections.current_revision", "=", "section_revisions.number"),
    )
    .where("sections.id", "=", sectionId)
    .executeTakeFirst();
  return row && toRevisionRecord(row);
}

/** A section's history, newest first, with each author's e-mail address. */
export async function listRevisions(db: Kysely<Database>, sectionId: string): Promise<RevisionRecord[]> {
  const rows = await revisionQuery(db)
    .where("section_revisions.section_id", "=", sectionId)
    .orderBy("section_revisions.number", "desc")
    .execute();
  return rows.map(toRevisionRecord);
}

export async function findRevision(
  db: Kysely<Database>,
  sectionId: string,
  number: number,
): Promise<RevisionRecord | undefined> {
  const row = await revisionQuery(db)
    .where("section_revisions.section_id", "=", sectionId)
    .where("section_revisions.number", "=", number)
    .executeTakeFirst();
  return row && toRevisionRecord(row);
}

/** Publishing keeps the first publication time when the section already is published. */
export async function setSectionPublished(
  db: Kysely<Database>,
  sectionId: string,
  published: boolean,
): Promise<SectionRecord | undefined> {
  const now = isoNow();
  await db
    .updateTable("sections")
    .set((eb) => ({
      published_at: published ? eb.fn.coalesce("published_at", eb.val(now)) : null,
      updated_at: now,
    }))
    .where("id", "=", sectionId)
    .execute();
  return findSection(db, sectionId);
}

/** Swaps a section with its neighbour in its chapter; false at an end (or for an unknown section). */
export async function moveSection(db: Kysely<Database>, sectionId: string, direction: "up" | "down"): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom("sections")
      .select(["id", "slug", "position"])
      .where("chapter_id", "=", (eb) => eb.selectFrom("sections").select("chapter_id").where("id", "=", sectionId))
      // Locked in one order (by id) so that two moves wait for each other instead of deadlocking.
      .orderBy("id")
      .$if(isPostgres(trx), (query) => query.forUpdate())
      .execute();
    const changes = positionsAfterMove(rows, sectionId, direction);
    if (!changes) return false;
    const now = isoNow();
    for (const [id, position] of changes) {
      await trx.updateTable("sections").set({ position, updated_at: now }).where("id", "=", id).execute();
    }
    return true;
  });
}

/** A published section of a published chapter, where the course shows it: without its text. */
export interface CourseSection {
  chapterSlug: string;
  chapterTitle: string;
  chapterPremium: boolean;
  sectionSlug: string;
  sectionTitle: string;
  revisionId: string;
  /** Its place in the chapter's published sections: 0 is the introduction every reader may see. */
  index: number;
}

/** Every published section of the published chapters, in course order (one query, no section text). */
export async function listCourseSections(db: Kysely<Database>): Promise<CourseSection[]> {
  const rows = await db
    .selectFrom("sections as s")
    .innerJoin("chapters as c", "c.id", "s.chapter_id")
    .innerJoin("section_revisions as r", (join) =>
      join.onRef("r.section_id", "=", "s.id").onRef("r.number", "=", "s.current_revision"),
    )
    .select([
      "c.slug as chapter_slug",
      "c.title as chapter_title",
      "c.access",
      "c.position as chapter_position",
      "s.slug",
      "s.position",
      "r.title",
      "r.id as revision_id",
    ])
    .where("s.published_at", "is not", null)
    .where("c.published_at", "is not", null)
    .execute();
  const ordered = rows.sort(
    (a, b) =>
      byPosition(
        { position: Number(a.chapter_position), slug: a.chapter_slug },
        { position: Number(b.chapter_position), slug: b.chapter_slug },
      ) || byPosition({ position: Number(a.position), slug: a.slug }, { position: Number(b.position), slug: b.slug }),
  );
  let index = 0;
  return ordered.map((row, at) => {
    index = at > 0 && ordered[at - 1]!.chapter_slug === row.chapter_slug ? index + 1 : 0;
    return {
      chapterSlug: row.chapter_slug,
      chapterTitle: row.chapter_title,
      chapterPremium: row.access === "premium",
      sectionSlug: row.slug,
      sectionTitle: row.title,
      revisionId: row.revision_id,
      index,
    };
  });
}

/** The text of the given revisions, by revision id. */
export async function revisionBodies(db: Kysely<Database>, revisionIds: string[]): Promise<Map<string, string>> {
  if (revisionIds.length === 0) return new Map();
  const rows = await db.selectFrom("section_revisions").select(["id", "body"]).where("id", "in", revisionIds).execute();
  return new Map(rows.map((row) => [row.id, row.body]));
}
