import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import { createChapter, setChapterPublished } from "#app/models/chapter.server";
import { recordExerciseAnswer } from "#app/models/exercise-answer.server";
import { createSection, type SectionRecord } from "#app/models/section.server";
import { testClock } from "./test-clock";

/** A published free chapter "host" with one section of `body`: where a learner answers and reads in tests. */
export async function hostSection(db: Kysely<Database>, slug: string, body: string): Promise<SectionRecord> {
  const chapter = await createChapter(db, { slug: "host", title: "Host", summary: "s", access: "free" });
  if (!chapter.ok) throw new Error("no chapter");
  await setChapterPublished(db, chapter.chapter.id, true);
  const created = await createSection(db, { chapterId: chapter.chapter.id, slug, title: slug, body, authorId: null });
  if (!created.ok) throw new Error("no section");
  return created.section;
}

/** A right answer by `userId` to the section's first exercise (skill power-mod) at `at` (UTC): activity for a day. */
export async function answerExerciseAt(
  db: Kysely<Database>,
  userId: string,
  section: SectionRecord,
  at: string,
): Promise<void> {
  testClock.set(at);
  await recordExerciseAnswer(db, {
    userId,
    sectionId: section.id,
    revisionId: section.revisionId,
    exerciseNumber: 1,
    skillId: "power-mod",
    answers: ["1"],
    partResults: [true],
    hintsUsed: 0,
    revealed: false,
  });
}
