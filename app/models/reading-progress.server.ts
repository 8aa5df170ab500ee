import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import { isoNow } from "../utils/clock";
import { byPosition } from "./chapter.server";

/** Marks a section as read; marking it again keeps the first time. */
export async function markSectionRead(db: Kysely<Database>, userId: string, sectionId: string): Promise<void> {
  await db
    .insertInto("section_progress")
    .values({ user_id: userId, section_id: sectionId, read_at: isoNow() })
    .onConflict((conflict) => conflict.columns(["user_id", "section_id"]).doNothing())
    .execute();
}

export async function unmarkSectionRead(db: Kysely<Database>, userId: string, sectionId: string): Promise<void> {
  await db.deleteFrom("section_progress").where("user_id", "=", userId).where("section_id", "=", sectionId).execute();
}

/** The ids of the chapter's sections the user has marked as read. */
export async function readSectionIds(db: Kysely<Database>, userId: string, chapterId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom("section_progress")
    .innerJoin("sections", "sections.id", "section_progress.section_id")
    .select("section_progress.section_id")
    .where("section_progress.user_id", "=", userId)
    .where("sections.chapter_id", "=", chapterId)
    .execute();
  return new Set(rows.map((row) => row.section_id));
}

export interface ChapterProgress {
  chapterId: string;
  slug: string;
  title: string;
  position: number;
  /** Published sections the user has read. */
  read: number;
  /** Published sections. */
  total: number;
}

/**
 * How far the user is in each published chapter, in course order. Only
 * published sections count, so a read section later unpublished neither
 * counts nor can push `read` above `total`.
 */
export async function progressByChapter(db: Kysely<Database>, userId: string): Promise<ChapterProgress[]> {
  const rows = await db
    .selectFrom("chapters")
    .select((eb) => [
      "chapters.id",
      "chapters.slug",
      "chapters.title",
      "chapters.position",
      eb
        .selectFrom("sections")
        .select(eb.fn.countAll().as("count"))
        .whereRef("sections.chapter_id", "=", "chapters.id")
        .where("sections.published_at", "is not", null)
        .as("total"),
      eb
        .selectFrom("sections")
        .innerJoin("section_progress", "section_progress.section_id", "sections.id")
        .select(eb.fn.countAll().as("count"))
        .whereRef("sections.chapter_id", "=", "chapters.id")
        .where("sections.published_at", "is not", null)
        .where("section_progress.user_id", "=", userId)
        .as("read"),
    ])
    .where("chapters.published_at", "is not", null)
    .execute();
  return rows
    .map((row) => ({
      chapterId: row.id,
      slug: row.slug,
      title: row.title,
      position: Number(row.position),
      read: Number(row.read),
      total: Number(row.total),
    }))
    .sort(byPosition);
}

/** A section the user marked read, as a link to it names it. */
export interface SectionRead {
  chapterSlug: string;
  sectionSlug: string;
  sectionTitle: string;
  /** ISO time the section was marked read. */
  readAt: string;
}

/**
 * The section the user marked read most recently, among the published sections of published
 * chapters (the only ones a link can open). Marks of the same instant go to the later section.
 */
export async function lastSectionRead(db: Kysely<Database>, userId: string): Promise<SectionRead | undefined> {
  const row = await db
    .selectFrom("section_progress")
    .innerJoin("sections", "sections.id", "section_progress.section_id")
    .innerJoin("chapters", "chapters.id", "sections.chapter_id")
    .innerJoin("section_revisions as revision", (join) =>
      join.onRef("revision.section_id", "=", "sections.id").onRef("revision.number", "=", "sections.current_revision"),
    )
    .select([
      "chapters.slug as chapter_slug",
      "sections.slug as section_slug",
      "revision.title as section_title",
      "section_progress.read_at",
    ])
    .where("section_progress.user_id", "=", userId)
    .where("sections.published_at", "is not", null)
    .where("chapters.published_at", "is not", null)
    .orderBy("section_progress.read_at", "desc")
    .orderBy("chapters.position", "desc")
    .orderBy("sections.position", "desc")
    .limit(1)
    .executeTakeFirst();
  return (
    row && {
      chapterSlug: row.chapter_slug,
      sectionSlug: row.section_slug,
      sectionTitle: row.section_title,
      readAt: row.read_at,
    }
  );
}
