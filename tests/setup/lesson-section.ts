import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import { createChapter, setChapterPublished } from "#app/models/chapter.server";
import { createSection, type SectionRecord } from "#app/models/section.server";

/** A published free chapter "host" with one section of `body`: where a learner answers and reads in tests. */
export async function hostSection(db: Kysely<Database>, slug: string, body: string): Promise<SectionRecord> {
  const chapter = await createChapter(db, { slug: "host", title: "Host", summary: "s", access: "free" });
  if (!chapter.ok) throw new Error("no chapter");
  await setChapterPublished(db, chapter.chapter.id, true);
  const created = await createSection(db, { chapterId: chapter.chapter.id, slug, title: slug, body, authorId: null });
  if (!created.ok) throw new Error("no section");
  return created.section;
}
