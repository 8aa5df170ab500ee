import { describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#database/connection";
import { formPost } from "#tests/setup/action-result";
import { APP, contextFor, newLearner, routeAnswer } from "#tests/setup/billing-routes";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { createChapter, setChapterPublished } from "#app/models/chapter.server";
import { createSection, setSectionPublished } from "#app/models/section.server";
import type { User } from "#app/models/user.server";

const current = vi.hoisted(() => ({ handle: undefined as DatabaseHandle | undefined }));
vi.mock("#app/utils/db.server", () => ({ getDatabase: () => current.handle }));
const { action } = await import("./chapter");

describe.each(testDialects)("marking a section read on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  async function publishedSection(): Promise<{ slug: string; sectionId: string }> {
    const { db } = database;
    const slug = `chapter-${crypto.randomUUID().slice(0, 8)}`;
    const chapter = await createChapter(db, { slug, title: "Divisors", summary: "s", access: "free" });
    if (!chapter.ok) throw new Error("no chapter");
    await setChapterPublished(db, chapter.chapter.id, true);
    const section = await createSection(db, {
      chapterId: chapter.chapter.id,
      slug: "divisors",
      title: "Divisors",
      body: "A divisor divides.",
      authorId: null,
    });
    if (!section.ok) throw new Error("no section");
    await setSectionPublished(db, section.section.id, true);
    return { slug, sectionId: section.section.id };
  }

  const post = (user: User, slug: string, form: Record<string, string>) => {
    current.handle = database;
    return routeAnswer(() =>
      action({ request: formPost(`${APP}/chapter/${slug}`, form), context: contextFor(user), params: {} } as never),
    );
  };
  const readMarks = async (userId: string) =>
    (await database.db.selectFrom("section_progress").select("section_id").where("user_id", "=", userId).execute())
      .length;

  it("applies a mark sent again with the same key once, and answers the repeat as the first", async () => {
    const user = await newLearner(database.db);
    const { slug, sectionId } = await publishedSection();
    const read = { intent: "read", sectionId, idempotencyKey: crypto.randomUUID() };
    expect(await post(user, slug, read)).toMatchObject({ status: 200, data: { error: null } });
    expect(await readMarks(user.id)).toBe(1);

    // Marked unread in between (online), the repeat of the lost "read" must not mark it again.
    expect(await post(user, slug, { intent: "unread", sectionId })).toMatchObject({ status: 200 });
    expect(await post(user, slug, read)).toMatchObject({ status: 200, data: { error: null } });
    expect(await readMarks(user.id)).toBe(0);
  });

  it("refuses a key that is not a UUID, and one used for another section", async () => {
    const user = await newLearner(database.db);
    const first = await publishedSection();
    const second = await publishedSection();
    expect(await post(user, first.slug, { intent: "read", sectionId: first.sectionId, idempotencyKey: "x" })).toEqual(
      expect.objectContaining({ status: 400, data: { error: "That submission's key is not valid." } }),
    );
    const key = crypto.randomUUID();
    await post(user, first.slug, { intent: "read", sectionId: first.sectionId, idempotencyKey: key });
    expect(
      await post(user, second.slug, { intent: "read", sectionId: second.sectionId, idempotencyKey: key }),
    ).toMatchObject({ status: 422 });
    expect(await readMarks(user.id)).toBe(1);
  });
});
