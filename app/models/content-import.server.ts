import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "#database/schema";
import { isoNow } from "../utils/clock";
import { chapterInputSchema, ContentInputError, isPostgres, parseContentInput } from "./chapter.server";
import type { ChapterSource } from "./chapter-source";
import { appendRevisionIn, insertSection, sectionInputSchema } from "./section.server";

/**
 * What an import did, one entry per chapter ("atomic-model-of-numbers") and
 * per section ("atomic-model-of-numbers#primes"). `kept`: edited in the app
 * and different from the file, so the file's version was not applied.
 */
export interface ImportReport {
  created: string[];
  updated: string[];
  kept: string[];
  unchanged: string[];
}

const importedChapterSchema = chapterInputSchema.extend({
  order: z.number().int("Use a whole number.").min(1, "Use a number from 1."),
});

type ValidChapter = z.output<typeof importedChapterSchema> & { sections: z.output<typeof sectionInputSchema>[] };

/**
 * Brings the database in line with the chapter files, never overwriting
 * what admins changed in the app (see docs/content-format.md). Every source
 * is validated before anything is written; then each chapter is imported in
 * its own transaction. Importing the same files again changes nothing.
 */
export async function importChapters(db: Kysely<Database>, sources: ChapterSource[]): Promise<ImportReport> {
  const chapters = validateSources(sources);
  const report: ImportReport = { created: [], updated: [], kept: [], unchanged: [] };
  for (const chapter of chapters) {
    const outcome = await db.transaction().execute((trx) => importChapter(trx, chapter));
    for (const key of ["created", "updated", "kept", "unchanged"] as const) report[key].push(...outcome[key]);
  }
  return report;
}

function validateSources(sources: ChapterSource[]): ValidChapter[] {
  const slugs = new Map<string, string>();
  return sources.map((source) => {
    const context = `${source.fileName}: `;
    const chapter = parseContentInput(importedChapterSchema, source, context);
    const other = slugs.get(chapter.slug);
    if (other !== undefined)
      throw new ContentInputError(`${context}the slug "${chapter.slug}" is also used by ${other}.`);
    slugs.set(chapter.slug, source.fileName);
    const sectionSlugs = new Set<string>();
    const sections = source.sections.map((section) => {
      const valid = parseContentInput(sectionInputSchema, section, `${context}section "${section.slug}": `);
      if (sectionSlugs.has(valid.slug))
        throw new ContentInputError(`${context}two sections have the id "${valid.slug}".`);
      sectionSlugs.add(valid.slug);
      return valid;
    });
    return { ...chapter, sections };
  });
}

async function importChapter(trx: Kysely<Database>, source: ValidChapter): Promise<ImportReport> {
  const report: ImportReport = { created: [], updated: [], kept: [], unchanged: [] };
  const now = isoNow();
  const inserted = await trx
    .insertInto("chapters")
    .values({
      id: crypto.randomUUID(),
      slug: source.slug,
      title: source.title,
      summary: source.summary,
      position: source.order,
      access: source.access,
      published_at: now,
      version: 1,
      edited_in_app_at: null,
      created_at: now,
      updated_at: now,
    })
    // Another import (a second server starting) may have created it meanwhile: then it is an existing chapter.
    .onConflict((conflict) => conflict.column("slug").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted) {
    report.created.push(source.slug);
    for (const section of source.sections) {
      await createImportedSection(trx, inserted.id, source.slug, section);
      report.created.push(`${source.slug}#${section.slug}`);
    }
    return report;
  }

  const chapter = await trx
    .selectFrom("chapters")
    .selectAll()
    .where("slug", "=", source.slug)
    .$if(isPostgres(trx), (query) => query.forUpdate())
    .executeTakeFirstOrThrow();
  const metadataDiffers =
    chapter.title !== source.title ||
    chapter.summary !== source.summary ||
    chapter.access !== source.access ||
    Number(chapter.position) !== source.order;
  if (!metadataDiffers) {
    report.unchanged.push(source.slug);
  } else if (chapter.edited_in_app_at !== null) {
    report.kept.push(source.slug);
  } else {
    await trx
      .updateTable("chapters")
      .set((eb) => ({
        title: source.title,
        summary: source.summary,
        access: source.access,
        position: source.order,
        version: eb("version", "+", 1),
        updated_at: now,
      }))
      .where("id", "=", chapter.id)
      .execute();
    report.updated.push(source.slug);
  }

  const existing = await trx
    .selectFrom("sections")
    .innerJoin("section_revisions as revision", (join) =>
      join.onRef("revision.section_id", "=", "sections.id").onRef("revision.number", "=", "sections.current_revision"),
    )
    .select([
      "sections.id",
      "sections.slug",
      "sections.current_revision",
      "revision.title",
      "revision.body",
      "revision.source",
    ])
    .where("sections.chapter_id", "=", chapter.id)
    .execute();
  const bySlug = new Map(existing.map((row) => [row.slug, row]));
  for (const section of source.sections) {
    const entry = `${source.slug}#${section.slug}`;
    const current = bySlug.get(section.slug);
    if (!current) {
      await createImportedSection(trx, chapter.id, source.slug, section);
      report.created.push(entry);
    } else if (current.title === section.title && current.body === section.body) {
      report.unchanged.push(entry);
    } else if (current.source !== "import") {
      report.kept.push(entry);
    } else {
      const saved = await appendRevisionIn(trx, current.id, Number(current.current_revision), {
        title: section.title,
        body: section.body,
        source: "import",
        restoredFrom: null,
        authorId: null,
      });
      if (!saved.ok) throw new Error(`${entry} changed while it was being imported; run the import again.`);
      report.updated.push(entry);
    }
  }
  return report;
}

async function createImportedSection(
  trx: Kysely<Database>,
  chapterId: string,
  chapterSlug: string,
  section: { slug: string; title: string; body: string },
): Promise<void> {
  const created = await insertSection(trx, { chapterId, ...section, authorId: null, source: "import" });
  if (!created.ok)
    throw new Error(`${chapterSlug}#${section.slug} was created while it was being imported; run the import again.`);
}

/**
 * The first start's seeding: imports the chapters `readSources` gives (the content folder's files)
 * only while no chapter exists, without reading them otherwise; null when it did nothing.
 */
export async function seedContentIfEmpty(
  db: Kysely<Database>,
  readSources: () => Promise<ChapterSource[]>,
): Promise<ImportReport | null> {
  const any = await db.selectFrom("chapters").select("id").limit(1).executeTakeFirst();
  if (any) return null;
  return importChapters(db, await readSources());
}
