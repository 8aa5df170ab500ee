import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import { startAttempt } from "#app/models/quiz.server";

/**
 * A value for every `:param` of the route table that leads to something real where the
 * database has it (the first chapter, its first section, a prime record, an attempt of
 * `userId`), and to nothing, safely, where an unknown id is the interesting case.
 */
export async function plausibleParams(db: Kysely<Database>, userId: string): Promise<Record<string, string>> {
  const chapter = await db.selectFrom("chapters").select(["id", "slug"]).orderBy("position").executeTakeFirstOrThrow();
  const section = await db
    .selectFrom("sections")
    .select(["id", "current_revision"])
    .where("chapter_id", "=", chapter.id)
    .executeTakeFirstOrThrow();
  const record = await db.selectFrom("prime_records").select("id").executeTakeFirstOrThrow();
  const attempt = await startAttempt(db, {
    userId,
    mode: "practice",
    chapterSlug: null,
    items: [{ templateId: "gcd-lcm-from-factors", skillId: "gcd-lcm-from-factors", seed: 7, difficulty: 1 }],
    dailyLimit: null,
  });
  if (!attempt.ok) throw new Error("The attempt was refused.");
  return {
    chapterName: chapter.slug,
    chapterId: chapter.id,
    sectionId: section.id,
    revision: String(section.current_revision),
    questionId: "new",
    recordId: record.id,
    attemptId: attempt.attempt.id,
    setId: crypto.randomUUID(),
    // A todo item, an inbox message and a push send that do not exist: their actions read the form, then answer 404.
    todoId: crypto.randomUUID(),
    messageId: crypto.randomUUID(),
    sendId: crypto.randomUUID(),
    provider: "down",
    // Ids the test-mode payment pages do not know: they read the form, then find nothing to pay.
    sessionId: "cs_test_unknown",
    portalId: "bps_test_unknown",
    invoiceId: "in_test_unknown",
    // A table of the analytics page, and a build the server does not run.
    table: "pages",
    // A term the glossary has (the first chapter defines it).
    term: "expression",
    file: "unknown.json",
    "*": "no/such/page",
  };
}
