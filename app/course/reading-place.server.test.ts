import { beforeEach, describe, expect, it } from "vitest";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { createChapter, setChapterPublished, type ChapterRecord } from "../models/chapter.server";
import { lastSectionRead, markSectionRead, unmarkSectionRead } from "../models/reading-progress.server";
import { createSection, setSectionPublished, type SectionRecord } from "../models/section.server";
import { createUser, type User } from "../models/user.server";
import { readingPlace } from "./reading-place.server";

describe.each(testDialects)("where the learner is, on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let count = 0;

  beforeEach(async () => {
    await database.db.deleteFrom("chapters").execute();
  });

  async function user(): Promise<User> {
    count += 1;
    return createUser(database.db, { email: `reader-${count}@example.org`, passwordHash: null });
  }

  async function chapter(slug: string): Promise<ChapterRecord> {
    const result = await createChapter(database.db, { slug, title: `Title ${slug}`, summary: "s", access: "free" });
    if (!result.ok) throw new Error(`no chapter ${slug}`);
    return (await setChapterPublished(database.db, result.chapter.id, true))!;
  }

  async function section(chapterId: string, slug: string): Promise<SectionRecord> {
    const result = await createSection(database.db, { chapterId, slug, title: slug, body: "", authorId: null });
    if (!result.ok) throw new Error(`no section ${slug}`);
    return (await setSectionPublished(database.db, result.section.id, true))!;
  }

  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute));
  /** Marks a section read with the clock at `minute`. */
  const markReadAt = (userId: string, sectionId: string, minute: number) => {
    testClock.set(at(minute));
    return markSectionRead(database.db, userId, sectionId);
  };

  it("follows the last section read: a learner in chapter 2 is sent back to it, not to chapter 1", async () => {
    const reader = await user();
    const one = await chapter("one");
    const two = await chapter("two");
    const [oneA] = [await section(one.id, "one-a"), await section(one.id, "one-b")];
    const [twoA, twoB] = [
      await section(two.id, "two-a"),
      await section(two.id, "two-b"),
      await section(two.id, "two-c"),
    ];
    expect((await readingPlace(database.db, reader.id)).place).toMatchObject({ kind: "start", href: "/chapter/one" });

    await markReadAt(reader.id, oneA!.id, 1);
    await markReadAt(reader.id, twoB!.id, 3);
    await markReadAt(reader.id, twoA!.id, 2);
    const { chapters, lastRead, place } = await readingPlace(database.db, reader.id);
    expect(chapters.map(({ slug, read, total }) => [slug, read, total])).toEqual([
      ["one", 1, 2],
      ["two", 2, 3],
    ]);
    expect(lastRead).toEqual({
      chapterSlug: "two",
      sectionSlug: "two-b",
      sectionTitle: "two-b",
      readAt: at(3).toISOString(),
    });
    expect(place).toEqual({
      kind: "resume",
      chapter: { slug: "two", title: "Title two" },
      section: { slug: "two-b", title: "two-b" },
      href: "/chapter/two#two-b",
    });

    // Unmarking the last one makes the one read before it the last.
    await unmarkSectionRead(database.db, reader.id, twoB!.id);
    expect((await lastSectionRead(database.db, reader.id))?.sectionSlug).toBe("two-a");
  });

  it("moves on when the chapter of the last section read is finished, and ends with the course", async () => {
    const reader = await user();
    const one = await chapter("one");
    const two = await chapter("two");
    const onlyOne = await section(one.id, "only");
    const inTwo = [await section(two.id, "a"), await section(two.id, "b")];
    await markReadAt(reader.id, inTwo[0]!.id, 1);
    await markReadAt(reader.id, inTwo[1]!.id, 2);
    expect((await readingPlace(database.db, reader.id)).place).toMatchObject({
      kind: "next",
      chapter: { slug: "one" },
      finished: { slug: "two" },
      href: "/chapter/one",
    });
    await markReadAt(reader.id, onlyOne.id, 3);
    expect((await readingPlace(database.db, reader.id)).place).toEqual({ kind: "finished" });
  });
});
